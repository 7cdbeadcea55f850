/**
 * The auth providers (src/runtime/auth, another engineer's) wired through connect(): the exact
 * header or query parameter on the wire, and the one refresh-and-resend after a 401.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { serveHandlers, type HandlerServer } from '../../src/simulators/serve-handlers.js';
import { connect } from '../../src/runtime/connect.js';
import type { Auth } from '../../generated/spec-types.js';
import { makeConnector, usersImport } from './fixtures.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';

let server: HandlerServer;
beforeAll(async () => {
  server = await serveHandlers(http.get('*/users', () => HttpResponse.json({ users: [{ id: 'u1' }] })));
});
afterEach(() => server.reset());
afterAll(() => server.close());

describe('static auth on the wire', () => {
  it.each<{
    name: string;
    auth: Auth;
    inputs: Record<string, string>;
    want: (request: { url: string; headers: Record<string, string> }) => unknown;
    value: unknown;
  }>([
    { name: 'bearer', auth: { type: 'bearer' }, inputs: { token: 'tk-1' }, want: (r) => r.headers.authorization, value: 'Bearer tk-1' },
    {
      name: 'bearer, custom header and prefix',
      auth: { type: 'bearer', header: 'X-Api-Token', prefix: '' },
      inputs: { token: 'tk-1' },
      want: (r) => r.headers['x-api-token'],
      value: 'tk-1',
    },
    {
      name: 'basic (UTF-8)',
      auth: { type: 'basic' },
      inputs: { username: 'zoë', password: 'pä:ss' },
      want: (r) => r.headers.authorization,
      value: `Basic ${Buffer.from('zoë:pä:ss', 'utf8').toString('base64')}`,
    },
    {
      name: 'apiKey header template',
      auth: { type: 'apiKey', in: 'header', name: 'Authorization', value: 'Token token={{ .Key }}' },
      inputs: { token: 'k-9' },
      want: (r) => r.headers.authorization,
      value: 'Token token=k-9',
    },
    {
      name: 'apiKey query',
      auth: { type: 'apiKey', in: 'query', name: 'api_key' },
      inputs: { token: 'k 9&x' },
      want: (r) => new URL(r.url, 'http://h').searchParams.get('api_key'),
      value: 'k 9&x',
    },
  ])('$name', async ({ auth, inputs, want, value }) => {
    const client = connect(makeConnector({ auth, actions: { importUsers: usersImport } }), inputs, { egress: ALLOW_LOOPBACK, baseUrl: server.origin });
    expect(await client.importUsers().collect()).toHaveLength(1);
    expect(want(server.requests[0] ?? { url: '', headers: {} })).toBe(value);
    await client.close();
  });
});

describe('OAuth 2.0 through the request loop', () => {
  it('refreshes once after a 401 and sends the request again', async () => {
    let issued = 0;
    server.use(
      http.post('*/oauth/token', () => ((issued += 1), HttpResponse.json({ access_token: `at-${issued}`, token_type: 'Bearer', expires_in: 3600 }))),
      http.get('*/users', ({ request }) =>
        request.headers.get('authorization') === 'Bearer at-2'
          ? HttpResponse.json({ users: [{ id: 'u1' }] })
          : HttpResponse.json({ error: 'expired' }, { status: 401 }),
      ),
    );
    const connector = makeConnector({ auth: { type: 'oauth2', grant: 'client_credentials', tokenUrl: '/oauth/token' }, actions: { importUsers: usersImport } });
    const client = connect(connector, { clientId: 'cid', clientSecret: 'csecret-1' }, { egress: ALLOW_LOOPBACK, baseUrl: server.origin });
    expect(await client.importUsers().collect()).toHaveLength(1);
    expect(server.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST /oauth/token',
      'GET /users',
      'POST /oauth/token',
      'GET /users',
    ]);
    await client.close();
  });

  it('gives up with AUTH_FAILED when the 401 persists after one refresh', async () => {
    server.use(
      http.post('*/oauth/token', () => HttpResponse.json({ access_token: 'at-x', token_type: 'Bearer', expires_in: 3600 })),
      http.get('*/users', () => HttpResponse.json({ error: 'nope' }, { status: 401 })),
    );
    const connector = makeConnector({ auth: { type: 'oauth2', grant: 'client_credentials', tokenUrl: '/oauth/token' }, actions: { importUsers: usersImport } });
    const client = connect(connector, { clientId: 'cid', clientSecret: 'csecret-1' }, { egress: ALLOW_LOOPBACK, baseUrl: server.origin });
    await expect(client.importUsers().collect()).rejects.toMatchObject({ code: 'AUTH_FAILED', status: 401 });
    expect(server.requests.filter((request) => request.url === '/users')).toHaveLength(2);
    await client.close();
  });
});

