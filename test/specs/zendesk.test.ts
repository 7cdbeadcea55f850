/**
 * Contract tests of specs/prebuilt/zendesk.yaml against the Zendesk simulator: staff-only import
 * through cursor pages (links.next read only while meta.has_more), Basic auth with email/token,
 * create, suspend and unsuspend, delete, Zendesk's error bodies and its 429 with Retry-After.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connect } from '../../src/index.js';
import type { CompiledConnector } from '../../src/connector.js';
import { seedZendeskUsers, startZendesk, ZENDESK_ADMIN, ZENDESK_AGENT, type ZendeskSimulator } from '../../src/simulators/zendesk/index.js';
import { pathOf, queryOf, rejectionOf } from './helpers/assertions.js';
import { loadSpec } from './helpers/load-spec.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';

let zendesk: ZendeskSimulator;
let connector: CompiledConnector;
beforeAll(async () => {
  zendesk = await startZendesk();
  connector = await loadSpec('specs/prebuilt/zendesk.yaml');
});
afterAll(() => zendesk.close());
beforeEach(() => {
  zendesk.state.users = seedZendeskUsers(260);
  zendesk.state.throttleNext = 0;
  zendesk.server.reset();
});

function client(credential: { email: string; token: string } = ZENDESK_ADMIN, options: Parameters<typeof connect>[2] = {}) {
  return connect(connector, { ...credential, baseUrl: zendesk.server.origin }, { egress: ALLOW_LOOPBACK, retry: { maxAttempts: 1 }, ...options });
}
const user = (id: string) => zendesk.state.users.find((candidate) => String(candidate.id) === id);

describe('zendesk spec', () => {
  it('is prebuilt for all five actions; the operator gives the URL, an admin email and an API token', () => {
    expect(connector.spec).toMatchObject({
      id: 'zendesk',
      type: 'prebuilt',
      supports: ['importUsers', 'createUser', 'activateUser', 'deactivateUser', 'deleteUser'],
    });
    const required = Object.entries(connector.spec.inputs ?? {})
      .filter(([, input]) => input.required)
      .map(([name]) => name);
    expect(required.sort()).toEqual(['baseUrl', 'email', 'token']);
  });
});

describe('zendesk Import Users', () => {
  it('imports agents and admins through cursor pages, sending email/token Basic auth', async () => {
    const accounts = await client().importUsers().collect();
    const staff = zendesk.state.users.filter((candidate) => candidate.role !== 'end-user');
    expect(accounts.map((account) => account.id)).toEqual(staff.map((candidate) => String(candidate.id)));
    const [first, second] = zendesk.server.requests;
    expect(queryOf(first)).toEqual({ 'role[]': 'admin', 'page[size]': '100' });
    expect(new URL(first!.url, 'http://x').searchParams.getAll('role[]')).toEqual(['agent', 'admin']);
    expect(queryOf(second)).toMatchObject({ 'page[size]': '100', 'page[after]': expect.any(String) });
    // has_more is false on the last page: its links.next is not followed.
    expect(zendesk.server.requests).toHaveLength(3);
    expect(first?.headers.authorization).toBe(`Basic ${Buffer.from(`${ZENDESK_ADMIN.email}/token:${ZENDESK_ADMIN.token}`).toString('base64')}`);
    const admin = staff.find((candidate) => candidate.role === 'admin')!;
    expect(accounts.find((account) => account.id === String(admin.id))).toEqual({
      id: String(admin.id),
      email: admin.email,
      name: admin.name,
      admin: true,
      active: !admin.suspended,
      role: 'admin',
    });
    expect(accounts.filter((account) => account.active === false).length).toBeGreaterThan(0);
  });

  it('a wrong token is AUTH_FAILED', async () => {
    expect(await rejectionOf(client({ email: ZENDESK_ADMIN.email, token: 'nope' }).importUsers().collect())).toMatchObject({
      code: 'AUTH_FAILED',
      status: 401,
    });
  });

  it('waits Retry-After on a 429, then goes on', async () => {
    zendesk.state.throttleNext = 1;
    const waits: number[] = [];
    const accounts = await client(ZENDESK_ADMIN, { retry: { maxAttempts: 3 }, sleep: async (ms) => void waits.push(ms) })
      .importUsers()
      .collect();
    expect(waits).toEqual([7000]);
    expect(accounts.length).toBeGreaterThan(200);
  });
});

describe('zendesk writes', () => {
  it('creates an agent, or an admin for a person marked admin', async () => {
    const created = await client().createUser({ email: 'new@acme.test', name: 'Nia New' });
    expect(JSON.parse(zendesk.server.requests[0]!.body)).toEqual({ user: { name: 'Nia New', email: 'new@acme.test', role: 'agent', suspended: false } });
    expect(created).toMatchObject({ status: 201, account: { email: 'new@acme.test', admin: false, active: true } });
    const admin = await client().createUser({ email: 'boss@acme.test', name: 'Bo Boss', admin: true });
    expect(admin.account).toMatchObject({ admin: true, role: 'admin' });
  });

  it('creates an agent suspended when asked for an inactive account (an onboarding activated later)', async () => {
    const created = await client().createUser({ email: 'later@acme.test', name: 'Lou Later' }, { active: false });
    expect(JSON.parse(zendesk.server.requests.at(-1)!.body)).toMatchObject({ user: { email: 'later@acme.test', suspended: true } });
    expect(created.account).toMatchObject({ email: 'later@acme.test', active: false });
  });

  it("an email in use is CONFLICT with Zendesk's details", async () => {
    const error = await rejectionOf(client().createUser({ email: 'person1@acme.test', name: 'Dup' }));
    expect(error).toMatchObject({ code: 'CONFLICT', status: 422 });
    expect(String(error.message)).toContain('is already being used by another user');
  });

  it('deactivate suspends and activate unsuspends, with PUT', async () => {
    const id = String(zendesk.state.users[0]!.id);
    expect(await client().deactivateUser({ id })).toMatchObject({ status: 200, account: { id, active: false } });
    expect(user(id)?.suspended).toBe(true);
    expect(await client().activateUser({ id })).toMatchObject({ status: 200, account: { id, active: true } });
    expect(user(id)?.suspended).toBe(false);
    expect(zendesk.server.requests.map((request) => `${request.method} ${pathOf(request)} ${request.body}`)).toEqual([
      `PUT /api/v2/users/${id} {"user": {"suspended": true}}`,
      `PUT /api/v2/users/${id} {"user": {"suspended": false}}`,
    ]);
  });

  it('deletes; deleting or suspending a deleted user is alreadyAbsent', async () => {
    const id = String(zendesk.state.users[1]!.id);
    expect(await client().deleteUser({ id })).toMatchObject({ status: 200 });
    expect(user(id)?.active).toBe(false);
    expect(await client().deleteUser({ id })).toMatchObject({ status: 404, alreadyAbsent: true });
    expect(await client().deactivateUser({ id })).toMatchObject({ status: 404, alreadyAbsent: true });
  });

  it('activating an unknown user is NOT_FOUND, not success', async () => {
    expect(await rejectionOf(client().activateUser({ id: '1' }))).toMatchObject({ code: 'NOT_FOUND', status: 404 });
  });

  it("an agent's token is FORBIDDEN on writes and changes nothing", async () => {
    const before = structuredClone(zendesk.state.users);
    const id = String(zendesk.state.users[0]!.id);
    for (const write of [
      client(ZENDESK_AGENT).createUser({ email: 'x@acme.test', name: 'X' }),
      client(ZENDESK_AGENT).deactivateUser({ id }),
      client(ZENDESK_AGENT).deleteUser({ id }),
    ]) {
      expect(await rejectionOf(write)).toMatchObject({ code: 'FORBIDDEN', status: 403 });
    }
    expect(zendesk.state.users).toEqual(before);
  });
});
