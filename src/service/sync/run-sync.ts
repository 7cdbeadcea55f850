/**
 * The job handler of one sync run, idempotent on the run's row. It claims the run (queued, or
 * running with a stale heartbeat: its worker died), stages the import page by page under a fence
 * (a newer attempt's claim makes an older attempt's writes fail), and only when the import is
 * complete applies it; a failed or partial import changes no account.
 */
import { randomInt } from 'node:crypto';
import { isConnectorError, type Client, type ImportPage } from '../../index.js';
import type { ServiceContext } from '../context.js';
import { isServiceError } from '../service-error.js';
import type { Queryable } from '../store/database.js';
import { relinkAccounts } from '../people/person-links.js';
import { applyStaged, clearStaged, countUnseen, removeUnseen, stageAccounts } from './account-store.js';
import { decideAfterFailure, holdRemovals, nextScheduledAt } from './sync-policy.js';
import { ensureSettings, settingsOf, type SyncRunRow } from './sync-run-rows.js';
import type { SyncContext } from './sync-context.js';

/** A newer attempt owns the run; this one stops without writing. */
class FenceLost extends Error {
  override readonly name = 'FenceLost';
}

/** Thrown to the engine so that it retries later: the run is in progress on a live worker. */
export class RunBusy extends Error {
  override readonly name = 'RunBusy';
}

interface Fence {
  runId: string;
  attempt: number;
}

async function checkFence(tx: Queryable, fence: Fence): Promise<void> {
  const { rows } = await tx.query(`SELECT 1 FROM sync_runs WHERE id = $1 AND attempt = $2 AND status = 'running' FOR UPDATE`, [fence.runId, fence.attempt]);
  if (rows.length === 0) throw new FenceLost(`run ${fence.runId} attempt ${fence.attempt} was taken over`);
}

/** A few beats per stale period, so that one late beat never makes a live run look dead. */
export function heartbeatIntervalMs(staleRunSeconds: number): number {
  return Math.max(250, Math.floor((staleRunSeconds * 1000) / 4));
}

async function claimRun(db: Queryable, runId: string, staleSeconds: number): Promise<SyncRunRow | 'done'> {
  const { rows } = await db.query<SyncRunRow>(
    `UPDATE sync_runs SET status = 'running', attempt = attempt + 1, started_at = COALESCE(started_at, now()), heartbeat_at = now(),
       pages = 0, seen = 0, skipped = 0, skipped_reasons = '{}', warnings = '[]'
     WHERE id = $1 AND (status = 'queued' OR (status = 'running' AND heartbeat_at < now() - make_interval(secs => $2)))
     RETURNING *`,
    [runId, staleSeconds],
  );
  if (rows[0]) return rows[0];
  const current = await db.query<{ status: string }>('SELECT status FROM sync_runs WHERE id = $1', [runId]);
  if (current.rows[0]?.status === 'running') throw new RunBusy(`run ${runId} is running on another worker`);
  return 'done';
}

function describeFailure(error: unknown): { code: string; message: string } {
  if (isConnectorError(error) || isServiceError(error)) return { code: error.code, message: error.message };
  // Anything else is ours, not the target's: its message may be internal, its stack is never shown.
  return { code: 'INTERNAL', message: 'the sync stopped on an internal error; see the worker log' };
}

interface Progress {
  /** Pages read from the target (staged or in the batch in hand). */
  pages: number;
  seen: number;
  skipped: number;
  reasons: Record<string, number>;
}

/**
 * Pages are staged in batches of about this many accounts: one statement per batch instead of per
 * page (a page of 100 is mostly round trip), while memory still holds one batch, not the import.
 */
export const STAGE_BATCH_ACCOUNTS = 1000;

async function stageWithProgress(db: Queryable, fence: Fence, pages: readonly ImportPage[], progress: Progress): Promise<void> {
  const accounts = pages.flatMap((page) => page.accounts);
  const { owned, fresh } = await stageAccounts(db, fence, accounts);
  if (!owned) throw new FenceLost(`run ${fence.runId} attempt ${fence.attempt} was taken over`);
  progress.seen += fresh;
  for (const page of pages) {
    const left = page.problems.filter((problem) => !problem.imported);
    for (const problem of left) progress.reasons[problem.kind] = (progress.reasons[problem.kind] ?? 0) + 1;
    progress.skipped += left.length;
  }
  const repeated = accounts.length - fresh;
  if (repeated > 0) progress.reasons['duplicate id'] = (progress.reasons['duplicate id'] ?? 0) + repeated;
  progress.skipped += repeated;
  // Counts only: written by this attempt alone (a newer attempt starts them again from zero).
  await db.query(`UPDATE sync_runs SET heartbeat_at = now(), pages = $3, seen = $4, skipped = $5, skipped_reasons = $6 WHERE id = $1 AND attempt = $2 AND status = 'running'`, [
    fence.runId,
    fence.attempt,
    progress.pages,
    progress.seen,
    progress.skipped,
    JSON.stringify(progress.reasons),
  ]);
}

