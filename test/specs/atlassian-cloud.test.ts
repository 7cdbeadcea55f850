/**
 * specs/prebuilt/atlassian-cloud.yaml against the Atlassian user provisioning simulator: the
 * directory's API key as a bearer token, import over startIndex/count pages (deactivated users
 * listed as such), create with the email as userName (unique; verified domains only), deactivate
 * and activate by PATCH with Atlassian's `operations`, delete that only deactivates and takes the
 * user out of the directory (the next import no longer lists it, the account stays deactivated and
 * is linked again by a later creation), delete again counted as done, a wrong directory never
 * counted as done, and the 429 with Retry-After.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connect } from '../../src/index.js';
import type { CompiledConnector } from '../../src/connector.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';
import {
  ATLASSIAN_API_KEY,
  atlassianAccountId,
  atlassianUserId,
  seedAtlassianUsers,
  startAtlassian,
  type AtlassianSimulator,
} from '../../src/simulators/atlassian-cloud/index.js';
import { pathOf, queryOf, rejectionOf } from './helpers/assertions.js';
import { loadSpec } from './helpers/load-spec.js';

let atlassian: AtlassianSimulator;
let connector: CompiledConnector;
beforeAll(async () => {
  atlassian = await startAtlassian();
  connector = await loadSpec('specs/prebuilt/atlassian-cloud.yaml');
});
afterAll(() => atlassian.close());
beforeEach(() => {
  atlassian.state.users = seedAtlassianUsers(250);
  atlassian.state.throttleNext = 0;
  atlassian.server.reset();
});

function client(token: string = ATLASSIAN_API_KEY, options: Parameters<typeof connect>[2] = {}, baseUrl = atlassian.baseUrl) {
  return connect(connector, { token, baseUrl }, { egress: ALLOW_LOOPBACK, retry: { maxAttempts: 1 }, ...options });
}
const user = (id: string) => atlassian.state.users.find((candidate) => candidate.id === id);
const usersPath = () => `/scim/directory/${atlassian.state.directoryId}/Users`;
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

describe('atlassian-cloud spec', () => {
  it('is prebuilt for import, create, activate, deactivate and delete, with the Directory base URL and its API key', () => {
    expect(connector.spec).toMatchObject({
      id: 'atlassian-cloud',
      type: 'prebuilt',
      supports: ['importUsers', 'createUser', 'activateUser', 'deactivateUser', 'deleteUser'],
      auth: { type: 'bearer', token: 'token' },
    });
    const required = Object.entries(connector.spec.inputs ?? {})
      .filter(([, input]) => input.required)
      .map(([name]) => name);
    expect(required.sort()).toEqual(['baseUrl', 'token']);
    // Atlassian has no read-only directory key: nothing to probe.
    expect(connector.spec.probe).toBeUndefined();
  });
});

describe('atlassian-cloud Import Users', () => {
  it('imports every user of the directory over startIndex/count pages of 100, with its state', async () => {
    const accounts = await client().importUsers().collect();
    expect(accounts.map((account) => account.id)).toEqual(atlassian.state.users.map((candidate) => candidate.id));
    const requests = atlassian.server.requests;
    expect(requests.map((request) => `${request.method} ${pathOf(request)}`)).toEqual(Array(3).fill(`GET ${usersPath()}`));
    expect(requests.map((request) => queryOf(request))).toEqual([1, 101, 201].map((startIndex) => ({ startIndex: String(startIndex), count: '100' })));
    expect(requests[0]!.headers.authorization).toBe(`Bearer ${ATLASSIAN_API_KEY}`);
    expect(requests[0]!.headers.accept).toBe('application/scim+json');
    const byNumber = (n: number) => accounts.find((account) => account.id === atlassianUserId(n))!;
    expect(byNumber(1)).toEqual({
      id: atlassianUserId(1),
      email: 'person1@acme.test',
      name: 'Person 1',
      active: true,
      state: 'active',
      userName: 'person1@acme.test',
      atlassianAccountId: atlassianAccountId(1),
    });
    // No displayName nor name.formatted: given and family name.
    expect(byNumber(12)).toMatchObject({ name: 'Person 12' });
    expect(byNumber(15)).toMatchObject({ active: false, state: 'deactivated' });
  });

  it('a wrong API key is AUTH_FAILED', async () => {
    expect(await rejectionOf(client('wrong-key').importUsers().collect())).toMatchObject({ code: 'AUTH_FAILED', status: 401 });
  });

  it('waits Retry-After on a 429, then goes on', async () => {
    atlassian.state.throttleNext = 1;
    const waits: number[] = [];
    const accounts = await client(ATLASSIAN_API_KEY, { retry: { maxAttempts: 3 }, sleep: async (ms) => void waits.push(ms) })
      .importUsers()
      .collect();
    expect(waits).toEqual([1000]);
    expect(accounts).toHaveLength(250);
  });
});

describe('atlassian-cloud writes', () => {
  it('creates a user with the email as userName, its name parts when known (never null) and one primary work email', async () => {
    const created = await client().createUser({ email: 'nia.new@acme.test', name: 'Nia New', firstName: 'Nia', lastName: 'New' });
    const sent = atlassian.server.requests[0]!;
    expect(`${sent.method} ${pathOf(sent)}`).toBe(`POST ${usersPath()}`);
    expect(sent.headers['content-type']).toMatch(/^application\/scim\+json/u);
    expect(JSON.parse(sent.body)).toEqual({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: 'nia.new@acme.test',
      name: { formatted: 'Nia New', givenName: 'Nia', familyName: 'New' },
      displayName: 'Nia New',
      emails: [{ value: 'nia.new@acme.test', type: 'work', primary: true }],
    });
    expect(created).toMatchObject({ status: 201, account: { email: 'nia.new@acme.test', state: 'active', userName: 'nia.new@acme.test' } });
    await client().createUser({ email: 'madonna@acme.test', name: 'Madonna' });
    expect(JSON.parse(atlassian.server.requests[1]!.body)).toMatchObject({ name: { formatted: 'Madonna' }, displayName: 'Madonna' });
    expect(JSON.parse(atlassian.server.requests[1]!.body).name).toEqual({ formatted: 'Madonna' });
  });

  it('a userName the directory already has is CONFLICT (409 uniqueness); an email on an unverified domain is refused by name', async () => {
    expect(await rejectionOf(client().createUser({ email: 'Person1@acme.test', name: 'Dup' }))).toMatchObject({ code: 'CONFLICT', status: 409 });
    const before = atlassian.state.users.length;
    const refused = await rejectionOf(client().createUser({ email: 'nia@elsewhere.test', name: 'Nia' }));
    expect(refused).toMatchObject({ code: 'TARGET_ERROR', status: 400 });
    expect(String(refused.message)).toMatch(/verified/u);
    expect(atlassian.state.users).toHaveLength(before);
  });

  it("deactivates and activates with a PatchOp of Atlassian's `operations`", async () => {
    const id = atlassianUserId(2);
    expect(await client().deactivateUser({ id })).toMatchObject({ status: 200 });
    expect(JSON.parse(atlassian.server.requests[0]!.body)).toEqual({
      schemas: [PATCH_OP],
      operations: [{ op: 'replace', path: 'active', value: false }],
    });
    expect(user(id)).toMatchObject({ active: false, inDirectory: true });
    expect(await client().activateUser({ id })).toMatchObject({ status: 200 });
    expect(user(id)?.active).toBe(true);
  });

  it('the whole lifecycle: create, deactivate, activate, delete (a deactivation out of the directory), delete again counted as done', async () => {
    const created = await client().createUser({ email: 'nia.new@acme.test', name: 'Nia New' });
    const id = String(created.account?.id);
    const accountId = user(id)!.atlassianAccountId;
    expect((await client().importUsers().collect()).find((account) => account.id === id)).toMatchObject({ email: 'nia.new@acme.test', state: 'active' });
    expect(await client().deactivateUser({ id })).toMatchObject({ status: 200 });
    expect((await client().importUsers().collect()).find((account) => account.id === id)).toMatchObject({ state: 'deactivated', active: false });
    expect(await client().activateUser({ id })).toMatchObject({ status: 200 });
    expect(user(id)?.active).toBe(true);

    expect(await client().deleteUser({ id })).toMatchObject({ status: 204 });
    // Not deleted: the Atlassian account stays, deactivated, outside the directory, which no longer lists it.
    expect(user(id)).toMatchObject({ active: false, inDirectory: false, atlassianAccountId: accountId });
    const reimported = await client().importUsers().collect();
    expect(reimported.map((account) => account.id)).not.toContain(id);
    expect(reimported).toHaveLength(250);

    expect(await client().deleteUser({ id })).toMatchObject({ status: 404, alreadyAbsent: true });
    expect(await client().deactivateUser({ id })).toMatchObject({ status: 404, alreadyAbsent: true });

    // A later creation for the email links the same Atlassian account again, active, under a new SCIM id.
    const again = await client().createUser({ email: 'nia.new@acme.test', name: 'Nia New' });
    expect(again.account?.id).not.toBe(id);
    expect(again.account).toMatchObject({ atlassianAccountId: accountId, state: 'active' });
  });

  it('a Directory base URL naming a directory that does not exist is an error, never a deletion counted as done', async () => {
    const wrong = atlassian.baseUrl.replace(atlassian.state.directoryId, 'no-such-directory');
    expect(await rejectionOf(client(ATLASSIAN_API_KEY, {}, wrong).deleteUser({ id: atlassianUserId(4) }))).toMatchObject({ code: 'NOT_FOUND', status: 404 });
    expect(user(atlassianUserId(4))?.inDirectory).toBe(true);
  });
});
