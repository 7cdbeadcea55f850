/**
 * The embedded default: PGlite (PostgreSQL compiled to WASM) in this process, persisting to
 * `<dataDir>/pgdata`, behind the lock of `data-dir-lock.ts`. PGlite is one connection and
 * serialises queries and transactions itself, so a session is the database itself.
 *
 * Not for production: PGlite's Node file system does not fsync (electric-sql/pglite#1107).
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { ServiceError } from '../service-error.js';
import { acquireDataDirLock } from './data-dir-lock.js';
import type { Database, Queryable } from './database.js';

export const PGDATA_DIR = 'pgdata';

/**
 * The embedded database's buffer pool (PostgreSQL's `shared_buffers`; PGlite keeps the server's
 * 128 MB). PGlite sets the pool up inside its WASM memory each time it opens, in this process, and
 * a one-shot CLI command opens once per command: at 128 MB an open took 0.7–1.0 s, at 16 MB 0.2–0.4 s
 * (issue 26). Pages past the pool are read from the data directory through the operating system's
 * file cache; a first sync of 100,000 accounts and an unchanged re-sync took as long at 16 MB as at
 * 128 MB, with 120 MB less resident memory (docs/contributors/performance.md).
 */
export const EMBEDDED_SHARED_BUFFERS = '16MB';

interface PgliteQueryable {
  query<R>(text: string, params?: unknown[]): Promise<{ rows: R[] }>;
  exec(text: string): Promise<unknown>;
}

function wrap(target: PgliteQueryable): Queryable {
  return {
    query: async <R>(text: string, params: readonly unknown[] = []) => ({ rows: (await target.query<R>(text, [...params])).rows }),
    exec: async (text) => {
      await target.exec(text);
    },
  };
}

export async function openEmbeddedDatabase(dataDir: string): Promise<Database> {
  const directory = resolve(dataDir);
  await mkdir(directory, { recursive: true, mode: 0o700 });
  const lock = await acquireDataDirLock(directory);
  let pglite: PGlite;
  try {
    pglite = await PGlite.create({
      dataDir: join(directory, PGDATA_DIR),
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`],
    });
  } catch (error) {
    await lock.release();
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new ServiceError('DATABASE_UNAVAILABLE', `the embedded database in ${directory} could not be opened: ${reason}`, {
      hint: 'check that the directory is readable and writable and was written by this version of the service',
      cause: error,
    });
  }
  const db = wrap(pglite);
  const database: Database = {
    kind: 'embedded',
    location: directory,
    ...db,
    transaction: (work) => pglite.transaction((tx) => work(wrap(tx))),
    withSession: (work) => work(database),
    transactionApart: (work) => database.transaction(work),
    script: async <R>(text: string) => ({ rows: ((await pglite.exec(text)).at(-1)?.rows ?? []) as R[] }),
    // PGlite reads COPY's input from its virtual /dev/blob, given as the query's blob.
    copyFrom: async (target, data) => {
      await pglite.query(`COPY ${target} FROM '/dev/blob'`, [], { blob: new Blob([data]) });
    },
    close: async () => {
      try {
        await pglite.close();
      } finally {
        await lock.release();
      }
    },
  };
  return database;
}
