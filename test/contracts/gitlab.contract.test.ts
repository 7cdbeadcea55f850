/**
 * GitLab's description judges every request of specs/prebuilt/gitlab.yaml: its Swagger 2.0
 * openapi_v2.yaml for the probe's system hook, its reference pages for the users operations the
 * v2 file lacks (test/contracts/fixtures/gitlab.json, dialect swagger-2.0).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { connect } from '../../src/index.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';
import { GITLAB_ADMIN_TOKEN, GITLAB_USER_TOKEN, seedGitLabUsers, startGitLab } from '../../src/simulators/gitlab/index.js';
import { loadSpec } from '../specs/helpers/load-spec.js';
import { checkRequest } from './harness/check-request.js';
import { describeContract } from './harness/contract-suite.js';
import { loadContract } from './harness/load-contract.js';

describeContract({
  connector: 'gitlab',
  fixture: 'gitlab.json',
  operations: [
    'getApiV4Users',
    'postApiV4Users',
    'postApiV4UsersIdBlock',
    'postApiV4UsersIdUnblock',
    'postApiV4UsersIdActivate',
    'postApiV4UsersIdApprove',
    'deleteApiV4UsersId',
  ],
  async start() {
    const gitlab = await startGitLab(seedGitLabUsers(250));
    return { gitlab, requests: () => gitlab.server.requests, close: () => gitlab.close() };
  },
  async exercise({ gitlab }) {
    const client = connect(
      await loadSpec('specs/prebuilt/gitlab.yaml'),
      { token: GITLAB_ADMIN_TOKEN, baseUrl: gitlab.baseUrl },
      { egress: ALLOW_LOOPBACK, retry: { maxAttempts: 1 } },
    );
    const accounts = await client.importUsers().collect();
    await client.createUser({ email: 'nia.new@acme.test', name: 'Nia New', admin: true });
    await client.deactivateUser({ id: '2' });
    await client.activateUser({ id: '2', gitlabState: 'blocked' });
    // Person 21 is deactivated by GitLab (dormant): Activate reactivates instead of unblocking.
    await client.activateUser(accounts.find((account) => account.gitlabState === 'deactivated')!);
    // Person 33 signed up and waits for an administrator: Activate approves.
    await client.activateUser(accounts.find((account) => account.gitlabState === 'blocked_pending_approval')!);
    await client.deleteUser({ id: '4' });
  },
});

/**
 * The capability probe (spec `probe`) is a real operation of GitLab's Swagger 2.0 description (Add
 * a system hook, postApiV4Hooks), sent with a body the description itself refuses, so an
 * administrator's token adds nothing: its only violation is the one that makes the refusal certain.
 */
describe('gitlab probe against gitlab.json', () => {
  it('is Add a system hook without a url: refused for its content with an admin token, for its rights with another', async () => {
    const gitlab = await startGitLab(seedGitLabUsers(3));
    try {
      const spec = await loadSpec('specs/prebuilt/gitlab.yaml');
      const verdicts: string[] = [];
      for (const token of [GITLAB_ADMIN_TOKEN, GITLAB_USER_TOKEN]) {
        const client = connect(spec, { token, baseUrl: gitlab.baseUrl }, { egress: ALLOW_LOOPBACK, retry: { maxAttempts: 1 } });
        try {
          verdicts.push((await client.probeCapabilities())?.writes ?? 'none');
        } finally {
          await client.close();
        }
      }
      expect(verdicts).toEqual(['writeAllowed', 'readOnly']);
      expect(gitlab.state.hooks).toEqual([]);
      const contract = loadContract('gitlab.json');
      const checked = gitlab.server.requests.map((request) => checkRequest(contract, request));
      expect(checked.map((verdict) => verdict.operationId)).toEqual(['postApiV4Hooks', 'postApiV4Hooks']);
      for (const verdict of checked) expect(verdict.violations).toEqual(["body: must have required property 'url'"]);
    } finally {
      await gitlab.close();
    }
  });
});

describe('GitLab requests the description refuses', () => {
  const contract = loadContract('gitlab.json');
  const send = (method: string, url: string, body = '', headers: Record<string, string> = { 'private-token': 'glpat-x' }) =>
    checkRequest(contract, { method, url, headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) }, body }).violations.join('\n');

  it('a user id that is not a number, an unknown list filter, a page size over 100', () => {
    expect(send('POST', '/api/v4/users/12/block')).toBe('');
    expect(send('POST', '/api/v4/users/person12/block')).toMatch(/path parameter "id"/u);
    expect(send('GET', '/api/v4/users?pagination=keyset&order_by=id&per_page=100')).toBe('');
    expect(send('GET', '/api/v4/users?pagination=offset')).toMatch(/pagination/u);
    expect(send('GET', '/api/v4/users?state=active')).toMatch(/"state" is not declared/u);
    expect(send('GET', '/api/v4/users?per_page=101')).toMatch(/per_page.*<= 100/u);
  });

  it('a creation without a username, with an unknown attribute, or with the token elsewhere', () => {
    const create = { email: 'a@acme.test', name: 'A', username: 'a', reset_password: true };
    expect(send('POST', '/api/v4/users', JSON.stringify(create))).toBe('');
    expect(send('POST', '/api/v4/users', JSON.stringify({ email: 'a@acme.test', name: 'A', reset_password: true }))).toMatch(/username/u);
    expect(send('POST', '/api/v4/users', JSON.stringify({ ...create, is_admin: true }))).toMatch(/"is_admin" is not declared/u);
    expect(send('POST', '/api/v4/users', JSON.stringify(create), { authorization: 'Bearer glpat-x' })).toMatch(/private-token is missing/u);
  });
});

/**
 * The fixture is nothing but what scripts/extract-contract.mjs makes from GitLab's own text: the
 * verbatim excerpt of openapi_v2.yaml and the operations written from its reference pages (the
 * command in the excerpt's header). A hand edit of the fixture fails here.
 */
describe('gitlab.json is reproducible', () => {
  it('equals the extraction from the excerpt and the reference pages', () => {
    const header = readFileSync('test/contracts/sources/gitlab-openapi-v2-excerpt.yaml', 'utf8');
    const vendor = /--vendor "([^"]+)"/u.exec(header)?.[1];
    expect(vendor).toBeDefined();
    const dir = mkdtempSync(join(tmpdir(), 'gitlab-contract-'));
    try {
      const out = join(dir, 'gitlab.json');
      execFileSync(process.execPath, [
        'scripts/extract-contract.mjs',
        ...['--openapi', 'test/contracts/sources/gitlab-openapi-v2-excerpt.yaml', '--out', out, '--vendor', vendor as string],
        ...['--repository', 'gitlabhq/gitlabhq', '--commit', '0338625c4996c8b4dde44bd86d1767b654121ee7', '--file', 'doc/api/openapi/openapi_v2.yaml'],
        ...['--authorization', '^\\S+$', '--authorization-header', 'private-token', '--operation', 'POST /api/v4/hooks'],
        ...['--append', 'test/contracts/sources/gitlab-reference-pages.json'],
      ]);
      expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(JSON.parse(readFileSync('test/contracts/fixtures/gitlab.json', 'utf8')));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
