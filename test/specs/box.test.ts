/**
 * specs/prebuilt/box.yaml against the Box simulator: the Client Credentials Grant with the
 * enterprise as subject, import over marker pages (admin from the role, inactive deactivated, the
 * restricted statuses active), create (co-admin for an admin, inactive when asked), deactivate,
 * activate, co-admin (custom action), delete refused for a user who owns content and done with
 * force (custom action), delete again counted as done, Box's error bodies and its 429.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connect } from '../../src/index.js';
import type { CompiledConnector } from '../../src/connector.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';
import { BOX_APP, BOX_READER_APP, boxUserId, seedBoxUsers, startBox, type BoxSimulator } from '../../src/simulators/box/index.js';
import { pathOf, queryOf, rejectionOf } from './helpers/assertions.js';
import { loadSpec } from './helpers/load-spec.js';

let box: BoxSimulator;
let connector: CompiledConnector;
beforeAll(async () => {
  box = await startBox();
  connector = await loadSpec('specs/prebuilt/box.yaml');
});
afterAll(() => box.close());
beforeEach(() => {
  box.state.users = seedBoxUsers(2100);
  box.state.tokens.clear();
  box.state.tokensIssued = 0;
  box.state.rateLimit.count = 0;
  box.server.reset();
});

type Credentials = { clientId: string; clientSecret: string; enterpriseId: string };
function client(credentials: Credentials = BOX_APP, options: { sleep?: (ms: number) => Promise<void>; maxAttempts?: number } = {}) {
  return connect(
    connector,
    { ...credentials },
    { egress: ALLOW_LOOPBACK, baseUrl: box.baseUrl, retry: { maxAttempts: options.maxAttempts ?? 1 }, sleep: options.sleep },
  );
}
const user = (id: string) => box.state.users.find((candidate) => candidate.id === id);
const apiRequests = () => box.server.requests.filter((request) => pathOf(request).startsWith('/2.0/'));

describe('box spec', () => {
  it('is prebuilt for the five actions, with co-admin and delete with files as custom actions', () => {
    expect(connector.spec).toMatchObject({
      id: 'box',
      type: 'prebuilt',
      supports: ['importUsers', 'createUser', 'activateUser', 'deactivateUser', 'deleteUser'],
    });
    expect(Object.keys(connector.spec.actions.custom ?? {})).toEqual(['setCoadmin', 'deleteWithContent']);
    const required = Object.entries(connector.spec.inputs ?? {})
      .filter(([, input]) => input.required)
      .map(([name]) => name);
    expect(required.sort()).toEqual(['clientId', 'clientSecret', 'enterpriseId']);
  });
});

describe('box Import Users', () => {
  it('gets one token for the enterprise and imports every managed user but app users over marker pages of 1000', async () => {
    const accounts = await client().importUsers().collect();
    // App users (every 50th) are listed among managed users and left out.
    const people = box.state.users.filter((candidate) => !candidate.appUser);
    expect(people).toHaveLength(2058);
    expect(accounts.map((account) => account.id)).toEqual(people.map((candidate) => candidate.id));
    expect(accounts.find((account) => account.id === boxUserId(50))).toBeUndefined();
    const [token] = box.server.requests;
    expect(pathOf(token!)).toBe('/oauth2/token');
    expect(Object.fromEntries(new URLSearchParams(token!.body))).toEqual({
      grant_type: 'client_credentials',
      client_id: BOX_APP.clientId,
      client_secret: BOX_APP.clientSecret,
      box_subject_type: 'enterprise',
      box_subject_id: BOX_APP.enterpriseId,
    });
    const pages = apiRequests();
    expect(pages.map((request) => `${request.method} ${pathOf(request)}`)).toEqual(Array(3).fill('GET /2.0/users'));
    const fields = 'id,type,name,login,status,role,is_platform_access_only,created_at,modified_at';
    expect(queryOf(pages[0]!)).toEqual({ user_type: 'managed', usemarker: 'true', fields, limit: '1000' });
    expect(queryOf(pages[1]!)).toMatchObject({ usemarker: 'true', marker: expect.any(String) });
    expect(pages[0]!.headers.authorization).toBe('Bearer box-access-1');
    const byNumber = (n: number) => accounts.find((account) => account.id === boxUserId(n))!;
    expect(byNumber(2)).toEqual({
      id: boxUserId(2),
      email: 'person2@acme.test',
      name: 'Person 2',
      admin: false,
      state: 'active',
      active: true,
      boxStatus: 'active',
      role: 'user',
      createdAt: '2026-01-05T09:00:00-08:00',
    });
    expect(byNumber(1)).toMatchObject({ admin: true, role: 'admin' });
    expect(byNumber(10)).toMatchObject({ admin: true, role: 'coadmin' });
    expect(byNumber(15)).toMatchObject({ state: 'deactivated', active: false, boxStatus: 'inactive' });
    expect(byNumber(20)).toMatchObject({ state: 'active', active: true, boxStatus: 'cannot_delete_edit' });
    expect(byNumber(35)).toMatchObject({ state: 'active', boxStatus: 'cannot_delete_edit_upload' });
  });

  it('a wrong enterprise ID is AUTH_FAILED at the token endpoint (not a reconnect), showing no secret', async () => {
    const error = await rejectionOf(
      client({ ...BOX_APP, enterpriseId: '1' })
        .importUsers()
        .collect(),
    );
    expect(error).toMatchObject({
      code: 'AUTH_FAILED',
      message: expect.stringContaining('invalid_grant: Grant credentials are invalid'),
      hint: expect.stringContaining('tokenParams'),
    });
    expect(JSON.stringify(error)).not.toContain(BOX_APP.clientSecret);
    expect(apiRequests()).toEqual([]);
  });

  it('a wrong client secret is AUTH_FAILED', async () => {
    expect(
      await rejectionOf(
        client({ ...BOX_APP, clientSecret: 'wrong' })
          .importUsers()
          .collect(),
      ),
    ).toMatchObject({ code: 'AUTH_FAILED' });
  });

  it('renews the token with the same grant when Box answers 401, and sends the request again', async () => {
    const connection = client();
    await connection.activateUser({ id: boxUserId(2) });
    // Box revoked every token (an admin re-authorized the app, say): the next request is 401.
    box.state.tokens.clear();
    expect(await connection.deactivateUser({ id: boxUserId(2) })).toMatchObject({ status: 200 });
    const tokenForms = box.server.requests
      .filter((request) => pathOf(request) === '/oauth2/token')
      .map((request) => Object.fromEntries(new URLSearchParams(request.body)));
    expect(tokenForms).toHaveLength(2);
    expect(tokenForms[1]).toEqual(tokenForms[0]);
    expect(apiRequests().map((request) => request.headers.authorization)).toEqual(['Bearer box-access-1', 'Bearer box-access-1', 'Bearer box-access-2']);
    expect(user(boxUserId(2))?.status).toBe('inactive');
  });

  it('waits for Retry-After on 429 and carries on', async () => {
    box.state.rateLimit = { count: 1, retryAfterSeconds: 2 };
    const waits: number[] = [];
    const accounts = await client(BOX_APP, { maxAttempts: 3, sleep: async (ms) => void waits.push(ms) })
      .importUsers()
      .collect();
    expect(accounts).toHaveLength(2058);
    expect(waits).toEqual([2000]);
  });

  it('an app without user management imports and is FORBIDDEN on writes, changing nothing', async () => {
    expect(await client(BOX_READER_APP).importUsers().collect()).toHaveLength(2058);
    const before = structuredClone(box.state.users);
    expect(await rejectionOf(client(BOX_READER_APP).createUser({ email: 'new@acme.test', name: 'New' }))).toMatchObject({ code: 'FORBIDDEN', status: 403 });
    expect(await rejectionOf(client(BOX_READER_APP).deactivateUser({ id: boxUserId(2) }))).toMatchObject({ code: 'FORBIDDEN', status: 403 });
    expect(box.state.users).toEqual(before);
  });

  it('the probe says readOnly for that app and writeAllowed for a full one, creating nothing', async () => {
    expect((await client(BOX_READER_APP).probeCapabilities())?.writes).toBe('readOnly');
    expect((await client().probeCapabilities())?.writes).toBe('writeAllowed');
    expect(box.state.users).toHaveLength(2100);
  });
});

describe('box writes', () => {
  it('creates a managed user, a co-admin for an admin, inactive when asked', async () => {
    const created = await client().createUser({ email: 'nia.new@acme.test', name: 'Nia New' });
    expect(JSON.parse(apiRequests()[0]!.body)).toEqual({ name: 'Nia New', login: 'nia.new@acme.test', role: 'user', status: 'active' });
    expect(created).toMatchObject({ status: 201, account: { id: String(box.state.nextId) } });
    await client().createUser({ email: 'ada@acme.test', name: 'Ada', admin: true });
    expect(box.state.users.at(-1)).toMatchObject({ login: 'ada@acme.test', role: 'coadmin' });
    await client().createUser({ email: 'later@acme.test', name: 'L'.repeat(60) }, { active: false });
    expect(box.state.users.at(-1)).toMatchObject({ login: 'later@acme.test', status: 'inactive', name: 'L'.repeat(50) });
  });

  it('a login already used is CONFLICT (409 user_login_already_used)', async () => {
    const error = await rejectionOf(client().createUser({ email: 'person1@acme.test', name: 'Dup' }));
    expect(error).toMatchObject({ code: 'CONFLICT', status: 409 });
  });

  it('grants and revokes co-admin (custom action)', async () => {
    await client().runCustomAction!('setCoadmin', { coadmin: true }, { account: { id: boxUserId(3) } });
    expect(JSON.parse(apiRequests()[0]!.body)).toEqual({ role: 'coadmin' });
    expect(user(boxUserId(3))?.role).toBe('coadmin');
    await client().runCustomAction!('setCoadmin', { coadmin: false }, { account: { id: boxUserId(3) } });
    expect(user(boxUserId(3))?.role).toBe('user');
  });

  it('refuses to delete a user who owns content (CONFLICT, nothing deleted); delete with their files does', async () => {
    const owner = boxUserId(4);
    const error = await rejectionOf(client().deleteUser({ id: owner }));
    expect(error).toMatchObject({ code: 'CONFLICT', status: 400 });
    expect(queryOf(apiRequests()[0]!)).toEqual({ notify: 'false', force: 'false' });
    expect(user(owner)).toBeDefined();
    expect(await client().runCustomAction!('deleteWithContent', {}, { account: { id: owner } })).toMatchObject({ status: 204 });
    expect(queryOf(apiRequests()[1]!)).toEqual({ notify: 'false', force: 'true' });
    expect(user(owner)).toBeUndefined();
  });

  it('the whole lifecycle: create, deactivate, activate, delete, delete again counted as done', async () => {
    const created = await client().createUser({ email: 'nia.new@acme.test', name: 'Nia New' });
    const id = String(created.account?.id);
    expect((await client().importUsers().collect()).find((account) => account.id === id)).toMatchObject({ email: 'nia.new@acme.test', state: 'active' });
    expect(await client().deactivateUser({ id })).toMatchObject({ status: 200 });
    expect(user(id)?.status).toBe('inactive');
    expect((await client().importUsers().collect()).find((account) => account.id === id)).toMatchObject({ state: 'deactivated', active: false });
    expect(await client().activateUser({ id })).toMatchObject({ status: 200 });
    expect(user(id)?.status).toBe('active');
    expect(await client().deleteUser({ id })).toMatchObject({ status: 204 });
    expect((await client().importUsers().collect()).map((account) => account.id)).not.toContain(id);
    expect(await client().deleteUser({ id })).toMatchObject({ status: 404, alreadyAbsent: true });
    expect(await client().deactivateUser({ id })).toMatchObject({ status: 404, alreadyAbsent: true });
    expect(await client().activateUser({ id })).toMatchObject({ status: 404, alreadyAbsent: true });
  });
});
