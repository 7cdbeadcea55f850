/**
 * specs/prebuilt/google-workspace.yaml against the Google Workspace simulator: the refresh token
 * grant, import over several pages (page tokens, `users` left out of an empty page), states and
 * admin flags, create with a generated one-time password, suspend and unsuspend, delete and delete
 * again counted as done, Google's error bodies and its two quota answers (429 and 403).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connect } from '../../src/index.js';
import type { CompiledConnector } from '../../src/connector.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';
import {
  GOOGLE_ADMIN_GRANT,
  GOOGLE_READONLY_GRANT,
  googleUserId,
  seedGoogleUsers,
  startGoogleWorkspace,
  type GoogleWorkspaceSimulator,
} from '../../src/simulators/google-workspace/index.js';
import { pathOf, queryOf, rejectionOf } from './helpers/assertions.js';
import { loadSpec } from './helpers/load-spec.js';

let google: GoogleWorkspaceSimulator;
let connector: CompiledConnector;
beforeAll(async () => {
  google = await startGoogleWorkspace();
  connector = await loadSpec('specs/prebuilt/google-workspace.yaml');
});
afterAll(() => google.close());
beforeEach(() => {
  google.state.users = seedGoogleUsers(1234);
  google.state.throttleNext = 0;
  google.state.quotaNext = 0;
  google.server.reset();
});

type Grant = { clientId: string; clientSecret: string; refreshToken: string };
function client(grant: Grant = GOOGLE_ADMIN_GRANT, options: Parameters<typeof connect>[2] = {}) {
  return connect(
    connector,
    { ...grant, tokenUrl: google.tokenUrl },
    { egress: ALLOW_LOOPBACK, baseUrl: google.server.origin, retry: { maxAttempts: 1 }, ...options },
  );
}
const directoryRequests = () => google.server.requests.filter((request) => request.url.startsWith('/admin/'));
const user = (id: string) => google.state.users.find((candidate) => candidate.id === id);
const person = { email: 'nia.new@acme.test', name: 'Nia New', firstName: 'Nia', lastName: 'New' };

describe('google-workspace spec', () => {
  it('is prebuilt for all five actions; the operator gives the OAuth client and a refresh token', () => {
    expect(connector.spec).toMatchObject({
      id: 'google-workspace',
      type: 'prebuilt',
      supports: ['importUsers', 'createUser', 'activateUser', 'deactivateUser', 'deleteUser'],
    });
    const required = Object.entries(connector.spec.inputs ?? {})
      .filter(([, input]) => input.required)
      .map(([name]) => name);
    expect(required.sort()).toEqual(['clientId', 'clientSecret', 'refreshToken']);
    expect(connector.spec.inputs?.tokenUrl?.default).toBe('https://oauth2.googleapis.com/token');
  });
});

describe('google-workspace Import Users', () => {
  it('imports every user of the account over page tokens, with state and admin', async () => {
    const accounts = await client().importUsers().collect();
    expect(accounts.map((account) => account.id)).toEqual(google.state.users.map((candidate) => candidate.id));
    const [token, first, second, third] = google.server.requests;
    expect(`${token!.method} ${pathOf(token)}`).toBe('POST /token');
    expect(Object.fromEntries(new URLSearchParams(token!.body))).toEqual({
      grant_type: 'refresh_token',
      refresh_token: GOOGLE_ADMIN_GRANT.refreshToken,
      client_id: GOOGLE_ADMIN_GRANT.clientId,
      client_secret: GOOGLE_ADMIN_GRANT.clientSecret,
    });
    expect(queryOf(first)).toEqual({ customer: 'my_customer', maxResults: '500' });
    expect(queryOf(second)).toEqual({ customer: 'my_customer', maxResults: '500', pageToken: expect.any(String) });
    expect(queryOf(third)).toMatchObject({ pageToken: expect.any(String) });
    expect(directoryRequests()).toHaveLength(3);
    expect(first!.headers.authorization).toMatch(/^Bearer ya29\./u);
    const byNumber = (n: number) => accounts.find((account) => account.id === googleUserId(n))!;
    expect(byNumber(1)).toEqual({ id: googleUserId(1), email: 'person1@acme.test', name: 'Person 1', admin: false, state: 'active', active: true });
    expect(byNumber(9)).toMatchObject({ admin: true, state: 'active' });
    expect(byNumber(13)).toMatchObject({ admin: true });
    expect(byNumber(7)).toMatchObject({ state: 'deactivated', active: false, suspensionReason: 'ADMIN' });
    expect(byNumber(17)).toMatchObject({ state: 'deactivated', active: false });
    expect(byNumber(11)).toMatchObject({ state: 'invited', active: true });
  });

  it('an account without users (Google leaves "users" out) imports nothing, not an error', async () => {
    google.state.users = [];
    expect(await client().importUsers().collect()).toEqual([]);
  });

  it('deleted users are not imported', async () => {
    await client().deleteUser({ id: googleUserId(1) });
    const accounts = await client().importUsers().collect();
    expect(accounts.map((account) => account.id)).not.toContain(googleUserId(1));
    expect(accounts).toHaveLength(1233);
  });

  it('a revoked refresh token (invalid_grant) asks for a new consent; a wrong client secret is AUTH_FAILED; neither error shows them', async () => {
    const revoked = await rejectionOf(
      client({ ...GOOGLE_ADMIN_GRANT, refreshToken: '1//revoked-refresh-token' })
        .importUsers()
        .collect(),
    );
    expect(revoked).toMatchObject({ code: 'RECONNECT_REQUIRED' });
    expect(JSON.stringify(revoked)).not.toContain('1//revoked-refresh-token');
    const wrongClient = await rejectionOf(
      client({ ...GOOGLE_ADMIN_GRANT, clientSecret: 'GOCSPX-wrong-secret' })
        .importUsers()
        .collect(),
    );
    expect(wrongClient).toMatchObject({ code: 'AUTH_FAILED' });
    expect(JSON.stringify(wrongClient)).not.toContain('GOCSPX-wrong-secret');
  });

  it("retries Google's 429 with backoff, then goes on", async () => {
    google.state.throttleNext = 1;
    const waits: number[] = [];
    const accounts = await client(GOOGLE_ADMIN_GRANT, { retry: { maxAttempts: 3 }, sleep: async (ms) => void waits.push(ms) })
      .importUsers()
      .collect();
    expect(waits).toHaveLength(1);
    expect(accounts).toHaveLength(1234);
  });

  it("Google's 403 userRateLimitExceeded is RATE_LIMITED, not FORBIDDEN", async () => {
    google.state.quotaNext = 1;
    expect(await rejectionOf(client().importUsers().collect())).toMatchObject({ code: 'RATE_LIMITED', status: 403 });
  });

  it('a read-only refresh token imports, and is FORBIDDEN on writes, changing nothing', async () => {
    expect(await client(GOOGLE_READONLY_GRANT).importUsers().collect()).toHaveLength(1234);
    const before = structuredClone(google.state.users);
    for (const write of [
      client(GOOGLE_READONLY_GRANT).createUser(person),
      client(GOOGLE_READONLY_GRANT).deactivateUser({ id: googleUserId(1) }),
      client(GOOGLE_READONLY_GRANT).deleteUser({ id: googleUserId(1) }),
    ]) {
      expect(await rejectionOf(write)).toMatchObject({ code: 'FORBIDDEN', status: 403 });
    }
    expect(google.state.users).toEqual(before);
  });
});

describe('google-workspace writes', () => {
  it('creates a user with a generated one-time password, changed at first sign-in, handed back as a secret and never logged', async () => {
    const log: string[] = [];
    const created = await client(GOOGLE_ADMIN_GRANT, { logger: (line) => void log.push(line) }).createUser(person);
    const request = directoryRequests()[0]!;
    expect(`${request.method} ${pathOf(request)}`).toBe('POST /admin/directory/v1/users');
    const password = String(created.secrets?.password);
    expect(password).toHaveLength(20);
    expect(JSON.parse(request.body)).toEqual({
      primaryEmail: 'nia.new@acme.test',
      name: { givenName: 'Nia', familyName: 'New' },
      password,
      changePasswordAtNextLogin: true,
      suspended: false,
    });
    expect(created).toMatchObject({ status: 200, account: { email: 'nia.new@acme.test', name: 'Nia New', state: 'invited', active: true } });
    expect(log.length).toBeGreaterThan(0);
    expect(JSON.stringify([log, created.body])).not.toContain(password);
  });

  it('creates a user suspended when asked for an inactive account (an onboarding activated later)', async () => {
    const before = directoryRequests().length;
    const created = await client(GOOGLE_ADMIN_GRANT).createUser({ email: 'later.start@acme.test', name: 'Later Start' }, { active: false });
    expect(JSON.parse(directoryRequests()[before]!.body)).toMatchObject({ primaryEmail: 'later.start@acme.test', suspended: true });
    expect(created.account).toMatchObject({ state: 'deactivated', active: false });
  });

  it('splits a name without first/last names, sends a one-word name as both, and keeps each within 60 characters', async () => {
    await client().createUser({ email: 'a@acme.test', name: 'Ada Lovelace King' });
    await client().createUser({ email: 'b@acme.test', name: 'Mononym' });
    await client().createUser({ email: 'c@acme.test', name: 'x', firstName: 'G'.repeat(80), lastName: 'F'.repeat(80) });
    const names = directoryRequests().map((request) => (JSON.parse(request.body) as { name: unknown }).name);
    expect(names).toEqual([
      { givenName: 'Ada', familyName: 'Lovelace King' },
      { givenName: 'Mononym', familyName: 'Mononym' },
      { givenName: 'G'.repeat(60), familyName: 'F'.repeat(60) },
    ]);
  });

  it('an email in use, by a deleted user too, is CONFLICT', async () => {
    expect(await rejectionOf(client().createUser({ ...person, email: 'person2@acme.test' }))).toMatchObject({ code: 'CONFLICT', status: 409 });
    await client().deleteUser({ id: googleUserId(3) });
    expect(await rejectionOf(client().createUser({ ...person, email: 'person3@acme.test' }))).toMatchObject({ code: 'CONFLICT', status: 409 });
  });

  it('deactivate suspends and activate unsuspends, with PUT', async () => {
    const id = googleUserId(1);
    expect(await client().deactivateUser({ id })).toMatchObject({ status: 200 });
    expect(user(id)).toMatchObject({ suspended: true, suspensionReason: 'ADMIN' });
    expect(await client().activateUser({ id })).toMatchObject({ status: 200 });
    expect(user(id)?.suspended).toBe(false);
    expect(directoryRequests().map((request) => `${request.method} ${pathOf(request)} ${request.body}`)).toEqual([
      `PUT /admin/directory/v1/users/${id} {"suspended": true}`,
      `PUT /admin/directory/v1/users/${id} {"suspended": false}`,
    ]);
  });

  it('deletes; deleting or suspending a deleted user again is done (alreadyAbsent); activating it is NOT_FOUND', async () => {
    const id = googleUserId(2);
    expect(await client().deleteUser({ id })).toMatchObject({ status: 204 });
    expect(user(id)?.deletionTime).toBeDefined();
    expect(await client().deleteUser({ id })).toMatchObject({ status: 404, alreadyAbsent: true });
    expect(await client().deactivateUser({ id })).toMatchObject({ status: 404, alreadyAbsent: true });
    expect(await rejectionOf(client().activateUser({ id }))).toMatchObject({ code: 'NOT_FOUND', status: 404 });
  });

  it('the whole lifecycle: create, suspend, unsuspend, delete, delete again, and the import sees each state', async () => {
    const created = await client().createUser(person);
    const id = String(created.account?.id);
    const stateOf = async () => (await client().importUsers().collect()).find((account) => account.id === id)?.state;
    expect(await stateOf()).toBe('invited');
    await client().deactivateUser({ id });
    expect(await stateOf()).toBe('deactivated');
    await client().activateUser({ id });
    expect(await stateOf()).toBe('invited');
    await client().deleteUser({ id });
    expect(await stateOf()).toBeUndefined();
    expect(await client().deleteUser({ id })).toMatchObject({ alreadyAbsent: true });
  });
});
