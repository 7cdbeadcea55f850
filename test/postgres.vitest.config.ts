import { defineConfig } from 'vitest/config';
import { SIDE_BY_SIDE } from './setup/side-by-side.js';

/**
 * `npm run test:postgres`: the service's tests against the real PostgreSQL server on
 * 127.0.0.1:5432 (PG_ADMIN_URL overrides it). Each file creates and drops its own database, so
 * files run side by side, longest first (test/setup/side-by-side.ts, as `npm test`); the CLI
 * they spawn is the bundle built once by the global setup. Every file shares its worker's modules
 * with the files before it (`isolate: false`, as most of `npm test`'s do): none of them mocks a
 * module, changes the environment or installs fake timers, which test/setup/isolated-files.test.ts
 * checks. The run took 153 s with a fresh process per file and two workers, 99 s this way.
 */
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['test/postgres/**/*.test.ts'],
    ...SIDE_BY_SIDE,
    isolate: false,
  },
});
