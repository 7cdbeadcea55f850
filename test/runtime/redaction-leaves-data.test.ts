/**
 * Redaction masks text (errors, logs), never data (issue 15): an imported account whose id or
 * email contains the connection's password stays whole, while error excerpts still mask it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { serveHandlers, type HandlerServer } from '../../src/simulators/serve-handlers.js';
import { connect } from '../../src/runtime/connect.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';
import { makeConnector, usersImport } from './fixtures.js';

let server: HandlerServer;
beforeAll(async () => {
  server = await serveHandlers();
});
afterEach(() => server.reset());
afterAll(() => server.close());

const connector = makeConnector({
  inputs: { username: { label: 'User' }, password: { label: 'Password', secret: true } },
  auth: { type: 'basic' },
  actions: { importUsers: usersImport, deleteUser: { method: 'DELETE', path: '/users/{account.id}' } },
});
const inputs = { username: 'svc', password: 'acmecorp' };

describe('redaction and data', () => {
  it('imports accounts containing the password unchanged', async () => {
    server.use(http.get('*/users', () => HttpResponse.json({ users: [{ id: 'acmecorp-1', email: 'ann@acmecorp.com', name: 'Ann' }] })));
    const client = connect(connector, inputs, { baseUrl: server.origin, egress: ALLOW_LOOPBACK });
    expect(await client.importUsers().collect()).toEqual([{ id: 'acmecorp-1', email: 'ann@acmecorp.com', name: 'Ann' }]);
    await client.close();
  });

  it('still masks the password in an error excerpt, in any case and JSON-escaped', async () => {
    server.use(
      http.delete(
        '*/users/:id',
        () => new HttpResponse('{"error":"bad password \\u0061cmecorp / ACMECORP"}', { status: 400, headers: { 'content-type': 'application/json' } }),
      ),
    );
    const client = connect(connector, inputs, { baseUrl: server.origin, egress: ALLOW_LOOPBACK });
    const error = await client.deleteUser({ id: 'x' }).then(
      () => undefined,
      (failure: { bodyExcerpt?: string }) => failure,
    );
    expect(error?.bodyExcerpt).toBe('{"error":"bad password *** / ***"}');
    await client.close();
  });
});
