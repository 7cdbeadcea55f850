/**
 * Contract tests of specs/prebuilt/incident-platform.yaml against the PagerDuty simulator:
 * the spec itself, Import Users (requests, mapping, the 10000 offset ceiling), auth and the
 * account-wide error cases. Writes are in incident-platform-writes.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_FULL_ACCESS_KEY, DEMO_READ_ONLY_KEY, PAGERDUTY_ACCEPT, seedUsers } from '../../src/simulators/incident-platform/index.js';
import { queryOf, rejectionOf } from './helpers/assertions.js';
import { useIncidentPlatform } from './helpers/incident-platform-fixture.js';

const fixture = useIncidentPlatform(150);

describe('incident-platform spec', () => {
  it('is a prebuilt connector for exactly Import, Create and Delete User, with only the token to fill in', () => {
    const { spec } = fixture.connector;
    expect(spec).toMatchObject({ id: 'incident-platform', type: 'prebuilt', baseUrl: 'https://api.pagerduty.com' });
    expect(spec.supports).toEqual(['importUsers', 'createUser', 'deleteUser']);
    expect(Object.keys(spec.actions).sort()).toEqual(['createUser', 'deleteUser', 'importUsers']);
    const required = Object.entries(spec.inputs ?? {}).filter(([, input]) => input.required);
    expect(required.map(([name]) => name)).toEqual(['token']);
    expect(spec.inputs?.fromEmail).toMatchObject({ type: 'email' });
    expect(spec.inputs?.fromEmail?.secret ?? false).toBe(false);
  });
});

describe('incident-platform client', () => {
  it('offers no activate or deactivate action and no custom actions', () => {
    const client = fixture.connectTo() as unknown as Record<string, unknown>;
    expect(typeof client.importUsers).toBe('function');
    expect(typeof client.createUser).toBe('function');
    expect(typeof client.deleteUser).toBe('function');
    expect(client.activateUser).toBeUndefined();
    expect(client.deactivateUser).toBeUndefined();
    expect(client.runCustomAction).toBeUndefined();
  });

  it('reports users without an email in Preview', async () => {
    const { request } = await import('undici');
    const response = await request(`${fixture.simulator.server.origin}/users?limit=25`, {
      headers: { authorization: `Token token=${DEMO_FULL_ACCESS_KEY}`, accept: PAGERDUTY_ACCEPT },
    });
    const preview = await fixture.connectTo().preview(await response.body.json());
    const missing = fixture.simulator.state.users.slice(0, 25).flatMap((user, index) => (user.email === undefined ? [index] : []));
    expect(missing.length).toBeGreaterThan(0);
    expect(preview.summary).toMatchObject({ records: 25, importable: 25, withProblems: missing.length });
    for (const index of missing) {
      expect(preview.records[index]?.account?.email).toBe('');
      expect(preview.records[index]?.problems.join(' ')).toMatch(/email/);
    }
  });
});

describe('incident-platform Import Users', () => {
  it('pages GET /users with limit 100 and the PagerDuty headers, and maps every user', async () => {
    const accounts = await fixture.connectTo().importUsers().collect();

    const lists = fixture.requestsTo('GET', '/users');
    expect(lists.slice(0, 2).map(queryOf)).toEqual([
      { limit: '100', offset: '0' },
      { limit: '100', offset: '100' },
    ]);
    // Prefetches past the last page (answered with no users) are the runtime's business.
    expect(lists.slice(2).every((request) => Number(queryOf(request).offset) >= 150)).toBe(true);
    for (const request of lists) {
      expect(request.headers.authorization).toBe(`Token token=${DEMO_FULL_ACCESS_KEY}`);
      expect(request.headers.accept).toBe(PAGERDUTY_ACCEPT);
      expect(request.body).toBe('');
    }
    expect(accounts.map((account) => account.id)).toEqual(fixture.simulator.state.users.map((user) => user.id));
    const owner = fixture.simulator.state.users[0];
    expect(accounts[0]).toEqual({ id: owner?.id, email: owner?.email, name: owner?.name, admin: true, role: 'owner', state: 'active' });
  });

  it('maps admin from the role and a missing email to the empty string', async () => {
    const accounts = await fixture.connectTo().importUsers().collect();
    const byRole = (role: string) => accounts.filter((account) => account.role === role);
    expect(byRole('admin').length).toBeGreaterThan(0);
    expect(byRole('admin').every((account) => account.admin === true)).toBe(true);
    for (const role of ['user', 'limited_user', 'observer', 'restricted_access', 'read_only_user', 'read_only_limited_user']) {
      expect(byRole(role).length, role).toBeGreaterThan(0);
      expect(
        byRole(role).every((account) => account.admin === false),
        role,
      ).toBe(true);
    }
    const withoutEmail = fixture.simulator.state.users.filter((user) => user.email === undefined).map((user) => user.id);
    expect(withoutEmail.length).toBeGreaterThan(0);
    expect(accounts.filter((account) => account.email === '').map((account) => account.id)).toEqual(withoutEmail);
  });

  it('never reads teams, schedules, escalation policies or on-calls', async () => {
    await fixture.connectTo().importUsers().collect();
    expect(fixture.simulator.state.forbiddenCalls).toEqual([]);
    const paths = fixture.simulator.server.requests.map((request) => new URL(request.url, 'http://x').pathname);
    expect(new Set(paths)).toEqual(new Set(['/users']));
  });

  it('fails, instead of returning a partial list, when the account is larger than offset paging reaches', async () => {
    fixture.simulator.state.users = seedUsers({ count: 10_050 });
    const error = await rejectionOf(fixture.connectTo().importUsers().collect());
    expect(error).toMatchObject({ name: 'ConnectorError', code: 'PAGINATION_FAILED', action: 'importUsers' });
    expect(String(error.message)).toMatch(/more than 10000 users/);
    // It stopped at the ceiling: never asked for a page the API refuses, so no 400 was needed.
    const offsets = fixture.requestsTo('GET', '/users').map((request) => Number(queryOf(request).offset));
    expect(Math.max(...offsets)).toBe(9900);
  }, 90_000);

  it('also fails when the API itself refuses the offset, with the message saying why', async () => {
    const { http, HttpResponse } = await import('msw');
    fixture.simulator.server.use(
      http.get('*/users', ({ request }) =>
        new URL(request.url).searchParams.get('offset') === '100'
          ? HttpResponse.json({ error: { code: 2001, message: 'Invalid Input Provided', errors: ['Offset + limit must not exceed 100.'] } }, { status: 400 })
          : undefined,
      ),
    );
    const error = await rejectionOf(fixture.connectTo().importUsers().collect());
    expect(error).toMatchObject({ code: 'TARGET_ERROR', status: 400, action: 'importUsers' });
    expect(String(error.message)).toContain('more users than offset paging can reach');
  });
});

