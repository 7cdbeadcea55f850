/**
 * Sync operations of the service: "sync now", runs and their approval, the per-integration
 * settings and quarantine, the Accounts list, and the scheduling tick. Every read and write is
 * scoped to the tenant given.
 */
import { decodeCursor, pageOf, pageSize, PAGE_LIMITS, type PageInput } from '../page-cursor.js';
import { randomInt, randomUUID } from 'node:crypto';
import { recordAudit } from '../audit/audit-log.js';
import type { ServiceContext } from '../context.js';
import type { IntegrationRef } from '../integrations/integrations.js';
import { checkWholeNumber, SYNC_SETTING_RULES } from '../input-rules.js';
import { ServiceError } from '../service-error.js';
import type { Queryable } from '../store/database.js';
import { findIntegration, loadEnabledActions } from '../store/integration-rows.js';
import { loadTenant } from '../tenants/tenants.js';
import { requireActor } from '../validate-input.js';
import { listAccountEventPage, listAccountEvents, listAccountRows, listUnseen, removeUnseen, type AccountEventRow } from '../store/account-rows.js';
import {
  decideRun,
  ensureSettings,
  ensureSettingsOfMany,
  findOpenRun,
  findRun,
  insertQueuedRun,
  insertQueuedRuns,
  latestRunRows,
  liftQuarantine,
  listRunPage,
  listRunRows,
  queueDueRuns,
  settingsOf,
  updateSettings,
  type RunTrigger,
} from '../store/sync-run-rows.js';
import type { SyncContext } from './sync-context.js';
import { ACCOUNT_STATES, rescheduledAt, type AccountState, type SyncSettings } from './sync-policy.js';
import { toAccount, toSyncRun, toSyncStatus, type SyncedAccount, type SyncRun, type SyncStatus } from './sync-view.js';

export interface AccountEvent {
  id: string;
  accountId: string;
  runId: string | null;
  kind: 'added' | 'changed' | 'removed' | 'relinked';
  detail: Record<string, unknown>;
  at: string;
}

export interface AccountPage {
  accounts: SyncedAccount[];
  /** The `after` of the next page; absent on the last page. */
  next?: string;
}

export interface SyncOperations {
  /** Queues a run, or joins the one queued or running; refused while a run awaits approval. */
  syncNow(input: IntegrationRef & { actor: string }): Promise<{ run: SyncRun; joined: boolean }>;
  getRun(input: IntegrationRef & { runId: string }): Promise<SyncRun>;
  listRuns(input: IntegrationRef & { limit?: number }): Promise<SyncRun[]>;
  /** The runs, newest first, a page at a time (`next`: the cursor of the next page, absent on the last). */
  runsPage(input: IntegrationRef & PageInput): Promise<{ runs: SyncRun[]; next?: string }>;
  /** Removes what the held run did not see, then marks it succeeded. */
  approveRun(input: IntegrationRef & { runId: string; actor: string }): Promise<SyncRun>;
  /** The accounts a run held by the deletion safeguard would remove, by cursor (the approval screen). */
  pendingRemovals(input: IntegrationRef & { runId: string; limit?: number; after?: string }): Promise<AccountPage>;
  /** Removes nothing; the run ends `rejected`. */
  rejectRun(input: IntegrationRef & { runId: string; actor: string }): Promise<SyncRun>;
  status(ref: IntegrationRef): Promise<SyncStatus>;
  /**
   * The status and latest run of several integrations of one tenant in a fixed number of queries
   * (a page of the integrations list); ids of another tenant are left out.
   */
  overview(input: { tenantId: string; integrationIds: readonly string[] }): Promise<Map<string, { status: SyncStatus; lastRun: SyncRun | undefined }>>;
  configure(input: IntegrationRef & Partial<SyncSettings> & { actor: string }): Promise<SyncStatus>;
  /** Lifts a quarantine: scheduled runs start again at once. */
  resume(input: IntegrationRef & { actor: string }): Promise<SyncStatus>;
  /** `search`: a substring of the account's email or name, case-insensitive (taken literally: `%` and `_` are not wildcards). */
  listAccounts(input: IntegrationRef & { state?: AccountState; search?: string; limit?: number; after?: string }): Promise<AccountPage>;
  accountEvents(input: { tenantId: string; accountId: string }): Promise<AccountEvent[]>;
  /** One account's events, oldest first, a page at a time; an account of another tenant (or none) has none. */
  accountEventsPage(input: { tenantId: string; accountId: string } & PageInput): Promise<{ events: AccountEvent[]; next?: string }>;
  /**
   * Queues the scheduled runs now due and wakes this process's workers (which also take over runs
   * whose worker died); returns how many were queued. Workers call it on the engine's cron.
   */
  tick(): Promise<number>;
}

