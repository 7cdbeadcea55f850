/** The OpenAPI document with the service on a real PostgreSQL server: the same cases as on the embedded database. */
import { describe } from 'vitest';
import { useApi } from '../service/api/api-fixture.js';
import { describeOpenApi } from '../service/api/openapi.cases.js';
import { postgresStorage } from './helpers/postgres-storage.js';

const fixture = useApi(postgresStorage('openapi'));
describe('OpenAPI document (PostgreSQL)', () => describeOpenApi(fixture));
