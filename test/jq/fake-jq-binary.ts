/**
 * A stand-in for the jq executable, so tests of the binary fallback run where no jq is installed:
 * a small Node script named `jq` in a temporary folder. It answers each program from a table given
 * by the test (`$INPUT` in stdout stands for what it read on stdin, trimmed) and logs its argv and
 * stdin, one JSON line per run. `-n` with `if false then (EXPR) else empty end` is the compile check.
 */
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { afterEach } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface FakeAnswer {
  status?: number;
  stdout?: string;
  stderr?: string;
  /** Sleep this long before answering (to exceed a timeout). */
  sleepMs?: number;
}

/** Per program: how the compile check and a run answer (both default to success, no output). */
export type FakeJqTable = Record<string, { compile?: FakeAnswer; run?: FakeAnswer }>;

export interface FakeJq {
  dir: string;
  binary: string;
  calls(): Array<{ args: string[]; stdin: string }>;
}

const SCRIPT = String.raw`
const { appendFileSync, readFileSync } = require('node:fs');
const { join } = require('node:path');
const args = process.argv.slice(2);
const table = JSON.parse(readFileSync(join(__dirname, 'table.json'), 'utf8'));
let stdin = '';
process.stdin.on('data', (chunk) => (stdin += chunk));
process.stdin.on('end', () => {
  appendFileSync(join(__dirname, 'calls.log'), JSON.stringify({ args, stdin }) + '\n');
  const program = args[args.length - 1];
  const check = /^if false then \(\n([\s\S]*)\n\) else empty end$/.exec(program);
  const entry = table[(check ? check[1] : program).trim()];
  const answer = (entry && (check ? entry.compile : entry.run)) || (entry || check ? {} : { status: 3, stderr: 'jq: error: fake jq has no answer for this program\njq: 1 compile error\n' });
  setTimeout(() => {
    process.stdout.write((answer.stdout || '').split('$INPUT').join(stdin.trim()));
    process.stderr.write(answer.stderr || '');
    process.exitCode = answer.status || 0;
  }, answer.sleepMs || 0);
});
`;

/** Writes the fake into a new temporary folder; put that folder on PATH or its `binary` in JQ_PATH. */
export function installFakeJq(table: FakeJqTable): FakeJq {
  const dir = mkdtempSync(join(tmpdir(), 'fake-jq-'));
  const binary = join(dir, 'jq');
  writeFileSync(join(dir, 'table.json'), JSON.stringify(table));
  writeFileSync(join(dir, 'calls.log'), '');
  writeFileSync(binary, `#!${process.execPath}\n${SCRIPT}`);
  chmodSync(binary, 0o755);
  return {
    dir,
    binary,
    calls: () =>
      readFileSync(join(dir, 'calls.log'), 'utf8')
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as { args: string[]; stdin: string }),
  };
}

/**
 * Puts PATH and JQ_PATH back after each test of the calling file (tests point them at a fake jq,
 * or at nothing); returns the PATH the file started with.
 */
export function restoreJqEnvAfterEach(): string | undefined {
  const savedPath = process.env.PATH;
  const savedJqPath = process.env.JQ_PATH;
  afterEach(() => {
    process.env.PATH = savedPath;
    if (savedJqPath === undefined) delete process.env.JQ_PATH;
    else process.env.JQ_PATH = savedJqPath;
  });
  return savedPath;
}
