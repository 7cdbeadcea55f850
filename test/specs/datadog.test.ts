/**
 * specs/prebuilt/datadog.yaml against the Datadog simulator: both keys on every request, import
 * over numbered pages with the roles named in `included` (admin from the Datadog Admin Role),
 * states (Pending invited, disabled deactivated), create with a role given by the operator,
 * disable and enable again (twice counted as done), the invitation email as a custom action,
 * Datadog's error bodies and its 429 with X-RateLimit-Reset.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connect } from '../../src/index.js';
import type { CompiledConnector } from '../../src/connector.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';
import {
  DATADOG_ADMIN_APP_KEY,
  DATADOG_API_KEY,
  DATADOG_READ_APP_KEY,
  datadogRoleId,
  datadogUserId,
  seedDatadogUsers,
  startDatadog,
  type DatadogSimulator,
} from '../../src/simulators/datadog/index.js';
import { pathOf, queryOf, rejectionOf } from './helpers/assertions.js';
import { loadSpec } from './helpers/load-spec.js';

let datadog: DatadogSimulator;
let connector: CompiledConnector;
beforeAll(async () => {
  datadog = await startDatadog();
  connector = await loadSpec('specs/prebuilt/datadog.yaml');
});
afterAll(() => datadog.close());
beforeEach(() => {
  datadog.state.users = seedDatadogUsers(230);
  datadog.state.throttleNext = 0;
  datadog.state.invitationsSent = [];
  datadog.server.reset();
});

const ROLES = { roleId: datadogRoleId('Datadog Standard Role'), adminRoleId: datadogRoleId('Datadog Admin Role') };
function client(applicationKey: string = DATADOG_ADMIN_APP_KEY, options: Parameters<typeof connect>[2] = {}, inputs: Record<string, string> = ROLES) {
  return connect(
    connector,
    { apiKey: DATADOG_API_KEY, applicationKey, baseUrl: datadog.server.origin, ...inputs },
    { egress: ALLOW_LOOPBACK, retry: { maxAttempts: 1 }, ...options },
  );
}
const user = (id: string) => datadog.state.users.find((candidate) => candidate.id === id);

describe('datadog spec', () => {
  it('is prebuilt for import, create, activate and deactivate (Datadog deletes no user), with the invitation as a custom action', () => {
    expect(connector.spec).toMatchObject({ id: 'datadog', type: 'prebuilt', supports: ['importUsers', 'createUser', 'activateUser', 'deactivateUser'] });
    expect(connector.spec.actions.deleteUser).toBeUndefined();
    expect(Object.keys(connector.spec.actions.custom ?? {})).toEqual(['sendInvitation']);
    const required = Object.entries(connector.spec.inputs ?? {})
      .filter(([, input]) => input.required)
      .map(([name]) => name);
    expect(required.sort()).toEqual(['apiKey', 'applicationKey']);
  });
});

describe('datadog Import Users', () => {
  it('imports every user over pages of 100 numbered from 0, with both keys, admin from the roles and the state', async () => {
    const accounts = await client().importUsers().collect();
    expect(accounts.map((account) => account.id)).toEqual(datadog.state.users.map((candidate) => candidate.id));
    const requests = datadog.server.requests;
    // The third page, shorter than asked, ends the import.
    expect(requests.map((request) => `${request.method} ${pathOf(request)}`)).toEqual(Array(3).fill('GET /api/v2/users'));
    expect(requests.map((request) => queryOf(request))).toEqual([0, 1, 2].map((page) => ({ 'page[number]': String(page), 'page[size]': '100' })));
    expect(requests[0]!.headers['dd-api-key']).toBe(DATADOG_API_KEY);
    expect(requests[0]!.headers['dd-application-key']).toBe(DATADOG_ADMIN_APP_KEY);
    const byNumber = (n: number) => accounts.find((account) => account.id === datadogUserId(n))!;
    expect(byNumber(1)).toEqual({
      id: datadogUserId(1),
      email: 'person1@acme.test',
      name: 'Person 1',
      admin: false,
      state: 'active',
      active: true,
      status: 'Active',
      handle: 'person1@acme.test',
      serviceAccount: false,
      roles: ['Datadog Standard Role'],
    });
    expect(byNumber(10)).toMatchObject({ admin: true, roles: ['Datadog Admin Role'] });
    expect(byNumber(4)).toMatchObject({ admin: false, roles: ['Datadog Read Only Role'] });
    expect(byNumber(8)).toMatchObject({ state: 'invited', active: false, status: 'Pending' });
    expect(byNumber(15)).toMatchObject({ state: 'deactivated', active: false, status: 'Disabled' });
    expect(byNumber(25)).toMatchObject({ serviceAccount: true, email: 'robot25@acme.test' });
  });

  it('a wrong key is AUTH_FAILED (403 Forbidden)', async () => {
    expect(await rejectionOf(client('ddapp_wrong').importUsers().collect())).toMatchObject({ code: 'AUTH_FAILED', status: 403 });
  });

  it('waits X-RateLimit-Reset on a 429, then goes on', async () => {
    datadog.state.throttleNext = 1;
    const waits: number[] = [];
    const accounts = await client(DATADOG_ADMIN_APP_KEY, { retry: { maxAttempts: 3 }, sleep: async (ms) => void waits.push(ms) })
      .importUsers()
      .collect();
    expect(waits).toEqual([1000]);
    expect(accounts).toHaveLength(230);
  });

  it('an application key scoped to user_access_read imports and is FORBIDDEN on writes, changing nothing', async () => {
    expect(await client(DATADOG_READ_APP_KEY).importUsers().collect()).toHaveLength(230);
    const before = structuredClone(datadog.state.users);
    expect(await rejectionOf(client(DATADOG_READ_APP_KEY).createUser({ email: 'new@acme.test', name: 'New' }))).toMatchObject({
      code: 'FORBIDDEN',
      status: 403,
    });
    expect(await rejectionOf(client(DATADOG_READ_APP_KEY).deactivateUser({ id: datadogUserId(1) }))).toMatchObject({ code: 'FORBIDDEN', status: 403 });
    expect(datadog.state.users).toEqual(before);
  });
});

describe('datadog writes', () => {
  it('creates a user with the role for new users (the admin role for a person marked admin); the user is pending', async () => {
    const created = await client().createUser({ email: 'nia.new@acme.test', name: 'Nia New' });
    expect(JSON.parse(datadog.server.requests[0]!.body)).toEqual({
      data: {
        type: 'users',
        relationships: { roles: { data: [{ type: 'roles', id: ROLES.roleId }] } },
        attributes: { email: 'nia.new@acme.test', name: 'Nia New' },
      },
    });
    expect(created).toMatchObject({ status: 201, account: { email: 'nia.new@acme.test', state: 'invited', admin: false, roles: ['Datadog Standard Role'] } });
    const admin = await client().createUser({ email: 'boss@acme.test', name: 'Bo Boss', admin: true });
    expect(admin.account).toMatchObject({ admin: true, roles: ['Datadog Admin Role'] });
  });

  it('creates a user without a role when the operator gives none', async () => {
    await client(DATADOG_ADMIN_APP_KEY, {}, {}).createUser({ email: 'plain@acme.test', name: 'Plain', admin: true });
    expect(JSON.parse(datadog.server.requests[0]!.body)).toEqual({ data: { type: 'users', attributes: { email: 'plain@acme.test', name: 'Plain' } } });
  });

  it('an email already a user is CONFLICT', async () => {
    expect(await rejectionOf(client().createUser({ email: 'PERSON1@acme.test', name: 'Dup' }))).toMatchObject({ code: 'CONFLICT', status: 400 });
  });

  it('sends the invitation email (custom action)', async () => {
    const result = await client().runCustomAction!('sendInvitation', {}, { account: { id: datadogUserId(8) } });
    expect(result).toMatchObject({ status: 201 });
    expect(datadog.state.invitationsSent).toEqual([datadogUserId(8)]);
  });

  it('the whole lifecycle: create, disable, disable again counted as done, enable, a user Datadog does not know is absent', async () => {
    const created = await client().createUser({ email: 'nia.new@acme.test', name: 'Nia New' });
    const id = String(created.account?.id);
    expect((await client().importUsers().collect()).find((account) => account.id === id)).toMatchObject({ state: 'invited' });
    expect(await client().deactivateUser({ id })).toMatchObject({ status: 200, account: { state: 'deactivated' } });
    expect(user(id)?.disabled).toBe(true);
    expect(await client().deactivateUser({ id })).toMatchObject({ status: 200, account: { state: 'deactivated' } });
    expect((await client().importUsers().collect()).find((account) => account.id === id)).toMatchObject({ state: 'deactivated', active: false });
    expect(await client().activateUser({ id })).toMatchObject({ status: 200, account: { state: 'invited' } });
    expect(user(id)?.disabled).toBe(false);
    expect(await client().deactivateUser({ id: datadogUserId(9999) })).toMatchObject({ status: 404, alreadyAbsent: true });
  });
});
