/** Account sync on the PostgreSQL server (the same cases as test/service/sync on the embedded database). */
import pg from 'pg';
import { describe, expect } from 'vitest';
import { useService } from '../service/helpers/service-fixture.js';
import { describeSync } from '../service/sync/sync.cases.js';
import { waitUntil } from '../service/helpers/wait-until.js';
import { postgresStorage } from './helpers/postgres-storage.js';

const fixture = useService(postgresStorage('sync'), { sync: { engine: { pollingIntervalSeconds: 0.5 } } });

/**
 * A first sync that has filled a batch adds its accounts as it imports them, in a transaction of
 * its own held until the run's result (run-sync.ts, `addsAsImported`): while the import is held, a
 * backend other than this one holds the write lock of `accounts` in an open transaction, though
 * no account is visible (the case checks that through the service).
 */
async function heldFirstSync(ref: { integrationId: string }): Promise<void> {
  const client = new pg.Client({ connectionString: (fixture.options as { databaseUrl: string }).databaseUrl });
  await client.connect();
  try {
    const writers = await waitUntil(
      'a transaction writing to accounts',
      async () =>
        (
          await client.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_class c ON c.oid = l.relation JOIN pg_stat_activity a ON a.pid = l.pid
             WHERE c.relname = 'accounts' AND l.mode = 'RowExclusiveLock' AND l.granted AND l.pid <> pg_backend_pid() AND a.xact_start IS NOT NULL`,
          )
        ).rows[0]!.n,
      (n) => n > 0,
    );
    expect(writers).toBe(1);
    // Nothing of it is visible from here either.
    expect((await client.query<{ n: number }>('SELECT count(*)::int AS n FROM accounts WHERE integration_id = $1', [ref.integrationId])).rows[0]!.n).toBe(0);
  } finally {
    await client.end();
  }
}

describe('account sync (PostgreSQL)', () => describeSync(fixture, { heldFirstSync }));
