/** Access review campaigns on the embedded database (the same cases run on PostgreSQL in test/postgres/). */
import { describe } from 'vitest';
import { embeddedStorage, useService } from '../helpers/service-fixture.js';
import { describeReviews } from './reviews.cases.js';

const fixture = useService(embeddedStorage('reviews'), {
  sync: { engine: { pollingIntervalSeconds: 0.5 } },
  workflows: { engine: { pollingIntervalSeconds: 0.5 } },
});
describe('access review campaigns (embedded)', () => describeReviews(fixture));
