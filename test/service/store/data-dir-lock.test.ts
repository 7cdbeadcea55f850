/** The embedded data directory is locked: a second process is refused, a stale lock is taken over. */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { acquireDataDirLock, currentHolder, formatHolder, LOCK_FILE, parseHolder, processStartTime } from '../../../src/service/store/data-dir-lock.js';
import { deadPid, runScript } from '../helpers/run-script.js';
import { makeTempDir } from '../helpers/temp-dir.js';

let dir: Awaited<ReturnType<typeof makeTempDir>>;
beforeAll(async () => {
  dir = await makeTempDir('lock');
});
afterAll(() => dir.remove());

describe('data directory lock', () => {
  it('refuses a second process, naming the directory and the holder pid', async () => {
    const lock = await acquireDataDirLock(dir.path);
    try {
      const child = await runScript('fixtures/try-lock.ts', [dir.path]);
      const outcome = JSON.parse(child.stdout) as { locked: boolean; code: string; message: string; hint: string };
      expect(outcome.locked).toBe(false);
      expect(outcome.code).toBe('DATA_DIR_LOCKED');
      expect(outcome.message).toContain(dir.path);
      expect(outcome.message).toContain(`pid ${process.pid}`);
      expect(outcome.hint).toContain(join(dir.path, LOCK_FILE));
    } finally {
      await lock.release();
    }
    // Released: the next process gets it.
    const child = await runScript('fixtures/try-lock.ts', [dir.path]);
    expect(JSON.parse(child.stdout)).toMatchObject({ locked: true });
  });

  it('refuses a second lock in the same process', async () => {
    const lock = await acquireDataDirLock(dir.path);
    try {
      await expect(acquireDataDirLock(dir.path)).rejects.toMatchObject({ code: 'DATA_DIR_LOCKED' });
    } finally {
      await lock.release();
    }
  });

  it.each([
    { given: 'a dead pid', content: async () => `${await deadPid()}\n` },
    { given: 'a lock file cut short', content: async () => '' },
  ])('takes over a stale lock holding $given', async ({ content }) => {
    const path = join(dir.path, LOCK_FILE);
    await writeFile(path, await content());
    const lock = await acquireDataDirLock(dir.path);
    expect((await readFile(path, 'utf8')).split('\n')[0]).toBe(String(process.pid));
    await lock.release();
  });

  // A service running as pid 1 in a container, killed with SIGKILL and started again, is pid 1
  // again: the lock it left names its own pid. Here the current pid stands for it.
  it.each([
    { given: 'the current pid only (a lock of the old format)', content: () => `${process.pid}\n` },
    { given: 'the current pid and another start time', content: () => formatHolder({ ...currentHolder(), start: '1' }) },
    { given: 'the current pid, its start time and boot id (written by an earlier process with this pid)', content: () => formatHolder(currentHolder()) },
  ])('takes over a lock naming $given, written by a process that is gone', async ({ content }) => {
    const path = join(dir.path, LOCK_FILE);
    await writeFile(path, content());
    const lock = await acquireDataDirLock(dir.path);
    expect(parseHolder(await readFile(path, 'utf8'))).toEqual(currentHolder());
    await lock.release();
    await expect(readFile(path, 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('tells a live pid 1 from a dead holder that had pid 1: the start time decides', async () => {
    const path = join(dir.path, LOCK_FILE);
    const init = {
      pid: 1,
      ...(processStartTime(1) === undefined ? {} : { start: processStartTime(1)! }),
      ...(currentHolder().boot ? { boot: currentHolder().boot! } : {}),
    };
    expect(init.start, 'this test needs /proc').toBeDefined();
    await writeFile(path, formatHolder(init));
    await expect(acquireDataDirLock(dir.path)).rejects.toMatchObject({ code: 'DATA_DIR_LOCKED', message: expect.stringContaining('pid 1)') });
    await writeFile(path, formatHolder({ ...init, start: String(Number(init.start) + 1) }));
    const lock = await acquireDataDirLock(dir.path);
    await lock.release();
    await writeFile(path, formatHolder({ ...init, boot: '00000000-0000-0000-0000-000000000000' }));
    await (await acquireDataDirLock(dir.path)).release();
  });

  it('refuses while a live process of another pid holds it, and takes it over once that process is killed', async () => {
    const holder = spawn(
      process.execPath,
      ['--import', import.meta.resolve('tsx'), fileURLToPath(new URL('../fixtures/hold-lock.ts', import.meta.url)), dir.path],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = new Promise((resolve) => holder.on('exit', resolve));
    await new Promise<void>((resolve) => holder.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve()));
    await expect(acquireDataDirLock(dir.path)).rejects.toMatchObject({ code: 'DATA_DIR_LOCKED', message: expect.stringContaining(`pid ${holder.pid}`) });
    holder.kill('SIGKILL');
    await exited;
    await (await acquireDataDirLock(dir.path)).release();
  });

  it('release leaves a lock that is no longer its own', async () => {
    const lock = await acquireDataDirLock(dir.path);
    const path = join(dir.path, LOCK_FILE);
    await writeFile(path, '1\n');
    await lock.release();
    expect((await readFile(path, 'utf8')).trim()).toBe('1');
    await writeFile(path, `${await deadPid()}\n`);
  });
});
