/**
 * Movers on the PostgreSQL server: the same cases as the embedded run (test/service/movers), with
 * the default concurrency (three SCIM creations at once; the batched task dispatcher settles them).
 */
import { describe } from 'vitest';
import { useService } from '../service/helpers/service-fixture.js';
import { describeMovers } from '../service/movers/movers.cases.js';
import { postgresStorage } from './helpers/postgres-storage.js';

const fixture = useService(postgresStorage('movers'), {
  sync: { engine: { pollingIntervalSeconds: 0.5 } },
  workflows: { engine: { pollingIntervalSeconds: 0.5 } },
});
describe('movers (PostgreSQL)', () => describeMovers(fixture));
