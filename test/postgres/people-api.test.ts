/** The People API with the service on a real PostgreSQL server: the same cases as on the embedded database. */
import { describe } from 'vitest';
import { useApi } from '../service/api/api-fixture.js';
import { describePeopleApi, describePeopleLinks } from '../service/api/people-api.cases.js';
import { postgresStorage } from './helpers/postgres-storage.js';

const fixture = useApi(postgresStorage('people_api'));
describe('People API (PostgreSQL)', () => describePeopleApi(fixture));
describe('People and links (PostgreSQL)', () => describePeopleLinks(fixture));