describe('token requests are never retried', () => {
  it.each([
    { what: 'a 503', reply: () => new HttpResponse('Service Unavailable', { status: 503 }), code: 'TARGET_ERROR' },
    { what: 'a reset', reply: () => HttpResponse.error(), code: 'NETWORK' },
  ])('after $what the token POST is sent once, though the import GET may be retried', async ({ reply, code }) => {
    server.use(http.post('*/oauth/token', reply));
    const connector = makeConnector({ auth: { type: 'oauth2', grant: 'client_credentials', tokenUrl: '/oauth/token' }, actions: { importUsers: usersImport } });
    const client = connect(
      connector,
      { clientId: 'cid', clientSecret: 'csecret-1' },
      { egress: ALLOW_LOOPBACK, baseUrl: server.origin, sleep: async () => undefined },
    );
    await expect(client.importUsers().collect()).rejects.toMatchObject({ code, action: 'auth' });
    expect(server.requests.map((request) => `${request.method} ${request.url}`)).toEqual(['POST /oauth/token']);
    await client.close();
  });
});

describe('OAuth 2.0 token URL from an input', () => {
  const tokenRoute = () => http.post('*/tenant-login/token', () => HttpResponse.json({ access_token: 'at-tenant', token_type: 'Bearer', expires_in: 3600 }));
  const connectorWith = (input: { default?: string }) =>
    makeConnector({
      inputs: {
        tokenUrl: { label: 'Token URL', type: 'url', ...input },
        clientId: { label: 'Client ID', required: true },
        clientSecret: { label: 'Client secret', secret: true, required: true },
      },
      auth: { type: 'oauth2', grant: 'client_credentials', tokenUrl: '{inputs.tokenUrl}' },
      actions: { importUsers: usersImport },
    });

  it('uses the input the operator filled in', async () => {
    server.use(tokenRoute());
    const client = connect(
      connectorWith({}),
      { tokenUrl: `${server.origin}/tenant-login/token`, clientId: 'cid', clientSecret: 'cs' },
      { egress: ALLOW_LOOPBACK, baseUrl: server.origin },
    );
    expect(await client.importUsers().collect()).toHaveLength(1);
    expect(server.requests.map((request) => `${request.method} ${request.url}`)).toEqual(['POST /tenant-login/token', 'GET /users']);
    await client.close();
  });

  it("falls back to the input's declared default when the operator leaves it empty", async () => {
    server.use(tokenRoute());
    const client = connect(
      connectorWith({ default: `${server.origin}/tenant-login/token` }),
      { tokenUrl: '', clientId: 'cid', clientSecret: 'cs' },
      { egress: ALLOW_LOOPBACK, baseUrl: server.origin },
    );
    expect(await client.importUsers().collect()).toHaveLength(1);
    expect(server.requests[0]?.url).toBe('/tenant-login/token');
    await client.close();
  });

  it('refuses to connect without it, naming the input', () => {
    expect(() => connect(connectorWith({}), { clientId: 'cid', clientSecret: 'cs-never-shown' }, { egress: ALLOW_LOOPBACK, baseUrl: server.origin })).toThrow(
      expect.objectContaining({ code: 'CONFIG', message: expect.stringContaining('`tokenUrl`') }),
    );
  });
});
