/**
 * `npm run demo` (src/demo/main.ts) run as the README says: a subprocess with nothing configured,
 * showing the service (the Accounts list and the Access Grid after the immediate sync);
 * `npm run demo -- --toolkit` (the connector alone); and `npm run demo -- --serve`, driven with
 * `connector run` from another process.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { once } from 'node:events';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { DEMO_FULL_ACCESS_KEY } from '../../src/simulators/incident-platform/index.js';
import { REPO_ROOT } from './helpers/load-spec.js';

const run = promisify(execFile);

describe('npm run demo', () => {
  it('runs the service on an embedded database: tested auth, an immediate sync, the Accounts list and the Access Grid', async () => {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'src/demo/main.ts'], {
      cwd: REPO_ROOT,
      env: { ...process.env, NO_COLOR: '1' },
      timeout: 90_000,
    });
    expect(stderr).toBe('');
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^Incident platform simulator \(PagerDuty REST API v2\) on http:\/\/127\.0\.0\.1:\d+ with 36 users$/);
    const dataDir = /^Service on an embedded database in (\S+) \(removed at the end\)$/m.exec(stdout)?.[1];
    expect(dataDir).toBeDefined();
    expect(existsSync(String(dataDir))).toBe(false);
    expect(stdout).toContain('2. People: 4 imported from CSV');
    expect(stdout).toContain('4. Authentication tested and saved (encrypted): GET via importUsers, HTTP 200, 25 records on the first page');
    expect(stdout).toContain('5. Import Users enabled: synced at once (run enabled, succeeded): 1 page(s), 36 seen, 36 added');

    const accountsHeader = lines.findIndex((line) => /^ID\s+NAME\s+EMAIL\s+ADMIN\s+STATE\s+PERSON$/.test(line));
    expect(lines[accountsHeader - 1]).toBe('Accounts of Incident platform (PagerDuty) (36):');
    const accounts = lines.slice(accountsHeader + 2, accountsHeader + 2 + 36);
    expect(accounts[0]).toMatch(/^P[A-Z0-9]{6}\s+Ada Okafor\s+ada\.okafor@example\.com\s+yes\s+active\s+Ada Okafor$/);
    // The person typed in capitals and padded is linked all the same.
    expect(accounts[1]).toMatch(/^P[A-Z0-9]{6}\s+Bram Okafor\s+bram\.okafor@example\.com\s+no\s+active\s+Bram Okafor$/);
    expect(accounts.filter((line) => line.endsWith(' -'))).toHaveLength(33);

    const gridHeader = lines.findIndex((line) => /^PERSON\s+EMAIL\s+INCIDENT PLATFORM \(PAGERDUTY\)$/.test(line));
    expect(lines[gridHeader - 1]).toBe('Access Grid (4 people x 1 application):');
    const grid = lines.slice(gridHeader + 2, gridHeader + 6);
    expect(grid[0]).toMatch(/^Ada Okafor\s+ada\.okafor@example\.com\s+active, admin$/);
    expect(grid.find((line) => line.startsWith('Nia Park'))).toMatch(/\s+no account$/);
    expect(stdout).toContain('33 accounts match no person');
    expect(stdout).not.toContain(DEMO_FULL_ACCESS_KEY);
  }, 120_000);

  it('--toolkit imports, creates, deletes and prints the accounts as a table, exiting 0', async () => {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'src/demo/main.ts', '--toolkit'], {
      cwd: REPO_ROOT,
      env: { ...process.env, NO_COLOR: '1' },
      timeout: 60_000,
    });
    expect(stderr).toBe('');
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^Incident platform simulator \(PagerDuty REST API v2\) on http:\/\/127\.0\.0\.1:\d+ with 36 users$/);
    expect(stdout).toContain('1. Import Users: 36 accounts in 1 page(s); 3 without an email address');
    expect(stdout).toMatch(/2\. Create User: HTTP 201, created P[A-Z0-9]{6} Nia Park <nia\.park@example\.com>/);
    const deleted = /3\. Delete User: HTTP 204, deleted (P[A-Z0-9]{6}) /.exec(stdout)?.[1];
    expect(deleted).toBeDefined();
    expect(stdout).toContain('Delete again: already absent (offboarding is idempotent)');

    const header = lines.findIndex((line) => /^ID\s+NAME\s+EMAIL\s+ROLE\s+ADMIN$/.test(line));
    const rows = lines.slice(header + 2);
    expect(lines[header - 1]).toBe('Accounts now (36):');
    expect(rows).toHaveLength(36);
    expect(rows[0]).toMatch(/^P[A-Z0-9]{6}\s+Ada Okafor\s+ada\.okafor@example\.com\s+owner\s+yes$/);
    expect(rows.at(-1)).toMatch(/^P[A-Z0-9]{6}\s+Nia Park\s+nia\.park@example\.com\s+user\s+no$/);
    expect(rows.some((row) => row.startsWith(String(deleted)))).toBe(false);
    expect(rows.filter((row) => row.includes('(none)'))).toHaveLength(3);
    expect(stdout).not.toContain(DEMO_FULL_ACCESS_KEY);
  }, 90_000);
});

describe('npm run demo -- --serve', () => {
  it('serves until SIGTERM, printing the URL, the token and commands that work against it', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/demo/main.ts', '--serve'], { cwd: REPO_ROOT, env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    try {
      while (!stdout.includes('Serving until Ctrl-C.')) {
        if (child.exitCode !== null) throw new Error(`demo --serve exited early: ${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const origin = /^Base URL: +(http:\/\/127\.0\.0\.1:\d+)$/m.exec(stdout)?.[1];
      expect(origin).toBeDefined();
      expect(stdout).toContain(`Demo token:      ${DEMO_FULL_ACCESS_KEY} (full access)`);
      const advertised = `CONNECTOR_INPUT_TOKEN=${DEMO_FULL_ACCESS_KEY} npm run connector -- run incident-platform importUsers --base-url ${String(origin)}`;
      expect(stdout).toContain(advertised);

      // The advertised command, run as a separate process against the served simulator.
      const imported = await run(
        process.execPath,
        ['--import', 'tsx', 'src/cli/main.ts', 'run', 'incident-platform', 'importUsers', '--base-url', String(origin), '--json'],
        {
          cwd: REPO_ROOT,
          env: { ...process.env, CONNECTOR_INPUT_TOKEN: DEMO_FULL_ACCESS_KEY },
          timeout: 60_000,
        },
      );
      const accounts = JSON.parse(imported.stdout) as { id: string; email: string }[];
      expect(accounts).toHaveLength(36);
      expect(accounts[0]).toMatchObject({ email: 'ada.okafor@example.com', admin: true, role: 'owner' });
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toEqual([0, null]);
    expect(stdout.trimEnd().split('\n').at(-1)).toBe('SIGTERM: simulator stopped');
    expect(stderr).toBe('');
  }, 90_000);

  it('refuses an unknown argument with exit 2 and the usage', async () => {
    const failure = await run(process.execPath, ['--import', 'tsx', 'src/demo/main.ts', '--srve'], { cwd: REPO_ROOT }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('demo: unknown argument "--srve"\nUsage: npm run demo [-- --toolkit | --serve]'),
    });
  }, 60_000);
});

describe('demo connector loading', () => {
  it('uses the compiled module when there is one, else compiles the spec at start', async () => {
    const { loadIncidentPlatformConnector, SPEC_FILE } = await import('../../src/demo/load-connector.js');
    const fallback = await loadIncidentPlatformConnector('../../generated/does-not-exist.js');
    expect(fallback.from).toBe(SPEC_FILE);
    expect(fallback.connector).toMatchObject({ source: SPEC_FILE, spec: { id: 'incident-platform' } });
    const { existsSync } = await import('node:fs');
    const preferred = await loadIncidentPlatformConnector();
    expect(preferred.from).toBe(existsSync(`${REPO_ROOT}generated/index.ts`) ? 'generated/index.ts' : SPEC_FILE);
    expect(preferred.connector.spec).toEqual(fallback.connector.spec);
  });
});
