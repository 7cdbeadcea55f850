/** Deletes that cascade without foreign keys, on the embedded database (the cases: delete-cascade.cases.ts). */
import { describe } from 'vitest';
import { embeddedStorage } from '../helpers/service-fixture.js';
import { describeDeleteCascade } from './delete-cascade.cases.js';

describe('deletes of integrations, accounts and tenants (embedded)', () => describeDeleteCascade(embeddedStorage('delete-cascade')));
