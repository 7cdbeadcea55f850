/** A creation is never sent twice blindly, on the PostgreSQL server (the embedded run is in test/service/workflows/). */
import { describe } from 'vitest';
import { useService } from '../service/helpers/service-fixture.js';
import { describeUnknownCreates } from '../service/workflows/unknown-create.cases.js';
import { TestClock } from '../service/workflows/workflows.cases.js';
import { postgresStorage } from './helpers/postgres-storage.js';

const clock = new TestClock();
const fixture = useService(postgresStorage('unknown_create'), {
  sync: { engine: { pollingIntervalSeconds: 0.5 } },
  workflows: { now: clock.now, engine: { pollingIntervalSeconds: 0.5 } },
});
describe('a creation whose outcome is unknown (PostgreSQL)', () => describeUnknownCreates(fixture, clock));
