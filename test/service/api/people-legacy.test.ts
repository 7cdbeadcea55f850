/** People who shared an email before migration 0130, on the embedded database (the same cases run on PostgreSQL in test/postgres/). */
import { describe } from 'vitest';
import { embeddedStorage } from '../helpers/service-fixture.js';
import { useApi } from './api-fixture.js';
import { describeLegacyDuplicates, withLegacyDuplicates } from './people-legacy.cases.js';

const fixture = useApi(withLegacyDuplicates(embeddedStorage('api-people-legacy', { template: false })));
describe('People shared before migration 0130 (embedded)', () => describeLegacyDuplicates(fixture));
