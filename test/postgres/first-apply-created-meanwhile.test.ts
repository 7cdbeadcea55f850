/**
 * The apply of a staged first sync (an integration with no account at all) inserts without
 * looking for accounts to leave out (account-rows.ts, `addAccounts`). An account that another
 * writer creates after that look, before the insert, fails the plain insert; the insert is then
 * made again leaving that account out, which keeps the other writer's values.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { applyStaged, recordCreatedAccount, syncDigest, toStaged } from '../../src/service/store/account-rows.js';
import { stageAccounts } from '../../src/service/store/sync-run-rows.js';
import { openDatabase } from '../../src/service/store/open-database.js';
import type { Database } from '../../src/service/store/database.js';
import { waitUntil } from '../service/helpers/wait-until.js';
import { postgresStorage } from './helpers/postgres-storage.js';
import { withClient } from './helpers/scratch-database.js';
import { insertStoreIntegration } from '../service/helpers/store-integration.js';

const storage = postgresStorage('first_apply_meanwhile');
const scope = { tenantId: 'meanwhile-tenant', integrationId: 'meanwhile-integration' };
const fence = { runId: 'run-first', attempt: 1 };
let url: string;
let db: Database;
let workflowDb: Database;

beforeAll(async () => {
  url = ((await storage.options()) as { databaseUrl: string }).databaseUrl;
  db = await openDatabase({ databaseUrl: url });
  workflowDb = await openDatabase({ databaseUrl: url });
  await insertStoreIntegration(db, scope, 'Meanwhile');
});
afterAll(async () => {
  await workflowDb?.close();
  await db?.close();
  await storage.cleanup();
});

it('an account created between the first apply’s look and its insert is left as its writer wrote it; the others are added with their events', async () => {
  const staged = ['a', 'b', 'c'].map((id) => toStaged({ id, email: `${id}@example.com`, name: `Imported ${id}`, admin: false }));
  await stageAccounts(
    db,
    fence,
    staged.map((account) => ({ ...account, digest: syncDigest(account) })),
  );
  // The workflow's insert of `b`, not yet committed: the apply's look finds no account.
  let commit!: () => void;
  const gate = new Promise<void>((resolve) => (commit = resolve));
  const created = workflowDb.transaction(async (tx) => {
    await recordCreatedAccount(tx, {
      ...scope,
      account: toStaged({ id: 'b', email: 'b@example.com', name: 'Created By Workflow', admin: false }),
      source: { workflowId: 'wf-meanwhile', actor: 'ops@example.com' },
    });
    await gate;
  });
  created.catch(() => undefined);
  await withClient(url, async (client) => {
    await waitUntil(
      'the workflow’s uncommitted account',
      async () =>
        (
          await client.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'idle in transaction'`,
          )
        ).rows[0]!.n,
      (n) => n === 1,
    );
    const applied = db.transaction((tx) => applyStaged(tx, { ...scope, ...fence, importStartedAt: new Date() }));
    applied.catch(() => undefined);
    // The apply's plain insert waits on the workflow's row of the same external id.
    await waitUntil(
      'the apply’s insert waiting on a lock',
      async () =>
        (
          await client.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%INSERT INTO accounts%'`,
          )
        ).rows[0]!.n,
      (n) => n === 1,
    );
    commit();
    await created;
    expect(await applied).toEqual({ added: 2, changed: 0, onlyAdded: true });
    const { rows } = await client.query<{ external_id: string; name: string; added_run_id: string | null; by_workflow: boolean }>(
      `SELECT external_id, name, added_run_id, workflow_changed_at IS NOT NULL AS by_workflow FROM accounts WHERE integration_id = $1 ORDER BY external_id`,
      [scope.integrationId],
    );
    expect(rows).toEqual([
      { external_id: 'a', name: 'Imported a', added_run_id: fence.runId, by_workflow: false },
      { external_id: 'b', name: 'Created By Workflow', added_run_id: null, by_workflow: true },
      { external_id: 'c', name: 'Imported c', added_run_id: fence.runId, by_workflow: false },
    ]);
  });
});
