/** A sync run's finishedAt on the PostgreSQL server (the cases: test/service/sync/finished-at.cases.ts). */
import { describe } from 'vitest';
import { describeFinishedAt } from '../service/sync/finished-at.cases.js';
import { postgresStorage } from './helpers/postgres-storage.js';

describe('sync run finishedAt (PostgreSQL)', () => describeFinishedAt(postgresStorage('finished_at')));
