/** Renaming, re-pointing, disabling and deleting integrations, Keep accounts and action variables, through the HTTP API on a real PostgreSQL server: the same cases as on the embedded database. */
import { describe } from 'vitest';
import { useApi } from '../service/api/api-fixture.js';
import { describeIntegrationLifecycle } from '../service/api/integration-lifecycle.cases.js';
import { postgresStorage } from './helpers/postgres-storage.js';

const fixture = useApi(postgresStorage('lifecycle'));
describe('correcting an integration (PostgreSQL)', () => describeIntegrationLifecycle(fixture));
