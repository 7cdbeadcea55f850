/** kill -9 mid-save on a real PostgreSQL server: the database reopens with nothing half-saved, the same cases as on the embedded database. */
import { randomBytes } from 'node:crypto';
import { describe } from 'vitest';
import { describeCrash } from '../service/api/crash.cases.js';
import { createScratchDatabase, type ScratchDatabase } from './helpers/scratch-database.js';

let scratch: ScratchDatabase | undefined;
const kek = randomBytes(32).toString('base64');

describe('crash safety (PostgreSQL)', () =>
  describeCrash({
    setup: async () => void (scratch = await createScratchDatabase('crash')),
    process: () => ({ env: { DATABASE_URL: scratch!.url, CONNECTOR_KEK: kek } }),
    options: () => ({ databaseUrl: scratch!.url, env: { CONNECTOR_KEK: kek } }),
    cleanup: async () => scratch?.drop(),
  }));
