/** Token listing and revocation through the API on a real PostgreSQL server: the same cases as on the embedded database. */
import { describe } from 'vitest';
import { useApi } from '../service/api/api-fixture.js';
import { describeTokenRevocation } from '../service/api/tokens-api.cases.js';
import { postgresStorage } from './helpers/postgres-storage.js';

const fixture = useApi(postgresStorage('tokens'));
describe('token revocation (PostgreSQL)', () => describeTokenRevocation(fixture));
