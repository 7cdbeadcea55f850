/** Claims of sync runs from their table, on the PostgreSQL server, two workers at once included (the cases: test/service/store/run-claims.cases.ts). */
import { describe } from 'vitest';
import { describeRunClaims } from '../service/store/run-claims.cases.js';
import { postgresStorage } from './helpers/postgres-storage.js';

describe('claims of sync runs (PostgreSQL)', () => describeRunClaims(postgresStorage('run_claims'), { concurrent: true }));
