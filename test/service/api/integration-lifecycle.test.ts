/** Renaming, re-pointing, disabling and deleting integrations, Keep accounts and action variables, through the HTTP API on the embedded database (the same cases run on PostgreSQL in test/postgres/). */
import { describe } from 'vitest';
import { embeddedStorage } from '../helpers/service-fixture.js';
import { useApi } from './api-fixture.js';
import { describeIntegrationLifecycle } from './integration-lifecycle.cases.js';

const fixture = useApi(embeddedStorage('api-lifecycle'));
describe('correcting an integration (embedded)', () => describeIntegrationLifecycle(fixture));
