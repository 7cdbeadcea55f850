import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OAuth2Auth } from '../../../generated/spec-types.js';
import { createAuthProvider } from '../../../src/runtime/auth/index.js';
import { createFakeAuthContext, newRequest } from './helpers/fake-auth-context.js';
import { startTokenServer, type TokenServer } from './helpers/token-server.js';

let tokens: TokenServer;
beforeAll(async () => {
  tokens = await startTokenServer();
});
afterEach(() => {
  tokens.server.reset();
  tokens.issued = 0;
  tokens.options.expiresIn = undefined;
  tokens.options.rotateRefreshToken = undefined;
  tokens.hold = undefined;
});
afterAll(() => tokens.server.close());

function clientCredentials(extra: Partial<OAuth2Auth> = {}): OAuth2Auth {
  return { type: 'oauth2', grant: 'client_credentials', tokenUrl: tokens.tokenUrl, ...extra };
}

const inputs = { clientId: 'my client', clientSecret: 'p@ss:wörd+/=' };

async function authorizedHeader(provider: ReturnType<typeof createAuthProvider>): Promise<string | undefined> {
  const request = newRequest();
  await provider.authorize(request);
  return request.headers.Authorization;
}

describe('oauth2 client credentials: what goes to the token endpoint', () => {
  it('client_secret_basic form-urlencodes id and secret before base64 (RFC 6749 §2.3.1)', async () => {
    const provider = createAuthProvider(clientCredentials({ scopes: ['users.read', 'users.write'] }), createFakeAuthContext({ inputs }));
    expect(await authorizedHeader(provider)).toBe('Bearer access-1');
    const [sent] = tokens.server.requests;
    const expected = Buffer.from('my+client:p%40ss%3Aw%C3%B6rd%2B%2F%3D').toString('base64');
    expect(sent?.headers.authorization).toBe(`Basic ${expected}`);
    expect(sent?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(sent?.headers.accept).toBe('application/json');
    expect(tokens.forms()).toEqual([{ grant_type: 'client_credentials', scope: 'users.read users.write' }]);
  });

  it('client_secret_post puts id and secret in the body and sends no Authorization header', async () => {
    const provider = createAuthProvider(clientCredentials({ clientAuth: 'client_secret_post' }), createFakeAuthContext({ inputs }));
    expect(await authorizedHeader(provider)).toBe('Bearer access-1');
    expect(tokens.server.requests[0]?.headers.authorization).toBeUndefined();
    expect(tokens.server.requests[0]?.body).toBe('grant_type=client_credentials&client_id=my+client&client_secret=p%40ss%3Aw%C3%B6rd%2B%2F%3D');
  });

  it('sends the access token in the configured header with the configured prefix', async () => {
    const provider = createAuthProvider(clientCredentials({ header: 'X-Access', prefix: 'OAuth ' }), createFakeAuthContext({ inputs }));
    const request = newRequest();
    await provider.authorize(request);
    expect(request.headers).toEqual({ accept: 'application/json', 'X-Access': 'OAuth access-1' });
  });

  it('resolves a relative token URL against the base URL', async () => {
    const provider = createAuthProvider(
      clientCredentials({ tokenUrl: '/oauth/token' }),
      createFakeAuthContext({ inputs, baseUrl: `${tokens.server.origin}/api/v2/` }),
    );
    expect(await authorizedHeader(provider)).toBe('Bearer access-1');
    expect(tokens.server.requests.map((r) => r.url)).toEqual(['/oauth/token']);
  });

  it('registers every access token it obtains as a secret', async () => {
    const context = createFakeAuthContext({ inputs });
    const provider = createAuthProvider(clientCredentials(), context);
    await authorizedHeader(provider);
    await provider.refreshAfterUnauthorized();
    const basicPair = Buffer.from('my+client:p%40ss%3Aw%C3%B6rd%2B%2F%3D').toString('base64');
    expect(context.registered).toEqual([inputs.clientSecret, basicPair, 'access-1', 'access-2']);
  });

  it('ignores a refresh token the server volunteers: the host is not asked to store it', async () => {
    tokens.options.rotateRefreshToken = true;
    const context = createFakeAuthContext({ inputs });
    const provider = createAuthProvider(clientCredentials(), context);
    await authorizedHeader(provider);
    await provider.refreshAfterUnauthorized();
    expect(context.rotated).toEqual([]);
    expect(tokens.forms().map((form) => form.grant_type)).toEqual(['client_credentials', 'client_credentials']);
  });
});

describe('oauth2 client credentials: caching', () => {
  it('reuses the token until expires_in minus 10 % when that is under 30 s, then fetches a new one', async () => {
    tokens.options.expiresIn = 100;
    const context = createFakeAuthContext({ inputs });
    const provider = createAuthProvider(clientCredentials(), context);
    expect(await authorizedHeader(provider)).toBe('Bearer access-1');
    context.advance(89_999);
    expect(await authorizedHeader(provider)).toBe('Bearer access-1');
    context.advance(1);
    expect(await authorizedHeader(provider)).toBe('Bearer access-2');
    expect(tokens.issued).toBe(2);
  });

  it('renews 30 s before expiry for long-lived tokens', async () => {
    tokens.options.expiresIn = 3600;
    const context = createFakeAuthContext({ inputs });
    const provider = createAuthProvider(clientCredentials(), context);
    await authorizedHeader(provider);
    context.advance(3_569_999);
    expect(await authorizedHeader(provider)).toBe('Bearer access-1');
    context.advance(1);
    expect(await authorizedHeader(provider)).toBe('Bearer access-2');
  });

  it('keeps a token without expires_in until a 401, then gets a new one', async () => {
    const context = createFakeAuthContext({ inputs });
    const provider = createAuthProvider(clientCredentials(), context);
    await authorizedHeader(provider);
    context.advance(365 * 24 * 3600 * 1000);
    expect(await authorizedHeader(provider)).toBe('Bearer access-1');
    expect(await provider.refreshAfterUnauthorized()).toBe(true);
    expect(await authorizedHeader(provider)).toBe('Bearer access-2');
    expect(tokens.issued).toBe(2);
  });

  it('makes exactly one token request for 20 concurrent requests', async () => {
    let release: () => void = () => {};
    tokens.hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const provider = createAuthProvider(clientCredentials(), createFakeAuthContext({ inputs }));
    const pending = Array.from({ length: 20 }, () => authorizedHeader(provider));
    // Wait until the one request reached the server, then let it answer.
    await expect.poll(() => tokens.issued).toBe(1);
    release();
    expect(await Promise.all(pending)).toEqual(Array.from({ length: 20 }, () => 'Bearer access-1'));
    expect(tokens.server.requests).toHaveLength(1);
  });

  it('joins concurrent 401 refreshes into one token request', async () => {
    const provider = createAuthProvider(clientCredentials(), createFakeAuthContext({ inputs }));
    await authorizedHeader(provider);
    expect(await Promise.all(Array.from({ length: 5 }, () => provider.refreshAfterUnauthorized()))).toEqual([true, true, true, true, true]);
    expect(tokens.issued).toBe(2);
    expect(await authorizedHeader(provider)).toBe('Bearer access-2');
  });
});

describe('oauth2 client credentials: configuration', () => {
  it.each([
    { given: { clientSecret: 's' }, input: '`clientId`' },
    { given: { clientId: 'c' }, input: '`clientSecret`' },
  ])('names the missing input $input', ({ given, input }) => {
    expect(() => createAuthProvider(clientCredentials(), createFakeAuthContext({ inputs: given }))).toThrow(
      expect.objectContaining({ code: 'CONFIG', message: expect.stringContaining(input) }),
    );
  });

  it('rejects a token URL that is not a URL with CONFIG', () => {
    expect(() => createAuthProvider(clientCredentials({ tokenUrl: 'http://[bad' }), createFakeAuthContext({ inputs }))).toThrow(
      expect.objectContaining({ code: 'CONFIG', message: expect.stringContaining('tokenUrl') }),
    );
  });
});
