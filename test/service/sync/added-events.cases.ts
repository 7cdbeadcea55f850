/**
 * An account a sync adds carries its `added` event in its own row (migration 0350): no event row
 * is written for it, yet its history reads the same as when one was: an `added` event by the run,
 * at the time it was first seen, with an empty detail, before its later events, with an id of the
 * events' sequence that pages like any other. An account added with text cleaned keeps a stored
 * event naming what was cleaned. Shared by the embedded run (added-events.test.ts) and the
 * PostgreSQL run (test/postgres).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type StorageOptions } from '../../../src/service/store/open-database.js';
import type { Database } from '../../../src/service/store/database.js';
import {
  applyStaged,
  findAccount,
  listAccountEventPage,
  listAccountEvents,
  recordAccountState,
  syncDigest,
  toStaged,
  type AccountEventRow,
} from '../../../src/service/store/account-rows.js';
import { stageAccounts } from '../../../src/service/store/sync-run-rows.js';
import type { StorageSetup } from '../helpers/service-fixture.js';
import { insertStoreIntegration } from '../helpers/store-integration.js';

export function describeAddedEvents(storage: StorageSetup): void {
  let db: Database;
  const scope = { tenantId: 'events-tenant', integrationId: 'events-integration' };
  const fence = { runId: 'run-added', attempt: 1 };

  beforeAll(async () => {
    db = await openDatabase((await storage.options()) as StorageOptions);
    await insertStoreIntegration(db, scope, 'Events');
    const staged = [
      toStaged({ id: 'plain', email: 'plain@example.com', name: 'Plain', admin: false }),
      toStaged({ id: 'cleaned', email: 'cleaned@example.com', name: 'Clea\u0000ned', admin: false }),
    ];
    await stageAccounts(
      db,
      fence,
      staged.map((account) => ({ ...account, digest: syncDigest(account) })),
    );
    expect(await db.transaction((tx) => applyStaged(tx, { ...scope, ...fence, importStartedAt: new Date() }))).toEqual({
      added: 2,
      changed: 0,
      onlyAdded: true,
    });
  });
  afterAll(async () => {
    await db?.close();
    await storage.cleanup();
  });

  const account = async (externalId: string) => (await findAccount(db, { ...scope, externalId }))!;
  const shape = (event: AccountEventRow) => ({ kind: event.kind, run_id: event.run_id, detail: event.detail });

  it('writes no event row for an account it adds clean; its history still opens with the run’s added event', async () => {
    const plain = await account('plain');
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM account_events WHERE account_id = $1`, [plain.id]);
    expect(rows[0]!.n).toBe(0);
    const events = await listAccountEvents(db, { tenantId: scope.tenantId, accountId: plain.id });
    expect(events.map(shape)).toEqual([{ kind: 'added', run_id: fence.runId, detail: {} }]);
    expect(String(events[0]!.account_id)).toBe(String(plain.id));
    expect(new Date(events[0]!.at).getTime()).toBe(new Date(plain.first_seen_at).getTime());
    // Another tenant reads nothing of it.
    expect(await listAccountEvents(db, { tenantId: 'another-tenant', accountId: plain.id })).toEqual([]);
  });

  it('keeps the added event first among later events, and pages through it by id like a stored one', async () => {
    const plain = await account('plain');
    await recordAccountState(db, { ...scope, externalId: 'plain', state: 'deactivated', source: { actor: 'ops@example.com' } });
    await recordAccountState(db, { ...scope, externalId: 'plain', state: 'active', source: { actor: 'ops@example.com' } });
    const all = await listAccountEvents(db, { tenantId: scope.tenantId, accountId: plain.id });
    expect(all.map((event) => event.kind)).toEqual(['added', 'changed', 'changed']);
    const ids = all.map((event) => BigInt(event.id));
    expect([...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(ids);
    expect(new Set(ids).size).toBe(3);

    const paged: AccountEventRow[] = [];
    let afterId: string | undefined;
    for (;;) {
      const page = await listAccountEventPage(db, { tenantId: scope.tenantId, accountId: plain.id, afterId, limit: 1 });
      if (page.length === 0) break;
      paged.push(...page);
      afterId = String(page.at(-1)!.id);
    }
    expect(paged.map((event) => String(event.id))).toEqual(all.map((event) => String(event.id)));
    expect(paged.map(shape)).toEqual(all.map(shape));
  });

  it('stores the added event of an account whose text it cleaned, naming what was cleaned, once', async () => {
    const cleaned = await account('cleaned');
    const events = await listAccountEvents(db, { tenantId: scope.tenantId, accountId: cleaned.id });
    expect(events.map(shape)).toEqual([{ kind: 'added', run_id: fence.runId, detail: { cleaned: cleaned.cleaned } }]);
    expect(cleaned.cleaned).toEqual(expect.any(String));
  });
}
