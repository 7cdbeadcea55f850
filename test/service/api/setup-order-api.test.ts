/** The setup order through the HTTP API on the embedded database (the same cases run on PostgreSQL in test/postgres/). */
import { describe } from 'vitest';
import { embeddedStorage } from '../helpers/service-fixture.js';
import { useApi } from './api-fixture.js';
import { describeApiSetupOrder } from './setup-order-api.cases.js';

const fixture = useApi(embeddedStorage('api-setup'));
describe('HTTP API setup order (embedded)', () => describeApiSetupOrder(fixture));
