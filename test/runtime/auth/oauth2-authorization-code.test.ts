import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OAuth2Auth } from '../../../generated/spec-types.js';
import { buildAuthorizationUrl, createAuthProvider } from '../../../src/runtime/auth/index.js';
import { captureError, createFakeAuthContext, newRequest } from './helpers/fake-auth-context.js';
import { startTokenServer, type TokenServer } from './helpers/token-server.js';

let tokens: TokenServer | undefined;
beforeAll(async () => {
  tokens = await startTokenServer();
});
afterEach(() => {
  server().server.reset();
  server().issued = 0;
  server().options.expiresIn = undefined;
  server().options.rotateRefreshToken = undefined;
});
afterAll(() => server().server.close());

function server(): TokenServer {
  if (tokens === undefined) throw new Error('token server not started');
  return tokens;
}

function codeGrant(extra: Partial<OAuth2Auth> = {}): OAuth2Auth {
  return {
    type: 'oauth2',
    grant: 'authorization_code',
    // Tables are built before the server starts; the URL tests need no token endpoint.
    tokenUrl: tokens === undefined ? 'https://login.example.com/token' : tokens.tokenUrl,
    authorizationUrl: 'https://login.example.com/authorize?prompt=consent',
    scopes: ['users.read', 'users.write'],
    ...extra,
  };
}

const REDIRECT = 'https://iam.example.com/callback?x=1';

