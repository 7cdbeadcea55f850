import { defineConfig } from 'vitest/config';

// `npm run conformance`: the jq engine against jq's own suite (../shared/jq-tests) and the reference
// jq 1.8.1 (../shared/jq-reference/jq). Kept out of `npm test`, which needs neither.
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['test/conformance/**/*.test.ts'],
    globalSetup: ['test/conformance/print-conformance-table.ts'],
    pool: 'forks',
    testTimeout: 120_000,
    hookTimeout: 20_000,
  },
});
