/**
 * What PostgreSQL itself shows of a large first sync held mid-import (run-sync.ts,
 * `addsAsImported`): the run's transaction, open, holding the write lock of `accounts`.
 */
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { seedUsers, startIncidentPlatform, type IncidentPlatformSimulator } from '../../../src/simulators/incident-platform/index.js';
import type { ServiceFixture } from '../../service/helpers/service-fixture.js';
import { waitUntil } from '../../service/helpers/wait-until.js';

const WRITERS_OF_ACCOUNTS = `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_class c ON c.oid = l.relation JOIN pg_stat_activity a ON a.pid = l.pid
  WHERE c.relname = 'accounts' AND l.mode = 'RowExclusiveLock' AND l.granted AND l.pid <> pg_backend_pid() AND a.xact_start IS NOT NULL`;

/** Waits until a backend other than this one writes to `accounts` in an open transaction; returns how many do. */
export function accountWriters(client: pg.Client): Promise<number> {
  return waitUntil(
    'a transaction writing to accounts',
    async () => (await client.query<{ n: number }>(WRITERS_OF_ACCOUNTS)).rows[0]!.n,
    (n) => n > 0,
  );
}

/** The accounts of an integration that another connection sees now. */
export async function visibleAccounts(client: pg.Client, integrationId: string): Promise<number> {
  return (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM accounts WHERE integration_id = $1', [integrationId])).rows[0]!.n;
}

/** Waits until `count` inserts of an account (a workflow's `recordCreatedAccount`) wait on a lock. */
export function insertsWaitingOnLocks(client: pg.Client, count: number): Promise<number> {
  return waitUntil(
    `${count} account inserts waiting on a lock`,
    async () =>
      (
        await client.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'INSERT INTO accounts (tenant_id%'`,
        )
      ).rows[0]!.n,
    (n) => n === count,
  );
}

/**
 * For the file: the incident platform simulator with 1,500 users (a first batch of 1,000 and pages
 * after it) and the fixture's workers started; both stopped after the file.
 */
export function useLargeTarget(fixture: ServiceFixture): { simulator: () => IncidentPlatformSimulator } {
  let simulator: IncidentPlatformSimulator | undefined;
  beforeAll(async () => {
    simulator = await startIncidentPlatform({ users: seedUsers({ count: 1500 }) });
    await fixture.service.startWorkers();
  });
  afterAll(async () => {
    await fixture.service.stopWorkers();
    await simulator?.close();
  });
  return { simulator: () => simulator! };
}
