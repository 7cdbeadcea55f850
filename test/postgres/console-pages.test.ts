/** The console's pages on a real PostgreSQL server: the same cases as on the embedded database. */
import { describe } from 'vitest';
import { useApi } from '../service/api/api-fixture.js';
import { describeConsolePages } from '../service/console/console-pages.cases.js';
import { postgresStorage } from './helpers/postgres-storage.js';

const fixture = useApi(postgresStorage('console_pages'));
describe('console pages (PostgreSQL)', () => describeConsolePages(fixture));
