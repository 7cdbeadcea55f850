/** Onboarding with an activation time and the invited state, on the embedded database (cases: activation-states.cases.ts). */
import { describe } from 'vitest';
import { embeddedStorage } from '../helpers/service-fixture.js';
import { TestClock } from '../workflows/workflows.cases.js';
import { useApi } from './api-fixture.js';
import { describeActivationStates } from './activation-states.cases.js';

const clock = new TestClock();
const fixture = useApi(embeddedStorage('api-activation'), { workflows: { now: clock.now, engine: { pollingIntervalSeconds: 0.5 } } });
describe('onboarding with an activation time (embedded)', () => describeActivationStates(fixture, clock));
