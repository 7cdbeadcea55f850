/**
 * Movers on the PostgreSQL server: the same cases as the embedded run (test/service/movers).
 * One task per action and application at a time: with the default (10), three SCIM creations at
 * once left one task `running` for good here while the test read the workflow (found in the movers
 * session, not yet explained; reported to the workflow engine's owners in that session's report).
 */
import { describe } from 'vitest';
import { useService } from '../service/helpers/service-fixture.js';
import { describeMovers } from '../service/movers/movers.cases.js';
import { postgresStorage } from './helpers/postgres-storage.js';

const fixture = useService(postgresStorage('movers'), {
  sync: { engine: { pollingIntervalSeconds: 0.5 } },
  workflows: { defaultConcurrency: 1, engine: { pollingIntervalSeconds: 0.5 } },
});
describe('movers (PostgreSQL)', () => describeMovers(fixture));
