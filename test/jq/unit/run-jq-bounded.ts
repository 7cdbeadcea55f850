/**
 * Runs a jq program in a child process with a wall-clock timeout and a heap cap, so a test of a
 * hostile program (exponential regex, a builtin allocating gigabytes) is bounded by the test
 * itself: if the engine regresses, the test fails with `timedOut` or `crashed` instead of hanging
 * the runner or killing it with out-of-memory.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import type { Limits } from '../../../src/jq/index.js';
import { cachedDirSync } from '../../setup/cached-dir.js';
import { contentHash } from '../../setup/content-hash.js';

const CHILD = fileURLToPath(new URL('./run-jq-child.ts', import.meta.url));
const REPO = fileURLToPath(new URL('../../../', import.meta.url));

let bundled: string | undefined;

/**
 * The child bundled once (esbuild; cached in .cache/test/ by its sources; its packages stay imports
 * from node_modules), so the timeout bounds the program and not a TypeScript compilation of the
 * engine in every child, which took seconds under load.
 */
function childScript(): string {
  bundled ??= join(
    cachedDirSync('jq-child', contentHash(['src', 'test/jq/unit/run-jq-child.ts']), (dir) => {
      buildSync({
        entryPoints: [CHILD],
        outfile: join(dir, 'child.mjs'),
        bundle: true,
        packages: 'external',
        format: 'esm',
        platform: 'node',
        target: 'node20',
        logLevel: 'error',
      });
    }),
    'child.mjs',
  );
  return bundled;
}

export type BoundedOutcome = { outputs: unknown[] } | { error: { name: string; message: string; limit?: string } } | { timedOut: true } | { crashed: string };

export function runJqBounded(options: { program: string; input: unknown; limits?: Partial<Limits>; timeoutMs?: number }): BoundedOutcome {
  const result = spawnSync(
    process.execPath,
    ['--max-old-space-size=256', childScript(), options.program, JSON.stringify(options.input), JSON.stringify(options.limits ?? {})],
    { cwd: REPO, encoding: 'utf8', timeout: options.timeoutMs ?? 15_000, killSignal: 'SIGKILL' },
  );
  if (result.error && (result.error as NodeJS.ErrnoException).code === 'ETIMEDOUT') return { timedOut: true };
  if (result.status !== 0) return { crashed: `exit ${result.status ?? result.signal}: ${result.stderr.slice(-500)}` };
  return JSON.parse(result.stdout) as BoundedOutcome;
}
