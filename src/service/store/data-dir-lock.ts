/**
 * An exclusive lock on the embedded data directory: PGlite has none (electric-sql/pglite#1106), and
 * two processes writing one PGlite directory corrupt it. The lock is a file created with O_EXCL
 * naming its holder: the pid, and where the system tells them, the process's start time
 * (/proc/<pid>/stat, field 22) and the boot id. A pid alone cannot tell a live holder from a dead
 * one whose pid came back: a service running as pid 1 in a container, killed and restarted, is
 * pid 1 again. So a lock is stale when its pid runs no process, or runs one that started at
 * another time or in another boot, or is this very process's pid while this process holds no such
 * lock (it was written by an earlier process with our pid).
 */
import { readFileSync } from 'node:fs';
import { readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ServiceError } from '../service-error.js';

export const LOCK_FILE = 'service.lock';

export interface DataDirLock {
  readonly path: string;
  release(): Promise<void>;
}

/** Who holds a lock: the file's first line is the pid; `start=` and `boot=` lines follow when known. */
export interface LockHolder {
  pid: number;
  start?: string;
  boot?: string;
}

/** The locks this process holds, by path: a lock naming our pid that is not here is a predecessor's. */
const held = new Set<string>();

/** Whether a process with this pid exists (EPERM: it exists but belongs to another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The start time of a process in clock ticks since boot (Linux proc(5)); undefined where there is no /proc. */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count fields after its ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function bootId(): string | undefined {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

export function currentHolder(): LockHolder {
  const start = processStartTime(process.pid);
  const boot = bootId();
  return { pid: process.pid, ...(start === undefined ? {} : { start }), ...(boot === undefined ? {} : { boot }) };
}

export function formatHolder(holder: LockHolder): string {
  return (
    [String(holder.pid), ...(holder.start === undefined ? [] : [`start=${holder.start}`]), ...(holder.boot === undefined ? [] : [`boot=${holder.boot}`])].join(
      '\n',
    ) + '\n'
  );
}

/** NaN as the pid when the file is cut short or unreadable: as stale as a dead holder. */
export function parseHolder(text: string): LockHolder {
  const [first = '', ...rest] = text.split('\n');
  const holder: LockHolder = { pid: /^\d+$/.test(first.trim()) ? Number(first.trim()) : Number.NaN };
  for (const line of rest) {
    const [key, value] = [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1).trim()];
    if (key === 'start' && value) holder.start = value;
    if (key === 'boot' && value) holder.boot = value;
  }
  return holder;
}

/** Whether the holder named in a lock file is a live process (and not an earlier one with its pid). */
export function isHolderAlive(holder: LockHolder, path: string): boolean {
  if (!Number.isInteger(holder.pid) || holder.pid <= 0) return false;
  if (holder.pid === process.pid) return held.has(path);
  if (!isRunning(holder.pid)) return false;
  const boot = bootId();
  if (holder.boot !== undefined && boot !== undefined && holder.boot !== boot) return false;
  const start = processStartTime(holder.pid);
  return holder.start === undefined || start === undefined || holder.start === start;
}

/** The holder written in a lock file; undefined when the file is gone. */
async function readHolder(path: string): Promise<LockHolder | undefined> {
  try {
    return parseHolder(await readFile(path, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The live process holding the data directory's lock now, if any (the CLI asks before opening it). */
export async function liveDataDirHolder(dataDir: string): Promise<LockHolder | undefined> {
  const path = join(resolve(dataDir), LOCK_FILE);
  const holder = await readHolder(path);
  return holder !== undefined && isHolderAlive(holder, path) ? holder : undefined;
}

function lockedError(dataDir: string, path: string, pid: number): ServiceError {
  return new ServiceError('DATA_DIR_LOCKED', `the data directory ${dataDir} is in use by another service process (pid ${pid})`, {
    hint: `stop that process, or use another --data-dir; if no process with pid ${pid} is a service, delete ${path}`,
  });
}

const sameHolder = (a: LockHolder | undefined, b: LockHolder) => a !== undefined && formatHolder(a) === formatHolder(b);

export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  const path = join(resolve(dataDir), LOCK_FILE);
  const me = currentHolder();
  for (let attempt = 0; attempt < 5; attempt += 1) {
    if (held.has(path)) throw lockedError(dataDir, path, me.pid);
    try {
      await writeFile(path, formatHolder(me), { flag: 'wx', mode: 0o600 });
      held.add(path);
      return { path, release: () => releaseLock(path, me) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await readHolder(path);
    if (holder === undefined) continue;
    if (isHolderAlive(holder, path)) throw lockedError(dataDir, path, holder.pid);
    // Stale: move it aside (atomic) and check that what moved is the stale lock, not one that a
    // competing process created after we read it; if it is theirs, put it back and yield.
    const aside = `${path}.stale-${me.pid}`;
    try {
      await rename(path, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    const moved = await readHolder(aside);
    if (moved !== undefined && !sameHolder(moved, holder) && isHolderAlive(moved, path)) {
      await rename(aside, path);
      throw lockedError(dataDir, path, moved.pid);
    }
    await unlink(aside).catch(() => undefined);
  }
  throw new ServiceError('DATA_DIR_LOCKED', `could not take the lock ${path} of the data directory ${dataDir}`, {
    hint: 'another process keeps creating and removing it; make sure only one service uses this directory',
  });
}

/** Removes the lock only while it is still ours. */
async function releaseLock(path: string, me: LockHolder): Promise<void> {
  if (!held.delete(path)) return;
  if (sameHolder(await readHolder(path), me)) await unlink(path).catch(() => undefined);
}