const MAX_LIMIT = 1000;

function toAccountEvent(row: AccountEventRow): AccountEvent {
  return { id: String(row.id), accountId: String(row.account_id), runId: row.run_id, kind: row.kind, detail: row.detail, at: new Date(row.at).toISOString() };
}

function notFound(what: string, ref: IntegrationRef): ServiceError {
  return new ServiceError('NOT_FOUND', `${what} does not exist in tenant ${ref.tenantId}`, { hint: 'list them to find the id' });
}

async function loadRef(db: Queryable, ref: IntegrationRef): Promise<void> {
  await loadTenant(db, ref.tenantId);
  if (typeof ref.integrationId !== 'string' || !(await findIntegration(db, ref))) throw notFound(`integration ${ref.integrationId}`, ref);
}

function pageLimit(limit: number | undefined, fallback: number): number {
  if (limit === undefined) return fallback;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
    throw new ServiceError('INVALID_INPUT', `limit must be an integer from 1 to ${MAX_LIMIT}`, { hint: 'give a smaller limit and page with after' });
  return limit;
}

/** An account cursor: the `next` of a previous page (an account id), none for the first page. */
function cursorOf(after: string | undefined): number {
  const value = after === undefined ? 0 : Number(after);
  if (!Number.isSafeInteger(value) || value < 0)
    throw new ServiceError('INVALID_INPUT', 'after must be the next value of a previous page', { hint: 'leave after out for the first page' });
  return value;
}

function validSettings(input: Partial<SyncSettings>, current: SyncSettings): SyncSettings {
  const next = { ...current };
  for (const key of Object.keys(SYNC_SETTING_RULES) as (keyof SyncSettings)[]) {
    const value = input[key];
    if (value !== undefined) next[key] = checkWholeNumber(key, SYNC_SETTING_RULES[key], value);
  }
  return next;
}

