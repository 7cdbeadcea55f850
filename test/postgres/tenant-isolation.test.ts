/** Tenant isolation on every route on a real PostgreSQL server: the same cases as on the embedded database. */
import { describe } from 'vitest';
import { useApi } from '../service/api/api-fixture.js';
import { describeTenantIsolation } from '../service/api/tenant-isolation.cases.js';
import { postgresStorage } from './helpers/postgres-storage.js';

const fixture = useApi(postgresStorage('isolation'));
describe('tenant isolation on every route (PostgreSQL)', () => describeTenantIsolation(fixture));
