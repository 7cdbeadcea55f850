/** kill -9 mid-save on the embedded database: the directory reopens (the dead lock is stale) with nothing half-saved (PostgreSQL: test/postgres/). */
import { join } from 'node:path';
import { describe } from 'vitest';
import { makeTempDir } from '../helpers/temp-dir.js';
import { describeCrash } from './crash.cases.js';

let dir: Awaited<ReturnType<typeof makeTempDir>> | undefined;
const dataDir = () => join(dir!.path, 'data');

describe('crash safety (embedded)', () =>
  describeCrash({
    setup: async () => void (dir = await makeTempDir('crash')),
    process: () => ({ dataDir: dataDir() }),
    options: () => ({ dataDir: dataDir() }),
    cleanup: async () => dir?.remove(),
  }));
