/** Token listing and revocation through the API on the embedded database (the same cases run on PostgreSQL in test/postgres/). */
import { describe } from 'vitest';
import { embeddedStorage } from '../helpers/service-fixture.js';
import { useApi } from './api-fixture.js';
import { describeTokenRevocation } from './tokens-api.cases.js';

const fixture = useApi(embeddedStorage('api-tokens'));
describe('token revocation (embedded)', () => describeTokenRevocation(fixture));
