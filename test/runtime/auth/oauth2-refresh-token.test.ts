import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import type { OAuth2Auth } from '../../../generated/spec-types.js';
import { createAuthProvider } from '../../../src/runtime/auth/index.js';
import { captureError, createFakeAuthContext, newRequest } from './helpers/fake-auth-context.js';
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
});
afterAll(() => tokens.server.close());

function refreshGrant(extra: Partial<OAuth2Auth> = {}): OAuth2Auth {
  return { type: 'oauth2', grant: 'refresh_token', tokenUrl: tokens.tokenUrl, clientAuth: 'client_secret_post', ...extra };
}

async function authorizedHeader(provider: ReturnType<typeof createAuthProvider>): Promise<string | undefined> {
  const request = newRequest();
  await provider.authorize(request);
  return request.headers.Authorization;
}

describe('oauth2 refresh token grant', () => {
  it('sends the stored refresh token and scopes', async () => {
    const inputs = { clientId: 'c', clientSecret: 's', refreshToken: 'refresh-0' };
    const provider = createAuthProvider(refreshGrant({ scopes: ['a', 'b'] }), createFakeAuthContext({ inputs }));
    expect(await authorizedHeader(provider)).toBe('Bearer access-1');
    expect(tokens.forms()).toEqual([{ grant_type: 'refresh_token', refresh_token: 'refresh-0', scope: 'a b', client_id: 'c', client_secret: 's' }]);
  });

  it('works for a public client without a secret (client_id in the body)', async () => {
    const inputs = { clientId: 'c', refreshToken: 'refresh-0' };
    const provider = createAuthProvider(refreshGrant({ clientAuth: 'client_secret_basic' }), createFakeAuthContext({ inputs }));
    await authorizedHeader(provider);
    expect(tokens.server.requests[0]?.headers.authorization).toBeUndefined();
    expect(tokens.forms()).toEqual([{ grant_type: 'refresh_token', refresh_token: 'refresh-0', client_id: 'c' }]);
  });

  it('hands a rotated refresh token to the host, waits for it, and uses it from then on', async () => {
    tokens.options.rotateRefreshToken = true;
    const order: string[] = [];
    const context = createFakeAuthContext({
      inputs: { clientId: 'c', refreshToken: 'refresh-0' },
      onRefreshToken: async (token) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        order.push(`stored ${token}`);
      },
    });
    const provider = createAuthProvider(refreshGrant(), context);
    expect(await authorizedHeader(provider)).toBe('Bearer access-1');
    order.push('authorized');
    expect(await provider.refreshAfterUnauthorized()).toBe(true);
    expect(await authorizedHeader(provider)).toBe('Bearer access-2');
    expect(tokens.forms().map((form) => form.refresh_token)).toEqual(['refresh-0', 'refresh-1']);
    expect(context.rotated).toEqual(['refresh-1', 'refresh-2']);
    expect(order).toEqual(['stored refresh-1', 'authorized', 'stored refresh-2']);
    expect(context.registered).toEqual(expect.arrayContaining(['refresh-0', 'access-1', 'refresh-1', 'access-2', 'refresh-2']));
  });

  it('does not call the host when the server returns the same refresh token', async () => {
    tokens.server.use(http.post('*/oauth/token', () => HttpResponse.json({ access_token: 'a', refresh_token: 'refresh-0' })));
    const context = createFakeAuthContext({ inputs: { clientId: 'c', refreshToken: 'refresh-0' } });
    await authorizedHeader(createAuthProvider(refreshGrant(), context));
    expect(context.rotated).toEqual([]);
  });

  it('uses the rotated token in memory and reports when the host fails to store it', async () => {
    tokens.options.rotateRefreshToken = true;
    const context = createFakeAuthContext({
      inputs: { clientId: 'c', refreshToken: 'refresh-0' },
      onRefreshToken: (token) => {
        if (token === 'refresh-1') throw new Error(`database down: duplicate key ${token}`);
      },
    });
    const provider = createAuthProvider(refreshGrant(), context);
    const error = await captureError(() => authorizedHeader(provider));
    expect(error).toMatchObject({ code: 'AUTH_FAILED', message: expect.stringContaining('onRefreshToken') });
    expect(error.message).not.toContain('refresh-1');
    expect(error.cause).toEqual(new Error('database down: duplicate key ***'));
    // The old token may already be revoked by the server: the next attempt must use the new one.
    expect(await authorizedHeader(provider)).toBe('Bearer access-2');
    expect(tokens.forms().map((form) => form.refresh_token)).toEqual(['refresh-0', 'refresh-1']);
  });

  it("renews inside the host's hook, with the refresh token the host stored since the connection opened", async () => {
    tokens.options.rotateRefreshToken = true;
    const order: string[] = [];
    const context = createFakeAuthContext({
      inputs: { clientId: 'c', refreshToken: 'refresh-0' },
      onRefreshToken: (token) => {
        order.push(`stored ${token}`);
      },
      withStoredRefreshToken: async (renew) => {
        order.push('hook');
        const result = await renew('refresh-stored-meanwhile');
        order.push('hook done');
        return result;
      },
    });
    expect(await authorizedHeader(createAuthProvider(refreshGrant(), context))).toBe('Bearer access-1');
    expect(tokens.forms().map((form) => form.refresh_token)).toEqual(['refresh-stored-meanwhile']);
    expect(order).toEqual(['hook', 'stored refresh-1', 'hook done']);
    // The host's token is as secret as the connection's own.
    expect(context.registered).toContain('refresh-stored-meanwhile');
  });

  it('keeps its own refresh token when the host hands none, and calls no hook without a refresh token to renew', async () => {
    const hooked: string[] = [];
    const hook = async <T>(renew: (stored: string | undefined) => Promise<T>): Promise<T> => {
      hooked.push('hook');
      return renew(undefined);
    };
    await authorizedHeader(
      createAuthProvider(refreshGrant(), createFakeAuthContext({ inputs: { clientId: 'c', refreshToken: 'refresh-0' }, withStoredRefreshToken: hook })),
    );
    expect(tokens.forms().map((form) => form.refresh_token)).toEqual(['refresh-0']);
    expect(hooked).toEqual(['hook']);
    // A client credentials connection renews with its own credentials: nothing stored to serialise.
    const credentials: OAuth2Auth = { type: 'oauth2', grant: 'client_credentials', tokenUrl: tokens.tokenUrl, clientAuth: 'client_secret_post' };
    await authorizedHeader(
      createAuthProvider(credentials, createFakeAuthContext({ inputs: { clientId: 'c', clientSecret: 's' }, withStoredRefreshToken: hook })),
    );
    expect(hooked).toEqual(['hook']);
  });

  it("names a failure of the host's hook as the host's, and passes the grant's own failures as they are", async () => {
    const failingHost = createFakeAuthContext({
      inputs: { clientId: 'c', refreshToken: 'refresh-0' },
      withStoredRefreshToken: async () => {
        throw new Error('lock timeout while renewing refresh-0');
      },
    });
    const error = await captureError(() => authorizedHeader(createAuthProvider(refreshGrant(), failingHost)));
    expect(error).toMatchObject({ code: 'AUTH_FAILED', message: expect.stringContaining('withStoredRefreshToken') });
    expect(error.cause).toEqual(new Error('lock timeout while renewing ***'));
    expect(tokens.forms()).toEqual([]);

    // A host failing after the renewal (its commit, say): said so, and the issued token is kept in memory.
    tokens.options.rotateRefreshToken = true;
    const failsAfter = createFakeAuthContext({
      inputs: { clientId: 'c', refreshToken: 'refresh-0' },
      withStoredRefreshToken: async (renew) => {
        await renew(undefined);
        throw new Error('commit failed');
      },
    });
    const afterwards = createAuthProvider(refreshGrant(), failsAfter);
    const failedAfter = await captureError(() => authorizedHeader(afterwards));
    expect(failedAfter).toMatchObject({ code: 'AUTH_FAILED', message: expect.stringContaining('was renewed, but the host failed after it') });
    expect(failsAfter.rotated).toEqual(['refresh-1']);
    expect(await captureError(() => afterwards.refreshAfterUnauthorized())).toMatchObject({ code: 'AUTH_FAILED' });
    expect(tokens.forms().map((form) => form.refresh_token)).toEqual(['refresh-0', 'refresh-1']);

    tokens.server.use(http.post('*/oauth/token', () => HttpResponse.json({ error: 'invalid_grant' }, { status: 400 })));
    const refused = createFakeAuthContext({ inputs: { clientId: 'c', refreshToken: 'refresh-0' }, withStoredRefreshToken: (renew) => renew(undefined) });
    expect(await captureError(() => authorizedHeader(createAuthProvider(refreshGrant(), refused)))).toMatchObject({ code: 'RECONNECT_REQUIRED' });
  });

  it('two connections renewing one stored token through a serialising hook present each token once', async () => {
    tokens.options.rotateRefreshToken = true;
    // The host: one stored token, one renewal at a time.
    const host = { stored: 'refresh-0', queue: Promise.resolve() as Promise<unknown> };
    const withStoredRefreshToken = <T>(renew: (stored: string | undefined) => Promise<T>): Promise<T> => {
      const turn = host.queue.then(() => renew(host.stored));
      host.queue = turn.catch(() => undefined);
      return turn;
    };
    const connection = () =>
      createAuthProvider(
        refreshGrant(),
        createFakeAuthContext({
          inputs: { clientId: 'c', refreshToken: 'refresh-0' },
          onRefreshToken: (token) => {
            host.stored = token;
          },
          withStoredRefreshToken,
        }),
      );
    const headers = await Promise.all([authorizedHeader(connection()), authorizedHeader(connection())]);
    expect(headers.sort()).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect(tokens.forms().map((form) => form.refresh_token)).toEqual(['refresh-0', 'refresh-1']);
    expect(host.stored).toBe('refresh-2');
  });

  it('turns invalid_grant into RECONNECT_REQUIRED with a hint to reconnect', async () => {
    tokens.server.use(
      http.post('*/oauth/token', () => HttpResponse.json({ error: 'invalid_grant', error_description: 'Token has been expired or revoked.' }, { status: 400 })),
    );
    const provider = createAuthProvider(refreshGrant(), createFakeAuthContext({ inputs: { clientId: 'c', refreshToken: 'refresh-0' } }));
    const error = await captureError(() => authorizedHeader(provider));
    expect(error).toMatchObject({
      name: 'ConnectorError',
      code: 'RECONNECT_REQUIRED',
      action: 'auth',
      method: 'POST',
      status: 400,
      url: tokens.tokenUrl,
      message: expect.stringContaining('invalid_grant: Token has been expired or revoked.'),
      hint: expect.stringMatching(/reconnect|re-authorize/i),
    });
  });

  it('needs the refreshToken input', () => {
    expect(() => createAuthProvider(refreshGrant(), createFakeAuthContext({ inputs: { clientId: 'c' } }))).toThrow(
      expect.objectContaining({ code: 'CONFIG', message: expect.stringContaining('`refreshToken`') }),
    );
  });
});
