/**
 * jq through the system binary (node-jq). It spawns one process per run, so it is the fallback
 * for expressions the in-process engine does not support, and the reference in differential tests.
 *
 * node-jq reads JQ_PATH once, when it is first imported, and would otherwise look for a binary its
 * install script downloads; we never run that script (see .npmrc), so point it at the system jq.
 */
import { accessSync, constants, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { JqCompileError, JqRuntimeError, type JqFilter } from './engine.js';

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

type NodeJqRun = typeof import('node-jq').run;
let nodeJqRun: Promise<NodeJqRun> | undefined;

async function loadNodeJq(): Promise<NodeJqRun> {
  nodeJqRun ??= (async () => {
    const binary = findJqBinary();
    if (!binary) {
      throw new JqCompileError('the jq binary was not found on PATH (install jq, or set JQ_PATH)', {
        kind: 'unsupported',
        construct: 'jq binary',
      });
    }
    process.env.JQ_PATH = binary;
    const module = await import('node-jq');
    return module.run;
  })();
  return nodeJqRun;
}

/** jq's own message, without the "jq: error (at <stdin>:0): " noise around it. */
function cleanJqMessage(raw: string): string {
  return raw
    .replace(/^Error:\s*/u, '')
    .replace(/jq: error \(at [^)]*\):\s*/gu, '')
    .replace(/jq: \d+ compile errors?/gu, '')
    .replace(/^jq: error:\s*/gmu, '')
    .trim();
}

type BinaryInput = { json: unknown } | { file: string };

async function runBinary(expression: string, input: BinaryInput): Promise<unknown[]> {
  const run = await loadNodeJq();
  let output: unknown;
  try {
    output =
      'file' in input
        ? await run(expression, input.file, { input: 'file', output: 'compact' })
        : await run(expression, input.json as never, { input: 'json', output: 'compact' });
  } catch (error) {
    const message = cleanJqMessage(error instanceof Error ? error.message : String(error));
    if (/compile error|syntax error/u.test(error instanceof Error ? error.message : '')) {
      throw new JqCompileError(message, { kind: 'syntax' });
    }
    throw new JqRuntimeError(message);
  }
  const text = typeof output === 'string' ? output : JSON.stringify(output);
  if (text === '') return [];
  return text.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as unknown);
}

let nullInputFile: string | undefined;

/**
 * A file holding `null`, for the compile check. jq given a file never reads our stdin: piping
 * input instead races jq's exit on a syntax error (the write fails with EPIPE, which would be
 * taken for a runtime error, and a broken expression would seem to compile).
 */
function nullInput(): { file: string } {
  if (!nullInputFile) {
    nullInputFile = join(tmpdir(), `lifecycle-connectors-jq-null-${process.pid}.json`);
    writeFileSync(nullInputFile, 'null\n');
  }
  return { file: nullInputFile };
}

/** Compiles by running the expression once on `null` and telling compile errors from runtime ones. */
export async function compileWithBinary(expression: string): Promise<JqFilter> {
  try {
    await runBinary(expression, nullInput());
  } catch (error) {
    if (error instanceof JqCompileError) throw error;
    // A runtime error on null says nothing about the expression's validity.
  }
  return {
    source: expression,
    engine: 'binary',
    run: (input) => runBinary(expression, { json: input }),
  };
}
