/** A creation is never sent twice blindly, on the embedded database (the same cases run on PostgreSQL in test/postgres/). */
import { describe } from 'vitest';
import { embeddedStorage, useService } from '../helpers/service-fixture.js';
import { describeUnknownCreates } from './unknown-create.cases.js';
import { TestClock } from './workflows.cases.js';

const clock = new TestClock();
const fixture = useService(embeddedStorage('unknown-create'), {
  sync: { engine: { pollingIntervalSeconds: 0.5 } },
  workflows: { now: clock.now, engine: { pollingIntervalSeconds: 0.5 } },
});
describe('a creation whose outcome is unknown (embedded)', () => describeUnknownCreates(fixture, clock));
