/**
 * What dist/ is made of, and its digest. `npm run build` writes the digest of its inputs to
 * dist/build-inputs.sha256 once dist/ is complete; a reader with the same digest knows dist/ is the
 * build of these very sources (test/package/pack-install.test.ts then packs it instead of building
 * it a second time, as after `.ci/run`'s own build step). Any changed, added or removed input file
 * changes the digest.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Files and directories (taken whole), relative to the repository. */
export const BUILD_INPUTS = [
  'src',
  'generated',
  'schema',
  'scripts/build.mjs',
  'scripts/build-inputs.mjs',
  'scripts/cli-bundle.mjs',
  'tsconfig.json',
  'tsconfig.build.json',
  'package.json',
  'package-lock.json',
];

/** Where the build records the digest of the inputs it was made from. */
export const BUILD_DIGEST_FILE = 'dist/build-inputs.sha256';

function filesUnder(path) {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true }).flatMap((entry) => filesUnder(join(path, entry.name)));
}

/** The sha256 of every input file's path and content, in path order. */
export function buildInputsDigest(root) {
  const hash = createHash('sha256');
  const files = BUILD_INPUTS.map((path) => join(root, path))
    .filter((path) => existsSync(path))
    .flatMap(filesUnder)
    .sort();
  for (const file of files)
    hash
      .update(`${relative(root, file)}\0`)
      .update(readFileSync(file))
      .update('\0');
  return hash.digest('hex');
}

/** True when dist/ holds a complete build of the current inputs. */
export function distIsCurrent(root) {
  const recorded = join(root, BUILD_DIGEST_FILE);
  return existsSync(recorded) && readFileSync(recorded, 'utf8').trim() === buildInputsDigest(root);
}
