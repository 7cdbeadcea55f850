/** Account sync on the PostgreSQL server (the same cases as test/service/sync on the embedded database). */
import { describe } from 'vitest';
import { useService } from '../service/helpers/service-fixture.js';
import { describeSync } from '../service/sync/sync.cases.js';
import { postgresStorage } from './helpers/postgres-storage.js';

const fixture = useService(postgresStorage('sync'), { sync: { engine: { pollingIntervalSeconds: 0.5 } } });
describe('account sync (PostgreSQL)', () => describeSync(fixture));
