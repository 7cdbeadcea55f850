/**
 * Contract tests of specs/prebuilt/incident-platform.yaml, Create User and Delete User: the exact
 * requests (From header from the owner lookup, cached per connection, overridable), the accounts
 * returned, and every error case (403 read-only key, 402, 400 assigned incidents, 404 absent).
 */
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { serveHandlers } from '../../src/simulators/serve-handlers.js';
import { DEMO_FULL_ACCESS_KEY, DEMO_READ_ONLY_KEY, PAGERDUTY_ACCEPT } from '../../src/simulators/incident-platform/index.js';
import { queryOf, rejectionOf } from './helpers/assertions.js';
import { useIncidentPlatform } from './helpers/incident-platform-fixture.js';

const fixture = useIncidentPlatform(40);
const person = { email: 'nia.park@example.com', name: 'Nia Park', firstName: 'Nia', lastName: 'Park' };
const FULL_ACCESS_HINT = /full-access \(read\/write\) API key; a read-only key\s+supports Import Users only/;

describe('incident-platform Create User', () => {
  it('sends POST /users with the user body and the owner as From, and returns the mapped account', async () => {
    const owner = fixture.simulator.state.users[0];
    const result = await fixture.connectTo().createUser(person);

    const [lookup] = fixture.requestsTo('GET', '/users');
    expect(queryOf(lookup)).toEqual({ limit: '100' });
    const [create] = fixture.requestsTo('POST', '/users');
    expect(create?.url).toBe('/users');
    expect(create?.headers).toMatchObject({
      authorization: `Token token=${DEMO_FULL_ACCESS_KEY}`,
      accept: PAGERDUTY_ACCEPT,
      'content-type': expect.stringMatching(/^application\/json/),
      from: owner?.email,
    });
    expect(JSON.parse(create?.body ?? '')).toEqual({
      user: { type: 'user', name: 'Nia Park', email: 'nia.park@example.com', role: 'user' },
    });
    const stored = fixture.simulator.state.users.at(-1);
    expect(result.status).toBe(201);
    expect(result.account).toEqual({ id: stored?.id, email: 'nia.park@example.com', name: 'Nia Park', admin: false, role: 'user', state: 'active' });
  });

  it('creates an admin when the person is marked admin', async () => {
    const result = await fixture.connectTo().createUser({ ...person, admin: true });
    expect(JSON.parse(fixture.requestsTo('POST', '/users')[0]?.body ?? '').user.role).toBe('admin');
    expect(result.account).toMatchObject({ admin: true, role: 'admin' });
  });

  it('keeps a name full of JSON syntax one string', async () => {
    const name = 'Ann", "role": "owner';
    await fixture.connectTo().createUser({ ...person, name });
    expect(JSON.parse(fixture.requestsTo('POST', '/users')[0]?.body ?? '').user).toEqual({ type: 'user', name, email: person.email, role: 'user' });
  });

  it('looks the From email up once per connection', async () => {
    const client = fixture.connectTo();
    await client.createUser(person);
    await client.createUser({ ...person, email: 'second@example.com' });
    expect(fixture.requestsTo('GET', '/users')).toHaveLength(1);
    expect(fixture.requestsTo('POST', '/users')).toHaveLength(2);

    await fixture.connectTo().createUser({ ...person, email: 'third@example.com' });
    expect(fixture.requestsTo('GET', '/users')).toHaveLength(2);
  });

  it('takes an admin email when the owner has none', async () => {
    const { users } = fixture.simulator.state;
    delete users[0]?.email;
    const admin = users.find((user) => user.role === 'admin' && user.email !== undefined);
    await fixture.connectTo().createUser(person);
    expect(fixture.requestsTo('POST', '/users')[0]?.headers.from).toBe(admin?.email);
  });

  it('asks for the fromEmail input, sending nothing, when neither owner nor admin has an email', async () => {
    for (const user of fixture.simulator.state.users) if (user.role === 'owner' || user.role === 'admin') delete user.email;
    const error = await rejectionOf(fixture.connectTo().createUser(person));
    expect(error).toMatchObject({ code: 'CONFIG', action: 'lookup:fromEmail' });
    expect(String(error.hint)).toContain('fromEmail');
    expect(fixture.requestsTo('POST', '/users')).toEqual([]);
  });

  it('uses the fromEmail input instead of a lookup when it is filled in', async () => {
    const someone = fixture.simulator.state.users[5]?.email;
    await fixture.connectTo({ token: DEMO_FULL_ACCESS_KEY, fromEmail: someone }).createUser(person);
    expect(fixture.requestsTo('GET', '/users')).toEqual([]);
    expect(fixture.requestsTo('POST', '/users')[0]?.headers.from).toBe(someone);
  });

  it('reports PagerDuty validation errors with their messages', async () => {
    const taken = fixture.simulator.state.users[1]?.email ?? '';
    const error = await rejectionOf(fixture.connectTo().createUser({ ...person, email: taken }));
    expect(error).toMatchObject({ code: 'TARGET_ERROR', status: 400, action: 'createUser' });
    expect(String(error.message)).toContain('Invalid Input Provided: Email has already been taken.');
  });

  it('refuses with FORBIDDEN and the full-access hint when the key is read-only', async () => {
    const error = await rejectionOf(fixture.connectTo({ token: DEMO_READ_ONLY_KEY }).createUser(person));
    expect(error).toMatchObject({ code: 'FORBIDDEN', status: 403, action: 'createUser' });
    expect(String(error.hint)).toMatch(FULL_ACCESS_HINT);
    expect(fixture.simulator.state.users).toHaveLength(40);
  });

  it('reports 402 as PAYMENT_REQUIRED: the account lacks the ability', async () => {
    fixture.simulator.state.canManageUsers = false;
    const error = await rejectionOf(fixture.connectTo().createUser(person));
    expect(error).toMatchObject({ code: 'PAYMENT_REQUIRED', status: 402 });
    expect(String(error.message)).toContain('lacks the ability');
  });
});

