/**
 * A directory made once per key and shared by every test process: made in a private temporary
 * directory and renamed into place, so a reader sees a complete one or none, and two processes
 * making it at once both end with the same result. Older keys' directories are removed after a day.
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { TEST_CACHE } from './content-hash.js';

const STALE_MS = 24 * 60 * 60 * 1000;

export async function cachedDir(kind: string, key: string, make: (dir: string) => Promise<void>): Promise<string> {
  const final = join(TEST_CACHE, `${kind}-${key}`);
  if (existsSync(final)) return final;
  await mkdir(TEST_CACHE, { recursive: true });
  const partial = join(TEST_CACHE, `.partial-${kind}-${key}-${process.pid}-${Date.now()}`);
  try {
    await make(partial);
    await rename(partial, final).catch(async (error: NodeJS.ErrnoException) => {
      // Another process got there first with the same inputs: theirs is as good as ours.
      if (!existsSync(final)) throw error;
    });
  } finally {
    await rm(partial, { recursive: true, force: true });
  }
  await removeStale(kind, final);
  return final;
}

async function removeStale(kind: string, keep: string): Promise<void> {
  for (const name of await readdir(TEST_CACHE)) {
    const path = join(TEST_CACHE, name);
    if (path === keep || !(name.startsWith(`${kind}-`) || name.startsWith(`.partial-${kind}-`))) continue;
    const { mtimeMs } = await stat(path).catch(() => ({ mtimeMs: Date.now() }));
    if (Date.now() - mtimeMs > STALE_MS) await rm(path, { recursive: true, force: true });
  }
}

/** The same for a synchronous `make` (a caller that cannot wait, e.g. inside spawnSync's helpers). */
export function cachedDirSync(kind: string, key: string, make: (dir: string) => void): string {
  const final = join(TEST_CACHE, `${kind}-${key}`);
  if (existsSync(final)) return final;
  mkdirSync(TEST_CACHE, { recursive: true });
  const partial = join(TEST_CACHE, `.partial-${kind}-${key}-${process.pid}-${Date.now()}`);
  try {
    make(partial);
    try {
      renameSync(partial, final);
    } catch (error) {
      if (!existsSync(final)) throw error;
    }
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
  for (const name of readdirSync(TEST_CACHE)) {
    const path = join(TEST_CACHE, name);
    if (path === final || !(name.startsWith(`${kind}-`) || name.startsWith(`.partial-${kind}-`))) continue;
    const mtimeMs = existsSync(path) ? statSync(path).mtimeMs : Date.now();
    if (Date.now() - mtimeMs > STALE_MS) rmSync(path, { recursive: true, force: true });
  }
  return final;
}
