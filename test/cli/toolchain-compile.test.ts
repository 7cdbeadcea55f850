/** `connector compile`: writes generated/, is byte-identical on recompile, and --check catches staleness. */
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compileCommand } from '../../src/cli/commands/compile.js';
import { repoRoot, runCli, type CliResult } from '../compiler/run-cli.js';

// Subprocesses on a shared 2-core machine are slow; steps after the first run the command in-process.
const SLOW = 90_000;

async function runInProcess(args: string[]): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const io = {
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
    stdin: process.stdin,
    env: process.env,
    cwd: repoRoot,
  };
  const code = await compileCommand.run(args, io);
  return { code, stdout, stderr };
}

let dir: string;
let specs: string;
let out: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'compile-cli-'));
  specs = join(dir, 'specs');
  out = join(dir, 'generated');
  await cp('test/fixtures/valid-specs', specs, { recursive: true });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function snapshot(): Promise<Record<string, string>> {
  const names = (await readdir(out)).sort();
  return Object.fromEntries(await Promise.all(names.map(async (n) => [n, await readFile(join(out, n), 'utf8')] as const)));
}

describe('connector compile', () => {
  it(
    'writes the modules, then recompiles byte-identically and --check passes',
    async () => {
      const first = await runCli(['compile', '--specs', specs, '--out', out]);
      expect(first.code).toBe(0);
      expect(first.stdout).toContain('compiled 2 specs: 4 files written');
      const written = await snapshot();
      expect(Object.keys(written)).toEqual(['incident-like.ts', 'index.ts', 'simple-custom.ts', 'spec-types.ts']);
      expect(written['incident-like.ts']!.split('\n')[0]).toMatch(
        /^\/\/ Generated from .*incident-like\.yaml by `npm run connector -- compile`\. Do not edit\.$/u,
      );

      const second = await runInProcess(['--specs', specs, '--out', out]);
      expect(second.stdout).toContain('0 files written, 0 removed, 4 unchanged');
      expect(await snapshot()).toEqual(written);
      expect((await runCli(['compile', '--check', '--specs', specs, '--out', out])).code).toBe(0);
    },
    SLOW,
  );

  it(
    '--check names stale, missing and extra files and writes nothing',
    async () => {
      await runInProcess(['--specs', specs, '--out', out]);
      await writeFile(join(out, 'simple-custom.ts'), '// edited by hand\n');
      await rm(join(out, 'index.ts'));
      await writeFile(join(out, 'old-connector.ts'), '// Generated from specs/old.yaml\n');
      const before = await snapshot();
      const result = await runCli(['compile', '--check', '--specs', specs, '--out', out]);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/stale: {3}.*generated\/simple-custom\.ts/u);
      expect(result.stderr).toMatch(/missing: .*generated\/index\.ts/u);
      expect(result.stderr).toMatch(/extra: {3}.*generated\/old-connector\.ts/u);
      expect(await snapshot()).toEqual(before);
    },
    SLOW,
  );

  it(
    'a changed spec makes --check fail until recompiled',
    async () => {
      await runInProcess(['--specs', specs, '--out', out]);
      const file = join(specs, 'simple-custom.yaml');
      await writeFile(file, (await readFile(file, 'utf8')).replace('name: Simple build-your-own', 'name: Renamed'));
      const stale = await runInProcess(['--check', '--specs', specs, '--out', out]);
      expect(stale.code).toBe(1);
      expect(stale.stderr).toMatch(/stale: .*simple-custom\.ts/u);
      await runInProcess(['--specs', specs, '--out', out]);
      expect((await runInProcess(['--check', '--specs', specs, '--out', out])).code).toBe(0);
    },
    SLOW,
  );

  it(
    'writes nothing and exits 1 when a spec is invalid',
    async () => {
      await cp('test/fixtures/invalid-specs/bad-jq.yaml', join(specs, 'bad-jq.yaml'));
      const result = await runCli(['compile', '--specs', specs, '--out', out]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('SPEC_JQ_SYNTAX');
      await expect(readdir(out)).rejects.toThrow();
    },
    SLOW,
  );

  it(
    'exits 2 on an unknown option and has --help',
    async () => {
      expect((await runCli(['compile', '--nope'])).code).toBe(2);
      const help = await runCli(['compile', '--help']);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain('--check');
    },
    SLOW,
  );
});
