/** The logger's structured events: a host counts retries and pages without reading the lines. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { serveHandlers, type HandlerServer } from '../../src/simulators/serve-handlers.js';
import { connect } from '../../src/runtime/connect.js';
import type { RuntimeEvent } from '../../src/runtime/runtime-event.js';
import { makeConnector, makeUsers, usersImport } from './fixtures.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';

let server: HandlerServer;
beforeAll(async () => {
  server = await serveHandlers();
});
afterEach(() => server.reset());
afterAll(() => server.close());

const SECRET = 'evt-sekret-token-77';
const connector = makeConnector({
  inputs: { token: { label: 'Token', secret: true } },
  auth: { type: 'bearer' },
  actions: { importUsers: { ...usersImport, pagination: { type: 'page', size: 2 } } },
});

describe('runtime events', () => {
  it('reports each retry and each import page as an event, next to a redacted line', async () => {
    let calls = 0;
    server.use(
      http.get('*/users', ({ request }) => {
        calls += 1;
        if (calls === 1) return HttpResponse.json({ error: 'busy' }, { status: 503 });
        const page = Number(new URL(request.url).searchParams.get('page') ?? '1');
        // Page 1: two users, one without an id; page 2: one user (a short page ends the list).
        const users = page === 1 ? [...makeUsers(1), { email: 'noid@x.test' }] : makeUsers(1).map((user) => ({ ...user, id: 'second' }));
        return HttpResponse.json({ users });
      }),
    );
    const seen: { line: string; event?: RuntimeEvent }[] = [];
    const client = connect(
      connector,
      { token: SECRET },
      {
        egress: ALLOW_LOOPBACK,
        baseUrl: server.origin,
        sleep: async () => undefined,
        random: () => 0,
        logger: (line, event) => seen.push(event === undefined ? { line } : { line, event }),
      },
    );
    expect(await client.importUsers().collect()).toHaveLength(2);
    await client.close();
    const events = seen.flatMap((entry) => (entry.event ? [entry.event] : []));
    expect(events).toEqual([
      { type: 'retry', action: 'importUsers', attempt: 2, maxAttempts: 4, delayMs: 0, reason: 'status 503' },
      { type: 'page', action: 'importUsers', page: 1, records: 2, accounts: 1 },
      { type: 'page', action: 'importUsers', page: 2, records: 1, accounts: 1 },
    ]);
    // Request lines have no event; every line is redacted.
    expect(seen.some((entry) => entry.event === undefined && /^GET .* -> 200/.test(entry.line))).toBe(true);
    expect(JSON.stringify(seen)).not.toContain(SECRET);
  });
});
