/** Tenant isolation on every route on the embedded database (the same cases run on PostgreSQL in test/postgres/). */
import { describe } from 'vitest';
import { embeddedStorage } from '../helpers/service-fixture.js';
import { useApi } from './api-fixture.js';
import { describeTenantIsolation } from './tenant-isolation.cases.js';

const fixture = useApi(embeddedStorage('api-isolation'));
describe('tenant isolation on every route (embedded)', () => describeTenantIsolation(fixture));