describe('buildAuthorizationUrl (RFC 6749 §4.1.1, RFC 7636)', () => {
  it('builds the URL with client, redirect, scopes, state and an S256 challenge of the verifier', () => {
    const { url, state, codeVerifier } = buildAuthorizationUrl({ auth: codeGrant(), inputs: { clientId: 'my client' }, redirectUri: REDIRECT });
    const parsed = new URL(url);
    expect(parsed.origin + parsed.pathname).toBe('https://login.example.com/authorize');
    expect(Object.fromEntries(parsed.searchParams)).toEqual({
      prompt: 'consent',
      response_type: 'code',
      client_id: 'my client',
      redirect_uri: REDIRECT,
      scope: 'users.read users.write',
      state,
      code_challenge: createHash('sha256')
        .update(codeVerifier ?? '')
        .digest('base64url'),
      code_challenge_method: 'S256',
    });
    // RFC 7636 §4.1: 43 to 128 characters from the unreserved set.
    expect(codeVerifier).toMatch(/^[A-Za-z0-9\-._~]{43,128}$/);
    expect(state.length).toBeGreaterThanOrEqual(16);
  });

  it('matches the RFC 7636 Appendix B example challenge', async () => {
    const { deriveCodeChallenge } = await import('../../../src/runtime/auth/oauth2/pkce.js');
    expect(deriveCodeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('makes a new state and verifier each time, and keeps a state the host supplies', () => {
    const first = buildAuthorizationUrl({ auth: codeGrant(), inputs: { clientId: 'c' }, redirectUri: REDIRECT });
    const second = buildAuthorizationUrl({ auth: codeGrant(), inputs: { clientId: 'c' }, redirectUri: REDIRECT });
    expect(first.state).not.toBe(second.state);
    expect(first.codeVerifier).not.toBe(second.codeVerifier);
    const own = buildAuthorizationUrl({ auth: codeGrant(), inputs: { clientId: 'c' }, redirectUri: REDIRECT, state: 'xyz' });
    expect(own.state).toBe('xyz');
    expect(new URL(own.url).searchParams.get('state')).toBe('xyz');
  });

  it('leaves PKCE out when the spec turns it off', () => {
    const { url, codeVerifier } = buildAuthorizationUrl({ auth: codeGrant({ pkce: false }), inputs: { clientId: 'c' }, redirectUri: REDIRECT });
    expect(codeVerifier).toBeUndefined();
    expect(new URL(url).searchParams.has('code_challenge')).toBe(false);
  });

  it.each([
    { name: 'another grant', auth: { ...codeGrant(), grant: 'client_credentials' } as OAuth2Auth, inputs: { clientId: 'c' }, want: 'authorization_code' },
    { name: 'no authorizationUrl', auth: codeGrant({ authorizationUrl: undefined }), inputs: { clientId: 'c' }, want: 'authorizationUrl' },
    { name: 'no clientId', auth: codeGrant(), inputs: {}, want: '`clientId`' },
    { name: 'relative URL without base', auth: codeGrant({ authorizationUrl: '/authorize' }), inputs: { clientId: 'c' }, want: 'authorizationUrl' },
  ])('refuses $name with CONFIG', ({ auth, inputs, want }) => {
    expect(() => buildAuthorizationUrl({ auth, inputs, redirectUri: REDIRECT })).toThrow(
      expect.objectContaining({ code: 'CONFIG', message: expect.stringContaining(want) }),
    );
  });

  it('resolves a relative authorizationUrl against the baseUrl input', () => {
    const { url } = buildAuthorizationUrl({
      auth: codeGrant({ authorizationUrl: '/oauth/authorize' }),
      inputs: { clientId: 'c', baseUrl: 'https://acme.example.com/api/' },
      redirectUri: REDIRECT,
    });
    expect(url.startsWith('https://acme.example.com/oauth/authorize?')).toBe(true);
  });
});

describe('authorization code exchange (RFC 6749 §4.1.3, RFC 7636 §4.5)', () => {
  const inputs = { clientId: 'c', clientSecret: 's', authorizationCode: 'code-1', redirectUri: REDIRECT, codeVerifier: 'v'.repeat(43) };

  async function authorizedHeader(provider: ReturnType<typeof createAuthProvider>): Promise<string | undefined> {
    const request = newRequest();
    await provider.authorize(request);
    return request.headers.Authorization;
  }

  it('exchanges the code with redirect_uri and code_verifier, then renews with the issued refresh token', async () => {
    server().options.expiresIn = 60;
    server().options.rotateRefreshToken = true;
    const context = createFakeAuthContext({ inputs });
    const provider = createAuthProvider(codeGrant(), context);
    expect(await authorizedHeader(provider)).toBe('Bearer access-1');
    context.advance(60_000);
    expect(await authorizedHeader(provider)).toBe('Bearer access-2');
    expect(server().forms()).toEqual([
      { grant_type: 'authorization_code', code: 'code-1', redirect_uri: REDIRECT, code_verifier: inputs.codeVerifier },
      { grant_type: 'refresh_token', refresh_token: 'refresh-1', scope: 'users.read users.write' },
    ]);
    expect(server().server.requests[0]?.headers.authorization).toBe(`Basic ${Buffer.from('c:s').toString('base64')}`);
    // The refresh token from the exchange must be persisted, or the next connection cannot renew.
    expect(context.rotated).toEqual(['refresh-1', 'refresh-2']);
    expect(context.registered).toEqual(expect.arrayContaining(['s', 'code-1', inputs.codeVerifier, 'access-1', 'refresh-1']));
  });

  it('starts from a stored refresh token instead of the spent code', async () => {
    const provider = createAuthProvider(codeGrant(), createFakeAuthContext({ inputs: { clientId: 'c', refreshToken: 'stored' } }));
    await authorizedHeader(provider);
    expect(server().forms()).toEqual([{ grant_type: 'refresh_token', refresh_token: 'stored', scope: 'users.read users.write', client_id: 'c' }]);
  });

  it('redacts every credential input the grant reads, a leftover code and verifier beside a stored refresh token included', async () => {
    const context = createFakeAuthContext({ inputs: { ...inputs, refreshToken: 'stored' } });
    await authorizedHeader(createAuthProvider(codeGrant(), context));
    expect(server().forms()).toEqual([{ grant_type: 'refresh_token', refresh_token: 'stored', scope: 'users.read users.write' }]);
    expect(context.registered).toEqual(expect.arrayContaining(['s', 'stored', 'code-1', inputs.codeVerifier]));
  });

  it('sends no code_verifier when PKCE is off, and needs no codeVerifier input', async () => {
    const { codeVerifier: _unused, ...withoutVerifier } = inputs;
    const provider = createAuthProvider(codeGrant({ pkce: false }), createFakeAuthContext({ inputs: withoutVerifier }));
    await authorizedHeader(provider);
    expect(server().forms()).toEqual([{ grant_type: 'authorization_code', code: 'code-1', redirect_uri: REDIRECT }]);
  });

  it('asks to reconnect once the token expires and no refresh token was issued', async () => {
    server().options.expiresIn = 60;
    const context = createFakeAuthContext({ inputs });
    const provider = createAuthProvider(codeGrant(), context);
    await authorizedHeader(provider);
    context.advance(60_000);
    const error = await captureError(() => authorizedHeader(provider));
    expect(error).toMatchObject({ code: 'RECONNECT_REQUIRED', hint: expect.stringContaining('re-authorize') });
    expect(await captureError(() => provider.refreshAfterUnauthorized())).toMatchObject({ code: 'RECONNECT_REQUIRED' });
    expect(server().issued).toBe(1);
  });

  it.each(['authorizationCode', 'redirectUri', 'codeVerifier', 'clientId'])('names the missing input %s', (name) => {
    const given: Record<string, string> = { ...inputs };
    delete given[name];
    expect(() => createAuthProvider(codeGrant(), createFakeAuthContext({ inputs: given }))).toThrow(
      expect.objectContaining({ code: 'CONFIG', message: expect.stringContaining(`\`${name}\``) }),
    );
  });
});
