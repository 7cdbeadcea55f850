import { availableParallelism } from 'node:os';
import type { InlineConfig } from 'vitest/node';
import LongestFirstSequencer from './sequencer.js';

/**
 * How `npm test` and `npm run test:postgres` run their files: one owner for both configs.
 *
 * - Once per run (test/global-setup.ts): the bundled CLI the CLI tests spawn, and the migrated
 *   embedded database that each file copies (test/setup/); both cached in .cache/test/ until their
 *   inputs change.
 * - Forks keep each worker's sockets, timers and environment apart from the others', so files run
 *   side by side. Vitest's default is one worker less than the cores: one on the 2-core CI
 *   machines, where most files spend much of their time waiting on sockets, child processes and
 *   imports. One worker more than the cores keeps both cores busy while one file waits: on the
 *   quiet 2-core machine, 269 s with three workers against 323-346 s with two (same CPU time).
 * - The longest files start first, so none of them is left running alone at the end (sequencer.ts).
 * - Generous timeouts: the machines are shared and noisy. A timeout is a failure, never a result.
 */
export const SIDE_BY_SIDE: InlineConfig = {
  globalSetup: ['test/global-setup.ts'],
  pool: 'forks',
  maxWorkers: availableParallelism() + 1,
  sequence: { sequencer: LongestFirstSequencer },
  testTimeout: 60_000,
  hookTimeout: 120_000,
};
