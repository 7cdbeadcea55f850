/** kill -9 mid-save on the embedded database: the directory reopens (the dead lock is stale) with nothing half-saved (PostgreSQL: test/postgres/). */
import { join } from 'node:path';
import { describe } from 'vitest';
import { makeTempDir } from '../helpers/temp-dir.js';
import { seedDataDir } from '../../setup/pglite-template.js';
import { describeCrash } from './crash.cases.js';

let dir: Awaited<ReturnType<typeof makeTempDir>> | undefined;
const dataDir = () => join(dir!.path, 'data');

describe('crash safety (embedded)', () =>
  describeCrash({
    // The migrated template: the first start still finds no tenant and no key, as on a new directory.
    setup: async () => {
      dir = await makeTempDir('crash');
      await seedDataDir(dataDir());
    },
    process: () => ({ dataDir: dataDir() }),
    options: () => ({ dataDir: dataDir() }),
    cleanup: async () => dir?.remove(),
  }));
