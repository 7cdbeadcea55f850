/** What reads of the sync return. */
import type { AccountState } from './sync-policy.js';
import type { AccountRow, ShownState } from '../store/account-rows.js';
import type { NotScheduled, RunStatus, RunTrigger, ScheduleRow, SyncRunRow } from '../store/sync-run-rows.js';
import { settingsOf } from '../store/sync-run-rows.js';
import type { SyncSettings } from './sync-policy.js';

const iso = (value: Date | null): string | null => (value === null ? null : new Date(value).toISOString());

export interface SyncRun {
  id: string;
  integrationId: string;
  trigger: RunTrigger;
  requestedBy: string;
  status: RunStatus;
  attempt: number;
  queuedAt: string;
  startedAt: string | null;
  /** The last sign of life of the worker running it: older than the stale period means its worker died, and it will be taken over. */
  heartbeatAt: string | null;
  finishedAt: string | null;
  counts: { pages: number; seen: number; added: number; changed: number; removed: number; skipped: number; pendingRemovals: number };
  skippedReasons: Record<string, number>;
  warnings: string[];
  error: { code: string; message: string } | null;
  decidedBy: string | null;
}

export function toSyncRun(row: SyncRunRow): SyncRun {
  return {
    id: row.id,
    integrationId: row.integration_id,
    trigger: row.trigger,
    requestedBy: row.requested_by,
    status: row.status,
    attempt: row.attempt,
    queuedAt: iso(row.queued_at)!,
    startedAt: iso(row.started_at),
    heartbeatAt: iso(row.heartbeat_at),
    finishedAt: iso(row.finished_at),
    counts: {
      pages: row.pages,
      seen: row.seen,
      added: row.added,
      changed: row.changed,
      removed: row.removed,
      skipped: row.skipped,
      pendingRemovals: row.pending_removals,
    },
    skippedReasons: row.skipped_reasons,
    warnings: row.warnings,
    error: row.error_code === null ? null : { code: row.error_code, message: row.error_message ?? '' },
    decidedBy: row.decided_by,
  };
}

export interface SyncStatus {
  integrationId: string;
  settings: SyncSettings;
  consecutiveFailures: number;
  quarantined: boolean;
  quarantinedAt: string | null;
  /** When the next scheduled sync is due; null when none will come (`notScheduled` says why, or no run has finished yet). */
  nextSyncAt: string | null;
  /** Why the scheduler runs no sync of this integration: it is disabled, its Import Users is off, it is quarantined, or a held run awaits approval. */
  notScheduled: NotScheduled | null;
}

/** A settings row read with why the tick does not schedule its integration (`not_scheduled`, the store's `NOT_SCHEDULED`; null when it does). */
export function toSyncStatus(row: ScheduleRow): SyncStatus {
  const notScheduled = row.not_scheduled;
  return {
    integrationId: row.integration_id,
    settings: settingsOf(row),
    consecutiveFailures: row.consecutive_failures,
    quarantined: row.quarantined_at !== null,
    quarantinedAt: iso(row.quarantined_at),
    // The stored time stays (a quarantine clears it; enabling again syncs at once), but it is no promise while nothing runs it.
    nextSyncAt: notScheduled === null ? iso(row.next_sync_at) : null,
    notScheduled,
  };
}

export interface SyncedAccount {
  id: string;
  integrationId: string;
  externalId: string;
  email: string;
  name: string;
  admin: boolean;
  /** As shown everywhere: `invited` while the account waits for a scheduled activation (see `activationDueAt`). */
  state: AccountState;
  /** When a scheduled Activate User will activate the account (an onboarding with an activation time); absent otherwise. */
  activationDueAt?: string;
  fields: Record<string, unknown>;
  personId: string | null;
  link: 'linked' | 'unlinked' | 'conflict';
  firstSeenAt: string;
  lastSeenAt: string;
  lastRunId: string;
  removedAt: string | null;
  /** What the sync changed in this account's text so that it could be stored (U+0000 removed, invalid characters replaced); null when nothing. */
  cleaned: string | null;
}

export function toAccount(row: AccountRow & Partial<ShownState>): SyncedAccount {
  const due = iso(row.activation_due_at ?? null);
  return {
    id: String(row.id),
    integrationId: row.integration_id,
    externalId: row.external_id,
    email: row.email,
    name: row.name,
    admin: row.admin,
    state: row.shown_state ?? row.state,
    ...(due ? { activationDueAt: due } : {}),
    fields: row.fields,
    personId: row.person_id,
    link: row.link_status,
    firstSeenAt: iso(row.first_seen_at)!,
    lastSeenAt: iso(row.seen_at ?? row.last_seen_at)!,
    lastRunId: row.seen_run_id ?? row.last_run_id,
    removedAt: iso(row.removed_at),
    cleaned: row.cleaned ?? null,
  };
}
