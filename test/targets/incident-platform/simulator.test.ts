/**
 * The incident platform simulator keeps PagerDuty's REST API v2 users contract, so the contract
 * tests of the prebuilt spec prove something about the real API.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { request } from 'undici';
import {
  DEMO_FULL_ACCESS_KEY,
  DEMO_READ_ONLY_KEY,
  createConcurrencyState,
  holdCreations,
  PAGERDUTY_ACCEPT,
  seedUsers,
  startIncidentPlatform,
  type IncidentPlatformSimulator,
} from '../../../src/simulators/incident-platform/index.js';

let simulator: IncidentPlatformSimulator;

const headers = (key = DEMO_FULL_ACCESS_KEY): Record<string, string> => ({
  authorization: `Token token=${key}`,
  accept: PAGERDUTY_ACCEPT,
});

async function call(method: 'GET' | 'POST' | 'DELETE', path: string, init: { headers?: Record<string, string>; body?: unknown } = {}) {
  const response = await request(`${simulator.server.origin}${path}`, {
    method,
    headers: { ...headers(), ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.body.text();
  return { status: response.statusCode, headers: response.headers, body: text === '' ? undefined : (JSON.parse(text) as Record<string, any>) };
}

beforeAll(async () => {
  simulator = await startIncidentPlatform({ users: seedUsers({ count: 130 }) });
});
afterAll(() => simulator.close());
beforeEach(() => {
  simulator.state.users = seedUsers({ count: 130 });
  simulator.state.canManageUsers = true;
  simulator.state.rateLimit.remaining = simulator.state.rateLimit.limit;
});

describe('incident platform simulator: authentication and version', () => {
  it.each([
    { given: 'no Authorization header', auth: {} },
    { given: 'a Bearer token', auth: { authorization: `Bearer ${DEMO_FULL_ACCESS_KEY}` } },
    { given: 'an unknown key', auth: { authorization: 'Token token=nope' } },
  ])('answers 401 with the PagerDuty error body for $given', async ({ auth }) => {
    const response = await request(`${simulator.server.origin}/users`, { headers: { accept: PAGERDUTY_ACCEPT, ...auth } });
    expect(response.statusCode).toBe(401);
    expect(await response.body.json()).toEqual({ error: { code: 2006, message: 'Authentication failed' } });
  });

  it('refuses a request without the version 2 Accept header', async () => {
    const response = await call('GET', '/users', { headers: { accept: 'application/json' } });
    expect(response.status).toBe(406);
    expect(response.body?.error.errors).toEqual([`Accept header must be ${PAGERDUTY_ACCEPT}`]);
  });
});

describe('incident platform simulator: GET /users', () => {
  it('pages with limit 25 by default and reports more, with total null', async () => {
    const response = await call('GET', '/users');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ limit: 25, offset: 0, more: true, total: null });
    expect(response.body?.users).toHaveLength(25);
    const [owner] = response.body?.users as Record<string, unknown>[];
    expect(owner).toMatchObject({ type: 'user', role: 'owner', summary: owner?.name, time_zone: expect.any(String) });
    expect(owner?.id).toMatch(/^P[A-Z0-9]{6}$/);
    expect(owner?.self).toBe(`https://api.pagerduty.com/users/${String(owner?.id)}`);
    expect(owner?.html_url).toBe(`https://acme.pagerduty.com/users/${String(owner?.id)}`);
  });

  it('caps limit at 100 and ends with more false', async () => {
    const response = await call('GET', '/users?limit=500&offset=100');
    expect(response.body).toMatchObject({ limit: 100, offset: 100, more: false });
    expect(response.body?.users).toHaveLength(30);
  });

  it('refuses offset + limit beyond 10000 with a 400', async () => {
    const response = await call('GET', '/users?limit=100&offset=9901');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: { code: 2001, message: 'Invalid Input Provided', errors: ['Offset + limit must not exceed 10000.'] },
    });
    expect((await call('GET', '/users?limit=100&offset=9900')).status).toBe(200);
  });

  it('seeds users without an email', async () => {
    const response = await call('GET', '/users?limit=100');
    expect((response.body?.users as { email: unknown }[]).filter((user) => user.email === null).length).toBeGreaterThan(0);
  });
});

describe('incident platform simulator: POST /users', () => {
  const newUser = { user: { type: 'user', name: 'Nia Park', email: 'nia.park@example.com', role: 'admin' } };
  const from = (): Record<string, string> => ({ from: simulator.state.users[0]?.email ?? '' });

  it('creates a user when From names a user of the account', async () => {
    const response = await call('POST', '/users', { headers: from(), body: newUser });
    expect(response.status).toBe(201);
    expect(response.body?.user).toMatchObject({ name: 'Nia Park', email: 'nia.park@example.com', role: 'admin', type: 'user' });
    expect(simulator.state.users.at(-1)?.email).toBe('nia.park@example.com');
  });

  it.each<{ given: string; extra: Record<string, string>; body: unknown; error: string }>([
    { given: 'no From header', extra: {}, body: newUser, error: 'The From header must be the email address of a valid user of this account.' },
    {
      given: 'a From of a stranger',
      extra: { from: 'stranger@example.com' },
      body: newUser,
      error: 'The From header must be the email address of a valid user of this account.',
    },
  ])('answers 400 for $given', async ({ extra, body, error }) => {
    const response = await call('POST', '/users', { headers: extra, body });
    expect(response.status).toBe(400);
    expect(response.body?.error.errors).toEqual([error]);
  });

  it('validates the user and reports every problem', async () => {
    const existing = simulator.state.users[0]?.email;
    const response = await call('POST', '/users', { headers: from(), body: { user: { type: 'person', name: ' ', email: existing, role: 'owner' } } });
    expect(response.status).toBe(400);
    expect(response.body?.error).toEqual({
      code: 2001,
      message: 'Invalid Input Provided',
      errors: ['Type must be "user".', "Name can't be blank.", 'Email has already been taken.', 'Role is not a valid role.'],
    });
  });

  it('answers 403 to a read-only key and 402 to an account without the ability', async () => {
    const readOnly = await call('POST', '/users', { headers: { ...from(), authorization: `Token token=${DEMO_READ_ONLY_KEY}` }, body: newUser });
    expect(readOnly.status).toBe(403);
    expect(readOnly.body?.error.code).toBe(2010);
    simulator.state.canManageUsers = false;
    const unable = await call('POST', '/users', { headers: from(), body: newUser });
    expect(unable.status).toBe(402);
    expect(unable.body?.error.errors).toEqual(['Account does not have the abilities to perform the action.']);
  });
});

describe('incident platform simulator: DELETE /users/{id}', () => {
  it('deletes with 204, then answers 404', async () => {
    const id = simulator.state.users[3]?.id ?? '';
    expect((await call('DELETE', `/users/${id}`)).status).toBe(204);
    const again = await call('DELETE', `/users/${id}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: { code: 2100, message: 'Not Found' } });
  });

  it('refuses to delete a user with assigned incidents', async () => {
    const user = simulator.state.users[4];
    if (user === undefined) throw new Error('seed too small');
    user.hasAssignedIncidents = true;
    const response = await call('DELETE', `/users/${user.id}`);
    expect(response.status).toBe(400);
    expect(response.body?.error.errors).toEqual(['User has assigned incidents. Resolve or reassign them before deleting the user.']);
  });
});

describe('incident platform simulator: rate limit and out-of-scope endpoints', () => {
  it('answers 429 with ratelimit headers and no Retry-After when the window is used up', async () => {
    simulator.state.rateLimit.remaining = 0;
    const response = await call('GET', '/users');
    expect(response.status).toBe(429);
    expect(response.headers).toMatchObject({ 'ratelimit-limit': '960', 'ratelimit-remaining': '0', 'ratelimit-reset': '60' });
    expect(response.headers['retry-after']).toBeUndefined();
  });

  it('records calls to teams, schedules, escalation policies and on-calls', async () => {
    await call('GET', '/teams');
    await call('GET', '/schedules/PABC123');
    expect(simulator.state.forbiddenCalls).toEqual(['GET /teams', 'GET /schedules/PABC123']);
    simulator.state.forbiddenCalls.length = 0;
  });
});

describe('incident platform simulator: concurrent user creations', () => {
  it('refuses the creation over the limit in flight with 429 and the PagerDuty error body, then accepts again', async () => {
    // The creations within the limit are held until the third has been answered.
    simulator.state.createConcurrency = { ...createConcurrencyState(), limit: 2 };
    const release = holdCreations(simulator.state);
    const from = { from: simulator.state.users[0]?.email ?? '' };
    const create = (index: number) =>
      call('POST', '/users', { headers: from, body: { user: { type: 'user', name: `C ${index}`, email: `c${index}@example.com`, role: 'user' } } });
    const calls = [0, 1, 2].map(create);
    const [firstAnswered] = await Promise.race(calls.map((answer, index) => answer.then(() => [index])));
    release();
    const answers = await Promise.all(calls);
    expect(answers[firstAnswered!]?.status).toBe(429);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(2);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.body).toEqual({
      error: { code: 2020, message: 'Rate Limit Exceeded', errors: ['No more than 2 users can be created at one time.'] },
    });
    expect(refused[0]?.headers).toMatchObject({ 'ratelimit-limit': '960', 'ratelimit-reset': '60' });
    expect(simulator.state.createConcurrency).toMatchObject({ inFlight: 0, peak: 2, refused: 1 });
    expect((await create(3)).status).toBe(201);
    simulator.state.createConcurrency = createConcurrencyState();
  });

  it('allows 50 at once by default, as PagerDuty does', () => {
    expect(createConcurrencyState()).toMatchObject({ limit: 50, delayMs: 0, inFlight: 0 });
  });
});