describe('incident-platform Delete User', () => {
  const accountAt = (index: number) => {
    const user = fixture.simulator.state.users[index];
    if (user === undefined) throw new Error(`no user ${index}`);
    return { id: user.id, email: user.email ?? '', name: user.name };
  };

  it('sends DELETE /users/{id} and succeeds on 204', async () => {
    const account = accountAt(3);
    const result = await fixture.connectTo().deleteUser(account);
    const [request] = fixture.requestsTo('DELETE', `/users/${account.id}`);
    expect(request?.url).toBe(`/users/${account.id}`);
    expect(request?.headers).toMatchObject({ authorization: `Token token=${DEMO_FULL_ACCESS_KEY}`, accept: PAGERDUTY_ACCEPT });
    expect(request?.headers.from).toBeUndefined();
    expect(request?.body).toBe('');
    expect(result).toMatchObject({ status: 204 });
    expect(result.alreadyAbsent ?? false).toBe(false);
    expect(fixture.simulator.state.users.some((user) => user.id === account.id)).toBe(false);
  });

  it('treats 404 as already absent, and keeps an odd id inside its path segment', async () => {
    const result = await fixture.connectTo().deleteUser({ id: '../teams/P1?x#y', email: '', name: '' });
    expect(result).toMatchObject({ status: 404, alreadyAbsent: true });
    expect(fixture.simulator.server.requests.map((request) => request.url)).toEqual(['/users/..%2Fteams%2FP1%3Fx%23y']);
    expect(fixture.simulator.state.forbiddenCalls).toEqual([]);
  });

  it('a 404 from another server (a wrong base URL) is NOT_FOUND, not "already absent": the leaver would stay', async () => {
    const wrong = await serveHandlers(
      http.delete('*', () => new HttpResponse('<!doctype html><title>404</title>', { status: 404, headers: { 'content-type': 'text/html' } })),
    );
    try {
      const error = await rejectionOf(fixture.connectTo(undefined, { baseUrl: wrong.origin }).deleteUser(accountAt(2)));
      expect(error).toMatchObject({ code: 'NOT_FOUND', status: 404, hint: expect.stringContaining('HTML page') });
    } finally {
      await wrong.close();
    }
  });

  it('says the user still has assigned incidents when PagerDuty refuses for that reason', async () => {
    const account = accountAt(4);
    const user = fixture.simulator.state.users[4];
    if (user !== undefined) user.hasAssignedIncidents = true;
    const error = await rejectionOf(fixture.connectTo().deleteUser(account));
    expect(error).toMatchObject({ code: 'TARGET_ERROR', status: 400, action: 'deleteUser' });
    expect(String(error.message)).toContain('still has assigned incidents');
    expect(String(error.hint)).toContain('Resolve or reassign');
  });

  it('refuses with FORBIDDEN and the full-access hint when the key is read-only', async () => {
    const error = await rejectionOf(fixture.connectTo({ token: DEMO_READ_ONLY_KEY }).deleteUser(accountAt(3)));
    expect(error).toMatchObject({ code: 'FORBIDDEN', status: 403, action: 'deleteUser' });
    expect(String(error.hint)).toMatch(FULL_ACCESS_HINT);
  });

  it('reports 402 as PAYMENT_REQUIRED', async () => {
    fixture.simulator.state.canManageUsers = false;
    const error = await rejectionOf(fixture.connectTo().deleteUser(accountAt(3)));
    expect(error).toMatchObject({ code: 'PAYMENT_REQUIRED', status: 402 });
  });
});
