/**
 * specs/prebuilt/sentry.yaml against the Sentry simulator: import over cursor pages from the Link
 * header (pending invitations included, the last page's results="false" next link ending on an
 * empty page), states and admin from the organization role, invite, remove and remove again
 * counted as done, Sentry's error bodies and its 429 with X-Sentry-Rate-Limit-Reset.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connect } from '../../src/index.js';
import type { CompiledConnector } from '../../src/connector.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';
import { SENTRY_ADMIN_TOKEN, SENTRY_ORG, SENTRY_READ_TOKEN, seedSentryMembers, startSentry, type SentrySimulator } from '../../src/simulators/sentry/index.js';
import { pathOf, queryOf, rejectionOf } from './helpers/assertions.js';
import { loadSpec } from './helpers/load-spec.js';

let sentry: SentrySimulator;
let connector: CompiledConnector;
beforeAll(async () => {
  sentry = await startSentry();
  connector = await loadSpec('specs/prebuilt/sentry.yaml');
});
afterAll(() => sentry.close());
beforeEach(() => {
  sentry.state.members = seedSentryMembers(250);
  sentry.state.throttleNext = 0;
  sentry.state.now = Date.now;
  sentry.state.invitesSent = [];
  sentry.server.reset();
});

function client(token: string = SENTRY_ADMIN_TOKEN, options: Parameters<typeof connect>[2] = {}, organization = SENTRY_ORG) {
  return connect(connector, { token, organization, baseUrl: sentry.server.origin }, { egress: ALLOW_LOOPBACK, retry: { maxAttempts: 1 }, ...options });
}
const MEMBERS = `/api/0/organizations/${SENTRY_ORG}/members/`;
const member = (id: string) => sentry.state.members.find((candidate) => candidate.id === id);

describe('sentry spec', () => {
  it('is prebuilt for import, create and delete; the operator gives the organization and a token', () => {
    expect(connector.spec).toMatchObject({ id: 'sentry', type: 'prebuilt', supports: ['importUsers', 'createUser', 'deleteUser'] });
    expect(connector.spec.actions.activateUser).toBeUndefined();
    expect(connector.spec.actions.deactivateUser).toBeUndefined();
    const required = Object.entries(connector.spec.inputs ?? {})
      .filter(([, input]) => input.required)
      .map(([name]) => name);
    expect(required.sort()).toEqual(['organization', 'token']);
  });
});

describe('sentry Import Users', () => {
  it("imports every member over the Link header's cursors, pending invitations included, with state and admin", async () => {
    const accounts = await client().importUsers().collect();
    expect(accounts.map((account) => account.id)).toEqual(sentry.state.members.map((candidate) => candidate.id));
    const requests = sentry.server.requests;
    expect(requests.map((request) => `${request.method} ${pathOf(request)}`)).toEqual(Array(4).fill(`GET ${MEMBERS}`));
    expect(queryOf(requests[0])).toEqual({});
    expect(requests.slice(1).map((request) => queryOf(request).cursor)).toEqual(['0:100:0', '0:200:0', '0:300:0']);
    expect(requests[0]!.headers.authorization).toBe(`Bearer ${SENTRY_ADMIN_TOKEN}`);
    const byNumber = (n: number) => accounts.find((account) => account.id === String(1_000 + n))!;
    expect(byNumber(1)).toEqual({
      id: '1001',
      email: 'person1@acme.test',
      name: 'Person 1',
      admin: false,
      state: 'active',
      active: true,
      orgRole: 'member',
      expired: false,
    });
    expect(byNumber(10)).toMatchObject({ admin: true, orgRole: 'owner' });
    expect(byNumber(6)).toMatchObject({ admin: true, orgRole: 'manager' });
    expect(byNumber(8)).toMatchObject({ state: 'invited', active: false, email: 'person8@acme.test' });
    expect(byNumber(15)).toMatchObject({ state: 'deactivated', active: false });
  });

  it('a wrong token is AUTH_FAILED; an unknown organization is NOT_FOUND, not an empty list', async () => {
    expect(await rejectionOf(client('sntrys_wrong').importUsers().collect())).toMatchObject({ code: 'AUTH_FAILED', status: 401 });
    expect(await rejectionOf(client(SENTRY_ADMIN_TOKEN, {}, 'no-such-org').importUsers().collect())).toMatchObject({ code: 'NOT_FOUND', status: 404 });
  });

  it('waits X-Sentry-Rate-Limit-Reset on a 429, then goes on', async () => {
    sentry.state.throttleNext = 1;
    // One clock for the target and the client, half a second before a whole second: the reset
    // Sentry announces (the next whole second, in Unix seconds) is 500 ms away, however long the
    // answer took to arrive.
    const now = () => 1_767_600_000_500;
    sentry.state.now = now;
    const waits: number[] = [];
    const accounts = await client(SENTRY_ADMIN_TOKEN, { retry: { maxAttempts: 3 }, sleep: async (ms) => void waits.push(ms), now })
      .importUsers()
      .collect();
    expect(waits).toEqual([500]);
    expect(accounts).toHaveLength(250);
  });

  it('a Members Read token imports and is FORBIDDEN on writes, changing nothing', async () => {
    expect(await client(SENTRY_READ_TOKEN).importUsers().collect()).toHaveLength(250);
    const before = structuredClone(sentry.state.members);
    expect(await rejectionOf(client(SENTRY_READ_TOKEN).createUser({ email: 'new@acme.test', name: 'New' }))).toMatchObject({ code: 'FORBIDDEN', status: 403 });
    expect(await rejectionOf(client(SENTRY_READ_TOKEN).deleteUser({ id: '1001' }))).toMatchObject({ code: 'FORBIDDEN', status: 403 });
    expect(sentry.state.members).toEqual(before);
  });
});

describe('sentry writes', () => {
  it('invites a member (a manager for a person marked admin); the member is pending until the person accepts', async () => {
    const created = await client().createUser({ email: 'nia.new@acme.test', name: 'Nia New' });
    expect(JSON.parse(sentry.server.requests[0]!.body)).toEqual({ email: 'nia.new@acme.test', orgRole: 'member', sendInvite: true });
    expect(created).toMatchObject({ status: 201, account: { email: 'nia.new@acme.test', state: 'invited', admin: false } });
    expect(sentry.state.invitesSent).toEqual(['nia.new@acme.test']);
    const admin = await client().createUser({ email: 'boss@acme.test', name: 'Bo Boss', admin: true });
    expect(admin.account).toMatchObject({ admin: true, orgRole: 'manager' });
  });

  it("an email already a member, or already invited, is CONFLICT with Sentry's words", async () => {
    const member = await rejectionOf(client().createUser({ email: 'person1@acme.test', name: 'Dup' }));
    expect(member).toMatchObject({ code: 'CONFLICT', status: 409 });
    expect(String(member.message)).toContain('is already a member');
    expect(await rejectionOf(client().createUser({ email: 'PERSON8@acme.test', name: 'Dup' }))).toMatchObject({ code: 'CONFLICT', status: 409 });
  });

  it('the whole lifecycle: invite, import sees it invited, remove, import no longer has it, remove again counted as done', async () => {
    const created = await client().createUser({ email: 'nia.new@acme.test', name: 'Nia New' });
    const id = String(created.account?.id);
    expect((await client().importUsers().collect()).find((account) => account.id === id)).toMatchObject({ state: 'invited' });
    expect(await client().deleteUser({ id })).toMatchObject({ status: 204 });
    expect(member(id)?.removed).toBe(true);
    expect((await client().importUsers().collect()).map((account) => account.id)).not.toContain(id);
    expect(await client().deleteUser({ id })).toMatchObject({ status: 404, alreadyAbsent: true });
  });
});
