import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * `npm run test:postgres`: the service's tests against the real PostgreSQL server on
 * 127.0.0.1:5432 (PG_ADMIN_URL overrides it). Each file creates and drops its own database, so
 * files run side by side (workers as in test/vitest.config.ts); the CLI they spawn is the bundle
 * built once by the global setup.
 */
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['test/postgres/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: Math.max(2, availableParallelism()),
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
