/** `connector validate`: exit codes, the three output formats, and no stack trace on any input. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCli } from '../compiler/run-cli.js';

// Each case starts the CLI as a subprocess; on a shared 2-core machine that can take seconds.
vi.setConfig({ testTimeout: 90_000 });

const broken = 'test/fixtures/invalid-specs/unknown-key.yaml';
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'validate-cli-'));
  await writeFile(join(dir, 'binary.yaml'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0xff]));
  await writeFile(join(dir, 'huge.yaml'), `name: "${'x'.repeat(10 * 1024 * 1024)}"\n`);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('connector validate', () => {
  it('exits 0 on valid specs', async () => {
    const result = await runCli(['validate', 'test/fixtures/valid-specs']);
    expect(result).toMatchObject({ code: 0, stdout: '2 spec files checked: all valid\n' });
  });

  it('prints file:line:column, code, source line, caret, hint and pointer, and exits 1', async () => {
    const result = await runCli(['validate', broken]);
    expect(result.code).toBe(1);
    expect(result.stdout.split('\n').slice(0, 5)).toEqual([
      `${broken}:13:5  SPEC_UNKNOWN_KEY  unknown key 'recrods' in actions.importUsers`,
      '  13 |     recrods: .users',
      '     |     ^',
      "  hint: did you mean 'records'?",
      '  at: /actions/importUsers/recrods',
    ]);
    expect(result.stdout).toContain('1 spec file checked: 1 error, 0 warnings');
  });

  it('prints JSON with --format json', async () => {
    const result = await runCli(['validate', broken, '--format', 'json']);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as { valid: boolean; files: string[]; diagnostics: { code: string; line: number; column: number }[] };
    expect(report.valid).toBe(false);
    expect(report.files).toEqual([broken]);
    expect(report.diagnostics.map(({ code, line, column }) => ({ code, line, column }))).toEqual([{ code: 'SPEC_UNKNOWN_KEY', line: 13, column: 5 }]);
  });

  it('prints GitHub annotations with --format github', async () => {
    const result = await runCli(['validate', broken, '--format', 'github']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(
      `::error file=${broken},line=13,col=5,title=SPEC_UNKNOWN_KEY::unknown key 'recrods' in actions.importUsers (hint: did you mean 'records'?; at /actions/importUsers/recrods)\n`,
    );
  });

  it('reports every file of a directory, recursing', async () => {
    const result = await runCli(['validate', 'test/fixtures', '--format', 'json']);
    const report = JSON.parse(result.stdout) as { files: string[] };
    expect(result.code).toBe(1);
    expect(report.files.length).toBeGreaterThanOrEqual(27);
    expect(report.files).toContain('test/fixtures/valid-specs/simple-custom.yaml');
  });

  it.each([
    { given: ['validate', '--format', 'xml', broken], says: '--format must be one of human, json, github' },
    { given: ['validate', 'no/such/path'], says: 'no such file or directory: no/such/path' },
    { given: ['validate', '--nope'], says: 'unknown option --nope' },
  ])('exits 2 on bad usage: $given', async ({ given, says }) => {
    const result = await runCli(given);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(says);
  });

  it('handles binary and 10 MB files without a stack trace', async () => {
    const result = await runCli(['validate', dir]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('SPEC_BINARY_FILE');
    expect(result.stdout).toContain('SPEC_FILE_TOO_LARGE');
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/\n\s+at [\w.<]+ \(|internal error/u);
  });

  it('has --help', async () => {
    const result = await runCli(['validate', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: connector validate [paths...]');
  });
});
