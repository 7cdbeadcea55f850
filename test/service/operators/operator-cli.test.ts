/**
 * `connector service operator create|list`: the password comes from standard input, never a flag,
 * and is never printed; the operator then verifies with it (and with nothing else).
 */
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.js';
import { openService } from '../../../src/service/index.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { seedDataDir } from '../../setup/pglite-template.js';

const PASSWORD = 'operator-canary-passphrase-5d1f';
let dir: Awaited<ReturnType<typeof makeTempDir>>;
let dataDir: string;

beforeAll(async () => {
  dir = await makeTempDir('operator-cli');
  dataDir = await seedDataDir(join(dir.path, 'data'));
});
afterAll(() => dir?.remove());

async function cli(args: string[], input = ''): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const stdin = new PassThrough();
  stdin.end(input);
  const code = await main(args, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    stdin,
    env: {},
    cwd: dir.path,
  });
  return { code, stdout, stderr };
}

describe('connector service operator', () => {
  it('creates an operator with the password read from stdin, prints no password, and it signs in with that password only', { timeout: 60_000 }, async () => {
    const tenant = JSON.parse((await cli(['service', 'tenant', 'create', '--name', 'Acme', '--data-dir', dataDir])).stdout) as { id: string };
    const created = await cli(
      ['service', 'operator', 'create', '--tenant', tenant.id, '--username', 'Ada@Example.com', '--role', 'admin', '--data-dir', dataDir],
      `${PASSWORD}\n`,
    );
    expect(created.code, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ tenantId: tenant.id, username: 'ada@example.com', role: 'admin' });
    expect(created.stderr).toContain('admin operator ada@example.com');

    const taken = await cli(['service', 'operator', 'create', '--tenant', tenant.id, '--username', 'ada@example.com', '--data-dir', dataDir], `${PASSWORD}\n`);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('is taken');
    const short = await cli(['service', 'operator', 'create', '--tenant', tenant.id, '--username', 'bob', '--data-dir', dataDir], 'short\n');
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('the password must be 12 to 1024 characters');
    const flag = await cli(['service', 'operator', 'create', '--tenant', tenant.id, '--username', 'bob', '--password', PASSWORD, '--data-dir', dataDir]);
    expect(flag.code).toBe(2);
    expect((await cli(['service', 'operator', 'create', '--tenant', tenant.id, '--data-dir', dataDir])).code).toBe(2);

    const listed = await cli(['service', 'operator', 'list', '--tenant', tenant.id, '--data-dir', dataDir]);
    expect(listed.code).toBe(0);
    expect(
      listed.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { username: string }),
    ).toEqual([expect.objectContaining({ username: 'ada@example.com', role: 'admin' })]);
    for (const answer of [created, taken, short, flag, listed]) expect(answer.stdout + answer.stderr).not.toContain(PASSWORD);

    const service = await openService({ dataDir });
    try {
      const caller = await service.operators.verify({ username: 'ADA@example.com', password: PASSWORD });
      expect(caller).toMatchObject({ tenantId: tenant.id, role: 'admin', name: 'ada@example.com', operatorId: expect.any(String) });
      expect(caller!.tokenId).toBeUndefined();
      expect(await service.operators.verify({ username: 'ada@example.com', password: `${PASSWORD}x` })).toBeUndefined();
      expect(await service.operators.verify({ username: 'nobody', password: PASSWORD })).toBeUndefined();
      expect(await service.operators.liveCaller(caller!.operatorId!)).toEqual(caller);
      const audit = JSON.stringify(await service.audit.list({ tenantId: tenant.id }));
      expect(audit).toContain('operator.created');
      expect(audit).not.toContain(PASSWORD);
    } finally {
      await service.close();
    }
  });

  it('creates a reviewer operator, who signs in as a reviewer; an unknown role is refused naming the roles', { timeout: 60_000 }, async () => {
    const tenant = JSON.parse((await cli(['service', 'tenant', 'create', '--name', 'Reviewers', '--data-dir', dataDir])).stdout) as { id: string };
    const created = await cli(
      ['service', 'operator', 'create', '--tenant', tenant.id, '--username', 'rita', '--role', 'reviewer', '--data-dir', dataDir],
      `${PASSWORD}\n`,
    );
    expect(created.code, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ username: 'rita', role: 'reviewer' });
    const unknown = await cli(
      ['service', 'operator', 'create', '--tenant', tenant.id, '--username', 'ron', '--role', 'auditor', '--data-dir', dataDir],
      `${PASSWORD}\n`,
    );
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('role must be one of admin, reviewer, viewer');
    const service = await openService({ dataDir });
    try {
      expect(await service.operators.verify({ username: 'rita', password: PASSWORD })).toMatchObject({ role: 'reviewer', name: 'rita' });
    } finally {
      await service.close();
    }
  });
});
