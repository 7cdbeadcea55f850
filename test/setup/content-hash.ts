/** A digest of files' paths and contents: the key of a cached build or template, so it is rebuilt exactly when its inputs change. */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));

/** Where the tests keep what they build once and reuse (git-ignored). */
export const TEST_CACHE = join(REPO, '.cache/test');

function filesUnder(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true }).flatMap((entry) => filesUnder(join(path, entry.name)));
}

/** Paths relative to the repository (files or directories, taken whole); `extra` strings join the digest (versions). */
export function contentHash(paths: readonly string[], extra: readonly string[] = []): string {
  const hash = createHash('sha256');
  for (const value of extra) hash.update(`${value}\0`);
  const files = paths.flatMap((path) => filesUnder(join(REPO, path))).sort();
  for (const file of files)
    hash
      .update(`${relative(REPO, file)}\0`)
      .update(readFileSync(file))
      .update('\0');
  return hash.digest('hex').slice(0, 16);
}

/** A package's installed version (part of a key when its behaviour shapes the cached result). */
export function installedVersion(name: string): string {
  return (JSON.parse(readFileSync(join(REPO, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
}
