/**
 * A migrated embedded database to copy: opening a fresh PGlite data directory and applying every
 * migration took seconds per test file (tens under load); copying a directory migrated once takes
 * a fraction of that, and opening it applies nothing. Keyed by the migrations, the code that opens
 * and migrates, and PGlite's version, so a changed or added migration makes a new template.
 * Only our schema: the engine (pg-boss) still installs its own on open, with each test's settings.
 */
import { existsSync } from 'node:fs';
import { cp, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { inject } from 'vitest';
import { PGDATA_DIR } from '../../src/service/store/embedded-database.js';
import { openDatabase } from '../../src/service/store/open-database.js';
import { cachedDir } from './cached-dir.js';
import { contentHash, installedVersion } from './content-hash.js';

const INPUTS = ['src/service/store/migrations', 'src/service/store/migrate.ts', 'src/service/store/open-database.ts', 'src/service/store/embedded-database.ts'];

/** Makes (once per key) the template; returns its `pgdata` directory. */
export async function buildPgliteTemplate(): Promise<string> {
  const dir = await cachedDir('pglite', contentHash(INPUTS, [installedVersion('@electric-sql/pglite')]), async (dataDir) => {
    const db = await openDatabase({ dataDir });
    await db.close();
  });
  return join(dir, PGDATA_DIR);
}

let built: Promise<string> | undefined;

function template(): Promise<string> {
  const provided = inject('pgliteTemplate') as string | undefined;
  if (provided) return Promise.resolve(provided);
  built ??= buildPgliteTemplate();
  return built;
}

/**
 * Gives a new data directory the migrated database, as if the service had opened it once before
 * (no tenant, no key file: the service makes those on its first open as on a fresh directory).
 * Returns `dataDir`. A directory that already holds a database is left alone.
 */
export async function seedDataDir(dataDir: string): Promise<string> {
  if (existsSync(join(dataDir, PGDATA_DIR))) return dataDir;
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await cp(await template(), join(dataDir, PGDATA_DIR), { recursive: true });
  return dataDir;
}
