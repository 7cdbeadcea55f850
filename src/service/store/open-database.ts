/** Opens the database a service is configured with and brings its schema up to date. */
import { openEmbeddedDatabase } from './embedded-database.js';
import type { Database } from './database.js';
import { loadMigrations, migrate } from './migrate.js';
import { openPostgresDatabase } from './postgres-database.js';

export type StorageOptions = { dataDir: string } | { databaseUrl: string };

export async function openDatabase(options: StorageOptions): Promise<Database> {
  const database = 'databaseUrl' in options ? await openPostgresDatabase(options.databaseUrl) : await openEmbeddedDatabase(options.dataDir);
  try {
    await migrate(database, await loadMigrations());
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}
