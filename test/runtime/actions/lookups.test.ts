/** spec.lookups: fetched lazily, once per connection (single-flight), override input wins. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { serveHandlers, type HandlerServer } from '../../../src/simulators/serve-handlers.js';
import { connect } from '../../../src/runtime/connect.js';
import { makeConnector } from '../fixtures.js';
import { ALLOW_LOOPBACK } from '../../../src/runtime/http/egress-policy.js';

let server: HandlerServer;
beforeAll(async () => {
  server = await serveHandlers(
    http.get('*/users', async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      return HttpResponse.json({
        users: [
          { role: 'user', email: 'u@x.test' },
          { role: 'owner', email: 'boss@x.test' },
        ],
      });
    }),
    http.post('*/incidents/users', () => HttpResponse.json({}, { status: 201 })),
  );
});
afterEach(() => server.reset());
afterAll(() => server.close());

const connector = makeConnector({
  inputs: { fromEmail: { label: 'Requester email', type: 'email' } },
  lookups: {
    ownerEmail: { path: '/users', query: { limit: '100' }, value: '[.users[] | select(.role == "owner")][0].email', override: 'fromEmail' },
    missing: { path: '/users', value: '.nothing', required: true },
  },
  actions: {
    createUser: { method: 'POST', path: '/incidents/users', headers: { From: '{{lookups.ownerEmail}}' }, body: '{"email": {{user.email}}}' },
    deleteUser: { method: 'DELETE', path: '/users/{account.id}', headers: { 'X-Owner': '{{lookups.missing}}' } },
  },
});
const person = { email: 'a@x.test', name: 'A' };

describe('lookups', () => {
  it('are fetched on first use, once per connection, even for concurrent actions', async () => {
    const client = connect(connector, {}, { egress: ALLOW_LOOPBACK, baseUrl: server.origin });
    await Promise.all(Array.from({ length: 5 }, () => client.createUser(person)));
    await client.createUser(person);
    const lookups = server.requests.filter((request) => request.url.startsWith('/users'));
    expect(lookups.map((request) => request.url)).toEqual(['/users?limit=100']);
    expect(server.requests.filter((request) => request.method === 'POST').every((request) => request.headers.from === 'boss@x.test')).toBe(true);
    await client.close();
  });

  it('are not fetched when the override input is filled in', async () => {
    const client = connect(connector, { fromEmail: 'me@x.test' }, { egress: ALLOW_LOOPBACK, baseUrl: server.origin });
    await client.createUser(person);
    expect(server.requests.map((request) => [request.method, request.headers.from])).toEqual([['POST', 'me@x.test']]);
    await client.close();
  });

  it('used by spec-level headers are fetched for write actions', async () => {
    const withHeader = makeConnector({
      ...connector.spec,
      headers: { 'X-Owner': '{{lookups.ownerEmail}}' },
      actions: { createUser: { method: 'POST', path: '/incidents/users', body: '{}' } },
    });
    const client = connect(withHeader, {}, { egress: ALLOW_LOOPBACK, baseUrl: server.origin });
    await client.createUser(person);
    expect(server.requests.at(-1)?.headers['x-owner']).toBe('boss@x.test');
    await client.close();
  });

  it('fail the action with CONFIG when a required value is not found', async () => {
    const client = connect(connector, {}, { egress: ALLOW_LOOPBACK, baseUrl: server.origin });
    await expect(client.deleteUser({ id: 'u1' })).rejects.toMatchObject({ code: 'CONFIG', action: 'lookup:missing' });
    expect(server.requests.some((request) => request.method === 'DELETE')).toBe(false);
    await client.close();
  });
});
