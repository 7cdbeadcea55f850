/**
 * One sync run, carried out by the worker that claimed it (run-dispatcher.ts; a claim is a new
 * attempt of a queued run, or of a running one whose worker died). It stages the import batch by
 * batch under its attempt number while the next pages are read (a newer attempt's claim makes an
 * older attempt's staging unread, and its apply fail the fence), and only when the import is
 * complete applies it set-based, writing only what changed; a failed or partial import changes no
 * account.
 */
import { randomInt } from 'node:crypto';
import { isConnectorError, type Client, type ImportPage } from '../../index.js';
import type { ServiceContext } from '../context.js';
import { isServiceError } from '../service-error.js';
import type { Database, Queryable, Session } from '../store/database.js';
import {
  addAccounts,
  applyStaged,
  hasAccounts,
  loadSyncDigests,
  markMissed,
  planForSets,
  removeUnseen,
  syncDigest,
  toStagedWithJson,
  type RunScope,
} from '../store/account-rows.js';
import { hasPersonEmails, relinkAccounts } from '../store/people-rows.js';
import {
  beat,
  claimRun,
  clearStaged,
  clearStagedBatch,
  ensureSettings,
  failRun,
  finishRun,
  holdFence,
  limitHeldIdle,
  lockSettings,
  mayStageBatches,
  openApply,
  openStagedBatch,
  recordFailedRun,
  recordProgress,
  settingsOf,
  STAGED_BATCH,
  touchHeld,
  copyStagedRows,
  StagedRowsText,
  type StagedRows,
  type Fence,
  type SyncRunRow,
} from '../store/sync-run-rows.js';
import { decideAfterFailure, holdRemovals, nextScheduledAt } from './sync-policy.js';
import type { SyncContext } from './sync-context.js';

/** A newer attempt owns the run; this one stops without writing. */
class FenceLost extends Error {
  override readonly name = 'FenceLost';
}

async function checkFence(tx: Queryable, fence: Fence): Promise<void> {
  if (!(await holdFence(tx, fence))) throw new FenceLost(`run ${fence.runId} attempt ${fence.attempt} was taken over`);
}

