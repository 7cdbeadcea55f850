/**
 * A sync run's `finishedAt` is when the run ended, not when the transaction that applies its
 * import began: PostgreSQL's now() is the transaction's start time, so a finish written with it
 * lies by as long as the apply took (4-6 s at 100,000 accounts). The apply's transaction here is
 * made to last (pg_sleep) before the run is finished; the finish must come after that wait.
 * Shared by the embedded run and the PostgreSQL run (test/postgres/sync-finished-at.test.ts).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openService } from '../../../src/service/index.js';
import { openDatabase, type StorageOptions } from '../../../src/service/store/open-database.js';
import { finishRun } from '../../../src/service/store/sync-run-rows.js';
import { ALLOW_LOOPBACK } from '../../../src/runtime/http/egress-policy.js';
import { DEMO_FULL_ACCESS_KEY, seedUsers, startIncidentPlatform, type IncidentPlatformSimulator } from '../../../src/simulators/incident-platform/index.js';
import type { StorageSetup } from '../helpers/service-fixture.js';

const actor = 'ops@example.com';

export function describeFinishedAt(storage: StorageSetup): void {
  let simulator: IncidentPlatformSimulator;
  let options: StorageOptions;
  let runId: string;
  let integrationId: string;

  beforeAll(async () => {
    simulator = await startIncidentPlatform({ users: seedUsers({ count: 2 }) });
    options = (await storage.options()) as StorageOptions;
    // Without workers: enabling Import Users queues the first run, which nothing takes.
    const service = await openService({ ...options, egress: ALLOW_LOOPBACK });
    try {
      const tenant = await service.tenants.create({ name: 'Finished at', plan: 'standard', actor });
      const integration = await service.integrations.create({
        tenantId: tenant.id,
        type: 'prebuilt',
        connector: 'incident-platform',
        baseUrl: simulator.server.origin,
        actor,
      });
      const ref = { tenantId: tenant.id, integrationId: integration.id };
      await service.integrations.configureAuth({ ...ref, inputs: { token: DEMO_FULL_ACCESS_KEY }, actor });
      await service.integrations.setAction({ ...ref, action: 'importUsers', enabled: true, actor });
      const [queued] = await service.sync.listRuns(ref);
      runId = queued!.id;
      integrationId = integration.id;
    } finally {
      await service.close();
    }
  });
  afterAll(async () => {
    await simulator?.close();
    await storage.cleanup();
  });

  it('finishRun stamps the moment the run ends, after a long apply, not the start of its transaction', async () => {
    const db = await openDatabase(options);
    try {
      await db.query(`UPDATE sync_runs SET status = 'running', attempt = 1, started_at = now(), heartbeat_at = now() WHERE id = $1`, [runId]);
      const times = await db.transaction(async (tx) => {
        const { rows: began } = await tx.query<{ at: Date }>('SELECT now() AS at');
        // The apply of a large import: the transaction lasts.
        await tx.query('SELECT pg_sleep(0.2)');
        const { rows: applied } = await tx.query<{ at: Date }>('SELECT clock_timestamp() AS at');
        await finishRun(tx, {
          fence: { runId, attempt: 1 },
          hold: false,
          progress: { pages: 1, seen: 0, skipped: 0, reasons: {} },
          added: 0,
          changed: 0,
          removed: 0,
          pendingRemovals: 0,
          warnings: [],
          integrationId,
          importStartedAt: new Date(),
          nextSyncAt: new Date(Date.now() + 3_600_000),
        });
        return { began: new Date(began[0]!.at), applied: new Date(applied[0]!.at) };
      });
      const { rows } = await db.query<{ status: string; finished_at: Date }>('SELECT status, finished_at FROM sync_runs WHERE id = $1', [runId]);
      expect(rows[0]!.status).toBe('succeeded');
      const finished = new Date(rows[0]!.finished_at);
      expect(times.applied.getTime() - times.began.getTime()).toBeGreaterThanOrEqual(150);
      expect(finished.getTime()).toBeGreaterThanOrEqual(times.applied.getTime());
    } finally {
      await db.close();
    }
  });
}
