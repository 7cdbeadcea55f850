import { defineConfig } from 'vitest/config';

/**
 * `npm run test:browser`: the operator console in a real headless browser (Debian's chromium at
 * /usr/bin/chromium, driven by playwright-core; no browser is downloaded). Not part of `npm test`,
 * which must pass on a machine without chromium.
 */
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['test/browser/**/*.test.ts'],
    pool: 'forks',
    // One browser walk per file, each step waiting for real syncs on a 2-core machine.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
