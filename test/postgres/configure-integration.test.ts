/** Generate Config and per-action configuration through the HTTP API on a real PostgreSQL server: the same cases as on the embedded database. */
import { describe } from 'vitest';
import { useApi } from '../service/api/api-fixture.js';
import { describeConfigureIntegration } from '../service/api/configure-integration.cases.js';
import { postgresStorage } from './helpers/postgres-storage.js';

const fixture = useApi(postgresStorage('configure'));
describe('Generate Config and action configuration (PostgreSQL)', () => describeConfigureIntegration(fixture));
