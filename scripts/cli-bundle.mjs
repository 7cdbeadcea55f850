/**
 * The CLI bundle (`dist/cli/` of `npm run build`): esbuild bundles the CLI into one chunk per
 * command, loaded lazily, with the jq worker as its own entry, the spec schema's standalone
 * validators and the service's migrations beside the chunks. One definition for the build and for
 * the tests, which run the CLI from the same bundle (test/global-setup.ts builds it into .cache/).
 */
import { cpSync, writeFileSync } from 'node:fs';

/**
 * Writes the bundle into `outdir`. `emitSchemaValidators(kind)` returns `{ fileName, code }` of a
 * validator (src/compiler/emit-schema-validators.ts: the build passes its compiled dist/ module, the
 * tests its source).
 */
export async function bundleCli({ root, outdir, emitSchemaValidators }) {
  const { build } = await import('esbuild');
  await build({
    // The jq worker is its own entry: the isolate starts `jq-worker.js` beside the chunk that loads it.
    entryPoints: { connector: `${root}src/cli/connector.ts`, 'jq-worker': `${root}src/jq/isolate/jq-worker.ts` },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.18',
    // No source maps: the CLI never prints a stack trace, and they would double the bundle's size.
    sourcemap: false,
    // PGlite loads its WebAssembly and data files from beside its own modules: bundled, it looked
    // for them beside the CLI's chunks, and the embedded service could not start.
    external: ['ajv', 'ajv/*', 'undici', 'json-schema-to-typescript', '@electric-sql/pglite', '@electric-sql/pglite/*'],
    // Bundled CommonJS (yaml, handlebars) calls require(); ESM has none, so each chunk makes one.
    banner: { js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  writeSchemaValidators(outdir, emitSchemaValidators);
  // The service's SQL migrations are read from `./migrations/` beside the module that applies them.
  cpSync(`${root}src/service/store/migrations`, `${outdir}/migrations`, { recursive: true });
}

/** The spec schema's validators as ajv standalone code, written into `dir` (beside the modules that load them). */
export function writeSchemaValidators(dir, emitSchemaValidators) {
  for (const kind of ['checking', 'defaulting']) {
    const { fileName, code } = emitSchemaValidators(kind);
    writeFileSync(`${dir}/${fileName}`, code);
  }
}
