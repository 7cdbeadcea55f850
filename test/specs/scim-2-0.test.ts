/**
 * Contract tests of specs/scim/scim-2.0.yaml against a real SCIM 2.0 service provider (scimmy +
 * scimmy-routers in Express 4, test/targets/scim/) with a small page cap.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connect } from '../../src/index.js';
import type { CompiledConnector } from '../../src/connector.js';
import { NO_QUIRKS } from '../targets/scim/quirks.js';
import { startScimServer, type ScimServer } from '../targets/scim/server.js';
import { seedScimUsers } from '../targets/scim/user-store.js';
import { rejectionOf } from './helpers/assertions.js';
import { loadSpec } from './helpers/load-spec.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';

const TOKEN = 'scim-token-5f1c9a';
const USER_COUNT = 345;
const PAGE_CAP = 25;
const SCIM_JSON = 'application/scim+json';

let server: ScimServer;
let connector: CompiledConnector;
const connectTo = (inputs: Record<string, string | undefined> = { baseUrl: server.baseUrl, token: TOKEN }) =>
  connect(connector, inputs, { egress: ALLOW_LOOPBACK, retry: { maxAttempts: 1 } });
const requestsOf = (method: string) => server.requests.filter((request) => request.method === method);

beforeAll(async () => {
  server = await startScimServer({ token: TOKEN, pageCap: PAGE_CAP });
  connector = await loadSpec('specs/scim/scim-2.0.yaml');
});
afterAll(() => server.close());
beforeEach(() => {
  server.store.users = new Map(seedScimUsers({ count: USER_COUNT }).map((user) => [user.id, user]));
  server.store.pageCap = PAGE_CAP;
  Object.assign(server.quirks, NO_QUIRKS);
  server.requests.length = 0;
});

describe('scim-2-0 Import Users', () => {
  it('walks several hundred users across capped pages by startIndex, each once', async () => {
    const accounts = await connectTo().importUsers().collect();

    expect(accounts).toHaveLength(USER_COUNT);
    expect(new Set(accounts.map((account) => account.id)).size).toBe(USER_COUNT);
    const lists = requestsOf('GET');
    const starts = lists.map((request) => Number(new URL(request.url, 'http://x').searchParams.get('startIndex')));
    // The server returns at most PAGE_CAP users whatever count asks for: the next page starts after them.
    expect(starts).toEqual(Array.from({ length: Math.ceil(USER_COUNT / PAGE_CAP) }, (_, page) => 1 + page * PAGE_CAP));
    for (const request of lists) {
      expect(new URL(request.url, 'http://x').pathname).toBe('/scim/v2/Users');
      expect(new URL(request.url, 'http://x').searchParams.get('count')).toBe('100');
      expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(request.headers.accept).toBe(SCIM_JSON);
    }
  });

  it('stops at totalResults when the server would repeat the first page past the end', async () => {
    server.store.users = new Map(seedScimUsers({ count: 100 }).map((user) => [user.id, user]));
    const accounts = await connectTo().importUsers().collect();
    expect(accounts.map((account) => account.id)).toEqual([...server.store.users.keys()]);
  });

  it('maps email, name and active from what the server sends', async () => {
    const accounts = await connectTo().importUsers().collect();
    const byId = new Map(accounts.map((account) => [account.id, account]));
    // u-0001: displayName and a primary email.
    expect(byId.get('u-0001')).toEqual({
      id: 'u-0001',
      email: 'person0001@example.com',
      name: 'Person 0001',
      active: true,
      userName: 'person0001@example.com',
    });
    // u-0002: no displayName -> givenName + familyName.
    expect(byId.get('u-0002')?.name).toBe('Given0002 Family0002');
    // u-0004: no emails -> userName, which is an email address.
    expect(byId.get('u-0004')?.email).toBe('person0004@example.com');
    // Every fifth user is inactive.
    expect(byId.get('u-0005')?.active).toBe(false);
  });

  it('tolerates "True"/"False" strings, numeric ids, secondary emails and missing attributes (preview)', async () => {
    const preview = await connectTo().preview({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
      totalResults: 4,
      Resources: [
        { id: 17, userName: 'ann', active: 'False', emails: [{ value: 'other@x.io' }, { value: 'ann@x.io', primary: 'true' }], name: { formatted: 'Ann Lee' } },
        { id: '18', userName: 'bo@x.io', active: 'True', displayName: '', name: { givenName: 'Bo' } },
        { id: '19', userName: 'cy', emails: [{ value: 'cy@x.io' }] },
        { id: '20', userName: 'not-an-email' },
      ],
    });
    const accounts = preview.records.map((record) => record.account);
    expect(accounts).toEqual([
      { id: '17', email: 'ann@x.io', name: 'Ann Lee', active: false, userName: 'ann' },
      { id: '18', email: 'bo@x.io', name: 'Bo', active: true, userName: 'bo@x.io' },
      { id: '19', email: 'cy@x.io', name: '', userName: 'cy' },
      { id: '20', email: '', name: '', userName: 'not-an-email' },
    ]);
  });

  it('tolerates numbers and booleans as strings and an itemsPerPage echoing the requested count', async () => {
    Object.assign(server.quirks, { stringNumbers: true, stringBooleans: true, echoRequestedCount: true });
    const accounts = await connectTo().importUsers().collect();
    expect(new Set(accounts.map((account) => account.id)).size).toBe(USER_COUNT);
    expect(accounts.filter((account) => account.active === false)).toHaveLength(USER_COUNT / 5);
    expect(accounts.every((account) => typeof account.active === 'boolean')).toBe(true);
  });

  it('reads an empty tenant without Resources as no users', async () => {
    server.store.users = new Map();
    server.quirks.omitEmptyResources = true;
    expect(await connectTo().importUsers().collect()).toEqual([]);
    expect(requestsOf('GET')).toHaveLength(1);
  });
});

describe('scim-2-0 writes', () => {
  const person = { email: 'dana.novak@example.com', name: 'Dana Novak', firstName: 'Dana', lastName: 'Novak' };

  it('creates a user with POST /Users and the SCIM core User body', async () => {
    const result = await connectTo().createUser(person);
    const [request] = requestsOf('POST');
    expect(request?.url).toBe('/scim/v2/Users');
    expect(request?.headers['content-type']).toMatch(/^application\/scim\+json/);
    expect(request?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request?.body).toEqual({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: 'dana.novak@example.com',
      name: { formatted: 'Dana Novak', givenName: 'Dana', familyName: 'Novak' },
      displayName: 'Dana Novak',
      emails: [{ value: 'dana.novak@example.com', type: 'work', primary: true }],
      active: true,
    });
    expect(result.status).toBe(201);
    const id = String(result.account?.id);
    expect(server.store.users.get(id)).toMatchObject({ userName: 'dana.novak@example.com', active: true });
    expect(result.account).toMatchObject({ email: 'dana.novak@example.com', name: 'Dana Novak', active: true });
  });

  it('creates the user inactive ("active": false) when asked, for an activation at a chosen time', async () => {
    const result = await connectTo().createUser({ ...person, email: 'later@example.com' }, { active: false });
    expect(requestsOf('POST')[0]?.body).toMatchObject({ userName: 'later@example.com', active: false });
    expect(server.store.users.get(String(result.account?.id))).toMatchObject({ userName: 'later@example.com', active: false });
    expect(result.account).toMatchObject({ email: 'later@example.com', active: false });
  });

  it('reports a duplicate userName (409 uniqueness) as CONFLICT', async () => {
    const error = await rejectionOf(connectTo().createUser({ ...person, email: 'PERSON0001@example.com' }));
    expect(error).toMatchObject({ code: 'CONFLICT', status: 409, action: 'createUser' });
    expect(String(error.message)).toContain('already exists');
  });

  it.each([
    { action: 'deactivateUser' as const, value: false },
    { action: 'activateUser' as const, value: true },
  ])('$action sends a PatchOp replacing active with $value', async ({ action, value }) => {
    const user = server.store.users.get('u-0005');
    if (user !== undefined) user.active = !value;
    const result = await connectTo()[action]({ id: 'u-0005', email: 'person0005@example.com', name: 'Given0005 Family0005' });
    const [request] = requestsOf('PATCH');
    expect(request?.url).toBe('/scim/v2/Users/u-0005');
    expect(request?.headers['content-type']).toMatch(/^application\/scim\+json/);
    expect(request?.body).toEqual({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', path: 'active', value }],
    });
    expect(server.store.users.get('u-0005')?.active).toBe(value);
    expect(result.account).toMatchObject({ id: 'u-0005', active: value });
  });

  it('deletes with DELETE /Users/{id}; a second delete is already absent', async () => {
    const account = { id: 'u-0007', email: 'person0007@example.com', name: 'Person 0007' };
    expect(await connectTo().deleteUser(account)).toMatchObject({ status: 204 });
    expect(server.store.users.has('u-0007')).toBe(false);
    expect(await connectTo().deleteUser(account)).toMatchObject({ status: 404, alreadyAbsent: true });
    expect(requestsOf('DELETE').map((request) => request.url)).toEqual(['/scim/v2/Users/u-0007', '/scim/v2/Users/u-0007']);
  });

  it('reports a wrong token as AUTH_FAILED', async () => {
    const error = await rejectionOf(connectTo({ baseUrl: server.baseUrl, token: 'wrong-token' }).importUsers().collect());
    expect(error).toMatchObject({ code: 'AUTH_FAILED', status: 401 });
    expect(JSON.stringify(error)).not.toContain('wrong-token');
  });

  it('needs the SCIM base URL input', async () => {
    expect(() => connectTo({ token: TOKEN })).toThrow(expect.objectContaining({ code: 'CONFIG' }));
  });
});
