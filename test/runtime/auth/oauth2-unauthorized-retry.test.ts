import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { request } from 'undici';
import { createAuthProvider } from '../../../src/runtime/auth/index.js';
import { serveHandlers, type HandlerServer } from '../../../src/simulators/serve-handlers.js';
import { createFakeAuthContext, newRequest } from './helpers/fake-auth-context.js';

// A target whose token endpoint issues tokens without expires_in and revokes them at will.
let server: HandlerServer;
let issued = 0;
const revoked = new Set<string>();

beforeAll(async () => {
  server = await serveHandlers(
    http.post('*/oauth/token', () => HttpResponse.json({ access_token: `access-${++issued}`, token_type: 'Bearer' })),
    http.get('*/api/users', ({ request: incoming }) => {
      const token = (incoming.headers.get('authorization') ?? '').replace(/^Bearer /, '');
      if (token === '' || revoked.has(token)) return HttpResponse.json({ error: 'unauthorized' }, { status: 401 });
      return HttpResponse.json({ users: [], servedWith: token });
    }),
  );
});
afterAll(() => server.close());

/** The runtime's loop in miniature: send, and on a 401 refresh once and send again. */
async function sendWithAuth(provider: ReturnType<typeof createAuthProvider>): Promise<{ status: number; body: unknown }> {
  for (let attempt = 1; ; attempt += 1) {
    const outgoing = newRequest(`${server.origin}/api/users`);
    await provider.authorize(outgoing);
    const response = await request(outgoing.url, { method: 'GET', headers: outgoing.headers });
    const body = await response.body.json();
    if (response.statusCode !== 401 || attempt === 2 || !(await provider.refreshAfterUnauthorized())) {
      return { status: response.statusCode, body };
    }
  }
}

describe('a 401 from the target renews the token once', () => {
  it('gets a new token after the old one is revoked, and keeps using it', async () => {
    const provider = createAuthProvider(
      { type: 'oauth2', grant: 'client_credentials', tokenUrl: '/oauth/token' },
      createFakeAuthContext({ inputs: { clientId: 'c', clientSecret: 's' }, baseUrl: `${server.origin}/api/` }),
    );
    expect(await sendWithAuth(provider)).toEqual({ status: 200, body: { users: [], servedWith: 'access-1' } });
    revoked.add('access-1');
    expect(await sendWithAuth(provider)).toEqual({ status: 200, body: { users: [], servedWith: 'access-2' } });
    expect(await sendWithAuth(provider)).toEqual({ status: 200, body: { users: [], servedWith: 'access-2' } });
    expect(server.requests.filter((r) => r.url === '/oauth/token')).toHaveLength(2);
  });

  it('a static bearer token is not retried: the 401 stands', async () => {
    const provider = createAuthProvider({ type: 'bearer' }, createFakeAuthContext({ inputs: { token: 'access-1' } }));
    expect(await sendWithAuth(provider)).toEqual({ status: 401, body: { error: 'unauthorized' } });
  });
});
