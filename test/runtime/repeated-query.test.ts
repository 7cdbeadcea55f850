/**
 * A query parameter the spec repeats (`role[]=agent&role[]=admin`) is sent as written and is not
 * mistaken for a credential the auth provider added (which would mask `admin` everywhere).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { serveHandlers, type HandlerServer } from '../../src/simulators/serve-handlers.js';
import { connect } from '../../src/runtime/connect.js';
import { makeConnector } from './fixtures.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';

let server: HandlerServer;
beforeAll(async () => {
  server = await serveHandlers(
    http.get('*/users', ({ request }) => {
      const roles = new URL(request.url).searchParams.getAll('role[]');
      return HttpResponse.json({ users: roles.map((role, index) => ({ id: `u${index}`, email: `${role}@example.com`, name: role, role })) });
    }),
  );
});
afterAll(() => server.close());

it('keeps every value of a repeated parameter, unmasked', async () => {
  const connector = makeConnector({
    auth: { type: 'bearer' },
    actions: {
      importUsers: { path: '/users?role[]=agent&role[]=admin', records: '.users', mapping: { id: '.id', email: '.email', name: '.name', role: '.role' } },
    },
  });
  const client = connect(connector, { token: 'tok-secret' }, { egress: ALLOW_LOOPBACK, baseUrl: server.origin });
  const accounts = await client.importUsers().collect();
  await client.close();
  expect(accounts.map((account) => account.role)).toEqual(['agent', 'admin']);
  expect(server.requests[0]?.url).toBe('/users?role[]=agent&role[]=admin');
});
