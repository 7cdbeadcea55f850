/**
 * Schema migrations: the SQL files of `migrations/` (`NNNN_name.sql`), applied in name order on
 * open, each in its own transaction together with its row in `schema_migrations`. A session-level
 * advisory lock makes two processes starting against one PostgreSQL server apply them once.
 */
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { ServiceError } from '../service-error.js';
import type { Database } from './database.js';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

/** Any fixed number works; it only has to be the same in every process of this service. */
const MIGRATION_LOCK_KEY = 7_351_004_112;

const MIGRATION_FILE = /^\d{4}_[a-z0-9_]+\.sql$/;

export interface Migration {
  /** The file name, e.g. `0001_tenants.sql`; recorded as the version. */
  version: string;
  sql: string;
}

export async function loadMigrations(directory: string = MIGRATIONS_DIR): Promise<Migration[]> {
  const names = (await readdir(directory)).filter((name) => MIGRATION_FILE.test(name)).sort();
  return Promise.all(names.map(async (version) => ({ version, sql: await readFile(`${directory}/${version}`, 'utf8') })));
}

/** Applies the migrations not yet recorded; returns the versions applied now. */
export async function migrate(database: Database, migrations: readonly Migration[]): Promise<string[]> {
  return database.withSession(async (session) => {
    await session.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await session.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
      const applied = new Set((await session.query<{ version: string }>('SELECT version FROM schema_migrations')).rows.map((row) => row.version));
      const known = new Set(migrations.map((migration) => migration.version));
      const unknown = [...applied].filter((version) => !known.has(version)).sort();
      if (unknown.length > 0) {
        throw new ServiceError('MIGRATION_FAILED', `${database.location} has migrations this version of the service does not know: ${unknown.join(', ')}`, {
          hint: 'a newer version of the service migrated this database; run that version',
        });
      }
      const pending = migrations.filter((migration) => !applied.has(migration.version));
      for (const migration of pending) {
        try {
          await session.transaction(async (tx) => {
            await tx.exec(migration.sql);
            await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [migration.version]);
          });
        } catch (error) {
          const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
          throw new ServiceError('MIGRATION_FAILED', `migration ${migration.version} failed on ${database.location}: ${reason}`, {
            hint: 'nothing of this migration was applied; fix the cause and start again',
            cause: error,
          });
        }
      }
      return pending.map((migration) => migration.version);
    } finally {
      await session.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  });
}