export async function runSync(context: ServiceContext, sync: SyncContext, runId: string): Promise<void> {
  const { db } = context;
  const claimed = await claimRun(db, runId, sync.engine.staleRunSeconds);
  if (claimed === 'done') return;
  const run = claimed;
  const fence = { runId, attempt: run.attempt };
  // The claim's heartbeat is this attempt's start: its import reads the target after it.
  const scope = { runId, tenantId: run.tenant_id, integrationId: run.integration_id, importStartedAt: new Date(run.heartbeat_at!) };
  let client: Client | undefined;
  const progress: Progress = { pages: 0, seen: 0, skipped: 0, reasons: {} };
  // The heartbeat proves this worker alive even while one page is slow; a worker that died stops
  // beating, and after `staleRunSeconds` the scheduler's tick hands its run to another worker.
  const beat = setInterval(() => {
    void db
      .query(`UPDATE sync_runs SET heartbeat_at = now() WHERE id = $1 AND attempt = $2 AND status = 'running'`, [runId, fence.attempt])
      .catch((error: unknown) => sync.onError(error));
  }, heartbeatIntervalMs(sync.engine.staleRunSeconds));
  beat.unref();
  try {
    await clearStaged(db, runId);
    client = await sync.connect({ tenantId: run.tenant_id, integrationId: run.integration_id });
    const importRun = client.importUsers();
    // The next page is fetched while this one is written: the import's wait and the database's overlap.
    const pages = importRun[Symbol.asyncIterator]();
    let next = pages.next();
    let batch: ImportPage[] = [];
    let batched = 0;
    try {
      for (let current = await next; !current.done; current = await next) {
        next = pages.next();
        // A failure below leaves `next` unawaited; its own failure is then not the run's.
        next.catch(() => undefined);
        batch.push(current.value);
        progress.pages += 1;
        batched += current.value.accounts.length;
        if (batched < STAGE_BATCH_ACCOUNTS) continue;
        await stageWithProgress(db, fence, batch, progress);
        batch = [];
        batched = 0;
      }
      if (batch.length > 0) await stageWithProgress(db, fence, batch, progress);
    } finally {
      await pages.return?.(undefined);
    }
    const summary = importRun.summary();
    if (!summary?.complete) throw new Error('the import ended before its last page');
    await db.transaction(async (tx) => {
      await checkFence(tx, fence);
      const { added, changed } = await applyStaged(tx, scope);
      await relinkAccounts(tx, { tenantId: run.tenant_id, integrationId: run.integration_id, runId });
      const settingsRow = await ensureSettings(tx, { tenantId: run.tenant_id, integrationId: run.integration_id, defaults: sync.defaults, forUpdate: true });
      const settings = settingsOf(settingsRow);
      const { present, unseen } = await countUnseen(tx, scope);
      const hold = holdRemovals({ toRemove: unseen, present, settings });
      const removed = hold ? 0 : await removeUnseen(tx, scope);
      await tx.query(
        `UPDATE sync_runs SET status = $2, finished_at = CASE WHEN $2 = 'succeeded' THEN now() END, heartbeat_at = now(),
           added = $3, changed = $4, removed = $5, pending_removals = $6, warnings = $7
         WHERE id = $1`,
        [runId, hold ? 'awaiting_approval' : 'succeeded', added, changed, removed, hold ? unseen : 0, JSON.stringify(summary?.warnings ?? [])],
      );
      await tx.query('UPDATE sync_settings SET consecutive_failures = 0, next_sync_at = $2 WHERE integration_id = $1', [
        run.integration_id,
        nextScheduledAt({ now: new Date(), intervalSeconds: settings.intervalSeconds, random: randomInt(1_000_000) / 1_000_000 }),
      ]);
    });
  } catch (error) {
    if (error instanceof FenceLost) return;
    await recordFailure(context, sync, { run, fence, pagesRead: progress.pages, failure: describeFailure(error), error });
  } finally {
    clearInterval(beat);
    await client?.close().catch(() => undefined);
    await clearStaged(db, runId);
  }
}

async function recordFailure(
  context: ServiceContext,
  sync: SyncContext,
  input: { run: SyncRunRow; fence: Fence; pagesRead: number; failure: { code: string; message: string }; error: unknown },
): Promise<void> {
  const { run, fence, failure } = input;
  if (failure.code === 'INTERNAL') sync.onError(input.error);
  await context.db.transaction(async (tx) => {
    try {
      await checkFence(tx, fence);
    } catch (error) {
      if (error instanceof FenceLost) return;
      throw error;
    }
    await tx.query(`UPDATE sync_runs SET status = 'failed', finished_at = now(), error_code = $2, error_message = $3, pages = $4 WHERE id = $1`, [
      fence.runId,
      failure.code,
      failure.message,
      input.pagesRead,
    ]);
    const settingsRow = await ensureSettings(tx, { tenantId: run.tenant_id, integrationId: run.integration_id, defaults: sync.defaults, forUpdate: true });
    const failures = settingsRow.consecutive_failures + 1;
    const decision = decideAfterFailure({ failures, settings: settingsOf(settingsRow) });
    await tx.query(
      `UPDATE sync_settings SET consecutive_failures = $2,
         quarantined_at = CASE WHEN $3 THEN now() ELSE quarantined_at END,
         next_sync_at = CASE WHEN $3 THEN NULL ELSE now() + make_interval(secs => $4) END
       WHERE integration_id = $1`,
      [run.integration_id, failures, decision.quarantine, decision.quarantine ? 0 : decision.retryInSeconds],
    );
  });
}
