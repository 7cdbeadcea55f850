/**
 * specs/prebuilt/gitlab.yaml against the GitLab simulator: the token in PRIVATE-TOKEN, import over
 * keyset pages of 100 (admin from is_admin, GitLab's states mapped, internal users and project bots
 * left out), create with a password reset email, block (deactivate), unblock or reactivate
 * (activate), delete, delete again counted as done, the probe telling an administrator's api
 * token from a read_api or non-admin one, and GitLab's error bodies.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connect } from '../../src/index.js';
import type { CompiledConnector } from '../../src/connector.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';
import {
  GITLAB_ADMIN_TOKEN,
  GITLAB_READ_API_TOKEN,
  GITLAB_USER_TOKEN,
  importableGitLabUsers,
  seedGitLabUsers,
  startGitLab,
  type GitLabSimulator,
} from '../../src/simulators/gitlab/index.js';
import { pathOf, queryOf, rejectionOf } from './helpers/assertions.js';
import { loadSpec } from './helpers/load-spec.js';

let gitlab: GitLabSimulator;
let connector: CompiledConnector;
beforeAll(async () => {
  gitlab = await startGitLab();
  connector = await loadSpec('specs/prebuilt/gitlab.yaml');
});
afterAll(() => gitlab.close());
beforeEach(() => {
  gitlab.state.users = seedGitLabUsers(250);
  gitlab.state.hooks = [];
  gitlab.state.passwordResets = [];
  gitlab.server.reset();
});

function client(token: string = GITLAB_ADMIN_TOKEN) {
  return connect(connector, { token, baseUrl: gitlab.baseUrl }, { egress: ALLOW_LOOPBACK, retry: { maxAttempts: 1 } });
}
const user = (id: string) => gitlab.state.users.find((candidate) => String(candidate.id) === id);

describe('gitlab spec', () => {
  it('is prebuilt for import, create, activate, deactivate and delete, with a probe', () => {
    expect(connector.spec).toMatchObject({
      id: 'gitlab',
      type: 'prebuilt',
      supports: ['importUsers', 'createUser', 'activateUser', 'deactivateUser', 'deleteUser'],
      probe: { method: 'POST', path: '/hooks' },
    });
    const required = Object.entries(connector.spec.inputs ?? {})
      .filter(([, input]) => input.required)
      .map(([name]) => name);
    expect(required.sort()).toEqual(['baseUrl', 'token']);
  });
});

describe('gitlab Import Users', () => {
  it('imports every person over keyset pages of 100 following the Link header, with the token in PRIVATE-TOKEN', async () => {
    const accounts = await client().importUsers().collect();
    expect(accounts.map((account) => account.id)).toEqual(importableGitLabUsers(gitlab.state).map((candidate) => String(candidate.id)));
    expect(accounts).toHaveLength(251);
    const requests = gitlab.server.requests;
    expect(requests.map((request) => `${request.method} ${pathOf(request)}`)).toEqual(Array(3).fill('GET /api/v4/users'));
    const first = { pagination: 'keyset', order_by: 'id', sort: 'asc', exclude_internal: 'true', without_project_bots: 'true', per_page: '100' };
    expect(queryOf(requests[0])).toEqual(first);
    // The next pages are the Link header's URLs: the same query and GitLab's cursor.
    for (const request of requests.slice(1)) expect(queryOf(request)).toEqual({ ...first, cursor: expect.any(String) });
    expect(requests[0]!.headers['private-token']).toBe(GITLAB_ADMIN_TOKEN);
    expect(requests[0]!.headers.authorization).toBeUndefined();
  });

  it('maps admin, name and GitLab’s states', async () => {
    const accounts = await client().importUsers().collect();
    const byNumber = (n: number) => accounts.find((account) => account.id === String(n + 1))!;
    expect(byNumber(1)).toEqual({
      id: '2',
      email: 'person1@acme.test',
      name: 'Person 1',
      admin: false,
      state: 'active',
      active: true,
      username: 'person1',
      gitlabState: 'active',
      lastSignInAt: '2026-01-05T09:00:00.000Z',
    });
    expect(byNumber(10)).toMatchObject({ admin: true });
    expect(byNumber(12)).toMatchObject({ name: 'person12' });
    expect(byNumber(15)).toMatchObject({ state: 'deactivated', active: false, gitlabState: 'blocked' });
    expect(byNumber(21)).toMatchObject({ state: 'deactivated', active: false, gitlabState: 'deactivated' });
    expect(byNumber(33)).toMatchObject({ state: 'invited', active: false, gitlabState: 'blocked_pending_approval' });
    expect(accounts.map((account) => account.username)).not.toContain('ghost');
    expect(accounts.map((account) => account.username)).not.toContain('project_7_bot_1');
  });

  it('a wrong token is AUTH_FAILED', async () => {
    expect(await rejectionOf(client('glpat-wrong').importUsers().collect())).toMatchObject({ code: 'AUTH_FAILED', status: 401 });
  });

  it('a read_api token imports and is FORBIDDEN on writes, changing nothing', async () => {
    expect(await client(GITLAB_READ_API_TOKEN).importUsers().collect()).toHaveLength(251);
    const before = structuredClone(gitlab.state.users);
    const refused = await rejectionOf(client(GITLAB_READ_API_TOKEN).deactivateUser({ id: '2' }));
    expect(refused).toMatchObject({ code: 'FORBIDDEN', status: 403 });
    expect(String(refused.message)).toContain('higher privileges');
    expect(gitlab.state.users).toEqual(before);
  });
});

describe('gitlab probe', () => {
  it.each([
    { token: GITLAB_ADMIN_TOKEN, writes: 'writeAllowed', status: 400 },
    { token: GITLAB_READ_API_TOKEN, writes: 'readOnly', status: 403 },
    { token: GITLAB_USER_TOKEN, writes: 'readOnly', status: 403 },
  ])('an empty system hook tells $writes ($status)', async ({ token, writes, status }) => {
    const probe = await client(token).probeCapabilities();
    expect(probe).toMatchObject({ writes, status });
    expect(gitlab.server.requests.map((request) => `${request.method} ${pathOf(request)} ${request.body}`)).toEqual(['POST /api/v4/hooks {}']);
    expect(gitlab.state.hooks).toEqual([]);
  });
});

describe('gitlab writes', () => {
  it('creates a user who gets GitLab’s password reset email, admin as asked, username from the email', async () => {
    const created = await client().createUser({ email: 'nia.new@acme.test', name: 'Nia New', admin: true });
    expect(JSON.parse(gitlab.server.requests[0]!.body)).toEqual({
      email: 'nia.new@acme.test',
      name: 'Nia New',
      username: 'nia.new',
      reset_password: true,
      skip_confirmation: true,
      admin: true,
    });
    expect(created).toMatchObject({ status: 201, account: { id: String(gitlab.state.nextId), email: 'nia.new@acme.test', admin: true, state: 'active' } });
    expect(gitlab.state.passwordResets).toEqual(['nia.new@acme.test']);
  });

  it('an email or username already taken is CONFLICT (409); a username GitLab refuses says why', async () => {
    expect(await rejectionOf(client().createUser({ email: 'person1@acme.test', name: 'Dup' }))).toMatchObject({ code: 'CONFLICT', status: 409 });
    expect(await rejectionOf(client().createUser({ email: 'person2@elsewhere.test', name: 'Dup' }))).toMatchObject({ code: 'CONFLICT', status: 409 });
    const refused = await rejectionOf(client().createUser({ email: 'nia+git@acme.test', name: 'Nia' }));
    expect(refused).toMatchObject({ status: 400 });
    expect(String(refused.message)).toContain('username can contain only letters');
  });

  it('the whole lifecycle: create, block, unblock, delete, delete again counted as done', async () => {
    const created = await client().createUser({ email: 'nia.new@acme.test', name: 'Nia New' });
    const id = String(created.account?.id);
    expect((await client().importUsers().collect()).find((account) => account.id === id)).toMatchObject({ email: 'nia.new@acme.test', state: 'active' });
    expect(await client().deactivateUser({ id })).toMatchObject({ status: 201 });
    expect(user(id)?.state).toBe('blocked');
    // Blocking a blocked user is 201 again.
    expect(await client().deactivateUser({ id })).toMatchObject({ status: 201 });
    const blocked = (await client().importUsers().collect()).find((account) => account.id === id)!;
    expect(blocked).toMatchObject({ state: 'deactivated', gitlabState: 'blocked' });
    expect(await client().activateUser(blocked)).toMatchObject({ status: 201 });
    expect(user(id)?.state).toBe('active');
    expect(gitlab.server.requests.filter((request) => request.method === 'POST').map((request) => pathOf(request))).toContain(`/api/v4/users/${id}/unblock`);
    expect(await client().deleteUser({ id })).toMatchObject({ status: 204 });
    expect((await client().importUsers().collect()).map((account) => account.id)).not.toContain(id);
    expect(await client().deleteUser({ id })).toMatchObject({ status: 404, alreadyAbsent: true });
    expect(await client().deactivateUser({ id })).toMatchObject({ status: 404, alreadyAbsent: true });
  });

  it('a user GitLab deactivated (dormant) is reactivated, which an unblock would be refused', async () => {
    const dormant = (await client().importUsers().collect()).find((account) => account.id === '22')!;
    expect(dormant).toMatchObject({ gitlabState: 'deactivated' });
    gitlab.server.reset();
    expect(await client().activateUser(dormant)).toMatchObject({ status: 201 });
    expect(gitlab.server.requests.map((request) => pathOf(request))).toEqual(['/api/v4/users/22/activate']);
    expect(user('22')?.state).toBe('active');
    gitlab.state.users.find((candidate) => candidate.id === 23)!.state = 'deactivated';
    expect(await rejectionOf(client().activateUser({ id: '23', gitlabState: 'active' }))).toMatchObject({
      code: 'FORBIDDEN',
      status: 403,
      message: expect.stringContaining('Deactivated users cannot be unblocked'),
    });
  });

  it('a sign-up pending approval is approved; one approved meanwhile is already done', async () => {
    const pending = (await client().importUsers().collect()).find((account) => account.id === '34')!;
    expect(pending).toMatchObject({ state: 'invited', gitlabState: 'blocked_pending_approval' });
    gitlab.server.reset();
    expect(await client().activateUser(pending)).toMatchObject({ status: 201 });
    expect(gitlab.server.requests.map((request) => pathOf(request))).toEqual(['/api/v4/users/34/approve']);
    expect(user('34')?.state).toBe('active');
    expect(await client().activateUser(pending)).toMatchObject({ status: 409, alreadyDone: true });
    expect(user('34')?.state).toBe('active');
  });
});
