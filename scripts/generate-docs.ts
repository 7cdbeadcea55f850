/**
 * `npm run docs:generate`: writes the pages of docs/ that are generated from the code (error
 * tables, spec reference, CLI reference). `--check` writes nothing and exits 1 naming each stale
 * page (test/docs/generated-docs.test.ts does the same in the tests).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderCliReference } from './docs/cli-reference.js';
import { renderApiErrors, renderRuntimeErrors } from './docs/error-tables.js';
import { renderSpecReference } from './docs/spec-reference.js';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Each generated page: its path under the repository, and how to render it. */
export const GENERATED_PAGES: Record<string, () => Promise<string>> = {
  'docs/api/errors.md': () => renderApiErrors(ROOT),
  'docs/library/errors.md': () => renderRuntimeErrors(ROOT),
  'docs/connector-authors/spec-reference.md': () => renderSpecReference(ROOT),
  'docs/operators/cli-reference.md': () => renderCliReference(),
};

async function readOrEmpty(path: string): Promise<string> {
  return readFile(path, 'utf8').catch(() => '');
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) {
  const check = process.argv.includes('--check');
  const stale: string[] = [];
  for (const [page, render] of Object.entries(GENERATED_PAGES)) {
    const text = await render();
    if ((await readOrEmpty(join(ROOT, page))) === text) continue;
    stale.push(page);
    if (!check) await writeFile(join(ROOT, page), text);
  }
  if (check && stale.length > 0) {
    process.stderr.write(`docs: stale, run \`npm run docs:generate\`: ${stale.join(', ')}\n`);
    process.exitCode = 1;
  } else {
    process.stdout.write(check ? 'docs: generated pages are current\n' : `docs: ${stale.length === 0 ? 'nothing to write' : `wrote ${stale.join(', ')}`}\n`);
  }
}
