/**
 * Contract tests of specs/prebuilt/okta.yaml against the Okta simulator: every action, Link-header
 * pages, Okta's error bodies, the "already active" and "not found" outcomes, delete as
 * deactivate-then-delete, and the 429 whose wait is in x-rate-limit-reset.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connect } from '../../src/index.js';
import type { CompiledConnector } from '../../src/connector.js';
import {
  completeActivation,
  OKTA_DEMO_TOKEN,
  OKTA_READ_ONLY_TOKEN,
  oktaId,
  seedOktaUsers,
  startOkta,
  type OktaSimulator,
} from '../../src/simulators/okta/index.js';
import { pathOf, queryOf, rejectionOf } from './helpers/assertions.js';
import { loadSpec } from './helpers/load-spec.js';
import { toStaged } from '../../src/service/store/account-rows.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';

let okta: OktaSimulator;
let connector: CompiledConnector;
beforeAll(async () => {
  okta = await startOkta();
  connector = await loadSpec('specs/prebuilt/okta.yaml');
});
afterAll(() => okta.close());
beforeEach(() => {
  okta.state.users = seedOktaUsers(450);
  okta.state.throttleNext = 0;
  okta.server.reset();
});

function client(token = OKTA_DEMO_TOKEN, options: Parameters<typeof connect>[2] = {}) {
  return connect(connector, { token, baseUrl: okta.server.origin }, { egress: ALLOW_LOOPBACK, retry: { maxAttempts: 1 }, ...options });
}
const statusOf = (id: string) => okta.state.users.find((user) => user.id === id)?.status;
const requests = () => okta.server.requests.map((request) => `${request.method} ${pathOf(request)}`);

describe('okta spec', () => {
  it('is prebuilt for all five actions; the operator gives the org URL and an API token', () => {
    expect(connector.spec).toMatchObject({
      id: 'okta',
      type: 'prebuilt',
      supports: ['importUsers', 'createUser', 'activateUser', 'deactivateUser', 'deleteUser'],
    });
    const required = Object.entries(connector.spec.inputs ?? {})
      .filter(([, input]) => input.required)
      .map(([name]) => name);
    expect(required.sort()).toEqual(['baseUrl', 'token']);
    expect(connector.spec.inputs?.token?.secret).toBe(true);
  });
});

describe('okta Import Users', () => {
  it('follows the Link header with limit 200, sends SSWS auth, and imports every user, deprovisioned ones from a search', async () => {
    const accounts = await client().importUsers().collect();
    const listed = okta.state.users.filter((user) => user.status !== 'DEPROVISIONED');
    const deprovisioned = okta.state.users.filter((user) => user.status === 'DEPROVISIONED');
    expect(deprovisioned.length).toBeGreaterThan(0);
    expect(accounts.map((account) => account.id)).toEqual([...listed, ...deprovisioned].map((user) => user.id));
    const lists = okta.server.requests;
    expect(lists.map(queryOf)).toEqual([
      { limit: '200' },
      { after: listed[199]?.id, limit: '200' },
      { after: listed[399]?.id, limit: '200' },
      { search: 'status eq "DEPROVISIONED"', limit: '200' },
    ]);
    expect(lists[0]?.headers.authorization).toBe(`SSWS ${OKTA_DEMO_TOKEN}`);
    expect(lists[0]?.headers['user-agent']).toMatch(/^lifecycle-connectors\//u);
    const first = okta.state.users[0]!;
    expect(accounts[0]).toEqual({
      id: first.id,
      email: first.profile.email,
      name: 'First1 Last1',
      state: 'active',
      active: true,
      status: 'ACTIVE',
      login: first.profile.login,
    });
  });

  it('maps each Okta status to the account state the service reads', async () => {
    const accounts = await client().importUsers().collect();
    const stateOf = new Map(accounts.map((account) => [account.status, account.state]));
    expect(Object.fromEntries(stateOf)).toEqual({
      ACTIVE: 'active',
      STAGED: 'invited',
      PROVISIONED: 'invited',
      SUSPENDED: 'deactivated',
      DEPROVISIONED: 'deactivated',
    });
    // PROVISIONED cannot sign in (no password yet): not active.
    expect(accounts.find((account) => account.status === 'PROVISIONED')?.active).toBe(false);
  });

  it('a deactivated user is in the next import, as deactivated', async () => {
    const id = oktaId(1);
    await client().deactivateUser({ id });
    const accounts = await client().importUsers().collect();
    const account = accounts.find((candidate) => candidate.id === id);
    expect(account).toMatchObject({ state: 'deactivated', status: 'DEPROVISIONED' });
    // As the service stores it (sync-policy importedState reads the mapped state).
    expect(toStaged(account!).state).toBe('deactivated');
  });

  it("a bad token is AUTH_FAILED with Okta's summary", async () => {
    const error = await rejectionOf(client('wrong').importUsers().collect());
    expect(error).toMatchObject({ code: 'AUTH_FAILED', status: 401 });
    expect(String(error.message)).toContain('Okta refused the API token');
  });

  it('waits out a 429 until x-rate-limit-reset, then goes on', async () => {
    okta.state.throttleNext = 1;
    const waits: number[] = [];
    const accounts = await client(OKTA_DEMO_TOKEN, { retry: { maxAttempts: 3 }, sleep: async (ms) => void waits.push(ms) })
      .importUsers()
      .collect();
    expect(accounts.length).toBeGreaterThan(400);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(25_000);
    expect(waits[0]).toBeLessThanOrEqual(31_000);
  });

  it('a 429 that outlasts the retry budget is RATE_LIMITED', async () => {
    okta.state.throttleNext = 5;
    const error = await rejectionOf(
      client(OKTA_DEMO_TOKEN, { retry: { maxAttempts: 2 }, sleep: async () => undefined })
        .importUsers()
        .collect(),
    );
    expect(error).toMatchObject({ code: 'RATE_LIMITED', status: 429 });
    expect(okta.server.requests).toHaveLength(2);
  });
});

describe('okta writes', () => {
  it("keeps names within Okta's 50 characters and never sends the full name as both", async () => {
    const long = 'A'.repeat(60);
    await client().createUser({ email: 'long@example.com', name: 'x', firstName: long, lastName: `${long}b` });
    expect(JSON.parse(okta.server.requests[0]!.body).profile).toMatchObject({ firstName: 'A'.repeat(50), lastName: 'A'.repeat(50) });
    okta.server.reset();
    await client().createUser({ email: 'split@example.com', name: 'Ana Maria Lopez' });
    expect(JSON.parse(okta.server.requests[0]!.body).profile).toMatchObject({ firstName: 'Ana', lastName: 'Maria Lopez' });
    okta.server.reset();
    const result = await client().createUser({ email: 'one@example.com', name: 'Cher' });
    expect(JSON.parse(okta.server.requests[0]!.body).profile).toMatchObject({ firstName: 'Cher', lastName: null });
    expect(result.account).toMatchObject({ name: 'Cher', state: 'invited' });
  });

  it('refuses a person without email before sending', async () => {
    const error = await rejectionOf(client().createUser({ email: '', name: 'No Mail' }));
    expect(error).toMatchObject({ code: 'CONFIG' });
    expect(String(error.message)).toContain('user.email');
    expect(okta.server.requests).toHaveLength(0);
  });

  it('creates a staged user (no activation email) and maps the answer', async () => {
    const result = await client().createUser({ email: 'new@example.com', name: 'Nia New', firstName: 'Nia', lastName: 'New' });
    const request = okta.server.requests[0]!;
    expect(`${request.method} ${request.url}`).toBe('POST /api/v1/users?activate=false');
    expect(JSON.parse(request.body)).toEqual({ profile: { firstName: 'Nia', lastName: 'New', email: 'new@example.com', login: 'new@example.com' } });
    expect(result.account).toMatchObject({ email: 'new@example.com', name: 'Nia New', status: 'STAGED', state: 'invited', active: false });
  });

  it("a login already in use is CONFLICT with Okta's cause", async () => {
    const error = await rejectionOf(client().createUser({ email: 'user1@example.com', name: 'Dup', firstName: 'D', lastName: 'Up' }));
    expect(error).toMatchObject({ code: 'CONFLICT', status: 400 });
    expect(String(error.message)).toContain('already exists');
  });

  it("activates with Okta's activation email; the user is active only once the person has set a password", async () => {
    const created = await client().createUser({ email: 'ada@example.com', name: 'Ada Lovelace' });
    const id = String(created.account?.id);
    okta.server.reset();
    expect(await client().activateUser({ id })).toMatchObject({ status: 200 });
    expect(queryOf(okta.server.requests[0])).toEqual({ sendEmail: 'true' });
    expect(statusOf(id)).toBe('PROVISIONED');
    const imported = async () => (await client().importUsers().collect()).find((account) => account.id === id);
    expect(await imported()).toMatchObject({ state: 'invited', active: false });
    expect(toStaged((await imported())!).state).toBe('invited');
    expect(completeActivation(okta.state, id)).toBe(true);
    expect(await imported()).toMatchObject({ state: 'active', active: true, status: 'ACTIVE' });
    expect(await client().activateUser({ id })).toMatchObject({ status: 403, alreadyDone: true });
  });

  it('deactivates; a deactivated user is already done; an unknown one already absent', async () => {
    const id = oktaId(1);
    expect(await client().deactivateUser({ id })).toMatchObject({ status: 200 });
    expect(statusOf(id)).toBe('DEPROVISIONED');
    expect(await client().deactivateUser({ id })).toMatchObject({ status: 403, alreadyDone: true });
    expect(await client().deactivateUser({ id: '00unknown' })).toMatchObject({ status: 404, alreadyAbsent: true });
  });

  it('deletes an active user as deactivate-then-delete', async () => {
    const id = oktaId(2);
    const result = await client().deleteUser({ id });
    expect(result).toMatchObject({ status: 204 });
    expect(result.alreadyAbsent).toBeUndefined();
    expect(statusOf(id)).toBeUndefined();
    expect(requests()).toEqual([`DELETE /api/v1/users/${id}`, `DELETE /api/v1/users/${id}`]);
  });

  it("deletes a deactivated user with the first DELETE; the second one's 404 is not an error", async () => {
    const id = oktaId(17);
    expect(statusOf(id)).toBe('DEPROVISIONED');
    expect(await client().deleteUser({ id })).toMatchObject({ status: 404 });
    expect(statusOf(id)).toBeUndefined();
  });

  it('deleting a user that is gone is alreadyAbsent after one request', async () => {
    expect(await client().deleteUser({ id: '00ugone' })).toMatchObject({ status: 404, alreadyAbsent: true });
    expect(okta.server.requests).toHaveLength(1);
  });

  it('a token whose admin may only read is FORBIDDEN on writes, and nothing changes', async () => {
    const before = structuredClone(okta.state.users);
    for (const write of [
      client(OKTA_READ_ONLY_TOKEN).deactivateUser({ id: oktaId(1) }),
      client(OKTA_READ_ONLY_TOKEN).deleteUser({ id: oktaId(1) }),
      client(OKTA_READ_ONLY_TOKEN).createUser({ email: 'x@example.com', name: 'X', firstName: 'X', lastName: 'Y' }),
    ]) {
      expect(await rejectionOf(write)).toMatchObject({ code: 'FORBIDDEN', status: 403 });
    }
    expect(okta.state.users).toEqual(before);
  });
});
