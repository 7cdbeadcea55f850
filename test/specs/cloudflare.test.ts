/**
 * specs/prebuilt/cloudflare.yaml against the Cloudflare simulator: import over page-numbered pages
 * (pending invitations included), states and admin from the roles, invite with a role looked up by
 * name (or given by the operator), set a member's role, remove, remove again counted as done,
 * Cloudflare's error envelope and its 429.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connect } from '../../src/index.js';
import type { CompiledConnector } from '../../src/connector.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';
import {
  CLOUDFLARE_ACCOUNT,
  CLOUDFLARE_EDIT_TOKEN,
  CLOUDFLARE_READ_TOKEN,
  cloudflareMemberId,
  roleId,
  seedCloudflareMembers,
  startCloudflare,
  type CloudflareSimulator,
} from '../../src/simulators/cloudflare/index.js';
import { pathOf, queryOf, rejectionOf } from './helpers/assertions.js';
import { loadSpec } from './helpers/load-spec.js';

let cloudflare: CloudflareSimulator;
let connector: CompiledConnector;
beforeAll(async () => {
  cloudflare = await startCloudflare();
  connector = await loadSpec('specs/prebuilt/cloudflare.yaml');
});
afterAll(() => cloudflare.close());
beforeEach(() => {
  cloudflare.state.members = seedCloudflareMembers(120);
  cloudflare.state.throttleNext = 0;
  cloudflare.state.invitesSent = [];
  cloudflare.server.reset();
});

function client(token: string = CLOUDFLARE_EDIT_TOKEN, options: Parameters<typeof connect>[2] = {}, inputs: Record<string, string> = {}) {
  return connect(
    connector,
    { token, account: CLOUDFLARE_ACCOUNT, baseUrl: cloudflare.baseUrl, ...inputs },
    { egress: ALLOW_LOOPBACK, retry: { maxAttempts: 1 }, ...options },
  );
}
const MEMBERS = `/client/v4/accounts/${CLOUDFLARE_ACCOUNT}/members`;
const member = (id: string) => cloudflare.state.members.find((candidate) => candidate.id === id);

describe('cloudflare spec', () => {
  it('is prebuilt for import, create and delete, with a role change as a custom action; the operator gives the account and a token', () => {
    expect(connector.spec).toMatchObject({ id: 'cloudflare', type: 'prebuilt', supports: ['importUsers', 'createUser', 'deleteUser'] });
    expect(connector.spec.actions.deactivateUser).toBeUndefined();
    expect(Object.keys(connector.spec.actions.custom ?? {})).toEqual(['setRole']);
    const required = Object.entries(connector.spec.inputs ?? {})
      .filter(([, input]) => input.required)
      .map(([name]) => name);
    expect(required.sort()).toEqual(['account', 'token']);
  });
});

describe('cloudflare Import Users', () => {
  it('imports every member over numbered pages of 50, pending invitations included, with state, admin and roles', async () => {
    const accounts = await client().importUsers().collect();
    expect(accounts.map((account) => account.id)).toEqual(cloudflare.state.members.map((candidate) => candidate.id));
    const requests = cloudflare.server.requests;
    expect(requests.map((request) => `${request.method} ${pathOf(request)}`)).toEqual(Array(3).fill(`GET ${MEMBERS}`));
    expect(requests.map((request) => queryOf(request))).toEqual([1, 2, 3].map((page) => ({ page: String(page), per_page: '50' })));
    expect(requests[0]!.headers.authorization).toBe(`Bearer ${CLOUDFLARE_EDIT_TOKEN}`);
    const byNumber = (n: number) => accounts.find((account) => account.id === cloudflareMemberId(n))!;
    expect(byNumber(1)).toEqual({
      id: cloudflareMemberId(1),
      email: 'person1@acme.test',
      name: 'Person 1',
      admin: false,
      state: 'active',
      active: true,
      roles: ['Administrator Read Only'],
      roleIds: [roleId('Administrator Read Only')],
    });
    expect(byNumber(10)).toMatchObject({ admin: true, roles: ['Super Administrator - All Privileges'] });
    expect(byNumber(6)).toMatchObject({ admin: true, roles: ['Administrator'] });
    expect(byNumber(4)).toMatchObject({ admin: false, roles: ['DNS'] });
    // A pending invitee has no name yet: the email stands for it.
    expect(byNumber(8)).toMatchObject({ state: 'invited', active: false, name: 'person8@acme.test' });
  });

  it('a wrong token is AUTH_FAILED (403, code 10000); an unknown account is NOT_FOUND, not an empty list', async () => {
    expect(await rejectionOf(client('cf_wrong').importUsers().collect())).toMatchObject({ code: 'AUTH_FAILED', status: 403 });
    expect(
      await rejectionOf(
        connect(
          connector,
          { token: CLOUDFLARE_EDIT_TOKEN, account: 'f'.repeat(32), baseUrl: cloudflare.baseUrl },
          { egress: ALLOW_LOOPBACK, retry: { maxAttempts: 1 } },
        )
          .importUsers()
          .collect(),
      ),
    ).toMatchObject({ code: 'NOT_FOUND', status: 404 });
  });

  it('waits Retry-After on a 429, then goes on', async () => {
    cloudflare.state.throttleNext = 1;
    const waits: number[] = [];
    const accounts = await client(CLOUDFLARE_EDIT_TOKEN, { retry: { maxAttempts: 3 }, sleep: async (ms) => void waits.push(ms) })
      .importUsers()
      .collect();
    expect(waits).toEqual([1000]);
    expect(accounts).toHaveLength(120);
  });

  it('an Account Settings Read token imports and is FORBIDDEN on writes, changing nothing', async () => {
    expect(await client(CLOUDFLARE_READ_TOKEN).importUsers().collect()).toHaveLength(120);
    const before = structuredClone(cloudflare.state.members);
    expect(await rejectionOf(client(CLOUDFLARE_READ_TOKEN).createUser({ email: 'new@acme.test', name: 'New' }))).toMatchObject({
      code: 'FORBIDDEN',
      status: 403,
    });
    expect(await rejectionOf(client(CLOUDFLARE_READ_TOKEN).deleteUser({ id: cloudflareMemberId(1) }))).toMatchObject({ code: 'FORBIDDEN', status: 403 });
    expect(cloudflare.state.members).toEqual(before);
  });
});

describe('cloudflare writes', () => {
  it('invites a member with the role looked up by name (Administrator for a person marked admin); the member is pending', async () => {
    const created = await client().createUser({ email: 'nia.new@acme.test', name: 'Nia New' });
    const sent = cloudflare.server.requests.filter((request) => request.method === 'POST');
    expect(JSON.parse(sent[0]!.body)).toEqual({ email: 'nia.new@acme.test', roles: [roleId('Administrator Read Only')] });
    expect(created).toMatchObject({ account: { email: 'nia.new@acme.test', state: 'invited', admin: false } });
    expect(cloudflare.state.invitesSent).toEqual(['nia.new@acme.test']);
    const admin = await client().createUser({ email: 'boss@acme.test', name: 'Bo Boss', admin: true });
    expect(admin.account).toMatchObject({ admin: true, roles: ['Administrator'] });
  });

  it('takes the role IDs the operator gives instead of looking them up', async () => {
    await client(CLOUDFLARE_EDIT_TOKEN, {}, { memberRoleId: roleId('DNS'), adminRoleId: roleId('Administrator') }).createUser({
      email: 'dns@acme.test',
      name: 'Dee Ns',
    });
    expect(cloudflare.server.requests.map((request) => request.method)).toEqual(['POST']);
    expect(JSON.parse(cloudflare.server.requests[0]!.body)).toEqual({ email: 'dns@acme.test', roles: [roleId('DNS')] });
  });

  it('an email already a member is CONFLICT', async () => {
    expect(await rejectionOf(client().createUser({ email: 'person1@acme.test', name: 'Dup' }))).toMatchObject({ code: 'CONFLICT', status: 400 });
  });

  it("sets a member's role (custom action), replacing its roles", async () => {
    const id = cloudflareMemberId(3);
    await client().runCustomAction!('setRole', { roleId: roleId('Administrator') }, { account: { id } });
    expect(JSON.parse(cloudflare.server.requests[0]!.body)).toEqual({ roles: [{ id: roleId('Administrator') }] });
    expect(member(id)?.roleIds).toEqual([roleId('Administrator')]);
    expect((await client().importUsers().collect()).find((account) => account.id === id)).toMatchObject({ admin: true });
  });

  it('the whole lifecycle: invite, import sees it invited, remove, import no longer has it, remove again counted as done', async () => {
    const created = await client().createUser({ email: 'nia.new@acme.test', name: 'Nia New' });
    const id = String(created.account?.id);
    expect((await client().importUsers().collect()).find((account) => account.id === id)).toMatchObject({ state: 'invited' });
    expect(await client().deleteUser({ id })).toMatchObject({ status: 200 });
    expect(member(id)?.removed).toBe(true);
    expect((await client().importUsers().collect()).map((account) => account.id)).not.toContain(id);
    expect(await client().deleteUser({ id })).toMatchObject({ status: 404, alreadyAbsent: true });
  });
});
