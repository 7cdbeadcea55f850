/** Onboarding with an activation time and the invited state, on the PostgreSQL server (cases: test/service/api/activation-states.cases.ts). */
import { describe } from 'vitest';
import { useApi } from '../service/api/api-fixture.js';
import { describeActivationStates } from '../service/api/activation-states.cases.js';
import { TestClock } from '../service/workflows/workflows.cases.js';
import { postgresStorage } from './helpers/postgres-storage.js';

const clock = new TestClock();
const fixture = useApi(postgresStorage('activation'), { workflows: { now: clock.now, engine: { pollingIntervalSeconds: 0.5 } } });
describe('onboarding with an activation time (PostgreSQL)', () => describeActivationStates(fixture, clock));
