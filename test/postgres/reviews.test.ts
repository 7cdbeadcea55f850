/** Access review campaigns on the PostgreSQL server: the same cases as the embedded run (test/service/reviews). */
import { describe } from 'vitest';
import { useService } from '../service/helpers/service-fixture.js';
import { describeReviews } from '../service/reviews/reviews.cases.js';
import { postgresStorage } from './helpers/postgres-storage.js';

const fixture = useService(postgresStorage('reviews'), {
  sync: { engine: { pollingIntervalSeconds: 0.5 } },
  workflows: { engine: { pollingIntervalSeconds: 0.5 } },
});
describe('access review campaigns (PostgreSQL)', () => describeReviews(fixture));
