import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ISOLATED_FILES, NEEDS_ISOLATION } from './isolated-files.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OTHER_RUNS = ['test/conformance/', 'test/postgres/', 'test/browser/'];
// This file quotes the patterns as examples; it does none of what they stand for.
const SELF = 'test/setup/isolated-files.test.ts';

function testFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The file and the test helpers it imports (relative imports under test/), transitively. */
function sourcesOf(file: string): Map<string, string> {
  const seen = new Map<string, string>();
  const visit = (path: string) => {
    if (seen.has(path) || !path.startsWith('test/') || !existsSync(join(ROOT, path))) return;
    const text = readFileSync(join(ROOT, path), 'utf8');
    seen.set(path, text);
    for (const match of text.matchAll(/from\s+'(\.{1,2}\/[^']+)'/g)) {
      const target = relative(ROOT, resolve(ROOT, dirname(path), match[1] as string)).replace(/\.js$/, '.ts');
      visit(target);
    }
  };
  visit(file);
  return seen;
}

/** Why a file needs a process of its own ('' when it does not). */
function isolationReason(file: string): string {
  for (const [path, text] of sourcesOf(file)) {
    const need = NEEDS_ISOLATION.find(({ pattern }) => pattern.test(text));
    if (need) return `${need.reason} (${path})`;
  }
  return '';
}

describe('the files that run in a process of their own', () => {
  it('include every file that mocks modules, changes the environment or measures latency', () => {
    const files = testFiles('test').filter((file) => file !== SELF && !OTHER_RUNS.some((prefix) => file.startsWith(prefix)));
    const unlisted = files
      .filter((file) => !ISOLATED_FILES.includes(file))
      .map((file) => [file, isolationReason(file)])
      .filter(([, reason]) => reason !== '');
    expect(unlisted).toEqual([]);
    // The list names files that exist and need it, once each.
    expect(ISOLATED_FILES.filter((file) => isolationReason(file) === '')).toEqual([]);
    expect(new Set(ISOLATED_FILES).size).toBe(ISOLATED_FILES.length);
  });

  it('are none of the PostgreSQL run, whose files all share their workers (test/postgres.vitest.config.ts)', () => {
    const needing = testFiles('test/postgres')
      .map((file) => [file, isolationReason(file)])
      .filter(([, reason]) => reason !== '');
    expect(needing).toEqual([]);
  });

  it('are recognised by what they do', () => {
    const reasonFor = (text: string) => NEEDS_ISOLATION.find(({ pattern }) => pattern.test(text))?.reason ?? '';
    const cases: Array<[string, string]> = [
      ["vi.mock('../x.js', () => ({}));", 'mocks or reloads modules'],
      ['vi.resetModules();', 'mocks or reloads modules'],
      ["process.env.PATH = '/tmp';", 'changes process.env'],
      ["process.env['JQ'] = 'x';", 'changes process.env'],
      ['delete process.env.HOME;', 'changes process.env'],
      ["import { withFakeJq } from '../jq/fake-jq-binary.js';", 'puts a fake jq on PATH'],
      ['vi.useFakeTimers();', 'installs fake timers'],
      ['const ratio = await medianRatioDuring(case_);', 'measures a latency ratio'],
      ['return ratioWhile({ probe, operation, baseline, bound: 8 });', 'measures a latency ratio'],
      ['export async function medianRatioDuring(probe) {}', ''],
      ['export async function ratioWhile<T>(input) {}', ''],
      ["if (process.env.CI === 'true') {}", ''],
      ['const home = process.env.HOME;', ''],
    ];
    expect(cases.map(([text]) => [text, reasonFor(text)])).toEqual(cases);
  });
});
