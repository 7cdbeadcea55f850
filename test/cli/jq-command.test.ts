/**
 * `connector jq`: in-process (jqCommand.run with captured io) for the behaviours, and as a
 * subprocess for exit codes and stdin handling through main.ts. Number text is checked against jq 1.8.1
 * itself in test/conformance/number-text.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CliIO } from '../../src/cli/command.js';
import { jqCommand } from '../../src/cli/commands/jq.js';
import { formatJqNumber } from '../../src/cli/jq/format-jq-output.js';
import { cliEntry } from '../setup/cli-bundle.js';
import { readJsonStream } from '../../src/cli/jq/read-json-stream.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));

async function runJq(args: string[], stdin = '', cwd = REPO): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIO = {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    stdin: Readable.from([Buffer.from(stdin)]),
    env: {},
    cwd,
  };
  const code = await jqCommand.run(args, io);
  return { code, stdout, stderr };
}

describe('connector jq (in-process)', () => {
  it('runs the filter on each value of a whitespace-separated stream, one compact output per line', async () => {
    const result = await runJq(['.users[] | {id, admin: (.role == "owner")}'], '{"users":[{"id":"P1","role":"owner"},{"id":"P2"}]}\n {"users":[]}');
    expect(result).toEqual({ code: 0, stdout: '{"id":"P1","admin":true}\n{"id":"P2","admin":false}\n', stderr: '' });
  });

  it('reports a runtime error like jq (input line), carries on, and exits 5', async () => {
    const result = await runJq(['.a'], '{"a":1}\n3\n{"a":2}\n');
    expect(result.code).toBe(5);
    expect(result.stdout).toBe('1\n2\n');
    expect(result.stderr).toMatch(/^jq: error \(at <stdin>:2\): Cannot index number with .*"a"/u);
  });

  it('prints the outputs an input produced before its error, as jq does', async () => {
    const result = await runJq(['.[] | (1 / .)'], '[1, 4, 0, 2]\n[2]');
    expect(result.stdout).toBe('1\n0.25\n0.5\n');
    expect(result.stderr).toMatch(/^jq: error \(at <stdin>:1\): .*divided because the divisor is zero/u);
    expect(result.code).toBe(5);
  });

  it('shows error(value) with a non-string value as JSON', async () => {
    const result = await runJq(['error({code: 1})'], 'null');
    expect(result.code).toBe(5);
    expect(result.stderr).toBe('jq: error (at <stdin>:0) (not a string): {"code":1}\n');
  });

  it('exits 3 on a syntax error, showing the filter and a caret under the column', async () => {
    const result = await runJq(['.a | | .b'], 'null');
    expect(result.code).toBe(3);
    const [message, excerpt, caret, count] = result.stderr.split('\n');
    expect(message).toMatch(/^jq: error: .*syntax error.* at <top-level>, line 1, column 6:$/u);
    expect(message).not.toMatch(/offset/u);
    expect(excerpt).toBe('    .a | | .b');
    expect(caret).toBe('         ^');
    expect(count).toBe('jq: 1 compile error');
    expect(result.stdout).toBe('');
  });

  it('exits 3 naming a construct the engine refuses', async () => {
    const result = await runJq(['[inputs]'], 'null');
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/^jq: error: .*inputs/u);
  });

  it('prints strings raw with -r and runs once on null with -n', async () => {
    expect(await runJq(['-r', '.[]'], '["a\\tb", 1, {"c":"d"}]')).toEqual({ code: 0, stdout: 'a\tb\n1\n{"c":"d"}\n', stderr: '' });
    expect(await runJq(['-n', '[1, "x"]'], 'not read')).toEqual({ code: 0, stdout: '[1,"x"]\n', stderr: '' });
    expect(await runJq(['-rn', '"x"'])).toEqual({ code: 0, stdout: 'x\n', stderr: '' });
    expect(await runJq(['-c', '--compact-output', '.'], '{"a": [1, 2]}')).toEqual({ code: 0, stdout: '{"a":[1,2]}\n', stderr: '' });
  });

  it('reads the files given after the filter, naming the file in errors', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'connector-jq-'));
    writeFileSync(join(dir, 'page.json'), '{"a":"x"}\n\n[1]\n');
    const result = await runJq(['.a', 'page.json'], '', dir);
    expect(result.stdout).toBe('"x"\n');
    expect(result.stderr).toMatch(/^jq: error \(at page\.json:3\): Cannot index array/u);
    expect(result.code).toBe(5);
  });

  it('prints its help with --help, also when called directly', async () => {
    const result = await runJq(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Exit codes: 0 ok, 2 usage or unreadable input, 3 the filter does not compile, 5 a runtime error.');
  });

  const usageTable: Array<{ given: string[]; want: RegExp }> = [
    { given: [], want: /missing <filter>/u },
    { given: ['--slurp', '.'], want: /unknown option '--slurp'/u },
  ];
  for (const { given, want } of usageTable) {
    it(`exits 2 on bad usage: ${JSON.stringify(given)}`, async () => {
      const result = await runJq(given);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(want);
      expect(result.stderr).toContain('Usage: connector jq');
    });
  }

  it('exits 2 on unreadable input: a missing file, invalid JSON', async () => {
    const missing = await runJq(['.', 'no-such-file.json']);
    expect(missing).toMatchObject({ code: 2, stderr: 'jq: error: Could not open no-such-file.json: No such file or directory\n' });
    const invalid = await runJq(['.'], '{"a":1}\n{"a":');
    expect(invalid.code).toBe(2);
    expect(invalid.stdout).toBe('{"a":1}\n'); // values before the bad one still run, as in jq
    expect(invalid.stderr).toBe('jq: parse error: Unfinished JSON term at EOF at line 2, column 5\n');
  });
});

describe('readJsonStream', () => {
  it('splits values and gives the line jq reports for each', () => {
    expect([...readJsonStream('\uFEFF1 "a b"\n[1,\n2]\n{"x":"}"}true')]).toEqual([
      { value: 1, line: 0 },
      { value: 'a b', line: 1 },
      { value: [1, 2], line: 3 },
      { value: { x: '}' }, line: 3 },
      { value: true, line: 3 },
    ]);
  });
});

describe('number text', () => {
  // As jq 1.8.1 -c prints computed numbers (checked against the binary in test/conformance/number-text.test.ts).
  it.each([
    { given: 0.1, want: '0.1' },
    { given: 1e-7, want: '1e-07' },
    { given: 1e17, want: '1e+17' },
    { given: 1e16, want: '1e+16' },
    { given: 12345678901234567, want: '12345678901234568' },
    { given: 100, want: '100' },
    { given: -0, want: '-0' },
    { given: 0.00001, want: '1e-05' },
    { given: 0.0001, want: '0.0001' },
    { given: 123e-20, want: '1.23e-18' },
    { given: 2 ** 53 + 2, want: '9007199254740994' },
    { given: 5e-324, want: '5e-324' },
  ])('$given -> $want', ({ given, want }) => {
    expect(formatJqNumber(given)).toBe(want);
  });
  it('prints infinities as ±DBL_MAX and NaN as null, like jq', () => {
    expect([Infinity, -Infinity, NaN].map(formatJqNumber)).toEqual(['1.7976931348623157e+308', '-1.7976931348623157e+308', 'null']);
  });
});

describe('connector jq (subprocess)', () => {
  let entry: string;
  beforeAll(async () => {
    entry = await cliEntry();
  });
  const cli = (args: string[], input: string) => spawnSync(process.execPath, [entry, 'jq', ...args], { cwd: REPO, input, encoding: 'utf8' });

  it('reads stdin and prints like jq -c, exit 0', () => {
    const result = cli(['.users | map(.email // "")'], '{"users":[{"email":"a@x.io"},{}]}');
    expect(result.stdout).toBe('["a@x.io",""]\n');
    expect(result.status).toBe(0);
  });

  it('exits 5 on a runtime error and 3 on a compile error, without a stack trace', () => {
    const runtime = cli(['.[0]'], '{}');
    expect(runtime.status).toBe(5);
    expect(runtime.stderr).toMatch(/^jq: error \(at <stdin>:0\): Cannot index object/u);
    const compile = cli(['{a:'], '{}');
    expect(compile.status).toBe(3);
    expect(compile.stderr).toMatch(/^jq: error: .* at <top-level>, line 1, column \d+:\n {4}\{a:\n/u);
    expect(`${runtime.stderr}${compile.stderr}`).not.toMatch(/\n\s+at /u);
  });

  it('prints its help with --help', () => {
    const result = cli(['--help'], '');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Usage: connector jq [options] <filter> [file...]');
  });
});
