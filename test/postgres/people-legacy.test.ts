/** People who shared an email before migration 0130, with the service on a real PostgreSQL server: the same cases as on the embedded database. */
import { describe } from 'vitest';
import { useApi } from '../service/api/api-fixture.js';
import { describeLegacyDuplicates, withLegacyDuplicates } from '../service/api/people-legacy.cases.js';
import { postgresStorage } from './helpers/postgres-storage.js';

const fixture = useApi(withLegacyDuplicates(postgresStorage('people_legacy')));
describe('People shared before migration 0130 (PostgreSQL)', () => describeLegacyDuplicates(fixture));