export function syncOperations(
  context: ServiceContext,
  sync: SyncContext,
  /** Called once runs were queued and committed: this process's workers, if it runs them, claim them now rather than at their next poll. */
  wakeWorkers: () => void,
): SyncOperations & {
  request(ref: IntegrationRef & { trigger: RunTrigger; actor: string }): Promise<{ run: SyncRun; joined: boolean }>;
  /**
   * `request` for several integrations of one tenant whose Import Users the caller has just enabled
   * (checked there): each gets a queued run unless one is open, all in one transaction of a fixed
   * number of statements; returns the runs queued.
   */
  requestMany(input: { tenantId: string; integrationIds: readonly string[]; trigger: RunTrigger; actor: string }): Promise<SyncRun[]>;
} {
  const { db } = context;

  /** An integration's sync status, with whether the scheduler will run it. */
  const statusOf = async (q: Queryable, ref: IntegrationRef): Promise<SyncStatus> => {
    const [row] = await ensureSettingsOfMany(q, { tenantId: ref.tenantId, integrationIds: [ref.integrationId], defaults: sync.defaults });
    return toSyncStatus(row!);
  };

  const request = async (input: IntegrationRef & { trigger: RunTrigger; actor: string }) => {
    await loadRef(db, input);
    const integration = await findIntegration(db, input);
    if (integration?.disabled_at) {
      throw new ServiceError('INTEGRATION_DISABLED', `integration ${integration.name} (${integration.id}) is disabled: it does not sync`, {
        hint: `enable it first (POST /v1/integrations/{id}/enable with id ${integration.id})`,
      });
    }
    if (!(await loadEnabledActions(db, input.integrationId)).has('importUsers')) {
      throw new ServiceError('IMPORT_NOT_ENABLED', `integration ${input.integrationId} does not have Import Users enabled`, {
        hint: 'enable the importUsers action first (it syncs at once)',
      });
    }
    const requested = await db.transaction(async (tx) => {
      await ensureSettings(tx, { ...input, defaults: sync.defaults });
      const row = await insertQueuedRun(tx, {
        id: randomUUID(),
        tenantId: input.tenantId,
        integrationId: input.integrationId,
        trigger: input.trigger,
        requestedBy: input.actor,
      });
      if (!row) {
        const open = await findOpenRun(tx, input.integrationId);
        if (open?.status === 'awaiting_approval') {
          throw new ServiceError(
            'SYNC_AWAITING_APPROVAL',
            `run ${open.id} of integration ${input.integrationId} awaits approval of ${open.pending_removals} removals`,
            { hint: 'approve or reject that run first' },
          );
        }
        if (!open) throw new ServiceError('INVALID_INPUT', `integration ${input.integrationId} changed while the sync was requested`, { hint: 'ask again' });
        return { run: toSyncRun(open), joined: true };
      }
      return { run: toSyncRun(row), joined: false };
    });
    // Committed: a worker of this process starts it now rather than at its next poll.
    if (!requested.joined) wakeWorkers();
    return requested;
  };

  const requestMany = async (input: { tenantId: string; integrationIds: readonly string[]; trigger: RunTrigger; actor: string }) => {
    const runs = await db.transaction(async (tx) => {
      await ensureSettingsOfMany(tx, { ...input, defaults: sync.defaults });
      const rows = await insertQueuedRuns(tx, {
        runs: input.integrationIds.map((integrationId) => ({ id: randomUUID(), integrationId })),
        tenantId: input.tenantId,
        trigger: input.trigger,
        requestedBy: input.actor,
      });
      return rows.map(toSyncRun);
    });
    if (runs.length > 0) wakeWorkers();
    return runs;
  };

  const decide = async (input: IntegrationRef & { runId: string; actor: string }, approve: boolean): Promise<SyncRun> => {
    const actor = requireActor(input.actor);
    await loadRef(db, input);
    return db.transaction(async (tx) => {
      const run = await findRun(tx, { ...input, forUpdate: true });
      if (!run) throw notFound(`run ${input.runId}`, input);
      if (run.status !== 'awaiting_approval') {
        throw new ServiceError('RUN_NOT_AWAITING_APPROVAL', `run ${run.id} is ${run.status}, not awaiting approval`, {
          hint: 'only a run held by the deletion safeguard can be approved or rejected',
        });
      }
      const removed = approve
        ? await removeUnseen(tx, { runId: run.id, tenantId: run.tenant_id, integrationId: run.integration_id, importStartedAt: new Date(run.started_at!) })
        : 0;
      const decided = await decideRun(tx, { runId: run.id, approve, removed, actor });
      await recordAudit(tx, {
        tenantId: run.tenant_id,
        integrationId: run.integration_id,
        actor,
        event: approve ? 'sync.removals_approved' : 'sync.removals_rejected',
        detail: { runId: run.id, pendingRemovals: run.pending_removals, removed },
      });
      return toSyncRun(decided!);
    });
  };

  return {
    request,
    requestMany,
    syncNow: (input) => request({ ...input, actor: requireActor(input.actor), trigger: 'manual' }),

    async getRun(input) {
      await loadRef(db, input);
      const run = await findRun(db, input);
      if (!run) throw notFound(`run ${input.runId}`, input);
      return toSyncRun(run);
    },

    async listRuns(input) {
      await loadRef(db, input);
      return (await listRunRows(db, { ...input, limit: pageLimit(input.limit, 50) })).map(toSyncRun);
    },

    async runsPage(input) {
      await loadRef(db, input);
      const limit = pageSize(input.limit, PAGE_LIMITS);
      const rows = await listRunPage(db, {
        tenantId: input.tenantId,
        integrationId: input.integrationId,
        after: decodeCursor(input.cursor, ['integer', 'text']),
        limit: limit + 1,
      });
      const page = pageOf(rows, limit, (row) => [row.queued_at_key, row.id]);
      return { runs: page.items.map(toSyncRun), ...(page.next === undefined ? {} : { next: page.next }) };
    },

    async pendingRemovals(input) {
      await loadRef(db, input);
      const run = await findRun(db, input);
      if (!run) throw notFound(`run ${input.runId}`, input);
      if (run.status !== 'awaiting_approval') {
        throw new ServiceError('RUN_NOT_AWAITING_APPROVAL', `run ${run.id} is ${run.status}, not awaiting approval`, {
          hint: 'only a run held by the deletion safeguard has removals waiting',
        });
      }
      const limit = pageLimit(input.limit, 100);
      const scope = { runId: run.id, tenantId: run.tenant_id, integrationId: run.integration_id, importStartedAt: new Date(run.started_at!) };
      const rows = await listUnseen(db, scope, { limit: limit + 1, after: cursorOf(input.after) });
      const page = rows.slice(0, limit).map(toAccount);
      return rows.length > limit ? { accounts: page, next: page.at(-1)!.id } : { accounts: page };
    },

    approveRun: (input) => decide(input, true),
    rejectRun: (input) => decide(input, false),

    async overview(input) {
      const [settings, runs] = await Promise.all([ensureSettingsOfMany(db, { ...input, defaults: sync.defaults }), latestRunRows(db, input)]);
      const latest = new Map(runs.map((run) => [run.integration_id, toSyncRun(run)]));
      return new Map(settings.map((row) => [row.integration_id, { status: toSyncStatus(row), lastRun: latest.get(row.integration_id) }]));
    },

    async status(ref) {
      await loadRef(db, ref);
      return statusOf(db, ref);
    },

    async configure(input) {
      const actor = requireActor(input.actor);
      await loadRef(db, input);
      return db.transaction(async (tx) => {
        const current = await ensureSettings(tx, { ...input, defaults: sync.defaults, forUpdate: true });
        const settings = validSettings(input, settingsOf(current));
        const nextSyncAt = rescheduledAt({
          next: current.next_sync_at,
          before: current.interval_seconds,
          intervalSeconds: settings.intervalSeconds,
          now: new Date(),
          random: randomInt(1_000_000) / 1_000_000,
        });
        await updateSettings(tx, input.integrationId, settings, nextSyncAt);
        // The trail says when the change brought the next scheduled run forward.
        const moved = nextSyncAt !== null && nextSyncAt.getTime() !== current.next_sync_at?.getTime() ? { nextSyncAt: nextSyncAt.toISOString() } : {};
        await recordAudit(tx, {
          tenantId: input.tenantId,
          integrationId: input.integrationId,
          actor,
          event: 'sync.configured',
          detail: { ...settings, ...moved },
        });
        return statusOf(tx, input);
      });
    },

    async resume(input) {
      const actor = requireActor(input.actor);
      await loadRef(db, input);
      return db.transaction(async (tx) => {
        const before = await ensureSettings(tx, { ...input, defaults: sync.defaults, forUpdate: true });
        await liftQuarantine(tx, input.integrationId);
        await recordAudit(tx, {
          tenantId: input.tenantId,
          integrationId: input.integrationId,
          actor,
          event: 'sync.resumed',
          detail: { consecutiveFailures: before.consecutive_failures },
        });
        return statusOf(tx, input);
      });
    },

    async listAccounts(input) {
      await loadRef(db, input);
      if (input.state !== undefined && !ACCOUNT_STATES.includes(input.state))
        throw new ServiceError('INVALID_INPUT', `state must be one of ${ACCOUNT_STATES.join(', ')}`, { hint: 'leave state out for all' });
      const limit = pageLimit(input.limit, 100);
      const after = cursorOf(input.after);
      if (input.search !== undefined && (typeof input.search !== 'string' || input.search.length > 200))
        throw new ServiceError('INVALID_INPUT', 'search must be text of at most 200 characters', { hint: 'search by part of an email or a name' });
      const pattern = input.search ? `%${input.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : null;
      const rows = await listAccountRows(db, {
        tenantId: input.tenantId,
        integrationId: input.integrationId,
        state: input.state ?? null,
        after,
        limit: limit + 1,
        pattern,
      });
      const page = rows.slice(0, limit).map(toAccount);
      return rows.length > limit ? { accounts: page, next: page.at(-1)!.id } : { accounts: page };
    },

    async accountEvents(input) {
      await loadTenant(db, input.tenantId);
      const rows = await listAccountEvents(db, { tenantId: input.tenantId, accountId: /^\d+$/.test(String(input.accountId)) ? input.accountId : '0' });
      return rows.map(toAccountEvent);
    },

    async accountEventsPage(input) {
      await loadTenant(db, input.tenantId);
      const limit = pageSize(input.limit, PAGE_LIMITS);
      const after = decodeCursor(input.cursor, ['integer']);
      const rows = await listAccountEventPage(db, {
        tenantId: input.tenantId,
        accountId: /^\d{1,18}$/.test(String(input.accountId)) ? input.accountId : '0',
        afterId: after?.[0],
        limit: limit + 1,
      });
      const page = pageOf(rows, limit, (row) => [String(row.id)]);
      return { events: page.items.map(toAccountEvent), ...(page.next === undefined ? {} : { next: page.next }) };
    },

    async tick() {
      // Every due integration's run in one statement. A run left by a worker that died needs
      // nothing here: the next claim of any worker takes it over (`claimRuns`).
      const queued = (await queueDueRuns(db, { limit: 1000 })).length;
      // Also when none was queued: the workers of this process look now for runs left behind.
      wakeWorkers();
      return queued;
    },
  };
}
