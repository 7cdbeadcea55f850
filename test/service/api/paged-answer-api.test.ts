/** A paged answer is never taken as complete, through the HTTP API on the embedded database (the same cases run on PostgreSQL in test/postgres/). */
import { embeddedStorage } from '../helpers/service-fixture.js';
import { useApi } from './api-fixture.js';
import { describePagedAnswer } from './paged-answer-api.cases.js';

const fixture = useApi(embeddedStorage('api-paged-answer'));
describePagedAnswer(fixture);
