/** Movers on the embedded database (the same cases run on PostgreSQL in test/postgres/). */
import { describe } from 'vitest';
import { embeddedStorage, useService } from '../helpers/service-fixture.js';
import { describeMovers } from './movers.cases.js';

const fixture = useService(embeddedStorage('movers'), {
  sync: { engine: { pollingIntervalSeconds: 0.5 } },
  workflows: { engine: { pollingIntervalSeconds: 0.5 } },
});
describe('movers (embedded)', () => describeMovers(fixture));
