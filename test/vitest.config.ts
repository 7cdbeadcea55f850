import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { ISOLATED_FILES } from './setup/isolated-files.js';
import LongestFirstSequencer from './setup/sequencer.js';

// test/conformance needs ../shared and the reference jq binary (`npm run conformance`);
// test/postgres needs a PostgreSQL server (`npm run test:postgres`); test/browser needs
// /usr/bin/chromium (`npm run test:browser`).
const NOT_HERE = ['test/conformance/**', 'test/postgres/**', 'test/browser/**', '**/node_modules/**'];

export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    // Once per run: the bundled CLI the CLI tests spawn, and the migrated embedded database that
    // each file copies (test/setup/); both cached in .cache/test/ until their inputs change.
    globalSetup: ['test/global-setup.ts'],
    // Forks keep each worker's sockets, timers and environment apart from the others', so files run
    // side by side. Vitest's default is one worker less than the cores: one on the 2-core CI
    // machines, where most files spend much of their time waiting on sockets, child processes and
    // imports. One worker more than the cores keeps both cores busy while one file waits: on the
    // quiet 2-core machine, 269 s with three workers against 323-346 s with two (same CPU time).
    pool: 'forks',
    maxWorkers: availableParallelism() + 1,
    // The longest files start first, so none of them is left running alone at the end (test/setup/sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
    // Generous: the machines are shared and noisy. A timeout is a failure, never a result.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Most files share their worker's modules with the files before them (no fresh process per
    // file): half the CPU time of the suite. The few that mock modules, change the environment or
    // measure latency get a process of their own (test/setup/isolated-files.ts says which and why).
    projects: [
      {
        extends: true,
        test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: [...NOT_HERE, ...ISOLATED_FILES], isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: [...ISOLATED_FILES], exclude: NOT_HERE, isolate: true } },
    ],
  },
});
