/** Migrations on a real PostgreSQL server: two processes starting at once apply each migration once. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMigrations } from '../../src/service/store/migrate.js';
import { openDatabase } from '../../src/service/store/open-database.js';
import { createScratchDatabase, type ScratchDatabase } from './helpers/scratch-database.js';

let scratch: ScratchDatabase;
beforeAll(async () => {
  scratch = await createScratchDatabase('migrate');
});
afterAll(() => scratch.drop());

describe('openDatabase (PostgreSQL)', () => {
  it('applies the shipped migrations once when several openers race', async () => {
    const databases = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: scratch.url })));
    try {
      const rows = (await databases[0]!.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version')).rows;
      expect(rows.map((row) => row.version)).toEqual((await loadMigrations()).map((migration) => migration.version));
      await databases[1]!.query("INSERT INTO tenants (id, name, plan) VALUES ('t1', 'Acme', 'business')");
      expect((await databases[2]!.query('SELECT plan FROM tenants')).rows).toEqual([{ plan: 'business' }]);
    } finally {
      await Promise.all(databases.map((database) => database.close()));
    }
  });

  it('names the server but never the password when it cannot connect', async () => {
    await expect(openDatabase({ databaseUrl: 'postgres://postgres:hunter2-secret@127.0.0.1:1/nowhere' })).rejects.toSatisfy(
      (error: Error & { code: string }) =>
        error.code === 'DATABASE_UNAVAILABLE' && error.message.includes('127.0.0.1:1/nowhere') && !error.message.includes('hunter2'),
    );
  });
});
