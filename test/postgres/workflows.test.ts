/**
 * Lifecycle workflows on the PostgreSQL server with two workers: the same cases as the embedded
 * run, with a second service instance on the same database running workers beside the first, so
 * that tasks are shared between them and the concurrency limit holds across both.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { openService, type Service } from '../../src/service/index.js';
import { useService } from '../service/helpers/service-fixture.js';
import { describeWorkflows, TestClock } from '../service/workflows/workflows.cases.js';
import { postgresStorage } from './helpers/postgres-storage.js';

const clock = new TestClock();
const fixture = useService(postgresStorage('workflows'), {
  sync: { engine: { pollingIntervalSeconds: 0.5 } },
  workflows: { now: clock.now, engine: { pollingIntervalSeconds: 0.5 } },
});
let secondWorker: Service | undefined;
beforeAll(async () => {
  secondWorker = await openService(fixture.options);
  await secondWorker.startWorkers();
});
afterAll(async () => {
  await secondWorker?.close();
});
describe('lifecycle workflows (PostgreSQL, two workers)', () => describeWorkflows(fixture, clock));
