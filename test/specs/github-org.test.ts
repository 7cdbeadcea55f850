/**
 * Contract tests of specs/prebuilt/github-org.yaml against the GitHub organization simulator:
 * owners, members and invitations imported through Link-header pages, the User-Agent GitHub
 * requires, invitation by email, removal of a member or cancellation of an invitation, GitHub's
 * error bodies, and its primary rate limit (a 403 with x-ratelimit-remaining: 0).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connect } from '../../src/index.js';
import type { CompiledConnector } from '../../src/connector.js';
import {
  GITHUB_MEMBER_TOKEN,
  GITHUB_ORG,
  GITHUB_OWNER_TOKEN,
  seedGitHubOrg,
  startGitHubOrg,
  type GitHubOrgSimulator,
} from '../../src/simulators/github-org/index.js';
import { pathOf, queryOf, rejectionOf } from './helpers/assertions.js';
import { loadSpec } from './helpers/load-spec.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';

let github: GitHubOrgSimulator;
let connector: CompiledConnector;
beforeAll(async () => {
  github = await startGitHubOrg();
  connector = await loadSpec('specs/prebuilt/github-org.yaml');
});
afterAll(() => github.close());
beforeEach(() => {
  Object.assign(github.state, seedGitHubOrg(230, 3));
  github.state.exhaustNext = 0;
  github.state.exhaustStatus = 403;
  github.server.reset();
});

function client(token = GITHUB_OWNER_TOKEN, options: Parameters<typeof connect>[2] = {}) {
  return connect(connector, { token, org: GITHUB_ORG }, { egress: ALLOW_LOOPBACK, baseUrl: github.server.origin, retry: { maxAttempts: 1 }, ...options });
}
const requests = () => github.server.requests.map((request) => `${request.method} ${pathOf(request)}`);

describe('github-org spec', () => {
  it('is prebuilt for import, create (invite) and delete; the operator gives the organization and a token', () => {
    expect(connector.spec).toMatchObject({
      id: 'github-org',
      type: 'prebuilt',
      baseUrl: 'https://api.github.com',
      supports: ['importUsers', 'createUser', 'deleteUser'],
    });
    const required = Object.entries(connector.spec.inputs ?? {})
      .filter(([, input]) => input.required)
      .map(([name]) => name);
    expect(required.sort()).toEqual(['org', 'token']);
  });
});

describe('github-org Import Users', () => {
  it('imports owners as admins, then members, then pending invitations, 100 per page', async () => {
    const accounts = await client().importUsers().collect();
    const { members, invitations } = github.state;
    const owners = members.filter((member) => member.role === 'admin');
    const plain = members.filter((member) => member.role === 'member');
    expect(accounts.map((account) => account.id)).toEqual(
      [...owners, ...plain].map((member) => String(member.id)).concat(invitations.map((invitation) => `invitation-${invitation.id}`)),
    );
    expect(accounts.find((account) => account.id === String(owners[0]!.id))).toEqual({
      id: String(owners[0]!.id),
      email: '',
      name: owners[0]!.login,
      login: owners[0]!.login,
      admin: true,
      pending: false,
    });
    expect(accounts.find((account) => account.id === String(plain[0]!.id))?.admin).toBe(false);
    expect(accounts.at(-3)).toEqual({
      id: `invitation-${invitations[0]!.id}`,
      email: 'invitee1@acme.test',
      name: 'invitee1@acme.test',
      admin: true,
      pending: true,
      state: 'invited',
      invitationId: String(invitations[0]!.id),
    });
    expect(github.server.requests.map((request) => `${pathOf(request)} ${JSON.stringify(queryOf(request))}`)).toEqual([
      `/orgs/${GITHUB_ORG}/members {"role":"admin","per_page":"100"}`,
      `/orgs/${GITHUB_ORG}/members {"role":"member","per_page":"100"}`,
      `/orgs/${GITHUB_ORG}/members {"role":"member","per_page":"100","page":"2"}`,
      `/orgs/${GITHUB_ORG}/members {"role":"member","per_page":"100","page":"3"}`,
      `/orgs/${GITHUB_ORG}/invitations {"per_page":"100"}`,
    ]);
    const [first] = github.server.requests;
    expect(first?.headers).toMatchObject({
      authorization: `Bearer ${GITHUB_OWNER_TOKEN}`,
      accept: 'application/vnd.github+json',
      'x-github-api-version': '2022-11-28',
      'user-agent': expect.stringMatching(/^lifecycle-connectors\//u),
    });
  });

  it('GitHub refuses a request without User-Agent; the connector always sends one', async () => {
    const { request } = await import('undici');
    const bare = await request(`${github.server.origin}/orgs/${GITHUB_ORG}/members`, { headers: { authorization: `Bearer ${GITHUB_OWNER_TOKEN}` } });
    expect(bare.statusCode).toBe(403);
    expect(await bare.body.text()).toContain('User-Agent');
  });

  // GitHub documents both statuses for a used-up primary rate limit, neither with Retry-After.
  it.each([403, 429] as const)("waits for x-ratelimit-reset after the rate limit's %i, then goes on", async (status) => {
    github.state.exhaustNext = 1;
    github.state.exhaustStatus = status;
    const waits: number[] = [];
    const accounts = await client(GITHUB_OWNER_TOKEN, { retry: { maxAttempts: 3 }, sleep: async (ms) => void waits.push(ms) })
      .importUsers()
      .collect();
    expect(accounts).toHaveLength(233);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(35_000);
    expect(waits[0]).toBeLessThanOrEqual(41_000);
  });

  it.each([403, 429] as const)('a rate limit (%i) that outlasts the retry budget is RATE_LIMITED, not FORBIDDEN', async (status) => {
    github.state.exhaustNext = 5;
    github.state.exhaustStatus = status;
    const error = await rejectionOf(
      client(GITHUB_OWNER_TOKEN, { retry: { maxAttempts: 2 }, sleep: async () => undefined })
        .importUsers()
        .collect(),
    );
    expect(error).toMatchObject({ code: 'RATE_LIMITED', status });
    expect(String(error.hint)).toContain('GitHub App installation token');
  });

  it("a bad token is AUTH_FAILED; a member's token cannot see invitations (FORBIDDEN)", async () => {
    expect(await rejectionOf(client('nope').importUsers().collect())).toMatchObject({ code: 'AUTH_FAILED', status: 401 });
    expect(await rejectionOf(client(GITHUB_MEMBER_TOKEN).importUsers().collect())).toMatchObject({ code: 'FORBIDDEN', status: 403 });
  });
});

describe('github-org writes', () => {
  it('invites by email, as owner for a person marked admin', async () => {
    expect(await client().createUser({ email: 'new@acme.test', name: 'Nia New' })).toMatchObject({ status: 201 });
    expect(await client().createUser({ email: 'boss@acme.test', name: 'Bo Boss', admin: true })).toMatchObject({ status: 201 });
    expect(github.server.requests.map((request) => JSON.parse(request.body) as unknown)).toEqual([
      { email: 'new@acme.test', role: 'direct_member' },
      { email: 'boss@acme.test', role: 'admin' },
    ]);
    expect(github.state.invitations.at(-1)).toMatchObject({ email: 'boss@acme.test', role: 'admin' });
  });

  it('inviting someone already invited is CONFLICT', async () => {
    expect(await rejectionOf(client().createUser({ email: 'invitee2@acme.test', name: 'Again' }))).toMatchObject({ code: 'CONFLICT', status: 422 });
  });

  it('removes a member by login, and cancels an invitation by its id, one request each', async () => {
    const [member] = github.state.members;
    const [invitation] = github.state.invitations;
    const accounts = await client().importUsers().collect();
    github.server.reset();
    await client().deleteUser(accounts.find((account) => account.id === String(member!.id))!);
    await client().deleteUser(accounts.find((account) => account.id === `invitation-${invitation!.id}`)!);
    expect(requests()).toEqual([`DELETE /orgs/${GITHUB_ORG}/memberships/${member!.login}`, `DELETE /orgs/${GITHUB_ORG}/invitations/${invitation!.id}`]);
    expect(github.state.members.some((candidate) => candidate.id === member!.id)).toBe(false);
    expect(github.state.invitations.some((candidate) => candidate.id === invitation!.id)).toBe(false);
  });

  it('an unknown member is NOT_FOUND (GitHub cannot tell it from an organization it hides)', async () => {
    expect(await rejectionOf(client().deleteUser({ id: '1', login: 'ghost' }))).toMatchObject({ code: 'NOT_FOUND', status: 404 });
  });

  it("a member's token may not invite or remove: FORBIDDEN, nothing changes", async () => {
    const before = structuredClone({ members: github.state.members, invitations: github.state.invitations });
    expect(await rejectionOf(client(GITHUB_MEMBER_TOKEN).createUser({ email: 'x@acme.test', name: 'X' }))).toMatchObject({ code: 'FORBIDDEN' });
    expect(await rejectionOf(client(GITHUB_MEMBER_TOKEN).deleteUser({ id: '5001', login: 'dev-1' }))).toMatchObject({ code: 'FORBIDDEN' });
    expect({ members: github.state.members, invitations: github.state.invitations }).toEqual(before);
  });
});
