/**
 * `npm run demo` (src/demo/main.ts) run as the README says: a subprocess with nothing configured.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { DEMO_FULL_ACCESS_KEY } from '../../src/simulators/incident-platform/index.js';
import { REPO_ROOT } from './helpers/load-spec.js';

const run = promisify(execFile);

describe('npm run demo', () => {
  it('imports, creates, deletes and prints the accounts as a table, exiting 0', async () => {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'src/demo/main.ts'], {
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
