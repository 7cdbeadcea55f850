/**
 * The `sync_runs`, `sync_settings` and `sync_run_accounts` (staging) tables; every read is scoped
 * to a tenant and integration. A run's status changes only through `SYNC_RUN_MOVES`.
 */
import type { SyncSettings } from '../sync/sync-policy.js';
import { FROM_MICROS, JSON_ROWS, jsonRows, limitTransaction, MICROS, type Queryable, type Session } from './database.js';
import { stateMachine } from './transitions.js';
import { PLAN_FOR_SETS, type StagedAccount } from './account-rows.js';

export const RUN_STATUSES = ['queued', 'running', 'awaiting_approval', 'succeeded', 'failed', 'rejected'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/**
 * Every move a sync run may make. `running → running` is a takeover: a newer attempt claims a run
 * whose worker stopped beating. A run is inserted `queued`; the last three statuses are final.
 */
export const SYNC_RUN_MOVES = stateMachine<RunStatus>('sync run', {
  queued: ['running'],
  running: ['running', 'succeeded', 'awaiting_approval', 'failed'],
  awaiting_approval: ['succeeded', 'rejected'],
  succeeded: [],
  failed: [],
  rejected: [],
});
export type RunTrigger = 'enabled' | 'manual' | 'scheduled';

export interface SyncRunRow {
  id: string;
  tenant_id: string;
  integration_id: string;
  trigger: RunTrigger;
  requested_by: string;
  status: RunStatus;
  attempt: number;
  queued_at: Date;
  started_at: Date | null;
  heartbeat_at: Date | null;
  finished_at: Date | null;
  pages: number;
  seen: number;
  added: number;
  changed: number;
  removed: number;
  skipped: number;
  skipped_reasons: Record<string, number>;
  pending_removals: number;
  warnings: string[];
  error_code: string | null;
  error_message: string | null;
  decided_by: string | null;
  decided_at: Date | null;
}

export interface SyncSettingsRow {
  integration_id: string;
  tenant_id: string;
  interval_seconds: number;
  removal_threshold_percent: number;
  removal_threshold_min: number;
  max_consecutive_failures: number;
  consecutive_failures: number;
  quarantined_at: Date | null;
  next_sync_at: Date | null;
}

export function settingsOf(row: SyncSettingsRow): SyncSettings {
  return {
    intervalSeconds: row.interval_seconds,
    removalThresholdPercent: row.removal_threshold_percent,
    removalThresholdMin: row.removal_threshold_min,
    maxConsecutiveFailures: row.max_consecutive_failures,
  };
}

/** The integration's settings row, created with the defaults the first time it is needed. */
export async function ensureSettings(
  db: Queryable,
  input: { tenantId: string; integrationId: string; defaults: SyncSettings; forUpdate?: boolean },
): Promise<SyncSettingsRow> {
  const { defaults: d } = input;
  await db.query(
    `INSERT INTO sync_settings (integration_id, tenant_id, interval_seconds, removal_threshold_percent, removal_threshold_min, max_consecutive_failures)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (integration_id) DO NOTHING`,
    [input.integrationId, input.tenantId, d.intervalSeconds, d.removalThresholdPercent, d.removalThresholdMin, d.maxConsecutiveFailures],
  );
  const { rows } = await db.query<SyncSettingsRow>(`SELECT * FROM sync_settings WHERE integration_id = $1${input.forUpdate ? ' FOR UPDATE' : ''}`, [
    input.integrationId,
  ]);
  return rows[0]!;
}

/** The integration's settings row locked for a run's result, in one statement when it exists (it is created when the run is requested). */
export async function lockSettings(db: Queryable, input: { tenantId: string; integrationId: string; defaults: SyncSettings }): Promise<SyncSettingsRow> {
  const { rows } = await db.query<SyncSettingsRow>('SELECT * FROM sync_settings WHERE integration_id = $1 FOR UPDATE', [input.integrationId]);
  return rows[0] ?? ensureSettings(db, { ...input, forUpdate: true });
}

/** The timestamptz columns of `sync_settings` and `sync_runs`, for `jsonRows`. */
const SETTINGS_DATES = ['quarantined_at', 'next_sync_at', 'updated_at', 'seen_at', 'seen_since'] as const;
const RUN_DATES = ['queued_at', 'started_at', 'heartbeat_at', 'finished_at', 'decided_at'] as const;

/** An integration's settings `s` with what decides whether the scheduler's tick queues its runs. */
const SCHEDULE_FROM = `FROM sync_settings s
       JOIN integrations i ON i.id = s.integration_id
       LEFT JOIN integration_actions a ON a.integration_id = s.integration_id AND a.action = 'importUsers'`;

/** Why the tick does not queue an integration's scheduled runs (over `SCHEDULE_FROM`); NULL when it does. */
const NOT_SCHEDULED = `(CASE WHEN i.disabled_at IS NOT NULL OR i.deleted_at IS NOT NULL THEN 'integration-disabled'
       WHEN a.enabled IS NOT TRUE THEN 'import-disabled'
       WHEN s.quarantined_at IS NOT NULL THEN 'quarantined'
       WHEN EXISTS (SELECT 1 FROM sync_runs h WHERE h.integration_id = s.integration_id AND h.status = 'awaiting_approval') THEN 'awaiting-approval' END)`;

/** `awaiting-approval`: a held run is open (its removals wait for an admin), and no run starts beside an open one. */
export type NotScheduled = 'integration-disabled' | 'import-disabled' | 'quarantined' | 'awaiting-approval';

/** A settings row with why the tick does not schedule its integration (`NOT_SCHEDULED`; null: it does). */
export type ScheduleRow = SyncSettingsRow & { not_scheduled: NotScheduled | null };

/**
 * The settings rows of several integrations of one tenant, each with its `not_scheduled`, as one
 * JSON value (`JSON_ROWS`: a page of 1,000 is read often).
 */
async function settingsOfMany(db: Queryable, input: { tenantId: string; integrationIds: readonly string[] }): Promise<ScheduleRow[]> {
  return jsonRows<ScheduleRow>(
    await db.query<{ rows: string }>(
      `SELECT ${JSON_ROWS('r')} FROM (SELECT s.*, ${NOT_SCHEDULED} AS not_scheduled ${SCHEDULE_FROM} WHERE s.tenant_id = $1 AND s.integration_id = ANY($2::text[])) r`,
      [input.tenantId, input.integrationIds],
    ),
    SETTINGS_DATES,
  );
}

/**
 * The settings of several integrations of one tenant, created with the defaults where missing:
 * one statement when every one has its row (the settings are created when a run is first
 * requested; a page of the integrations list read over and over writes nothing), three whatever
 * their number otherwise. Ids of another tenant are left out.
 */
export async function ensureSettingsOfMany(
  db: Queryable,
  input: { tenantId: string; integrationIds: readonly string[]; defaults: SyncSettings },
): Promise<ScheduleRow[]> {
  const present = await settingsOfMany(db, input);
  if (present.length >= new Set(input.integrationIds).size) return present;
  const { defaults: d } = input;
  await db.query(
    `INSERT INTO sync_settings (integration_id, tenant_id, interval_seconds, removal_threshold_percent, removal_threshold_min, max_consecutive_failures)
     SELECT id, tenant_id, $3, $4, $5, $6 FROM integrations WHERE tenant_id = $1 AND id = ANY($2::text[])
     ON CONFLICT (integration_id) DO NOTHING`,
    [input.tenantId, input.integrationIds, d.intervalSeconds, d.removalThresholdPercent, d.removalThresholdMin, d.maxConsecutiveFailures],
  );
  return settingsOfMany(db, input);
}

/** The latest run (by queued time, as listRunRows orders) of each of several integrations of one tenant (`JSON_ROWS`: a page of 1,000 is read often). */
export async function latestRunRows(db: Queryable, scope: { tenantId: string; integrationIds: readonly string[] }): Promise<SyncRunRow[]> {
  return jsonRows<SyncRunRow>(
    await db.query<{ rows: string }>(
      `SELECT ${JSON_ROWS('r')} FROM (
         SELECT DISTINCT ON (integration_id) * FROM sync_runs WHERE tenant_id = $1 AND integration_id = ANY($2::text[]) ORDER BY integration_id, queued_at DESC, id DESC
       ) r`,
      [scope.tenantId, scope.integrationIds],
    ),
    RUN_DATES,
  );
}

/** An admin's settings, with the next scheduled run they make (`rescheduledAt`). */
export async function updateSettings(db: Queryable, integrationId: string, settings: SyncSettings, nextSyncAt: Date | null): Promise<void> {
  await db.query(
    `UPDATE sync_settings SET interval_seconds = $2, removal_threshold_percent = $3, removal_threshold_min = $4, max_consecutive_failures = $5, next_sync_at = $6,
       updated_at = now()
     WHERE integration_id = $1`,
    [integrationId, settings.intervalSeconds, settings.removalThresholdPercent, settings.removalThresholdMin, settings.maxConsecutiveFailures, nextSyncAt],
  );
}

/** Inserts a queued run unless one is open; undefined when another run is open (the caller joins it). */
export async function insertQueuedRun(
  db: Queryable,
  run: { id: string; tenantId: string; integrationId: string; trigger: RunTrigger; requestedBy: string },
): Promise<SyncRunRow | undefined> {
  const { rows } = await db.query<SyncRunRow>(
    `INSERT INTO sync_runs (id, tenant_id, integration_id, trigger, requested_by, status) VALUES ($1, $2, $3, $4, $5, 'queued')
     ON CONFLICT (integration_id) WHERE status IN ('queued', 'running', 'awaiting_approval') DO NOTHING RETURNING *`,
    [run.id, run.tenantId, run.integrationId, run.trigger, run.requestedBy],
  );
  return rows[0];
}

/** `insertQueuedRun` for several integrations of one tenant in one statement; returns the runs inserted (an integration with an open run gets none). */
export async function insertQueuedRuns(
  db: Queryable,
  input: { tenantId: string; trigger: RunTrigger; requestedBy: string; runs: readonly { id: string; integrationId: string }[] },
): Promise<SyncRunRow[]> {
  const { rows } = await db.query<SyncRunRow>(
    `INSERT INTO sync_runs (id, tenant_id, integration_id, trigger, requested_by, status)
     SELECT r.id, $1, r.integration_id, $4, $5, 'queued' FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS r(id, integration_id, n) ORDER BY r.n
     ON CONFLICT (integration_id) WHERE status IN ('queued', 'running', 'awaiting_approval') DO NOTHING RETURNING *`,
    [input.tenantId, input.runs.map((run) => run.id), input.runs.map((run) => run.integrationId), input.trigger, input.requestedBy],
  );
  return rows;
}

export async function findOpenRun(db: Queryable, integrationId: string): Promise<SyncRunRow | undefined> {
  const { rows } = await db.query<SyncRunRow>(`SELECT * FROM sync_runs WHERE integration_id = $1 AND status IN ('queued', 'running', 'awaiting_approval')`, [
    integrationId,
  ]);
  return rows[0];
}

export async function findRun(
  db: Queryable,
  scope: { tenantId: string; integrationId?: string; runId: string; forUpdate?: boolean },
): Promise<SyncRunRow | undefined> {
  const { rows } = await db.query<SyncRunRow>(
    `SELECT * FROM sync_runs WHERE tenant_id = $1 AND id = $2 AND ($3::text IS NULL OR integration_id = $3)${scope.forUpdate ? ' FOR UPDATE' : ''}`,
    [scope.tenantId, scope.runId, scope.integrationId ?? null],
  );
  return rows[0];
}

export async function listRunRows(db: Queryable, scope: { tenantId: string; integrationId: string; limit: number }): Promise<SyncRunRow[]> {
  return (
    await db.query<SyncRunRow>('SELECT * FROM sync_runs WHERE tenant_id = $1 AND integration_id = $2 ORDER BY queued_at DESC, id DESC LIMIT $3', [
      scope.tenantId,
      scope.integrationId,
      scope.limit,
    ])
  ).rows;
}

/** A page of an integration's runs, newest first: at most `limit`, after (older than) the run whose (queued_at in microseconds, id) is `after`. */
export async function listRunPage(
  db: Queryable,
  scope: { tenantId: string; integrationId: string; after?: readonly string[]; limit: number },
): Promise<(SyncRunRow & { queued_at_key: string })[]> {
  const { rows } = await db.query<SyncRunRow & { queued_at_key: string }>(
    `SELECT *, ${MICROS('queued_at')} AS queued_at_key FROM sync_runs
     WHERE tenant_id = $1 AND integration_id = $2 AND ($3::bigint IS NULL OR (queued_at, id) < (${FROM_MICROS('$3')}, $4::text))
     ORDER BY queued_at DESC, id DESC LIMIT $5`,
    [scope.tenantId, scope.integrationId, scope.after?.[0] ?? null, scope.after?.[1] ?? null, scope.limit],
  );
  return rows;
}

/**
 * What a claim writes to a run it takes (a new attempt), and discards of older attempts' staging
 * (their late writes stay unread: staging is read by attempt). `$1` is the stale period in seconds,
 * `$2` to `$4` the moves; `chosen` selects the ids of the runs to take. It is a materialized CTE,
 * joined: as `id IN (… LIMIT n FOR UPDATE SKIP LOCKED)` PostgreSQL ran the subquery again for each
 * candidate row (a nested-loop semi-join) and one claim of 2 took 4 runs.
 */
function claimStatement(chosen: string): string {
  return `WITH chosen AS MATERIALIZED (${chosen}), claimed AS (
       UPDATE sync_runs r SET status = $4, attempt = r.attempt + 1, started_at = COALESCE(r.started_at, now()), heartbeat_at = now(),
         pages = 0, seen = 0, skipped = 0, skipped_reasons = '{}', warnings = '[]'
       FROM chosen WHERE r.id = chosen.id AND (r.status = $2 OR (r.status = $3 AND r.heartbeat_at < now() - make_interval(secs => $1)))
       RETURNING r.*
     ), cleared AS (
       DELETE FROM sync_run_accounts s USING claimed c WHERE s.run_id = c.id AND c.attempt > 1 AND s.attempt < c.attempt
     )
     SELECT * FROM claimed ORDER BY queued_at, id`;
}

/** The moves a claim makes (`$2` to `$4`): a queued run starts, or a running one whose worker died is taken over. */
const CLAIM_MOVES = [
  SYNC_RUN_MOVES.transition('queued', 'running').from,
  SYNC_RUN_MOVES.transition('running', 'running').from,
  SYNC_RUN_MOVES.transition('queued', 'running').to,
] as const;

/**
 * Claims one run for a new attempt: queued, or running with a heartbeat older than `staleSeconds`
 * (its worker died). Undefined when the run is not claimable.
 */
export async function claimRun(db: Queryable, input: { runId: string; staleSeconds: number }): Promise<SyncRunRow | undefined> {
  const { rows } = await db.query<SyncRunRow>(claimStatement('SELECT $5::text AS id'), [input.staleSeconds, ...CLAIM_MOVES, input.runId]);
  return rows[0];
}

/**
 * Claims up to `limit` runs for a new attempt each, oldest first, in one statement (a worker's
 * dispatcher): the queued ones, and any running one whose heartbeat is older than `staleSeconds`
 * (its worker died: the next attempt redoes it). Runs another worker is claiming are skipped, so
 * two workers never take the same run.
 */
export async function claimRuns(db: Queryable, input: { limit: number; staleSeconds: number }): Promise<SyncRunRow[]> {
  const chosen = `SELECT id FROM sync_runs
         WHERE status = $2 OR (status = $3 AND heartbeat_at < now() - make_interval(secs => $1))
         ORDER BY queued_at, id LIMIT $5 FOR UPDATE SKIP LOCKED`;
  const { rows } = await db.query<SyncRunRow>(claimStatement(chosen), [input.staleSeconds, ...CLAIM_MOVES, input.limit]);
  return rows;
}

/** An attempt of a run: its writes count only while it is the run's latest attempt and the run is running. */
export interface Fence {
  runId: string;
  attempt: number;
}

/** Locks the run if this attempt still owns it; false when a newer attempt took it over. */
export async function holdFence(tx: Queryable, fence: Fence): Promise<boolean> {
  const { rows } = await tx.query(`SELECT 1 FROM sync_runs WHERE id = $1 AND attempt = $2 AND status = 'running' FOR UPDATE`, [fence.runId, fence.attempt]);
  return rows.length > 0;
}

/**
 * The apply's opening in one statement: the run locked if this attempt still owns it (`holdFence`),
 * the integration's settings row locked with it (`lockSettings`, the run's result writes it), and
 * whole-set joins for the rest of the transaction (`planForSets`). 'lost' when a newer attempt
 * owns the run; undefined when the settings row is missing (the caller takes the longer way).
 */
export async function openApply(tx: Queryable, fence: Fence): Promise<SyncSettingsRow | 'lost' | undefined> {
  const { rows } = await tx.query<SyncSettingsRow & { plan: string }>(
    `SELECT s.*, ${PLAN_FOR_SETS} AS plan FROM sync_runs r JOIN sync_settings s ON s.integration_id = r.integration_id
     WHERE r.id = $1 AND r.attempt = $2 AND r.status = 'running' FOR UPDATE`,
    [fence.runId, fence.attempt],
  );
  const row = rows[0];
  if (row) {
    const { plan: _plan, ...settings } = row;
    return settings;
  }
  return (await holdFence(tx, fence)) ? undefined : 'lost';
}

/**
 * Ends a run's held transaction (a first sync adding accounts as it imports) on the server once it
 * sits idle past the stale period: a worker that hangs with its connection open (stopped, not
 * dead) would otherwise keep the accounts it added locked from the attempt that takes its run over,
 * and that attempt would wait for ever. `touchHeld`, with each heartbeat, keeps a live run's
 * transaction from idling that long.
 */
export async function limitHeldIdle(tx: Queryable, staleSeconds: number): Promise<void> {
  await limitTransaction(tx, { idleMs: Math.max(1000, staleSeconds * 1000) });
}

export async function touchHeld(tx: Queryable): Promise<void> {
  await tx.query('SELECT 1');
}

export async function beat(db: Queryable, fence: Fence): Promise<void> {
  await db.query(`UPDATE sync_runs SET heartbeat_at = now() WHERE id = $1 AND attempt = $2 AND status = 'running'`, [fence.runId, fence.attempt]);
}

/** Counts only: written by this attempt alone (a newer attempt starts them again from zero). False when a newer attempt owns the run. */
export async function recordProgress(
  db: Queryable,
  fence: Fence,
  progress: { pages: number; seen: number; skipped: number; reasons: Record<string, number> },
): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE sync_runs SET heartbeat_at = now(), pages = $3, seen = $4, skipped = $5, skipped_reasons = $6 WHERE id = $1 AND attempt = $2 AND status = 'running' RETURNING 1`,
    [fence.runId, fence.attempt, progress.pages, progress.seen, progress.skipped, JSON.stringify(progress.reasons)],
  );
  return rows.length > 0;
}

/**
 * A complete import applied, in one statement: the run succeeds (or waits for approval of the
 * removals it holds) with its counts and warnings; the integration's failures are forgotten, its
 * next scheduled run set, and the run recorded as the latest that saw its accounts (see
 * `accountColumns`: `importStartedAt` is when its import began); the attempt's staging is cleared.
 */
export async function finishRun(
  tx: Queryable,
  input: {
    fence: Fence;
    hold: boolean;
    progress: { pages: number; seen: number; skipped: number; reasons: Record<string, number> };
    added: number;
    changed: number;
    removed: number;
    pendingRemovals: number;
    warnings: readonly string[];
    integrationId: string;
    importStartedAt: Date;
    nextSyncAt: Date;
  },
): Promise<void> {
  const { from, to } = SYNC_RUN_MOVES.transition('running', input.hold ? 'awaiting_approval' : 'succeeded');
  const { progress } = input;
  await tx.query(
    // clock_timestamp(), not now(): now() is when the apply's transaction began, seconds before a large run ends.
    `WITH finished AS (
       UPDATE sync_runs SET status = $2, finished_at = CASE WHEN $2 = 'succeeded' THEN clock_timestamp() END, heartbeat_at = now(),
         added = $3, changed = $4, removed = $5, pending_removals = $6, warnings = $7, pages = $9, seen = $10, skipped = $11, skipped_reasons = $12
       WHERE id = $1 AND status = $8 RETURNING id
     ), settings AS (
       UPDATE sync_settings SET consecutive_failures = 0, next_sync_at = $14, seen_run_id = $1, seen_at = now(), seen_since = $15 WHERE integration_id = $13
     ), cleared AS (
       DELETE FROM sync_run_accounts WHERE run_id = $1 AND attempt = $16
     )
     SELECT count(*) FROM finished`,
    [
      input.fence.runId,
      to,
      input.added,
      input.changed,
      input.removed,
      input.pendingRemovals,
      JSON.stringify(input.warnings),
      from,
      progress.pages,
      progress.seen,
      progress.skipped,
      JSON.stringify(progress.reasons),
      input.integrationId,
      input.nextSyncAt,
      input.importStartedAt,
      input.fence.attempt,
    ],
  );
}

export async function failRun(tx: Queryable, input: { runId: string; code: string; message: string; pages: number }): Promise<void> {
  const { from, to } = SYNC_RUN_MOVES.transition('running', 'failed');
  await tx.query(`UPDATE sync_runs SET status = $5, finished_at = now(), error_code = $2, error_message = $3, pages = $4 WHERE id = $1 AND status = $6`, [
    input.runId,
    input.code,
    input.message,
    input.pages,
    to,
    from,
  ]);
}

/** An admin's decision on a held run: its removals approved (succeeded) or rejected. */
export async function decideRun(tx: Queryable, input: { runId: string; approve: boolean; removed: number; actor: string }): Promise<SyncRunRow | undefined> {
  const { from, to } = SYNC_RUN_MOVES.transition('awaiting_approval', input.approve ? 'succeeded' : 'rejected');
  const { rows } = await tx.query<SyncRunRow>(
    `UPDATE sync_runs SET status = $2, removed = $3, finished_at = now(), decided_by = $4, decided_at = now() WHERE id = $1 AND status = $5 RETURNING *`,
    [input.runId, to, input.removed, input.actor, from],
  );
  return rows[0];
}

/** A run failed: the count of failures in a row, and either a quarantine or a retry after `retryInSeconds`. */
export async function recordFailedRun(
  tx: Queryable,
  input: { integrationId: string; failures: number; quarantine: boolean; retryInSeconds: number },
): Promise<void> {
  await tx.query(
    `UPDATE sync_settings SET consecutive_failures = $2,
       quarantined_at = CASE WHEN $3 THEN now() ELSE quarantined_at END,
       next_sync_at = CASE WHEN $3 THEN NULL ELSE now() + make_interval(secs => $4) END
     WHERE integration_id = $1`,
    [input.integrationId, input.failures, input.quarantine, input.quarantine ? 0 : input.retryInSeconds],
  );
}

/** Lifts a quarantine: the next scheduled run is due at once. */
export async function liftQuarantine(tx: Queryable, integrationId: string): Promise<void> {
  await tx.query('UPDATE sync_settings SET quarantined_at = NULL, consecutive_failures = 0, next_sync_at = now() WHERE integration_id = $1', [integrationId]);
}

/**
 * Queues the scheduled run of every integration now due (Import Users enabled, not quarantined, no
 * run open), at most `limit`, in one statement; returns the new runs' ids. An integration another
 * worker is queueing at the same time is skipped (its settings row is locked), and the unique index
 * on open runs keeps it to one open run whatever happens.
 */
export async function queueDueRuns(tx: Queryable, input: { limit: number }): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>(
    `WITH due AS (
       SELECT s.tenant_id, s.integration_id, s.next_sync_at ${SCHEDULE_FROM}
       -- The quarantine again in plain words: the partial index sync_settings_due applies then.
       WHERE ${NOT_SCHEDULED} IS NULL AND s.quarantined_at IS NULL AND s.next_sync_at <= now()
         AND NOT EXISTS (SELECT 1 FROM sync_runs r WHERE r.integration_id = s.integration_id AND r.status IN ('queued', 'running', 'awaiting_approval'))
       ORDER BY s.next_sync_at LIMIT $1 FOR UPDATE OF s SKIP LOCKED
     )
     INSERT INTO sync_runs (id, tenant_id, integration_id, trigger, requested_by, status)
     SELECT gen_random_uuid()::text, tenant_id, integration_id, 'scheduled', 'scheduler', 'queued' FROM due ORDER BY next_sync_at
     ON CONFLICT (integration_id) WHERE status IN ('queued', 'running', 'awaiting_approval') DO NOTHING
     RETURNING id`,
    [input.limit],
  );
  return rows.map((row) => row.id);
}

/** A value in COPY's text format: backslash, tab, newline and carriage return escaped (a NUL never reaches here: `toStaged` cleans it). */
function copyValue(value: string): string {
  return COPY_SPECIAL.test(value) ? value.replace(COPY_SPECIALS, (char) => COPY_ESCAPES[char]!) : value;
}
const COPY_SPECIAL = /[\\\t\n\r]/;
/** The same characters, for replace (a global regex keeps state between test() calls, so testing uses the other). */
const COPY_SPECIALS = new RegExp(COPY_SPECIAL.source, 'g');
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** The staging table's columns a COPY writes, in the order of `stageAccounts`'s lines (`seq` numbers the rows as they arrive). */
const STAGED_COLUMNS = '(run_id, attempt, external_id, email, email_key, name, admin, state, fields, cleaned, sync_digest)';

/**
 * A batch in hand, in the transaction of a run that adds its accounts as it imports them (a first
 * sync on PostgreSQL, see run-sync.ts): staging's columns, in a table of that transaction alone,
 * dropped with it. `openStagedBatch` makes it; `copyStagedRows(..., 'batch')` fills it, and
 * `clearStagedBatch` empties it once its accounts are added.
 */
export const STAGED_BATCH = 'sync_batch';

/**
 * Whether this connection's role may make the batch's table: PostgreSQL's `TEMPORARY` privilege,
 * granted to every role by default and revocable. Without it a run stages as any other.
 */
export async function mayStageBatches(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ may: boolean }>(`SELECT has_database_privilege(current_database(), 'TEMPORARY') AS may`);
  return rows[0]?.may === true;
}

export async function openStagedBatch(tx: Queryable): Promise<void> {
  await tx.query(`CREATE TEMPORARY TABLE ${STAGED_BATCH} (LIKE sync_run_accounts INCLUDING DEFAULTS) ON COMMIT DROP`);
}

export async function clearStagedBatch(tx: Queryable): Promise<void> {
  await tx.query(`TRUNCATE ${STAGED_BATCH}`);
}

/**
 * Stages a batch of accounts of one attempt with one COPY (none for an empty batch): a line of
 * text a row, no statement to plan and no parameter array to parse (the mapped fields travel as
 * their JSON text), each with its `syncDigest`. The caller stages an external id once per attempt
 * (staging has no unique key since 0380: `StageWriter` counts a repeated id and stages it once). No lock of the run: the rows carry the attempt,
 * and only the attempt that holds the run's fence at apply time reads its own.
 */
export async function stageAccounts(
  db: Pick<Session, 'copyFrom'>,
  fence: Fence,
  accounts: readonly (StagedAccount & { digest: string })[],
  into: 'staging' | 'batch' = 'staging',
): Promise<void> {
  await copyStagedRows(db, stagedRows(fence, accounts), into);
}

/** A batch's COPY text, made by `stagedRows` and written by `copyStagedRows`. */
export interface StagedRows {
  readonly text: string;
  readonly count: number;
}

/**
 * The COPY text of a batch of staged rows, made a row at a time apart from its writing: a run makes
 * the next batch's text while the database still writes the one before. `fieldsJson` is the
 * account's fields as JSON text, made once for its digest (`syncDigest`) and its row.
 */
export class StagedRowsText {
  private readonly head: string;
  private text = '';
  private count = 0;

  constructor(fence: Fence) {
    this.head = `${copyValue(fence.runId)}\t${fence.attempt}\t`;
  }

  add(account: StagedAccount, digest: string, fieldsJson: string): void {
    this.text += `${this.head}${copyValue(account.external_id)}\t${copyValue(account.email)}\t${copyValue(account.email_key)}\t${copyValue(account.name)}\t${
      account.admin ? 't' : 'f'
    }\t${copyValue(account.state)}\t${copyValue(fieldsJson)}\t${account.cleaned === null ? '\\N' : copyValue(account.cleaned)}\t${copyValue(digest)}\n`;
    this.count += 1;
  }

  rows(): StagedRows {
    return { text: this.text, count: this.count };
  }
}

/** The COPY text of `stageAccounts`: the accounts' rows, each with its digest. */
export function stagedRows(fence: Fence, accounts: readonly (StagedAccount & { digest: string })[]): StagedRows {
  const text = new StagedRowsText(fence);
  for (const account of accounts) text.add(account, account.digest, JSON.stringify(account.fields));
  return text.rows();
}

/** Writes rows made by `stagedRows` to staging, or to the run's batch table. */
export async function copyStagedRows(db: Pick<Session, 'copyFrom'>, rows: StagedRows, into: 'staging' | 'batch' = 'staging'): Promise<void> {
  if (rows.count === 0) return;
  await db.copyFrom(`${into === 'batch' ? STAGED_BATCH : 'sync_run_accounts'} ${STAGED_COLUMNS}`, rows.text);
}

/** Removes what an attempt staged; `before`: also what older attempts of the run left (a new attempt starts clean). */
export async function clearStaged(db: Queryable, fence: Fence, scope: { before?: boolean } = {}): Promise<void> {
  await db.query(`DELETE FROM sync_run_accounts WHERE run_id = $1 AND (attempt = $2 OR ($3 AND attempt < $2))`, [
    fence.runId,
    fence.attempt,
    scope.before === true,
  ]);
}