describe('incident-platform auth and account-wide errors', () => {
  it('reports a wrong key as AUTH_FAILED without ever showing the key', async () => {
    const wrongKey = 'u+wrongkey-9f8e7d6c5b4a';
    const error = await rejectionOf(fixture.connectTo({ token: wrongKey }).importUsers().collect());
    expect(error).toMatchObject({ code: 'AUTH_FAILED', status: 401, message: expect.stringContaining('refused the API key') });
    expect(JSON.stringify({ ...error, message: error.message, json: (error as { toJSON?: () => unknown }).toJSON?.() })).not.toContain(wrongKey);
    const sent = fixture.requestsTo('GET', '/users').map((request) => request.headers.authorization);
    expect(sent).toContain(`Token token=${wrongKey}`);
  });

  it('imports with a read-only key (import-only use)', async () => {
    const accounts = await fixture.connectTo({ token: DEMO_READ_ONLY_KEY }).importUsers().collect();
    expect(accounts).toHaveLength(150);
  });

  it('surfaces 429 as RATE_LIMITED once retries are spent, keeping the status', async () => {
    fixture.simulator.state.rateLimit.remaining = 0;
    const error = await rejectionOf(fixture.connectTo().importUsers().collect());
    expect(error).toMatchObject({ code: 'RATE_LIMITED', status: 429 });
  });

  it('waits for ratelimit-reset seconds (no Retry-After) and then continues', async () => {
    const { state } = fixture.simulator;
    state.rateLimit = { limit: 960, remaining: 1, resetSeconds: 7 };
    const waits: number[] = [];
    const sleep = async (ms: number): Promise<void> => {
      waits.push(ms);
      state.rateLimit.remaining = state.rateLimit.limit;
    };
    const accounts = await fixture
      .connectTo(undefined, { retry: { maxAttempts: 3 }, sleep })
      .importUsers()
      .collect();
    expect(accounts).toHaveLength(150);
    expect(waits).toEqual([7000]);
  });
});
