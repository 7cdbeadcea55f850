/**
 * An exclusive lock on the embedded data directory: PGlite has none (electric-sql/pglite#1106), and
 * two processes writing one PGlite directory corrupt it. The lock is a file created with O_EXCL
 * holding the owner's pid; a lock whose pid is no longer running is stale and taken over.
 */
import { readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ServiceError } from '../service-error.js';

export const LOCK_FILE = 'service.lock';

export interface DataDirLock {
  readonly path: string;
  release(): Promise<void>;
}

/** Whether a process with this pid exists (EPERM: it exists but belongs to another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid written in a lock file; undefined when the file is gone, NaN when it is unreadable. */
async function readHolder(path: string): Promise<number | undefined> {
  try {
    return Number.parseInt((await readFile(path, 'utf8')).trim(), 10);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function lockedError(dataDir: string, path: string, pid: number): ServiceError {
  return new ServiceError('DATA_DIR_LOCKED', `the data directory ${dataDir} is in use by another service process (pid ${pid})`, {
    hint: `stop that process, or use another --data-dir; if no process with pid ${pid} is a service, delete ${path}`,
  });
}

export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  const path = join(dataDir, LOCK_FILE);
  const pid = process.pid;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      await writeFile(path, `${pid}\n`, { flag: 'wx', mode: 0o600 });
      return { path, release: () => releaseLock(path, pid) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await readHolder(path);
    if (holder === undefined) continue;
    // A pid that cannot be read is a lock file cut short by a crash: as stale as a dead pid.
    if (Number.isInteger(holder) && holder > 0 && isRunning(holder)) throw lockedError(dataDir, path, holder);
    // Stale: move it aside (atomic) and check that what moved is the stale lock, not one that a
    // competing process created after we read the pid; if it is theirs, put it back and yield.
    const aside = `${path}.stale-${pid}`;
    try {
      await rename(path, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    const moved = await readHolder(aside);
    if (moved !== holder && moved !== undefined && isRunning(moved)) {
      await rename(aside, path);
      throw lockedError(dataDir, path, moved);
    }
    await unlink(aside).catch(() => undefined);
  }
  throw new ServiceError('DATA_DIR_LOCKED', `could not take the lock ${path} of the data directory ${dataDir}`, {
    hint: 'another process keeps creating and removing it; make sure only one service uses this directory',
  });
}

/** Removes the lock only while it is still ours. */
async function releaseLock(path: string, pid: number): Promise<void> {
  if ((await readHolder(path)) === pid) await unlink(path).catch(() => undefined);
}
