/**
 * The `connector` bin in a checkout, as `npm ci && npx connector --help` meets it on a fresh clone:
 * install scripts do not run (.npmrc), so there is no dist/, and the bin runs the sources through
 * tsx. A copy of the bin beside the repository's sources and node_modules, with no dist/, stands in
 * for the fresh clone (the repository's own dist/ may exist, built by pack-install.test.ts).
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const exec = promisify(execFile);
let checkout: string;

beforeAll(async () => {
  checkout = await mkdtemp(join(tmpdir(), 'lc-checkout-'));
  await mkdir(join(checkout, 'scripts'));
  await copyFile(join(REPO, 'scripts/connector.mjs'), join(checkout, 'scripts/connector.mjs'));
  await copyFile(join(REPO, 'package.json'), join(checkout, 'package.json'));
  for (const dir of ['src', 'node_modules', 'specs', 'schema', 'generated']) await symlink(join(REPO, dir), join(checkout, dir));
});

afterAll(async () => {
  if (checkout) await rm(checkout, { recursive: true, force: true });
});

describe('the connector bin in a checkout without a build', () => {
  it('prints the help from the TypeScript sources', async () => {
    const { stdout } = await exec(process.execPath, [join(checkout, 'scripts/connector.mjs'), '--help'], { cwd: checkout });
    expect(stdout).toMatch(/^Usage: connector <command>/);
    expect(stdout).toContain('  service ');
  });

  it('runs a command that loads its module lazily (validate a shipped spec)', async () => {
    const { stdout } = await exec(
      process.execPath,
      [join(checkout, 'scripts/connector.mjs'), 'validate', join(REPO, 'specs/prebuilt/incident-platform.yaml')],
      { cwd: checkout },
    );
    expect(stdout).toBe('1 spec file checked: all valid\n');
  });

  it('says what to do when neither the sources with tsx nor the build are there', async () => {
    const bare = await mkdtemp(join(tmpdir(), 'lc-bare-'));
    try {
      await mkdir(join(bare, 'scripts'));
      await copyFile(join(REPO, 'scripts/connector.mjs'), join(bare, 'scripts/connector.mjs'));
      const failed = await exec(process.execPath, [join(bare, 'scripts/connector.mjs'), '--help'], { cwd: bare }).then(
        () => undefined,
        (error: { code: number; stderr: string }) => error,
      );
      expect(failed?.code).toBe(1);
      expect(failed?.stderr).toContain('npm run build');
    } finally {
      await rm(bare, { recursive: true, force: true });
    }
  });
});
