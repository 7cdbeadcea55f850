/** Deletes that cascade without foreign keys, on the PostgreSQL server (the cases: test/service/sync/delete-cascade.cases.ts). */
import { describe } from 'vitest';
import { describeDeleteCascade } from '../service/sync/delete-cascade.cases.js';
import { postgresStorage } from './helpers/postgres-storage.js';

describe('deletes of integrations, accounts and tenants (PostgreSQL)', () => describeDeleteCascade(postgresStorage('delete_cascade')));
