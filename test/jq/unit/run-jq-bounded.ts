/**
 * Runs a jq program in a child process with a wall-clock timeout and a heap cap, so a test of a
 * hostile program (exponential regex, a builtin allocating gigabytes) is bounded by the test
 * itself: if the engine regresses, the test fails with `timedOut` or `crashed` instead of hanging
 * the runner or killing it with out-of-memory.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Limits } from '../../../src/jq/index.js';

const CHILD = fileURLToPath(new URL('./run-jq-child.ts', import.meta.url));
const REPO = fileURLToPath(new URL('../../../', import.meta.url));

export type BoundedOutcome = { outputs: unknown[] } | { error: { name: string; message: string; limit?: string } } | { timedOut: true } | { crashed: string };

export function runJqBounded(options: { program: string; input: unknown; limits?: Partial<Limits>; timeoutMs?: number }): BoundedOutcome {
  const result = spawnSync(
    process.execPath,
    ['--max-old-space-size=256', '--import', 'tsx', CHILD, options.program, JSON.stringify(options.input), JSON.stringify(options.limits ?? {})],
    { cwd: REPO, encoding: 'utf8', timeout: options.timeoutMs ?? 15_000, killSignal: 'SIGKILL' },
  );
  if (result.error && (result.error as NodeJS.ErrnoException).code === 'ETIMEDOUT') return { timedOut: true };
  if (result.status !== 0) return { crashed: `exit ${result.status ?? result.signal}: ${result.stderr.slice(-500)}` };
  return JSON.parse(result.stdout) as BoundedOutcome;
}
