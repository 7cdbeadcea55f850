/** Account sync on the embedded database (the same cases run on PostgreSQL in test/postgres/). */
import { describe } from 'vitest';
import { embeddedStorage, useService } from '../helpers/service-fixture.js';
import { describeSync } from './sync.cases.js';

const fixture = useService(embeddedStorage('sync'), { sync: { engine: { pollingIntervalSeconds: 0.5 } } });
describe('account sync (embedded)', () => describeSync(fixture));
