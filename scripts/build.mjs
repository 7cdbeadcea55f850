#!/usr/bin/env node
/**
 * `npm run build`:
 * 1. tsc compiles src/ and generated/ to dist/src/ and dist/generated/ (JavaScript, .d.ts, source
 *    maps): the library a host imports. The layout mirrors the repository, so generated/'s imports
 *    of src/ and the schema import resolve from dist/ as from source.
 * 2. esbuild bundles the CLI into dist/cli/ (one chunk per command, loaded lazily): the `connector`
 *    bin (scripts/cli-bundle.mjs, from which the tests build the same bundle). Loading some 250 small modules (ours, yaml's, handlebars') cost a third of
 *    `connector validate`'s start; a few chunks load in a fraction of that. ajv (its runtime backs
 *    the standalone validators), undici and json-schema-to-typescript (only `connector compile`
 *    emits types, a development task) stay packages.
 * 3. The spec schema's validators are written as ajv standalone code beside the modules that load
 *    them (see src/compiler/schema-model.ts), so no process compiles the schema at start.
 * 4. The service's SQL migrations are copied beside the modules that apply them (library and CLI).
 * 5. dist/build-inputs.sha256: the digest of the inputs it was built from (scripts/build-inputs.mjs).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { BUILD_DIGEST_FILE, buildInputsDigest } from './build-inputs.mjs';
import { bundleCli, writeSchemaValidators } from './cli-bundle.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = `${root}dist/`;

// A clean start: a module deleted from src/ must not linger in dist/ and in the package.
rmSync(dist, { recursive: true, force: true });

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const compiled = spawnSync(process.execPath, [tsc, '-p', `${root}tsconfig.build.json`], { stdio: 'inherit' });
if (compiled.status !== 0) {
  process.stderr.write('build: tsc failed\n');
  process.exit(compiled.status ?? 1);
}

const { emitSchemaValidators } = await import(`${dist}src/compiler/emit-schema-validators.js`);
await bundleCli({ root, outdir: `${dist}cli`, emitSchemaValidators });
writeSchemaValidators(`${dist}src/compiler`, emitSchemaValidators);
// The service's SQL migrations are read from `./migrations/` beside the module that applies them:
// beside it in the library (dist/src/service/store/), as beside the CLI's chunks (dist/cli/).
cpSync(`${root}src/service/store/migrations`, `${dist}src/service/store/migrations`, { recursive: true });
// Last, once dist/ is complete: the digest of what it was built from (scripts/build-inputs.mjs).
writeFileSync(`${root}${BUILD_DIGEST_FILE}`, `${buildInputsDigest(root)}\n`);
process.stdout.write(`build: dist/ written\n`);
