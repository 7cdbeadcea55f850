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
import { applyStaged, countUnseen, removeUnseen } from '../store/account-rows.js';
import { relinkAccounts } from '../store/people-rows.js';
import {
  beat,
  claimRun as claimRunRow,
  clearStaged,
  ensureSettings,
  failRun,
  finishRun,
  holdFence,
  recordFailedRun,
  recordProgress,
  recordSuccess,
  runStatus,
  settingsOf,
  stageAccounts,
  type Fence,
  type SyncRunRow,
} from '../store/sync-run-rows.js';
import { decideAfterFailure, holdRemovals, nextScheduledAt } from './sync-policy.js';
import type { SyncContext } from './sync-context.js';

/** A newer attempt owns the run; this one stops without writing. */
class FenceLost extends Error {
  override readonly name = 'FenceLost';
}

/** Thrown to the engine so that it retries later: the run is in progress on a live worker. */
export class RunBusy extends Error {
  override readonly name = 'RunBusy';
}

async function checkFence(tx: Queryable, fence: Fence): Promise<void> {
  if (!(await holdFence(tx, fence))) throw new FenceLost(`run ${fence.runId} attempt ${fence.attempt} was taken over`);
}

/** A few beats per stale period, so that one late beat never makes a live run look dead. */
export function heartbeatIntervalMs(staleRunSeconds: number): number {
  return Math.max(250, Math.floor((staleRunSeconds * 1000) / 4));
}

async function claimRun(db: Queryable, runId: string, staleSeconds: number): Promise<SyncRunRow | 'done'> {
  const claimed = await claimRunRow(db, { runId, staleSeconds });
  if (claimed) return claimed;
  if ((await runStatus(db, runId)) === 'running') throw new RunBusy(`run ${runId} is running on another worker`);
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
  await recordProgress(db, fence, progress);
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
  const beating = setInterval(() => {
    beat(db, fence).catch((error: unknown) => sync.onError(error));
  }, heartbeatIntervalMs(sync.engine.staleRunSeconds));
  beating.unref();
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
      await finishRun(tx, { runId, hold, added, changed, removed, pendingRemovals: hold ? unseen : 0, warnings: summary?.warnings ?? [] });
      await recordSuccess(tx, {
        integrationId: run.integration_id,
        nextSyncAt: nextScheduledAt({ now: new Date(), intervalSeconds: settings.intervalSeconds, random: randomInt(1_000_000) / 1_000_000 }),
      });
    });
  } catch (error) {
    if (error instanceof FenceLost) return;
    await recordFailure(context, sync, { run, fence, pagesRead: progress.pages, failure: describeFailure(error), error });
  } finally {
    clearInterval(beating);
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
    await failRun(tx, { runId: fence.runId, code: failure.code, message: failure.message, pages: input.pagesRead });
    const settingsRow = await ensureSettings(tx, { tenantId: run.tenant_id, integrationId: run.integration_id, defaults: sync.defaults, forUpdate: true });
    const failures = settingsRow.consecutive_failures + 1;
    const decision = decideAfterFailure({ failures, settings: settingsOf(settingsRow) });
    await recordFailedRun(tx, {
      integrationId: run.integration_id,
      failures,
      quarantine: decision.quarantine,
      retryInSeconds: decision.quarantine ? 0 : decision.retryInSeconds,
    });
  });
}
