import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './setup/sequencer.js';

/**
 * `npm run test:postgres`: the service's tests against the real PostgreSQL server on
 * 127.0.0.1:5432 (PG_ADMIN_URL overrides it). Each file creates and drops its own database, so
 * files run side by side, longest first (workers and order as in test/vitest.config.ts); the CLI
 * they spawn is the bundle built once by the global setup. Every file shares its worker's modules
 * with the files before it (`isolate: false`, as most of `npm test`'s do): none of them mocks a
 * module, changes the environment or installs fake timers, which test/setup/isolated-files.test.ts
 * checks. The run took 153 s with a fresh process per file and two workers, 99 s this way.
 */
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['test/postgres/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: availableParallelism() + 1,
    sequence: { sequencer: LongestFirstSequencer },
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
