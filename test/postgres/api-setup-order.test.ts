/** The setup order through the HTTP API on a real PostgreSQL server: the same cases as on the embedded database. */
import { describe } from 'vitest';
import { useApi } from '../service/api/api-fixture.js';
import { describeApiSetupOrder } from '../service/api/setup-order-api.cases.js';
import { postgresStorage } from './helpers/postgres-storage.js';

const fixture = useApi(postgresStorage('api'));
describe('HTTP API setup order (PostgreSQL)', () => describeApiSetupOrder(fixture));
