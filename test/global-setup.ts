/**
 * Once per `vitest run`, before any file: the bundled CLI and the migrated embedded database
 * template, which every worker then reuses (test/setup/). Both are cached in .cache/test/ by a
 * digest of their inputs, so a run without changes builds nothing.
 */
import type { TestProject } from 'vitest/node';
import { buildCliBundle } from './setup/cli-bundle.js';
import { buildPgliteTemplate } from './setup/pglite-template.js';

export default async function setup(project: TestProject): Promise<void> {
  const [cliBundle, pgliteTemplate] = await Promise.all([buildCliBundle(), buildPgliteTemplate()]);
  project.provide('cliBundle', cliBundle);
  project.provide('pgliteTemplate', pgliteTemplate);
}
