/** Lifecycle workflows on the embedded database (the same cases run on PostgreSQL in test/postgres/). */
import { describe } from 'vitest';
import { embeddedStorage, useService } from '../helpers/service-fixture.js';
import { describeWorkflows, TestClock } from './workflows.cases.js';

const clock = new TestClock();
const fixture = useService(embeddedStorage('workflows'), {
  sync: { engine: { pollingIntervalSeconds: 0.5 } },
  workflows: { now: clock.now, engine: { pollingIntervalSeconds: 0.5 } },
});
describe('lifecycle workflows (embedded)', () => describeWorkflows(fixture, clock, { bulkPeople: 120 }));
