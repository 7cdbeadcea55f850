/** A paged answer is never taken as complete, through the HTTP API on a real PostgreSQL server: the same cases as on the embedded database. */
import { useApi } from '../service/api/api-fixture.js';
import { describePagedAnswer } from '../service/api/paged-answer-api.cases.js';
import { postgresStorage } from './helpers/postgres-storage.js';

const fixture = useApi(postgresStorage('paged'));
describePagedAnswer(fixture);
