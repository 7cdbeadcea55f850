/**
 * The reference: jq 1.8.1 (reference-jq.ts). Many (expression, input) pairs run in one jq process:
 * each expression becomes `def eN: ...;`, each input line says which to run, and jq prints one line
 * per input with every output as JSON text (tojson), or the fact that it failed. A batch that does
 * not compile (one bad expression spoils the batch) or does not finish in time is re-run one
 * expression at a time; one that still fails counts as an error of jq.
 */
import { spawnSync } from 'node:child_process';
import { REFERENCE_JQ } from '../reference-jq.js';

const JQ_BINARY = REFERENCE_JQ;

export interface DifferentialCase {
  expression: string;
  input: unknown;
}

/** What jq did for one case: each output as jq -c prints it, or an error (message not compared). */
export type BinaryOutcome = { outputs: string[] } | { error: string };

const BATCH_SIZE = 100;

function runBatch({
  expressions,
  cases,
  timeoutMs,
}: {
  expressions: string[];
  cases: Array<{ index: number; input: unknown }>;
  timeoutMs: number;
}): BinaryOutcome[] | string {
  const defs = expressions.map((expression, index) => `def e${index}: ${expression};`).join('\n');
  const dispatch = expressions.map((_, index) => `${index === 0 ? 'if' : 'elif'} $k == ${index} then e${index}`).join(' ');
  const program = `${defs}\n.k as $k | .v | try ([${dispatch} else empty end] | map(tojson) | {ok: .}) catch {err: tostring}`;
  const input = cases.map(({ index, input: value }) => JSON.stringify({ k: index, v: value })).join('\n');
  // A runaway program (jq has no step budget) must not hang the test: kill it and retry alone.
  const result = spawnSync(JQ_BINARY, ['-c', program], { input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: timeoutMs, killSignal: 'SIGKILL' });
  if (result.status === null) return `jq did not finish: ${result.error?.message ?? result.signal}`;
  // jq exits 3 on a compile error before reading its input (EPIPE on our side): its stderr says why.
  if (result.status !== 0) return result.stderr || `jq exited ${result.status}`;
  const lines = result.stdout.split('\n').filter((line) => line !== '');
  if (lines.length !== cases.length) return `jq printed ${lines.length} lines for ${cases.length} inputs`;
  return lines.map((line) => {
    const parsed = JSON.parse(line) as { ok?: string[]; err?: string };
    return parsed.ok ? { outputs: parsed.ok } : { error: parsed.err ?? 'error' };
  });
}

/** Runs every case on the jq binary, in as few processes as possible. */
export function runJqBinary(cases: DifferentialCase[]): BinaryOutcome[] {
  const outcomes: BinaryOutcome[] = new Array<BinaryOutcome>(cases.length);
  for (let start = 0; start < cases.length; start += BATCH_SIZE) {
    const slice = cases.slice(start, start + BATCH_SIZE);
    const expressions = [...new Set(slice.map((item) => item.expression))];
    const batch = runBatch({
      expressions,
      cases: slice.map((item) => ({ index: expressions.indexOf(item.expression), input: item.input })),
      timeoutMs: 20_000,
    });
    if (typeof batch !== 'string') {
      batch.forEach((outcome, offset) => (outcomes[start + offset] = outcome));
      continue;
    }
    // One expression does not compile on jq: find it by running them alone.
    slice.forEach((item, offset) => {
      const single = runBatch({ expressions: [item.expression], cases: [{ index: 0, input: item.input }], timeoutMs: 3_000 });
      outcomes[start + offset] = typeof single === 'string' ? { error: single.trim() } : (single[0] ?? { error: 'no output line' });
    });
  }
  return outcomes;
}
