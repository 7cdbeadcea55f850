/**
 * The admin commands beside a running service on the embedded database: tenant create and list,
 * token create, operator create go through the service's admin API (loopback, credential in the
 * data directory's admin.json, mode 0600) and what they create works at once on the running
 * service; a wrong credential is refused; after the service stops, or is killed with SIGKILL, the
 * commands open the storage themselves. A missing data directory is refused, never created.
 */
import { existsSync } from 'node:fs';
import { chmod, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { ADMIN_FILE } from '../../src/service/admin/admin-file.js';
import { makeTempDir } from '../service/helpers/temp-dir.js';
import { seedDataDir } from '../setup/pglite-template.js';
import { startServiceProcess, stopServiceProcess, type ServiceProcess } from '../service/helpers/service-process.js';

const PASSWORD = 'a passphrase of several words';
let dir: Awaited<ReturnType<typeof makeTempDir>>;
let dataDir: string;
let running: ServiceProcess | undefined;

beforeAll(async () => {
  dir = await makeTempDir('service-cli-running');
  // The migrated template: the service's first start still finds no tenant and no key, as on a new directory.
  dataDir = await seedDataDir(join(dir.path, 'data'));
});
afterAll(async () => {
  if (running) await stopServiceProcess(running);
  await dir?.remove();
});

async function cli(args: string[], stdin = ''): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const input = new PassThrough();
  input.end(stdin);
  const code = await main(args, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    stdin: input,
    env: {},
    cwd: dir.path,
  });
  return { code, stdout, stderr };
}

