/** Account sync on the PostgreSQL server (the same cases as test/service/sync on the embedded database). */
import { describe, expect } from 'vitest';
import { useService } from '../service/helpers/service-fixture.js';
import { describeSync } from '../service/sync/sync.cases.js';
import { accountWriters, visibleAccounts } from './helpers/held-first-sync.js';
import { withClient } from './helpers/scratch-database.js';
import { postgresStorage } from './helpers/postgres-storage.js';

const fixture = useService(postgresStorage('sync'), { sync: { engine: { pollingIntervalSeconds: 0.5 } } });

/**
 * A first sync that has filled a batch adds its accounts as it imports them, in a transaction of
 * its own held until the run's result (run-sync.ts, `addsAsImported`): while the import is held, a
 * backend other than this one holds the write lock of `accounts` in an open transaction, though
 * no account is visible (the case checks that through the service too).
 */
const heldFirstSync = (ref: { integrationId: string }) =>
  withClient((fixture.options as { databaseUrl: string }).databaseUrl, async (client) => {
    expect(await accountWriters(client)).toBe(1);
    expect(await visibleAccounts(client, ref.integrationId)).toBe(0);
  });

describe('account sync (PostgreSQL)', () => describeSync(fixture, { heldFirstSync }));
