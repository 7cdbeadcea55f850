import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['test/**/*.test.ts'],
    // test/conformance needs ../shared and the reference jq binary (`npm run conformance`);
    // test/postgres needs a PostgreSQL server (`npm run test:postgres`); test/browser needs
    // /usr/bin/chromium (`npm run test:browser`).
    exclude: ['test/conformance/**', 'test/postgres/**', 'test/browser/**', '**/node_modules/**'],
    // Two cores on CI machines: forks keep each file's sockets and timers apart.
    pool: 'forks',
    // Generous: the machines are shared and noisy, and opening an embedded database with its
    // migrations can take tens of seconds under load. A timeout is a failure, never a result.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
