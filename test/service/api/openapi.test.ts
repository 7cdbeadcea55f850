/** The OpenAPI document on the embedded database (the same cases run on PostgreSQL in test/postgres/). */
import { describe } from 'vitest';
import { embeddedStorage } from '../helpers/service-fixture.js';
import { useApi } from './api-fixture.js';
import { describeOpenApi } from './openapi.cases.js';

const fixture = useApi(embeddedStorage('api-openapi'));
describe('OpenAPI document (embedded)', () => describeOpenApi(fixture));
