/** Generate Config and per-action configuration through the HTTP API on the embedded database (the same cases run on PostgreSQL in test/postgres/). */
import { describe } from 'vitest';
import { embeddedStorage } from '../helpers/service-fixture.js';
import { useApi } from './api-fixture.js';
import { describeConfigureIntegration } from './configure-integration.cases.js';

const fixture = useApi(embeddedStorage('api-configure'));
describe('Generate Config and action configuration (embedded)', () => describeConfigureIntegration(fixture));
