/**
 * Workers claim sync runs straight from `sync_runs` (`claimRuns`, migration 0390): the oldest
 * queued runs up to the limit, and a running run only once its heartbeat stopped for the stale
 * period (the next attempt discards what older attempts staged). Shared by the embedded run
 * (run-claims.test.ts) and the PostgreSQL run (test/postgres/run-claims.test.ts), which also claims
 * from two connections at once.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../../src/service/store/database.js';
import { openDatabase, type StorageOptions } from '../../../src/service/store/open-database.js';
import { claimRuns } from '../../../src/service/store/sync-run-rows.js';
import { insertStoreIntegration } from '../helpers/store-integration.js';
import type { StorageSetup } from '../helpers/service-fixture.js';

const TENANT = 'claims-tenant';
const STALE_SECONDS = 60;

export function describeRunClaims(storage: StorageSetup, options: { concurrent?: boolean } = {}): void {
  let db: Database;
  let integrations = 0;

  /** A run of a new integration, in `status`, queued `ageSeconds` ago (running ones beat that long ago). */
  async function run(status: 'queued' | 'running' | 'awaiting_approval' | 'succeeded', ageSeconds: number): Promise<string> {
    integrations += 1;
    const integrationId = `claims-${integrations}`;
    await insertStoreIntegration(db, { tenantId: TENANT, integrationId }, integrationId, { tenant: false });
    const id = `run-${integrations}`;
    await db.query(
      `INSERT INTO sync_runs (id, tenant_id, integration_id, trigger, requested_by, status, attempt, queued_at, started_at, heartbeat_at)
       VALUES ($1, $2, $3, 'manual', 'ops@example.com', $4, $5, now() - make_interval(secs => $6), $7, $7)`,
      [id, TENANT, integrationId, status, status === 'queued' ? 0 : 1, ageSeconds, status === 'queued' ? null : new Date(Date.now() - ageSeconds * 1000)],
    );
    return id;
  }

  const claim = (limit: number, on: Database = db) => claimRuns(on, { limit, staleSeconds: STALE_SECONDS });
  const openRuns = async () =>
    (
      await db.query<{ id: string; status: string; attempt: number }>(
        `SELECT id, status, attempt FROM sync_runs WHERE status IN ('queued', 'running') ORDER BY id`,
      )
    ).rows;

  beforeAll(async () => {
    db = await openDatabase((await storage.options()) as StorageOptions);
    await insertStoreIntegration(db, { tenantId: TENANT, integrationId: 'claims-0' }, TENANT);
  });
  afterAll(async () => {
    await db?.close();
    await storage.cleanup();
  });

  it('takes the oldest queued runs up to the limit, each as attempt 1 with its start and heartbeat set; then the rest; then none', async () => {
    const newer = await run('queued', 10);
    const oldest = await run('queued', 30);
    const middle = await run('queued', 20);
    const first = await claim(2);
    expect(first.map((row) => row.id)).toEqual([oldest, middle]);
    for (const row of first) {
      expect(row).toMatchObject({ status: 'running', attempt: 1 });
      expect(row.started_at).toBeInstanceOf(Date);
      expect(row.heartbeat_at).toBeInstanceOf(Date);
    }
    expect((await claim(5)).map((row) => row.id)).toEqual([newer]);
    expect(await claim(5)).toEqual([]);
    // Claimed runs are live (their heartbeat is new): a second claim leaves them to their worker.
    expect((await openRuns()).map((row) => [row.id, row.status, row.attempt])).toEqual([oldest, middle, newer].sort().map((id) => [id, 'running', 1]));
    await db.query(`UPDATE sync_runs SET status = 'succeeded' WHERE id = ANY($1)`, [[oldest, middle, newer]]);
  });

  it('one claim takes no more runs than its limit, however many are queued', async () => {
    // As `id IN (… LIMIT n FOR UPDATE SKIP LOCKED)`, PostgreSQL ran the subquery once per candidate and a claim of 2 took 4 of 6.
    const ids: string[] = [];
    for (let index = 0; index < 6; index += 1) ids.push(await run('queued', 60 - index));
    expect((await claim(2)).map((row) => row.id)).toEqual(ids.slice(0, 2));
    expect((await claim(1)).map((row) => row.id)).toEqual(ids.slice(2, 3));
    expect((await claim(10)).map((row) => row.id)).toEqual(ids.slice(3));
    await db.query(`UPDATE sync_runs SET status = 'succeeded' WHERE id = ANY($1)`, [ids]);
  });

  it('takes over a running run whose heartbeat stopped for the stale period, with the next attempt, and discards what older attempts staged', async () => {
    const live = await run('running', STALE_SECONDS - 30);
    const dead = await run('running', STALE_SECONDS + 30);
    await db.query(
      `INSERT INTO sync_run_accounts (run_id, attempt, external_id, email, email_key, name, admin, state, fields)
       VALUES ($1, 1, 'ghost', 'ghost@example.com', 'ghost@example.com', 'Ghost', false, 'active', '{}'),
              ($2, 1, 'kept', 'kept@example.com', 'kept@example.com', 'Kept', false, 'active', '{}')`,
      [dead, live],
    );
    const claimed = await claim(5);
    expect(claimed.map((row) => [row.id, row.status, row.attempt])).toEqual([[dead, 'running', 2]]);
    const staged = await db.query<{ run_id: string }>('SELECT run_id FROM sync_run_accounts WHERE run_id = ANY($1) ORDER BY run_id', [[dead, live]]);
    expect(staged.rows.map((row) => row.run_id)).toEqual([live]);
    await db.query(`UPDATE sync_runs SET status = 'succeeded' WHERE id = ANY($1)`, [[dead, live]]);
    await db.query('DELETE FROM sync_run_accounts WHERE run_id = $1', [live]);
  });

  it('leaves runs that await approval and ended runs alone, however old', async () => {
    await run('awaiting_approval', STALE_SECONDS * 10);
    await run('succeeded', STALE_SECONDS * 10);
    expect(await claim(5)).toEqual([]);
  });

  if (options.concurrent)
    it('two workers claiming at once never take the same run, and together take every one', async () => {
      const ids: string[] = [];
      for (let index = 0; index < 40; index += 1) ids.push(await run('queued', 100 - index));
      const other = await openDatabase((await storage.options()) as StorageOptions);
      try {
        const taken: string[][] = [[], []];
        // Each worker claims three at a time until a claim finds none.
        const worker = async (on: Database, into: string[]) => {
          for (let rows = await claim(3, on); rows.length > 0; rows = await claim(3, on)) {
            expect(rows.length).toBeLessThanOrEqual(3);
            into.push(...rows.map((row) => row.id));
          }
        };
        await Promise.all([worker(db, taken[0]!), worker(other, taken[1]!)]);
        expect([...taken[0]!, ...taken[1]!].sort()).toEqual([...ids].sort());
        expect(taken[0]!.filter((id) => taken[1]!.includes(id))).toEqual([]);
      } finally {
        await other.close();
      }
    });
}
