#!/usr/bin/env node
/**
 * The package's `connector` bin. It runs without a build step, so `npm ci && npx connector --help`
 * works on a fresh clone, where .npmrc keeps install scripts (and so `prepare`'s build) from running:
 * - in a checkout (src/ is beside this file), the TypeScript sources through tsx, a development
 *   dependency that `npm ci` installs: what runs is what was edited, never a stale dist/;
 * - in the installed package (src/ is not shipped), the bundled CLI in dist/cli/, plain JavaScript:
 *   no TypeScript loader, and tsx is not a dependency of the package.
 */
import { existsSync } from 'node:fs';

const source = new URL('../src/cli/main.ts', import.meta.url);
const bundle = new URL('../dist/cli/connector.js', import.meta.url);

async function loadTsx() {
  try {
    return await import('tsx/esm/api');
  } catch {
    return undefined;
  }
}

const tsx = existsSync(source) ? await loadTsx() : undefined;
if (tsx) {
  tsx.register();
  const { runCli } = await import(source.href);
  await runCli();
} else if (existsSync(bundle)) {
  await import(bundle.href);
} else {
  process.stderr.write('connector: neither the sources with tsx (run `npm ci`) nor the build (run `npm run build`) are here\n');
  process.exitCode = 1;
}
