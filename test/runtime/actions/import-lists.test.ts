/**
 * An import of several lists (`additionalLists`): each list with its own request, records,
 * mapping and pagination, read one after the other, against fake endpoints on a real socket.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { serveHandlers, type HandlerServer } from '../../../src/simulators/serve-handlers.js';
import { connect } from '../../../src/runtime/connect.js';
import type { ImportAction } from '../../../generated/spec-types.js';
import { makeConnector, noSleep } from '../fixtures.js';
import { ALLOW_LOOPBACK } from '../../../src/runtime/http/egress-policy.js';

let server: HandlerServer;
beforeAll(async () => {
  server = await serveHandlers();
});
afterEach(() => server.reset());
afterAll(() => server.close());

const members = Array.from({ length: 5 }, (_, index) => ({ login: `m${index}` }));
const invitations = [
  { id: 71, email: 'new@example.com', role: 'admin' },
  { id: 72, email: 'two@example.com', role: 'direct_member' },
];

const importUsers: ImportAction = {
  path: '/members',
  mapping: { id: '.login', email: '""', name: '.login', pending: 'false' },
  pagination: { type: 'page', pageParam: 'page', sizeParam: 'per_page', size: 2 },
  additionalLists: [
    {
      path: '/invitations',
      records: '.items',
      mapping: { id: '"invitation-" + (.id | tostring)', email: '.email', name: '.email', pending: 'true', admin: '.role == "admin"' },
    },
  ],
};

describe('additionalLists', () => {
  it('reads every list in order, each with its own mapping and pagination', async () => {
    server.use(
      http.get('*/members', ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        return HttpResponse.json(members.slice((page - 1) * 2, page * 2));
      }),
      http.get('*/invitations', () => HttpResponse.json({ items: invitations })),
    );
    const client = connect(makeConnector({ actions: { importUsers } }), {}, { egress: ALLOW_LOOPBACK, baseUrl: server.origin, sleep: noSleep });
    const run = client.importUsers();
    const accounts = await run.collect();
    await client.close();
    expect(accounts.map((account) => account.id)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4', 'invitation-71', 'invitation-72']);
    expect(accounts.at(-2)).toEqual({ id: 'invitation-71', email: 'new@example.com', name: 'new@example.com', pending: true, admin: true });
    expect(server.requests.map((request) => request.url)).toEqual([
      '/members?page=1&per_page=2',
      '/members?page=2&per_page=2',
      '/members?page=3&per_page=2',
      '/invitations',
    ]);
    expect(run.summary()).toMatchObject({ complete: true, accounts: 7 });
  });

  it('fails the whole import when a later list fails: never a partial list', async () => {
    server.use(
      http.get('*/members', () => HttpResponse.json(members.slice(0, 1))),
      http.get('*/invitations', () => HttpResponse.json({ message: 'nope' }, { status: 500 })),
    );
    const client = connect(
      makeConnector({ actions: { importUsers } }),
      {},
      { egress: ALLOW_LOOPBACK, baseUrl: server.origin, sleep: noSleep, retry: { maxAttempts: 1 } },
    );
    await expect(client.importUsers().collect()).rejects.toMatchObject({ code: 'TARGET_ERROR', status: 500 });
    await client.close();
  });
});
