/**
 * `--account` takes the account's fields, not only its id: `connector run github-org deleteUser`
 * works from a line of a previous `importUsers --ndjson` (GitHub's delete addresses a member by
 * login, an invitation by its id), and run, test and preview name the fields an action needs when
 * the account lacks them, before anything is sent.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GITHUB_ORG, GITHUB_OWNER_TOKEN, seedGitHubOrg, startGitHubOrg, type GitHubOrgSimulator } from '../../src/simulators/github-org/index.js';
import { readAccountFlag } from '../../src/cli/account-fields.js';
import { runInProcess } from '../fixtures/operator/run-cli.js';

let github: GitHubOrgSimulator;
let dir: string;
beforeAll(async () => {
  github = await startGitHubOrg();
  dir = await mkdtemp(join(tmpdir(), 'account-fields-'));
});
afterAll(async () => {
  await github.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  Object.assign(github.state, seedGitHubOrg(20, 2));
  github.server.reset();
});

const env = () => ({ CONNECTOR_INPUT_TOKEN: GITHUB_OWNER_TOKEN, CONNECTOR_INPUT_ORG: GITHUB_ORG });
const cli = (args: string[]) => runInProcess([...args, '--base-url', github.server.origin], { env: env() });
const sent = () => github.server.requests.map((request) => `${request.method} ${request.url.split('?')[0]}`);

async function importedLines(): Promise<Record<string, unknown>[]> {
  const result = await cli(['run', 'github-org', 'importUsers', '--ndjson']);
  expect(result.code).toBe(0);
  github.server.reset();
  return result.stdout
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('connector run github-org deleteUser', () => {
  it('works from the line of a previous import: a member by login, an invitation by its id', async () => {
    const lines = await importedLines();
    const member = lines.find((line) => line.login === 'dev-3')!;
    const invitation = lines.find((line) => line.pending === true)!;
    const removed = await cli(['run', 'github-org', 'deleteUser', '--account', JSON.stringify(member)]);
    expect(removed.stderr).toContain('deleteUser: done (HTTP 204)');
    expect(removed.code).toBe(0);
    const cancelled = await cli(['run', 'github-org', 'deleteUser', '--account', JSON.stringify(invitation)]);
    expect(cancelled.code).toBe(0);
    expect(sent()).toEqual([`DELETE /orgs/${GITHUB_ORG}/memberships/dev-3`, `DELETE /orgs/${GITHUB_ORG}/invitations/${String(invitation.invitationId)}`]);
    expect(github.state.members.some((m) => m.login === 'dev-3')).toBe(false);
  });

  it('takes the fields as id=…,login=… and from a JSON file', async () => {
    expect((await cli(['run', 'github-org', 'deleteUser', '--account', 'id=5004,login=dev-4'])).code).toBe(0);
    const file = join(dir, 'dev-5.json');
    await writeFile(file, JSON.stringify({ id: '5005', login: 'dev-5', email: '', name: 'dev-5' }));
    expect((await cli(['run', 'github-org', 'deleteUser', '--account', file])).code).toBe(0);
    expect(sent()).toEqual([`DELETE /orgs/${GITHUB_ORG}/memberships/dev-4`, `DELETE /orgs/${GITHUB_ORG}/memberships/dev-5`]);
  });

  it.each([
    ['run', ['run', 'github-org', 'deleteUser']],
    ['test', ['test', 'github-org', 'deleteUser', '--live']],
    ['preview', ['preview', 'github-org', '--payload', 'deleteUser']],
  ])('%s with only an id names the fields deleteUser needs and sends nothing', async (_name, args) => {
    const result = await cli([...args, '--account', '5006']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("deleteUser of github-org needs the account's login or invitationId; --account gave id");
    expect(result.stderr).toContain('--account id=…,login=…');
    expect(github.server.requests).toHaveLength(0);
  });
});

describe('readAccountFlag', () => {
  it.each([
    { given: 'PABC123', want: { id: 'PABC123', email: '', name: '' } },
    { given: 'id=1,login=octo cat', want: { id: '1', login: 'octo cat', email: '', name: '' } },
    { given: '{"id":"u1","email":"a@b.c","name":"A","admin":true}', want: { id: 'u1', email: 'a@b.c', name: 'A', admin: true } },
    { given: '{"id":7}', want: { id: '7', email: '', name: '' } },
  ])('$given', async ({ given, want }) => {
    expect(await readAccountFlag({ value: given, cwd: dir })).toEqual(want);
  });

  it.each([
    { given: '{"login":"x"}', says: 'needs an "id"' },
    { given: '[{"id":"1"},{"id":"2"}]', says: 'an array of 2' },
    { given: '{"id": ', says: 'not valid JSON' },
    { given: 'id=1,login', says: 'name=value pairs' },
  ])('refuses $given', async ({ given, says }) => {
    await expect(readAccountFlag({ value: given, cwd: dir })).rejects.toThrow(says);
  });
});