describe('connector service admin commands beside a running service', () => {
  it('tenant create and list, token create, operator create work through the running service, and take effect on it at once', {
    timeout: 180_000,
  }, async () => {
    running = await startServiceProcess({ dataDir, args: ['--quiet'] });
    const file = join(dataDir, ADMIN_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(running.stdout()).toMatch(
      /admin API for `connector service tenant\|token\|operator\|integration\|sync\|workflow\|profile\|review` at http:\/\/127\.0\.0\.1:\d+ \(loopback only\)/,
    );

    const created = await cli(['service', 'tenant', 'create', '--name', 'Beside', '--plan', 'business', '--data-dir', dataDir]);
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const tenant = JSON.parse(created.stdout) as { id: string; name: string; plan: string };
    expect(tenant).toMatchObject({ name: 'Beside', plan: 'business' });
    const listed = await cli(['service', 'tenant', 'list', '--data-dir', dataDir]);
    expect(listed.code).toBe(0);
    expect(
      listed.stdout
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { name: string }).name),
    ).toEqual(expect.arrayContaining(['default', 'Beside']));

    const token = await cli(['service', 'token', 'create', '--tenant', tenant.id, '--role', 'admin', '--data-dir', dataDir]);
    expect(token.code).toBe(0);
    const answer = await fetch(`${running.url}/v1/tenant`, { headers: { authorization: `Bearer ${token.stdout.trim()}` } });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ id: tenant.id, name: 'Beside' });

    const operator = await cli(
      ['service', 'operator', 'create', '--tenant', tenant.id, '--username', 'ada', '--role', 'admin', '--data-dir', dataDir],
      `${PASSWORD}\n`,
    );
    expect(operator.code).toBe(0);
    expect(JSON.parse(operator.stdout)).toMatchObject({ username: 'ada', role: 'admin', tenantId: tenant.id });
    const operators = await cli(['service', 'operator', 'list', '--tenant', tenant.id, '--data-dir', dataDir]);
    expect(operators.stdout).toContain('"username":"ada"');
    // The operator signs in to the running service's console.
    const form = await fetch(`${running.url}/console/sign-in`);
    const cookie = form.headers.getSetCookie()[0]!.split(';')[0]!;
    const csrf = /name="_csrf" value="([^"]+)"/.exec(await form.text())![1]!;
    const signedIn = await fetch(`${running.url}/console/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _csrf: csrf, method: 'password', username: 'ada', password: PASSWORD }).toString(),
    });
    expect(signedIn.status).toBe(303);

    const workflows = await cli(['service', 'workflow', 'list', '--tenant', tenant.id, '--data-dir', dataDir]);
    expect(workflows.code).toBe(0);
    expect(JSON.parse(workflows.stdout)).toEqual({ workflows: [] });
    // Access profiles too (the movers operations of the admin API).
    const made = await cli(['service', 'profile', 'create', '--tenant', tenant.id, '--name', 'Running', '--data-dir', dataDir]);
    expect(made.code).toBe(0);
    const profiles = await cli(['service', 'profile', 'list', '--tenant', tenant.id, '--data-dir', dataDir]);
    expect(JSON.parse(profiles.stdout)).toMatchObject([{ id: (JSON.parse(made.stdout) as { id: string }).id, name: 'Running' }]);
    // rotate-key is not offered by the admin API: it still needs the service stopped.
    const rotate = await cli(['service', 'rotate-key', '--data-dir', dataDir]);
    expect(rotate.code).toBe(1);
    expect(rotate.stderr).toContain('error DATA_DIR_LOCKED');

    // A refusal of the service prints as it would on the storage.
    const unknown = await cli(['service', 'token', 'list', '--tenant', 'no-such-tenant', '--data-dir', dataDir]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('error NOT_FOUND');
    // The admin API takes no other credential, and no operation outside its list.
    const access = JSON.parse(await readFile(file, 'utf8')) as { url: string; credential: string };
    const post = (name: string, credential: string) =>
      fetch(`${access.url}/admin/v1/operations/${name}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${credential}`, 'content-type': 'application/json' },
        body: '{"input":{}}',
      });
    expect((await post('tenants.list', `${access.credential.slice(0, -1)}x`)).status).toBe(401);
    expect((await post('rotateKey', access.credential)).status).toBe(404);
    expect((await post('tokens.verify', access.credential)).status).toBe(404);

    // A copy of admin.json that others may read is not used.
    await chmod(file, 0o644);
    const exposed = await cli(['service', 'tenant', 'list', '--data-dir', dataDir]);
    expect(exposed.code).toBe(1);
    expect(exposed.stderr).toContain('may be read by others');
    await chmod(file, 0o600);

    expect(await stopServiceProcess(running)).toBe(0);
    running = undefined;
    expect(existsSync(file)).toBe(false);
    // Stopped: the command opens the storage itself.
    const stopped = await cli(['service', 'tenant', 'list', '--data-dir', dataDir]);
    expect(stopped.code).toBe(0);
    expect(stopped.stdout).toContain('"name":"Beside"');
  });

  it('after a kill -9 of the service, the commands take over its stale lock and ignore its admin.json', { timeout: 180_000 }, async () => {
    running = await startServiceProcess({ dataDir, args: ['--quiet'] });
    running.child.kill('SIGKILL');
    await running.exited;
    running = undefined;
    expect(existsSync(join(dataDir, ADMIN_FILE))).toBe(true);
    const listed = await cli(['service', 'tenant', 'list', '--data-dir', dataDir]);
    expect(listed.stderr).toBe('');
    expect(listed.stdout).toContain('"name":"Beside"');
    // And the service starts again over it.
    running = await startServiceProcess({ dataDir, args: ['--quiet'] });
    expect((await cli(['service', 'tenant', 'list', '--data-dir', dataDir])).stdout).toContain('"name":"Beside"');
  });

  it('refuses a data directory that does not exist instead of creating it', async () => {
    const missing = join(dir.path, 'missing');
    for (const args of [
      ['service', 'tenant', 'list', '--data-dir', missing],
      ['service', 'token', 'list', '--tenant', 't', '--data-dir', missing],
      ['service', 'operator', 'list', '--tenant', 't', '--data-dir', missing],
      ['service', 'sync', 'status', '--tenant', 't', '--integration', 'i', '--data-dir', missing],
      ['service', 'workflow', 'list', '--tenant', 't', '--data-dir', missing],
      ['service', 'rotate-key', '--data-dir', missing],
    ]) {
      const answer = await cli(args);
      expect(answer.code, args.join(' ')).toBe(1);
      expect(answer.stderr).toContain(`error NOT_FOUND: the data directory ${missing} does not exist`);
    }
    expect(existsSync(missing)).toBe(false);
  });
});