/** A few beats per stale period, so that one late beat never makes a live run look dead. */
export function heartbeatIntervalMs(staleRunSeconds: number): number {
  return Math.max(250, Math.floor((staleRunSeconds * 1000) / 4));
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
 * Pages are staged in batches of about this many accounts: one COPY per batch instead of per page
 * (a page of 100 is mostly round trip), while memory still holds a few batches, not the import.
 * 5,000, not 1,000: the writer's statements are a batch's fixed cost, and a first sync of 100,000
 * accounts on PostgreSQL spent 3.8–4.0 s of its 4.1–4.5 s writing at 1,000 a batch, 2.5–2.9 s at
 * 5,000 (its wall time 4.1–5.1 s against 3.0–4.3 s; docs/contributors/performance.md).
 */
export const STAGE_BATCH_ACCOUNTS = 5000;

/**
 * The first batch is smaller: once it is full the run knows that its import is large enough to be
 * added as it is imported (`addsAsImported`), and starts writing sooner.
 */
const FIRST_BATCH_ACCOUNTS = 1000;

/**
 * Batches handed to the writer and not yet written: the import reads on while these wait (memory:
 * this many batches). Four, not two: with two, a first sync of 100,000 accounts on a loaded machine
 * waited 0.9 to 1.5 s in all for the writer, whose COPY waits its turn for a core there.
 */
const STAGE_QUEUE = 4;

/** While staging, the run's counts are written at most this often (and always with its result). */
const PROGRESS_EVERY_MS = 1000;

/** A run's warnings name at most this many accounts whose text was cleaned; the rest are counted. */
export const CLEANED_NAMED = 20;

/** An external id the import has listed already (in `StageWriter.known`). */
const LISTED = Symbol('listed');

/**
 * Writes staged batches in order on its own while the import reads the next pages (the database's
 * work and the target's overlap); `push` waits only when `STAGE_QUEUE` batches are still unwritten.
 * A failed write fails the next `push` or `drain`. Only accounts that may have changed are staged:
 * one whose values digest as the sync last wrote them (`known`, read when the run began) is
 * counted seen and left out, so an unchanged re-sync stages nothing.
 */
class StageWriter {
  private readonly pending: Promise<void>[] = [];
  private progressAt = Date.now();
  /** The progress write in flight (at most one), and the failure the last one met (thrown at the next batch). */
  private progressWrite: Promise<void> | undefined;
  private progressFailure: unknown;
  private cleaned = 0;
  /** Accounts staged by this attempt: none means the apply has nothing to write (an unchanged re-sync). */
  staged = 0;
  /** Accounts already added by this attempt (a batch written to `accounts` in the run's transaction). */
  added = 0;
  readonly cleanedWarnings: string[] = [];
  /** Where batches go: staging (the default), or `accounts` itself (`addAsImported`). */
  private sink: (rows: StagedRows) => Promise<void> = async (rows) => {
    await copyStagedRows(this.db, rows);
    this.staged += rows.count;
  };

  constructor(
    private readonly db: Database,
    private readonly fence: Fence,
    readonly progress: Progress,
    /** The present accounts' digests when the run began; each id the import lists is marked `LISTED`. */
    private readonly known: Map<string, string | null | typeof LISTED>,
  ) {}

  /**
   * From the next batch on, adds each batch's accounts to `accounts` inside the run's transaction
   * (`session` holds it open, `tx` is it): nothing is visible before that transaction commits with
   * the run's result, and nothing is left when it rolls back. Only while nothing is staged or in
   * flight, and only for an integration that has no account yet (see `addsAsImported`).
   */
  addAsImported(session: Session, tx: Queryable, scope: RunScope): void {
    if (this.staged > 0 || this.pending.length > 0) throw new Error('a writer that staged already cannot add as it imports');
    this.sink = async (rows) => {
      await copyStagedRows(session, rows, 'batch');
      this.added += await addAccounts(tx, scope, { batch: STAGED_BATCH });
      await clearStagedBatch(tx);
    };
  }

  /** The present accounts (when the run began) that the import never listed. */
  unlisted(): string[] {
    const ids: string[] = [];
    for (const [id, value] of this.known) if (value !== LISTED) ids.push(id);
    return ids;
  }

  async push(pages: readonly ImportPage[]): Promise<void> {
    // Made now, in the import's order (a repeated id is known by then), while the batch before is
    // still being written: the database does not wait for this thread's share of the next one.
    const rows = this.prepare(pages);
    const previous = this.pending.at(-1) ?? Promise.resolve();
    const write = previous.then(() => this.write(rows));
    // Awaited below or by drain/settle; a failure seen there is the run's.
    write.catch(() => undefined);
    this.pending.push(write);
    while (this.pending.length >= STAGE_QUEUE) await this.pending.shift();
  }

  /** Every batch written (or the first failure thrown). */
  async drain(): Promise<void> {
    while (this.pending.length > 0) await this.pending.shift();
  }

  /** Waits for writes still in flight, whatever their outcome (before the attempt clears its staging). */
  async settle(): Promise<void> {
    await Promise.allSettled(this.pending.splice(0));
  }

  /** The warnings naming the accounts whose text was cleaned (issue 23.7). */
  warnings(): string[] {
    const more = this.cleaned - this.cleanedWarnings.length;
    return more > 0 ? [...this.cleanedWarnings, `${more} more accounts had text cleaned; their Accounts entries are flagged`] : this.cleanedWarnings;
  }

  /** A batch's accounts as staged rows: each id the import lists for the first time, and only if it may have changed. */
  private prepare(pages: readonly ImportPage[]): StagedRows {
    const { progress, known } = this;
    const rows = new StagedRowsText(this.fence);
    let repeated = 0;
    for (const page of pages) {
      for (const account of page.accounts) {
        const { account: staged, fieldsJson } = toStagedWithJson(account);
        const before = known.get(staged.external_id);
        if (before === LISTED) {
          repeated += 1;
          continue;
        }
        known.set(staged.external_id, LISTED);
        progress.seen += 1;
        if (staged.cleaned !== null) {
          this.cleaned += 1;
          if (this.cleanedWarnings.length < CLEANED_NAMED)
            this.cleanedWarnings.push(
              `account ${staged.external_id}${staged.email ? ` (${staged.email})` : ''} kept with text the database cannot hold cleaned: ${staged.cleaned}`,
            );
        }
        const digest = syncDigest(staged, fieldsJson);
        if (digest !== before) rows.add(staged, digest, fieldsJson);
      }
      const left = page.problems.filter((problem) => !problem.imported);
      for (const problem of left) progress.reasons[problem.kind] = (progress.reasons[problem.kind] ?? 0) + 1;
      progress.skipped += left.length;
    }
    if (repeated > 0) progress.reasons['duplicate id'] = (progress.reasons['duplicate id'] ?? 0) + repeated;
    progress.skipped += repeated;
    return rows.rows();
  }

  private async write(rows: StagedRows): Promise<void> {
    if (rows.count > 0) await this.sink(rows);
    this.writeProgress();
  }

  /**
   * Writes the counts now and then, never awaited: a run whose transaction holds a connection
   * through its import must not wait for another one (the pool may be full of writers waiting for
   * that very transaction). What a write met is acted on at the next batch.
   */
  private writeProgress(): void {
    if (this.progressFailure !== undefined) throw this.progressFailure;
    if (this.progressWrite !== undefined || Date.now() - this.progressAt < PROGRESS_EVERY_MS) return;
    this.progressAt = Date.now();
    const { progress, fence } = this;
    this.progressWrite = recordProgress(this.db, fence, { ...progress, reasons: { ...progress.reasons } })
      .then(
        (held) => {
          // A newer attempt took the run over: stop reading the target for nothing.
          if (!held) this.progressFailure = new FenceLost(`run ${fence.runId} attempt ${fence.attempt} was taken over`);
        },
        (error: unknown) => {
          this.progressFailure = error;
        },
      )
      .finally(() => {
        this.progressWrite = undefined;
      });
  }
}

/**
 * The import's pages in batches of at least `STAGE_BATCH_ACCOUNTS` accounts (the first of
 * `FIRST_BATCH_ACCOUNTS`; the last one may hold fewer), the next page always fetched while the current one is handled: the import's wait and the
 * database's overlap. `close` ends the import (its next page left unawaited).
 */
class BatchReader {
  private readonly pages: AsyncIterator<ImportPage>;
  private next: Promise<IteratorResult<ImportPage>>;
  private done = false;

  constructor(
    importRun: AsyncIterable<ImportPage>,
    private readonly progress: Progress,
  ) {
    this.pages = importRun[Symbol.asyncIterator]();
    this.next = this.fetch();
  }

  /** The next batch of at least `size` accounts (fewer after the last page), or undefined after the last page. */
  async read(size = STAGE_BATCH_ACCOUNTS): Promise<{ pages: ImportPage[]; full: boolean } | undefined> {
    const pages: ImportPage[] = [];
    let accounts = 0;
    while (!this.done && accounts < size) {
      const current = await this.next;
      if (current.done) {
        this.done = true;
        break;
      }
      this.next = this.fetch();
      pages.push(current.value);
      this.progress.pages += 1;
      accounts += current.value.accounts.length;
    }
    return pages.length > 0 ? { pages, full: accounts >= size } : undefined;
  }

  async close(): Promise<void> {
    await this.pages.return?.(undefined);
  }

  private fetch(): Promise<IteratorResult<ImportPage>> {
    const next = this.pages.next();
    // A failure after which the run stops leaves `next` unawaited; its own failure is then not the run's.
    next.catch(() => undefined);
    return next;
  }
}

/**
 * Whether a run adds its accounts to `accounts` as it imports them, in one transaction held open
 * on a connection of its own until the run's result (instead of staging them all and inserting
 * them after the import: on PostgreSQL that insert was a third of a first sync of 100,000
 * accounts, with the import done and a core idle). Only on PostgreSQL (the embedded database is one
 * connection: a transaction held through the import would stop every other statement), only for
 * an integration with no account yet, present or removed (a first sync: every account it lists is
 * new, and none is to be brought back, changed or missed), and only once the import has filled a
 * whole first batch (`FIRST_BATCH_ACCOUNTS`; a short import is not worth a connection held), and only where the service's role
 * may make the batch's temporary table (PostgreSQL's default); and then only in one of the
 * process's `HELD_IMPORTS` places. An account that a workflow adds
 * during the import is left as the workflow wrote it, as the apply would leave it; a workflow that
 * adds an account this run already added waits until the run's transaction ends.
 */
/**
 * Runs of this process that hold a transaction through their import, per database: at most
 * `HELD_IMPORTS`, as each keeps one connection of the pool (10 on PostgreSQL) for the length of
 * an import and the rest of the service needs the others. A large first sync beyond them stages
 * as any other run.
 */
const HELD_IMPORTS = 2;
const heldImports = new WeakMap<Database, number>();

/** Takes one of `db`'s held-import places, or answers false when all are taken. */
function takeHeldImport(db: Database): boolean {
  const held = heldImports.get(db) ?? 0;
  if (held >= HELD_IMPORTS) return false;
  heldImports.set(db, held + 1);
  return true;
}

function releaseHeldImport(db: Database): void {
  heldImports.set(db, (heldImports.get(db) ?? 1) - 1);
}

async function addsAsImported(
  db: Database,
  known: ReadonlyMap<string, unknown>,
  first: { full: boolean } | undefined,
  integrationId: string,
): Promise<boolean> {
  return db.kind === 'postgres' && known.size === 0 && first?.full === true && !(await hasAccounts(db, integrationId)) && (await mayStageBatches(db));
}

/** Claims the run `runId` (queued, or left by a worker that died) and carries it out; nothing when another worker has it or it ended. */
export async function runSync(context: ServiceContext, sync: SyncContext, runId: string): Promise<void> {
  const claimed = await claimRun(context.db, { runId, staleSeconds: sync.engine.staleRunSeconds });
  if (claimed) await runClaimed(context, sync, claimed);
}

/** Carries out a run this worker has claimed (`claimRun`, `claimRuns`): this attempt is the run's. */
export async function runClaimed(context: ServiceContext, sync: SyncContext, run: SyncRunRow): Promise<void> {
  const { db } = context;
  const runId = run.id;
  const fence = { runId, attempt: run.attempt };
  // The claim's heartbeat is this attempt's start: its import reads the target after it.
  const scope = { runId, attempt: run.attempt, tenantId: run.tenant_id, integrationId: run.integration_id, importStartedAt: new Date(run.heartbeat_at!) };
  let client: Client | undefined;
  const progress: Progress = { pages: 0, seen: 0, skipped: 0, reasons: {} };
  let writer: StageWriter | undefined;
  let applied = false;
  // The heartbeat proves this worker alive even while one page is slow; a worker that died stops
  // beating, and after `staleRunSeconds` the scheduler's tick hands its run to another worker.
  // The transaction a first sync holds through its import, while it does: the beat shows the server this worker lives (limitHeldIdle).
  let held: Queryable | undefined;
  const beating = setInterval(() => {
    beat(db, fence).catch((error: unknown) => sync.onError(error));
    // A failure here fails the run's next statement on that transaction, which reports it.
    if (held !== undefined) touchHeld(held).catch(() => undefined);
  }, heartbeatIntervalMs(sync.engine.staleRunSeconds));
  beating.unref();
  try {
    // Read before the import: an account a workflow adds meanwhile is not in it, and is never counted unseen.
    // Both before the import starts; in parallel, so that a run pays one wait for them, not two.
    const [digests, connected] = await Promise.allSettled([
      loadSyncDigests(db, run.integration_id),
      sync.connect({ tenantId: run.tenant_id, integrationId: run.integration_id }),
    ]);
    // A client that connected is closed below even when the digests could not be read.
    if (connected.status === 'fulfilled') client = connected.value;
    if (digests.status === 'rejected') throw digests.reason;
    if (connected.status === 'rejected') throw connected.reason;
    const stager = new StageWriter(db, fence, progress, digests.value);
    writer = stager;
    const importRun = connected.value.importUsers();
    const reader = new BatchReader(importRun, progress);
    /** Writes every batch (`first` and the rest), then checks that the import listed its last page. */
    const importAll = async (first: { pages: ImportPage[] } | undefined) => {
      try {
        for (let batch = first; batch; batch = await reader.read()) await stager.push(batch.pages);
        await stager.drain();
      } catch (error) {
        // Nothing of this attempt is written after it stops (a batch in flight ends first).
        await stager.settle();
        throw error;
      }
      if (!importRun.summary()?.complete) throw new Error('the import ended before its last page');
    };
    const apply = (tx: Queryable) => applyRun(tx, { sync, run, fence, scope, writer: stager, warnings: importRun.summary()?.warnings ?? [] });
    try {
      const first = await reader.read(FIRST_BATCH_ACCOUNTS);
      // The check and the taking of a place in one turn: two runs never both take the last one.
      if ((await addsAsImported(db, digests.value, first, run.integration_id)) && takeHeldImport(db)) {
        try {
          await db.withSession((session) =>
            session.transaction(async (tx) => {
              await limitHeldIdle(tx, sync.engine.staleRunSeconds);
              held = tx;
              try {
                await openStagedBatch(tx);
                stager.addAsImported(session, tx, scope);
                await importAll(first);
                await apply(tx);
              } finally {
                // No touch is sent after the transaction's end is.
                held = undefined;
              }
            }),
          );
        } finally {
          releaseHeldImport(db);
        }
      } else {
        await importAll(first);
        await db.transaction(apply);
      }
    } finally {
      await reader.close();
    }
    applied = true;
  } catch (error) {
    if (!(error instanceof FenceLost)) await recordFailure(context, sync, { run, fence, pagesRead: progress.pages, failure: describeFailure(error), error });
  } finally {
    clearInterval(beating);
    await writer?.settle();
    await client?.close().catch(() => undefined);
    // An applied run's staging was cleared with its result.
    if (!applied) await clearStaged(db, fence);
  }
}

/**
 * The apply of a complete import, in the run's transaction: the staged accounts written (only what
 * changed), the written ones linked, the unseen ones marked and, unless held for approval, removed,
 * and the run's result recorded.
 */
async function applyRun(
  tx: Queryable,
  input: { sync: SyncContext; run: SyncRunRow; fence: Fence; scope: RunScope & { attempt: number }; writer: StageWriter; warnings: readonly string[] },
): Promise<void> {
  const { sync, run, fence, scope, writer } = input;
  // Fence, settings lock and plan in one statement; the longer way only when the settings row is missing.
  let opened = await openApply(tx, fence);
  if (opened === 'lost') throw new FenceLost(`run ${fence.runId} attempt ${fence.attempt} was taken over`);
  if (opened === undefined) {
    await planForSets(tx);
    opened = await lockSettings(tx, { tenantId: run.tenant_id, integrationId: run.integration_id, defaults: sync.defaults });
  }
  const settings = settingsOf(opened);
  // Nothing staged: the apply's statements read only this attempt's staging, so an unchanged
  // re-sync skips them; and the linking reads only the accounts the run wrote (none, unless added as imported).
  const staged = writer.staged === 0 ? { added: 0, changed: 0, onlyAdded: true } : await applyStaged(tx, scope);
  const added = writer.added + staged.added;
  if (writer.staged > 0 || writer.added > 0) await linkAccounts(tx, scope, staged.onlyAdded);
  const { present, unseen } = await markMissed(tx, scope, writer.unlisted());
  const hold = holdRemovals({ toRemove: unseen, present, settings });
  const removed = hold || unseen === 0 ? 0 : await removeUnseen(tx, scope);
  await finishRun(tx, {
    fence,
    hold,
    progress: writer.progress,
    added,
    changed: staged.changed,
    removed,
    pendingRemovals: hold ? unseen : 0,
    warnings: [...input.warnings, ...writer.warnings()],
    integrationId: run.integration_id,
    importStartedAt: scope.importStartedAt,
    nextSyncAt: nextScheduledAt({ now: new Date(), intervalSeconds: settings.intervalSeconds, random: randomInt(1_000_000) / 1_000_000 }),
  });
}

/**
 * The people step of the apply: links the accounts the run added or changed to people by email
 * (people-rows owns the rule; an unchanged account keeps its link).
 */
async function linkAccounts(tx: Queryable, scope: { tenantId: string; integrationId: string; runId: string }, onlyAdded: boolean): Promise<void> {
  // Accounts the run only added (a first sync's, staged or added as imported) are unlinked: where
  // no person has an email yet (a tenant whose people come after its applications), none can link.
  if (onlyAdded && !(await hasPersonEmails(tx, scope.tenantId))) return;
  await relinkAccounts(tx, { tenantId: scope.tenantId, integrationId: scope.integrationId, runId: scope.runId, writtenByRun: true });
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
