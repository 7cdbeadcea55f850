/**
 * `auth.tokenUrl: "{inputs.<name>}"`: each tenant has its own token endpoint, which the operator
 * fills in. The provider reads it at connect time; a missing or non-URL value is a CONFIG error
 * naming the input, never the secret.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuth2Auth } from '../../../generated/spec-types.js';
import { createAuthProvider } from '../../../src/runtime/auth/index.js';
import { ConnectorError } from '../../../src/runtime/errors.js';
import { createFakeAuthContext, newRequest } from './helpers/fake-auth-context.js';
import { startTokenServer, type TokenServer } from './helpers/token-server.js';

let tokens: TokenServer;
beforeAll(async () => {
  tokens = await startTokenServer();
});
afterAll(() => tokens.server.close());

const auth: OAuth2Auth = { type: 'oauth2', grant: 'client_credentials', tokenUrl: '{inputs.tokenUrl}' };
const credentials = { clientId: 'tenant-client', clientSecret: 'tenant-secret-value' };

function configErrorOf(run: () => unknown): ConnectorError {
  try {
    run();
  } catch (error) {
    return error as ConnectorError;
  }
  throw new Error('expected a CONFIG error');
}

describe('oauth2 tokenUrl from an operator input', () => {
  it('sends the token request to the URL the operator filled in', async () => {
    const context = createFakeAuthContext({ inputs: { ...credentials, tokenUrl: tokens.tokenUrl }, baseUrl: 'http://127.0.0.1:9/scim/v2/' });
    const provider = createAuthProvider(auth, context);
    const request = newRequest();
    await provider.authorize(request);
    expect(request.headers.Authorization).toMatch(/^Bearer access-\d+$/);
    expect(context.posts.map((post) => post.url)).toEqual([tokens.tokenUrl]);
  });

  it('fails with CONFIG naming the input when it is empty', () => {
    const error = configErrorOf(() => createAuthProvider(auth, createFakeAuthContext({ inputs: { ...credentials, tokenUrl: '' } })));
    expect(error).toBeInstanceOf(ConnectorError);
    expect(error.code).toBe('CONFIG');
    expect(error.message).toContain('`tokenUrl`');
    expect(error.message).not.toContain(credentials.clientSecret);
  });

  it('fails with CONFIG naming the input when it is not an http(s) URL', () => {
    const error = configErrorOf(() =>
      createAuthProvider(auth, createFakeAuthContext({ inputs: { ...credentials, tokenUrl: 'ftp://login.example.com/token' } })),
    );
    expect(error.code).toBe('CONFIG');
    expect(error.message).toMatch(/input `tokenUrl` \(the token endpoint\) is not an http\(s\) URL/);
  });

  it('reads any declared input name, not only tokenUrl', async () => {
    const context = createFakeAuthContext({ inputs: { ...credentials, loginEndpoint: tokens.tokenUrl } });
    const provider = createAuthProvider({ ...auth, tokenUrl: '{inputs.loginEndpoint}' }, context);
    await provider.authorize(newRequest());
    expect(context.posts[0]?.url).toBe(tokens.tokenUrl);
  });
});
