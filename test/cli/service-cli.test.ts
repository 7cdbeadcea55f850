/**
 * `connector service`: start (a child process: URL, first admin token once, the lock, SIGTERM),
 * tenant list beside it, tenant create, token create and rotate-key (in process), and their usage errors.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { makeTempDir } from '../service/helpers/temp-dir.js';
import { startServiceProcess, stopServiceProcess } from '../service/helpers/service-process.js';

let dir: Awaited<ReturnType<typeof makeTempDir>>;
let dataDir: string;

beforeAll(async () => {
  dir = await makeTempDir('service-cli');
  dataDir = join(dir.path, 'data');
});
afterAll(() => dir?.remove());

async function cli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    stdin: new PassThrough(),
    env,
    cwd: dir.path,
  });
  return { code, stdout, stderr };
}

const get = async (url: string, token?: string) => {
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('connector service', () => {
  it('start: prints the URL and, on a fresh store, an admin token once; holds the directory; stops on SIGTERM', { timeout: 180_000 }, async () => {
    const first = await startServiceProcess({ dataDir });
    try {
      expect(first.token).toMatch(/^lcs_/);
      const tenant = await get(`${first.url}/v1/tenant`, first.token);
      expect(tenant).toMatchObject({ status: 200, body: { name: 'default', plan: 'standard' } });
      expect((await get(`${first.url}/v1/tenant`)).status).toBe(401);
      expect((await get(`${first.url}/openapi.json`)).body.openapi).toBe('3.1.0');
      expect(first.stdout()).toContain(`operator console at ${first.url}/console (sign in with an API token of the tenant)\n`);
      const signIn = await fetch(`${first.url}/console/sign-in`);
      expect(signIn.status).toBe(200);
      expect(await signIn.text()).toContain('<label for="token">API token</label>');
      // Beside the running service, an admin command goes through its admin API (it used to fail with DATA_DIR_LOCKED).
      const listed = await cli(['service', 'tenant', 'list', '--data-dir', dataDir]);
      expect(listed).toMatchObject({ code: 0, stdout: expect.stringContaining('"name":"default"') });
    } finally {
      expect(await stopServiceProcess(first)).toBe(0);
    }
    expect(first.stderr()).toContain('"route":"/v1/tenant"');
    expect(first.stderr()).not.toContain(first.token!);

    const created = await cli(['service', 'tenant', 'create', '--name', 'Acme', '--plan', 'business', '--data-dir', dataDir]);
    expect(created.code).toBe(0);
    const tenant = JSON.parse(created.stdout) as { id: string; plan: string };
    expect(tenant.plan).toBe('business');
    const token = await cli(['service', 'token', 'create', '--tenant', tenant.id, '--role', 'viewer', '--data-dir', dataDir]);
    expect(token.code).toBe(0);
    expect(token.stdout).toMatch(/^lcs_[A-Za-z0-9_-]{43}\n$/);
    expect(token.stderr).toContain(`viewer token`);
    const rotated = await cli(['service', 'rotate-key', '--data-dir', dataDir]);
    expect(rotated).toMatchObject({ code: 0, stdout: expect.stringContaining('version 2, 2 tenant data keys re-wrapped') });

    const again = await startServiceProcess({ dataDir, args: ['--quiet'] });
    try {
      expect(again.token).toBeUndefined();
      expect(again.stdout()).not.toContain('admin token');
      expect(await get(`${again.url}/v1/tenant`, token.stdout.trim())).toMatchObject({ status: 200, body: { id: tenant.id, name: 'Acme' } });
      expect((await get(`${again.url}/v1/tenant`, first.token)).body).toMatchObject({ name: 'default' });
    } finally {
      expect(await stopServiceProcess(again)).toBe(0);
    }
    expect(again.stderr()).not.toContain('"route"');
  });

  it.each([
    { args: ['service'], code: 2, stderr: 'Subcommands:' },
    { args: ['service', 'nope'], code: 2, stderr: "unknown subcommand 'nope'" },
    { args: ['service', 'tenant', 'create'], code: 2, stderr: '--name is required' },
    { args: ['service', 'token', 'create', '--role', 'admin'], code: 2, stderr: '--tenant is required' },
    { args: ['service', 'start', '--port', 'eighty'], code: 2, stderr: '--port must be' },
    { args: ['service', 'start', '--token', 'x'], code: 2, stderr: '--token' },
  ])('refuses $args with exit $code', async ({ args, code, stderr }) => {
    const answer = await cli(args);
    expect(answer.code).toBe(code);
    expect(answer.stderr).toContain(stderr);
  });

  it('refuses --no-workers on the embedded database (nothing could run its work) before opening anything', async () => {
    const dir = await makeTempDir('no-workers');
    try {
      const dataDir = join(dir.path, 'data');
      const answer = await cli(['service', 'start', '--data-dir', dataDir, '--no-workers']);
      expect(answer.code).toBe(2);
      expect(answer.stderr).toContain('--no-workers needs a PostgreSQL server (DATABASE_URL)');
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      await dir.remove();
    }
  });

  it('--help of a subcommand prints its options', async () => {
    const answer = await cli(['service', 'start', '--help']);
    expect(answer.code).toBe(0);
    expect(answer.stdout).toMatch(/^Usage: connector service start /);
    expect(answer.stdout).toContain('--data-dir');
    expect(answer.stdout).toContain('DATABASE_URL');
    const worker = await cli(['service', 'worker', '--help']);
    expect(worker.stdout).toMatch(/^Usage: connector service worker /);
    expect(worker.stdout).toContain('--stale-run-seconds');
    expect((await cli(['service', '--help'])).stdout).toMatch(/^Usage: connector service <subcommand>/);
  });
});
