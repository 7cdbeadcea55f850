/**
 * The operator commands on the shipped incident-platform connector (by id) against the incident
 * platform simulator (PagerDuty REST API v2 users), as the README walkthrough uses them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUsers, startIncidentPlatform, type IncidentPlatformSimulator } from '../../src/simulators/incident-platform/index.js';
import { runCliWithout } from '../fixtures/operator/run-cli.js';

const FULL_KEY = 'canary-full-Q8w3z';
const READ_ONLY_KEY = 'canary-readonly-V5n1k';
let simulator: IncidentPlatformSimulator;

function cli(args: string[], token: string) {
  return runCliWithout([FULL_KEY, READ_ONLY_KEY], [...args, '--base-url', simulator.server.origin], { CONNECTOR_INPUT_TOKEN: token });
}

beforeAll(async () => {
  simulator = await startIncidentPlatform({
    users: seedUsers({ count: 12, withoutEmailEvery: 5 }),
    keys: { [FULL_KEY]: 'full', [READ_ONLY_KEY]: 'read-only' },
  });
});
afterAll(() => simulator.close());

describe('operating incident-platform', () => {
  it('imports every user as JSON with the admin flag, and previews the mapping with a problem per user without email', async () => {
    const [imported, preview] = await Promise.all([
      cli(['run', 'incident-platform', 'importUsers', '--json'], READ_ONLY_KEY),
      cli(['preview', 'incident-platform'], READ_ONLY_KEY),
    ]);
    expect(imported.code).toBe(0);
    const accounts = JSON.parse(imported.stdout) as Array<Record<string, unknown>>;
    expect(accounts.map((account) => account.id)).toEqual(simulator.state.users.map((user) => user.id));
    expect(accounts[0]).toMatchObject({ name: 'Ada Okafor', email: 'ada.okafor@example.com', admin: true, role: 'owner' });
    expect(preview.code).toBe(0);
    const withoutEmail = simulator.state.users.filter((user) => user.email === undefined).length;
    expect(withoutEmail).toBeGreaterThan(0);
    expect(preview.stdout.split('\n').filter((line) => line.endsWith('missing email'))).toHaveLength(withoutEmail);
    expect(preview.stderr).toBe(`preview: 12 records: ${12 - withoutEmail} without problems; ${withoutEmail} missing email\n`);
  });

  it('creates with a full-access key, refuses with a read-only key (FORBIDDEN with its hint), then deletes', async () => {
    const denied = await cli(['run', 'incident-platform', 'createUser', '--person', 'test/fixtures/operator/person.json'], READ_ONLY_KEY);
    expect(denied.code).toBe(1);
    expect(denied.stderr).toMatch(
      /error FORBIDDEN: .*\n(.*\n)* {2}status: {2}403\n(.*\n)* {2}hint: {4}Create User and Delete User need a full-access \(read\/write\) API key/,
    );
    const created = await cli(['run', 'incident-platform', 'createUser', '--person', 'test/fixtures/operator/person.json', '--json'], FULL_KEY);
    expect(created.code).toBe(0);
    const result = JSON.parse(created.stdout) as { status: number; account: { id: string; email: string; admin: boolean } };
    expect(result).toMatchObject({ status: 201, account: { email: 'dee@example.com', admin: true } });
    const deleted = await cli(['run', 'incident-platform', 'deleteUser', '--account', result.account.id], FULL_KEY);
    expect(deleted.code).toBe(0);
    expect(deleted.stderr).toContain('deleteUser: done (HTTP 204)');
    expect(simulator.state.users.some((user) => user.id === result.account.id)).toBe(false);
  });
});
