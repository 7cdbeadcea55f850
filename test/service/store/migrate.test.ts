/** Migrations on the embedded database: applied in order, once, each whole or not at all. */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_SHARED_BUFFERS, openEmbeddedDatabase } from '../../../src/service/store/embedded-database.js';
import { loadMigrations, migrate } from '../../../src/service/store/migrate.js';
import { openDatabase } from '../../../src/service/store/open-database.js';
import type { Database } from '../../../src/service/store/database.js';
import { makeTempDir } from '../helpers/temp-dir.js';

let dir: Awaited<ReturnType<typeof makeTempDir>>;
let database: Database;
beforeAll(async () => {
  dir = await makeTempDir('migrate');
  database = await openEmbeddedDatabase(join(dir.path, 'data'));
});
afterAll(async () => {
  await database.close();
  await dir.remove();
});

async function migrationsDir(name: string, files: Record<string, string>): Promise<string> {
  const path = join(dir.path, name);
  await mkdir(path);
  for (const [file, sql] of Object.entries(files)) await writeFile(join(path, file), sql);
  return path;
}

const tables = async () =>
  (await database.query<{ name: string }>("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1")).rows.map(
    (row) => row.name,
  );

describe('migrate', () => {
  it('applies the files in name order, records each, and applies nothing twice', async () => {
    const path = await migrationsDir('ordered', {
      '0002_b.sql': 'CREATE TABLE b (a_id int REFERENCES a (id));',
      '0001_a.sql': 'CREATE TABLE a (id int PRIMARY KEY); INSERT INTO a VALUES (1);',
      'notes.txt': 'not a migration',
    });
    expect(await migrate(database, await loadMigrations(path))).toEqual(['0001_a.sql', '0002_b.sql']);
    expect(await migrate(database, await loadMigrations(path))).toEqual([]);
    const recorded = await database.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(recorded.rows.map((row) => row.version)).toEqual(['0001_a.sql', '0002_b.sql']);
  });

  it('rolls a failing migration back whole and reports it by file name', async () => {
    const path = await migrationsDir('failing', {
      '0001_a.sql': '',
      '0002_b.sql': '',
      '0003_c.sql': 'CREATE TABLE c (id int); INSERT INTO missing_table VALUES (1);',
    });
    await expect(migrate(database, await loadMigrations(path))).rejects.toMatchObject({
      code: 'MIGRATION_FAILED',
      message: expect.stringContaining('migration 0003_c.sql failed'),
    });
    expect(await tables()).not.toContain('c');
    const recorded = await database.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(recorded.rows.map((row) => row.version)).toEqual(['0001_a.sql', '0002_b.sql']);
  });

  it('refuses a database migrated by a newer version', async () => {
    const path = await migrationsDir('older', { '0001_a.sql': '' });
    await expect(migrate(database, await loadMigrations(path))).rejects.toMatchObject({
      code: 'MIGRATION_FAILED',
      message: expect.stringContaining('0002_b.sql'),
    });
  });
});

describe('openDatabase (embedded)', () => {
  it('applies the shipped migrations, keeps data across a reopen with its own buffer pool, and refuses a second open while held', async () => {
    const dataDir = join(dir.path, 'service');
    const first = await openDatabase({ dataDir });
    await first.query("INSERT INTO tenants (id, name, plan) VALUES ('t1', 'Acme', 'standard')");
    await expect(openDatabase({ dataDir })).rejects.toMatchObject({ code: 'DATA_DIR_LOCKED', message: expect.stringContaining(`pid ${process.pid}`) });
    await first.close();
    const second = await openDatabase({ dataDir });
    try {
      expect((await second.query('SELECT name FROM tenants')).rows).toEqual([{ name: 'Acme' }]);
      const versions = (await second.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version')).rows;
      expect(versions.map((row) => row.version)).toEqual((await loadMigrations()).map((migration) => migration.version));
      // The buffer pool is the service's, not the 128 MB of the data directory's postgresql.conf.
      expect((await second.query('SHOW shared_buffers')).rows).toEqual([{ shared_buffers: EMBEDDED_SHARED_BUFFERS }]);
    } finally {
      await second.close();
    }
  });
});
