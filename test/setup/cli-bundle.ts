/**
 * The `connector` CLI as the tests run it: the bundle `npm run build` writes to dist/cli/ (same
 * esbuild definition, scripts/cli-bundle.mjs), built once per change of its inputs into
 * .cache/test/ instead of compiling the TypeScript sources with tsx in every spawned process
 * (seconds per spawn under load). Not dist/ itself: test/package/ rebuilds dist/ while other files run.
 * test/global-setup.ts builds it before the files run; a process without that setup builds it here.
 */
import { join } from 'node:path';
import { inject } from 'vitest';
import { bundleCli } from '../../scripts/cli-bundle.mjs';
import { cachedDir } from './cached-dir.js';
import { contentHash, REPO } from './content-hash.js';

/** Everything the bundle is made of: the sources, the generated connectors, the schema, the bundling script, the dependencies. */
const INPUTS = ['src', 'generated', 'schema', 'scripts/cli-bundle.mjs', 'package.json', 'package-lock.json'];

export async function buildCliBundle(): Promise<string> {
  const dir = await cachedDir('cli', contentHash(INPUTS), async (outdir) => {
    const { emitSchemaValidators } = await import('../../src/compiler/emit-schema-validators.js');
    await bundleCli({ root: REPO, outdir, emitSchemaValidators });
  });
  return join(dir, 'connector.js');
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The bundled CLI's entry (test/global-setup.ts). */
    cliBundle: string;
    /** The migrated embedded database's data directory to copy (test/global-setup.ts). */
    pgliteTemplate: string;
  }
}

let built: Promise<string> | undefined;

/** The path of the bundled CLI's entry: `node <it> <args>` runs `connector <args>`. */
export function cliEntry(): Promise<string> {
  const provided = inject('cliBundle') as string | undefined;
  if (provided) return Promise.resolve(provided);
  built ??= buildCliBundle();
  return built;
}
