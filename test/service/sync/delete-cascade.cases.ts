/**
 * Deleting an integration deletes its accounts, and deleting an account its events, though neither
 * is a foreign key any more (migration 0340: a sync inserts them without a check per row); deleting
 * a person unlinks its accounts, though `accounts.person_id` is no foreign key either (0351). Nothing
 * in the service deletes either; an operator's delete, or a tenant's, still leaves no orphans.
 * Shared by the embedded run (delete-cascade.test.ts) and the PostgreSQL run (test/postgres).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type StorageOptions } from '../../../src/service/store/open-database.js';
import type { Database } from '../../../src/service/store/database.js';
import { applyStaged, syncDigest, toStaged } from '../../../src/service/store/account-rows.js';
import { stageAccounts } from '../../../src/service/store/sync-run-rows.js';
import { insertTenant } from '../../../src/service/store/tenant-rows.js';
import { insertIntegration } from '../../../src/service/store/integration-rows.js';
import { insertPeople } from '../../../src/service/store/people-rows.js';
import type { StorageSetup } from '../helpers/service-fixture.js';

export function describeDeleteCascade(storage: StorageSetup): void {
  let db: Database;

  async function integrationWithAccounts(tenantId: string, integrationId: string, ids: readonly string[]): Promise<void> {
    await insertIntegration(db, {
      id: integrationId,
      tenantId,
      name: integrationId,
      type: 'prebuilt',
      connectorId: 'incident-platform',
      specText: null,
      baseUrl: null,
      settings: {},
    });
    const fence = { runId: `run-${integrationId}`, attempt: 1 };
    // A NUL in the name (cleaned): the added event is then a stored row (a clean account carries its own, migration 0350).
    const staged = ids.map((id) => toStaged({ id, email: `${id}@example.com`, name: `User\u0000 ${id}`, admin: false }));
    await stageAccounts(
      db,
      fence,
      staged.map((account) => ({ ...account, digest: syncDigest(account) })),
    );
    await db.transaction((tx) => applyStaged(tx, { tenantId, integrationId, ...fence, importStartedAt: new Date() }));
  }

  const count = async (sql: string, params: unknown[]) => (await db.query<{ n: number }>(`SELECT count(*)::int AS n ${sql}`, params)).rows[0]!.n;

  beforeAll(async () => {
    db = await openDatabase((await storage.options()) as StorageOptions);
    for (const tenantId of ['tenant-a', 'tenant-b']) await insertTenant(db, { id: tenantId, name: tenantId, plan: 'standard' });
    await integrationWithAccounts('tenant-a', 'kept', ['k1', 'k2']);
    await integrationWithAccounts('tenant-a', 'deleted', ['d1', 'd2', 'd3']);
    await integrationWithAccounts('tenant-b', 'with-tenant', ['t1']);
  });
  afterAll(async () => {
    await db?.close();
    await storage.cleanup();
  });

  it('an integration deleted takes its accounts and their events with it; another integration keeps its own', async () => {
    expect(await count(`FROM account_events e JOIN accounts a ON a.id = e.account_id WHERE a.integration_id = $1`, ['deleted'])).toBe(3);
    await db.query(`DELETE FROM integrations WHERE id = $1`, ['deleted']);
    expect(await count(`FROM accounts WHERE integration_id = $1`, ['deleted'])).toBe(0);
    expect(await count(`FROM account_events WHERE tenant_id = $1 AND account_id NOT IN (SELECT id FROM accounts)`, ['tenant-a'])).toBe(0);
    expect(await count(`FROM accounts WHERE integration_id = $1`, ['kept'])).toBe(2);
    expect(await count(`FROM account_events e JOIN accounts a ON a.id = e.account_id WHERE a.integration_id = $1`, ['kept'])).toBe(2);
  });

  it('a person deleted leaves the accounts linked to it linked to no one, and other links alone', async () => {
    const [gone, kept] = await insertPeople(db, 'tenant-a', [
      { email: 'gone@example.com', emailKey: 'gone@example.com', name: 'Gone' },
      { email: 'kept@example.com', emailKey: 'kept@example.com', name: 'Kept' },
    ]);
    await db.query(`UPDATE accounts SET person_id = $1 WHERE integration_id = 'kept' AND external_id = 'k1'`, [gone!.id]);
    await db.query(`UPDATE accounts SET person_id = $1 WHERE integration_id = 'kept' AND external_id = 'k2'`, [kept!.id]);
    await db.query(`DELETE FROM people WHERE id = $1`, [gone!.id]);
    const { rows } = await db.query<{ external_id: string; person_id: string | null }>(
      `SELECT external_id, person_id FROM accounts WHERE integration_id = 'kept' ORDER BY external_id`,
    );
    expect(rows).toEqual([
      { external_id: 'k1', person_id: null },
      { external_id: 'k2', person_id: kept!.id },
    ]);
  });

  it('an account deleted takes its events; a tenant deleted takes its integrations, their accounts and events', async () => {
    await db.query(`DELETE FROM accounts WHERE integration_id = $1 AND external_id = $2`, ['kept', 'k1']);
    expect(await count(`FROM account_events WHERE tenant_id = $1`, ['tenant-a'])).toBe(1);
    await db.query(`DELETE FROM tenants WHERE id = $1`, ['tenant-b']);
    expect(await count(`FROM accounts WHERE tenant_id = $1`, ['tenant-b'])).toBe(0);
    expect(await count(`FROM account_events WHERE tenant_id = $1`, ['tenant-b'])).toBe(0);
    expect(await count(`FROM accounts WHERE tenant_id = $1`, ['tenant-a'])).toBe(1);
  });
}
