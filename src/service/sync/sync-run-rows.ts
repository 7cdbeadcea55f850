/** The `sync_runs` and `sync_settings` tables; every read is scoped to a tenant and integration. */
import type { Queryable } from '../store/database.js';
import type { SyncSettings } from './sync-policy.js';

export const RUN_STATUSES = ['queued', 'running', 'awaiting_approval', 'succeeded', 'failed', 'rejected'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
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
export async function ensureSettings(db: Queryable, input: { tenantId: string; integrationId: string; defaults: SyncSettings; forUpdate?: boolean }): Promise<SyncSettingsRow> {
  const { defaults: d } = input;
  await db.query(
    `INSERT INTO sync_settings (integration_id, tenant_id, interval_seconds, removal_threshold_percent, removal_threshold_min, max_consecutive_failures)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (integration_id) DO NOTHING`,
    [input.integrationId, input.tenantId, d.intervalSeconds, d.removalThresholdPercent, d.removalThresholdMin, d.maxConsecutiveFailures],
  );
  const { rows } = await db.query<SyncSettingsRow>(`SELECT * FROM sync_settings WHERE integration_id = $1${input.forUpdate ? ' FOR UPDATE' : ''}`, [input.integrationId]);
  return rows[0]!;
}

/**
 * The settings of several integrations of one tenant, created with the defaults where missing, in
 * two statements whatever their number (a page of the integrations list). Ids of another tenant
 * are left out.
 */
export async function ensureSettingsOfMany(db: Queryable, input: { tenantId: string; integrationIds: readonly string[]; defaults: SyncSettings }): Promise<SyncSettingsRow[]> {
  const { defaults: d } = input;
  await db.query(
    `INSERT INTO sync_settings (integration_id, tenant_id, interval_seconds, removal_threshold_percent, removal_threshold_min, max_consecutive_failures)
     SELECT id, tenant_id, $3, $4, $5, $6 FROM integrations WHERE tenant_id = $1 AND id = ANY($2::text[])
     ON CONFLICT (integration_id) DO NOTHING`,
    [input.tenantId, input.integrationIds, d.intervalSeconds, d.removalThresholdPercent, d.removalThresholdMin, d.maxConsecutiveFailures],
  );
  return (await db.query<SyncSettingsRow>('SELECT * FROM sync_settings WHERE tenant_id = $1 AND integration_id = ANY($2::text[])', [input.tenantId, input.integrationIds])).rows;
}

/** The latest run (by queued time, as listRunRows orders) of each of several integrations of one tenant. */
export async function latestRunRows(db: Queryable, scope: { tenantId: string; integrationIds: readonly string[] }): Promise<SyncRunRow[]> {
  return (
    await db.query<SyncRunRow>(
      'SELECT DISTINCT ON (integration_id) * FROM sync_runs WHERE tenant_id = $1 AND integration_id = ANY($2::text[]) ORDER BY integration_id, queued_at DESC, id DESC',
      [scope.tenantId, scope.integrationIds],
    )
  ).rows;
}

export async function updateSettings(db: Queryable, integrationId: string, settings: SyncSettings): Promise<void> {
  await db.query(
    `UPDATE sync_settings SET interval_seconds = $2, removal_threshold_percent = $3, removal_threshold_min = $4, max_consecutive_failures = $5, updated_at = now()
     WHERE integration_id = $1`,
    [integrationId, settings.intervalSeconds, settings.removalThresholdPercent, settings.removalThresholdMin, settings.maxConsecutiveFailures],
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

export async function findOpenRun(db: Queryable, integrationId: string): Promise<SyncRunRow | undefined> {
  const { rows } = await db.query<SyncRunRow>(`SELECT * FROM sync_runs WHERE integration_id = $1 AND status IN ('queued', 'running', 'awaiting_approval')`, [integrationId]);
  return rows[0];
}

export async function findRun(db: Queryable, scope: { tenantId: string; integrationId?: string; runId: string; forUpdate?: boolean }): Promise<SyncRunRow | undefined> {
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
