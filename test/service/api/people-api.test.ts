/** People over the API on the embedded database (the same cases run on PostgreSQL in test/postgres/). */
import { describe } from 'vitest';
import { embeddedStorage } from '../helpers/service-fixture.js';
import { useApi } from './api-fixture.js';
import { describePeopleApi, describePeopleLinks } from './people-api.cases.js';

const fixture = useApi(embeddedStorage('api-people'));
describe('People API (embedded)', () => describePeopleApi(fixture));
describe('People and links (embedded)', () => describePeopleLinks(fixture));
