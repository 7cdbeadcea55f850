/** The embedded data directory is locked: a second process is refused, a stale lock is taken over. */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, LOCK_FILE } from '../../../src/service/store/data-dir-lock.js';
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
    expect((await readFile(path, 'utf8')).trim()).toBe(String(process.pid));
    await lock.release();
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
