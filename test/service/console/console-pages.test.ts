/** The console's pages on the embedded database (the same cases run on PostgreSQL in test/postgres/). */
import { describe } from 'vitest';
import { useApi } from '../api/api-fixture.js';
import { embeddedStorage } from '../helpers/service-fixture.js';
import { describeConsolePages } from './console-pages.cases.js';

const fixture = useApi(embeddedStorage('console-pages'));
describe('console pages (embedded)', () => describeConsolePages(fixture));
