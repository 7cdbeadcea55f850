/** The setup order on the embedded database (the same cases run on PostgreSQL in test/postgres/). */
import { describe } from 'vitest';
import { embeddedStorage, useService } from '../helpers/service-fixture.js';
import { describeSetupOrder } from './setup-order.cases.js';

const fixture = useService(embeddedStorage('setup-order'));
describe('setup order (embedded)', () => describeSetupOrder(fixture));
