/**
 * The package's root directory (the one holding package.json and specs/), whether this code runs
 * from source (`src/`, through tsx) or from the build (`dist/src/`, as installed by a host).
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findPackageRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return start;
  }
}

/** Absolute, with a trailing separator. */
export const PACKAGE_ROOT = join(findPackageRoot(dirname(fileURLToPath(import.meta.url))), '/');
