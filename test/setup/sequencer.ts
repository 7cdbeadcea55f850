/**
 * The order files start in. With two workers the run ends when the last file does, so a long file
 * that starts late decides the wall time. Vitest orders files by the durations of its previous run
 * (kept under node_modules/.vite), which a clean clone (CI) does not have: it then starts the
 * largest files first, and some of the longest files are small ones that spawn services. Here the
 * files known to take longest start first, in the order listed (longest first, measured with
 * `--reporter=json`, docs/contributors/testing.md "A fast, steady suite"); every other file follows
 * in Vitest's own order. A file missing from the list only starts later; the list changes no result.
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const LONGEST_FIRST = [
  // npm test (report of 27 November 2026, after the 16 MB embedded buffer pool)
  'test/specs/demo.test.ts',
  'test/package/pack-install.test.ts',
  'test/service/api/prebuilt-catalog-api.test.ts',
  'test/cli/operator-run.test.ts',
  'test/cli/service-profile-cli.test.ts',
  'test/hostile/hostile-target-tricks.test.ts',
  'test/cli/service-cli-running.test.ts',
  'test/cli/service-cli.test.ts',
  'test/service/sync/stale-run.test.ts',
  'test/service/operators/operator-cli.test.ts',
  'test/service/crypto/key-rotation.test.ts',
  'test/cli/service-tenant-cli.test.ts',
  'test/cli/service-review-cli.test.ts',
  'test/service/workflows/durable-activation.test.ts',
  'test/cli/service-sync-cli.test.ts',
  'test/runtime/hostile-responses.test.ts',
  'test/hostile/hostile-target.test.ts',
  'test/service/console/console-sessions.test.ts',
  'test/cli/operator-test-preview.test.ts',
  'test/service/workflows/workflows.test.ts',
  'test/service/console/console-pages.test.ts',
  'test/service/api/crash.test.ts',
  'test/service/people/links.property.test.ts',
  'test/service/sync/tenant-isolation-limits.test.ts',
  // npm run test:postgres
  'test/postgres/scale-out.test.ts',
  'test/postgres/workflows.test.ts',
  'test/postgres/sync.test.ts',
  'test/postgres/first-sync-hung-worker.test.ts',
  'test/postgres/integration-lifecycle.test.ts',
];

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FIRST.indexOf(relative(file.project.config.root, file.moduleId));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    // Array.prototype.sort is stable: files off the list keep Vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
