import { defineConfig } from 'vitest/config';
import { ISOLATED_FILES } from './setup/isolated-files.js';
import { SIDE_BY_SIDE } from './setup/side-by-side.js';

// test/conformance needs ../shared and the reference jq binary (`npm run conformance`);
// test/postgres needs a PostgreSQL server (`npm run test:postgres`); test/browser needs
// /usr/bin/chromium (`npm run test:browser`).
const NOT_HERE = ['test/conformance/**', 'test/postgres/**', 'test/browser/**', '**/node_modules/**'];

export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    ...SIDE_BY_SIDE,
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
