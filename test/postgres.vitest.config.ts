import { defineConfig } from 'vitest/config';

/**
 * `npm run test:postgres`: the service's tests against the real PostgreSQL server on
 * 127.0.0.1:5432 (PG_ADMIN_URL overrides it). Each file creates and drops its own database.
 */
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['test/postgres/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
