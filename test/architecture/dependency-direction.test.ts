/**
 * Dependencies point one way (docs/contributors/architecture.md "The layer rule"): the compiler never imports the runtime, and a generated
 * module with the runtime runs without the compiler. src/plan/ and src/auth-types/, which both
 * sides read, import neither.
 */
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { reachedUnder, ROOT } from './import-graph.js';

const run = promisify(execFile);

function modulesUnder(folder: string): string[] {
  return readdirSync(`${ROOT}/${folder}`, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => `${folder}/${file}`);
}

const GENERATED = modulesUnder('generated');

describe('the static import graph', () => {
  it('reaches no runtime module from the compiler (its index or any of its modules)', () => {
    expect(reachedUnder(['src/compiler/index.ts', ...modulesUnder('src/compiler')], 'src/runtime/')).toEqual([]);
  });

  it("reaches no compiler module from a generated module and the runtime's connect()", () => {
    expect(GENERATED).toContain('generated/okta.ts');
    expect(reachedUnder(['generated/okta.ts', 'src/runtime/connect.ts'], 'src/compiler/')).toEqual([]);
    expect(reachedUnder([...GENERATED, 'src/runtime/connect.ts'], 'src/compiler/')).toEqual([]);
  });

  it('reaches neither side from the modules both read', () => {
    const shared = [...modulesUnder('src/plan'), ...modulesUnder('src/auth-types')];
    expect(reachedUnder(shared, 'src/compiler/')).toEqual([]);
    expect(reachedUnder(shared, 'src/runtime/')).toEqual([]);
  });

  it('finds imports that do exist (the walk follows them)', () => {
    expect(reachedUnder(['src/cli/commands/run.ts'], 'src/runtime/').length).toBeGreaterThan(0);
    expect(reachedUnder(['src/index.ts'], 'src/compiler/').length).toBeGreaterThan(0);
  });
});

describe('a client built from a generated module', () => {
  it('imports from the Okta simulator on 127.0.0.1 in a process where loading the compiler fails', async () => {
    const fixtures = `${ROOT}/test/architecture/fixtures`;
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--import', `${fixtures}/refuse-compiler.mjs`, `${fixtures}/import-from-generated.ts`], {
      cwd: ROOT,
      timeout: 60_000,
    });
    const result = JSON.parse(stdout) as { imported: number; listed: number; requests: number };
    expect(result.listed).toBeGreaterThan(0);
    expect(result.imported).toBe(result.listed);
    expect(result.requests).toBeGreaterThan(0);
  }, 60_000);

  it('the refusing hook does stop a process that loads the compiler', async () => {
    const fixtures = `${ROOT}/test/architecture/fixtures`;
    const loadsCompiler = ['--import', 'tsx', '--import', `${fixtures}/refuse-compiler.mjs`, '--eval', 'await import("./src/compiler/index.ts")'];
    await expect(run(process.execPath, loadsCompiler, { cwd: ROOT, timeout: 60_000 })).rejects.toMatchObject({
      stderr: expect.stringContaining('the compiler was loaded'),
    });
  }, 60_000);
});
