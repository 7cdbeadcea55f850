/** `connector service token list|revoke`: list prints no token; a revoked token no longer verifies; usage errors exit 2. */
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.js';
import { openService } from '../../../src/service/index.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { seedDataDir } from '../../setup/pglite-template.js';

let dir: Awaited<ReturnType<typeof makeTempDir>>;
let dataDir: string;

beforeAll(async () => {
  dir = await makeTempDir('token-cli');
  dataDir = await seedDataDir(join(dir.path, 'data'));
});
afterAll(() => dir?.remove());

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    stdin: new PassThrough(),
    env: {},
    cwd: dir.path,
  });
  return { code, stdout, stderr };
}

describe('connector service token list|revoke', () => {
  it('lists without secrets and revokes at once', { timeout: 60_000 }, async () => {
    const tenant = JSON.parse((await cli(['service', 'tenant', 'create', '--name', 'Acme', '--data-dir', dataDir])).stdout) as { id: string };
    const token = (await cli(['service', 'token', 'create', '--tenant', tenant.id, '--role', 'admin', '--name', 'robot', '--data-dir', dataDir])).stdout.trim();

    const listed = await cli(['service', 'token', 'list', '--tenant', tenant.id, '--data-dir', dataDir]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).not.toContain(token);
    const [info] = listed.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { tokenId: string; name: string; role: string; revokedAt: string | null });
    expect(info).toMatchObject({ name: 'robot', role: 'admin', revokedAt: null });

    const revoked = await cli(['service', 'token', 'revoke', '--tenant', tenant.id, '--token-id', info!.tokenId, '--data-dir', dataDir]);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stderr).toContain(`token ${info!.tokenId} (robot)`);
    const service = await openService({ dataDir });
    try {
      expect(await service.tokens.verify(token)).toBeUndefined();
      expect((await service.tokens.list({ tenantId: tenant.id }))[0]!.revokedAt).toEqual(expect.any(String));
    } finally {
      await service.close();
    }

    const unknown = await cli(['service', 'token', 'revoke', '--tenant', tenant.id, '--token-id', 'no-such-token', '--data-dir', dataDir]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('NOT_FOUND');
  });

  it.each([
    { args: ['service', 'token', 'revoke', '--tenant', 't'], stderr: '--token-id is required' },
    { args: ['service', 'token', 'list'], stderr: '--tenant is required' },
    { args: ['service', 'token', 'rename'], stderr: 'expected one of create, list, revoke' },
  ])('refuses $args with exit 2', async ({ args, stderr }) => {
    const answer = await cli(args);
    expect(answer.code).toBe(2);
    expect(answer.stderr).toContain(stderr);
  });
});
