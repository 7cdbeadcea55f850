/**
 * jq through a jq executable the host provides: the fallback for the few expressions the
 * in-process engine refuses. It is on only when a jq binary is found ($JQ_PATH, else `jq` on
 * $PATH; see index.ts); the package itself ships and downloads no binary. Each run spawns one
 * process (execFile, no shell), writes the input on its stdin, and is killed after a timeout or
 * when its output grows past a cap.
 */
import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { JqCompileError, JqRuntimeError, type JqFilter } from './engine.js';

/** One run of jq may take this long before it is killed (jq has no step budget of its own). */
export const BINARY_TIMEOUT_MS = 10_000;
/** jq's stdout and stderr may each grow to this many bytes; past it the run is killed and fails. */
export const BINARY_MAX_OUTPUT_BYTES = 64 * 1024 * 1024;

/** jq's exit status for a program that does not compile (jq's main.c: `ret = JQ_ERROR_COMPILE`). */
const JQ_EXIT_COMPILE_ERROR = 3;

/** The jq executable: $JQ_PATH, else the first `jq` on $PATH, else undefined. */
export function findJqBinary(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.JQ_PATH) return env.JQ_PATH;
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, 'jq');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here; keep looking
    }
  }
  return undefined;
}

/** jq's runtime message, without the "jq: error (at <stdin>:0): " noise around it. */
function cleanRuntimeMessage(raw: string): string {
  return raw.replace(/jq: error \(at [^)]*\)(?: \(not a string\))?:\s*/gu, '').trim();
}

/**
 * jq's compile errors, one per line, without the location (it counts lines of the wrapped program
 * checkCompiles gives jq, not of the expression) and the quoted source under it.
 */
function cleanCompileMessage(raw: string): string {
  const errors = raw.split('\n').filter((line) => line.startsWith('jq: error'));
  const messages = errors.map((line) => line.replace(/^jq: error:\s*/u, '').replace(/ at <top-level>, line \d+(?:, column \d+)?:?$/u, ''));
  return messages.join('; ') || raw.trim() || 'jq refused the expression';
}

interface ProcessResult {
  /** jq's exit status, or undefined when it did not exit on its own. */
  status: number | undefined;
  stdout: string;
  stderr: string;
  /** Why the run was cut short or could not start, in words. */
  failure?: string;
}

/** Where jq is and how far one run may go; the defaults are BINARY_TIMEOUT_MS and BINARY_MAX_OUTPUT_BYTES. */
export interface BinaryOptions {
  binary: string;
  timeoutMs: number;
  maxOutputBytes: number;
}

function spawnJq({ options, args, stdin }: { options: BinaryOptions; args: string[]; stdin: string | undefined }): Promise<ProcessResult> {
  const { binary, timeoutMs, maxOutputBytes } = options;
  return new Promise((resolve) => {
    const child = execFile(
      binary,
      args,
      { encoding: 'utf8', timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: maxOutputBytes, windowsHide: true },
      (error, stdout, stderr) => {
        if (!error) return resolve({ status: 0, stdout, stderr });
        const code = (error as NodeJS.ErrnoException).code;
        if (typeof code === 'number') return resolve({ status: code, stdout, stderr });
        let failure = `the jq binary ${binary} could not run (${error.message.split('\n')[0]})`;
        if (code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER') failure = `the jq binary's output passed ${maxOutputBytes} bytes; it was stopped`;
        else if (error.killed) failure = `the jq binary did not finish within ${timeoutMs} ms; it was stopped`;
        resolve({ status: undefined, stdout, stderr, failure });
      },
    );
    // jq stops reading early (a compile error, `limit`): a closed pipe is not a failure of the run.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(stdin ?? '');
  });
}

function parseOutputs(stdout: string): unknown[] {
  return stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as unknown);
}

async function runOnBinary({ options, expression, input }: { options: BinaryOptions; expression: string; input: unknown }): Promise<unknown[]> {
  // The leading space keeps an expression that starts with `-` from being read as an option (jq 1.6 has no `--`).
  const result = await spawnJq({ options, args: ['-c', ` ${expression}`], stdin: `${JSON.stringify(input)}\n` });
  if (result.failure !== undefined) throw new JqRuntimeError(result.failure, undefined, parseCompleteLines(result.stdout));
  if (result.status === 0) return parseOutputs(result.stdout);
  if (result.status === JQ_EXIT_COMPILE_ERROR) throw new JqCompileError(cleanCompileMessage(result.stderr), { kind: 'syntax' });
  throw new JqRuntimeError(cleanRuntimeMessage(result.stderr) || `jq exited with status ${result.status}`, undefined, parseCompleteLines(result.stdout));
}

/** Outputs printed before jq was stopped: complete lines only (the last one may be cut). */
function parseCompleteLines(stdout: string): unknown[] {
  const complete = stdout.slice(0, stdout.lastIndexOf('\n') + 1);
  try {
    return parseOutputs(complete);
  } catch {
    return [];
  }
}

/**
 * Compiles on the binary without running the expression: jq compiles `if false then (EXPR) else
 * empty end` and never evaluates EXPR, so only compile errors (exit 3) come back. The newlines keep
 * a trailing `# comment` in EXPR from hiding the closing parenthesis.
 */
async function checkCompiles(options: BinaryOptions, expression: string): Promise<void> {
  const result = await spawnJq({ options, args: ['-n', `if false then (\n${expression}\n) else empty end`], stdin: undefined });
  if (result.failure !== undefined) throw new JqCompileError(result.failure, { kind: 'unsupported', construct: 'jq binary' });
  if (result.status === JQ_EXIT_COMPILE_ERROR) throw new JqCompileError(cleanCompileMessage(result.stderr), { kind: 'syntax' });
}

/** A filter that runs on the jq binary; throws JqCompileError when jq refuses the expression. */
export async function compileWithBinary(expression: string, given: Partial<BinaryOptions> = {}): Promise<JqFilter> {
  const binary = given.binary ?? findJqBinary();
  if (binary === undefined) {
    throw new JqCompileError('the jq binary was not found on PATH (install jq, or set JQ_PATH)', { kind: 'unsupported', construct: 'jq binary' });
  }
  const options: BinaryOptions = { binary, timeoutMs: given.timeoutMs ?? BINARY_TIMEOUT_MS, maxOutputBytes: given.maxOutputBytes ?? BINARY_MAX_OUTPUT_BYTES };
  await checkCompiles(options, expression);
  return {
    source: expression,
    engine: 'binary',
    run: (input) => runOnBinary({ options, expression, input }),
  };
}
