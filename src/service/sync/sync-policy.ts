/**
 * The sync's decisions as pure functions, tested with tables: when the next scheduled run is due,
 * how long to back off after a failure, when to quarantine, and when a complete run's removals
 * must wait for an admin (Okta's import safeguard, Entra's accidental-deletion threshold).
 * The defaults of every per-integration setting live here and nowhere else.
 */

export interface SyncSettings {
  /** Seconds between scheduled syncs. */
  intervalSeconds: number;
  /** A complete run that would remove more than this share of the accounts... */
  removalThresholdPercent: number;
  /** ...and more than this many waits for approval instead. */
  removalThresholdMin: number;
  /** Consecutive failed runs after which scheduled runs stop until an admin resumes. */
  maxConsecutiveFailures: number;
}

export const DEFAULT_SYNC_SETTINGS: SyncSettings = {
  intervalSeconds: 60 * 60,
  removalThresholdPercent: 20,
  removalThresholdMin: 10,
  maxConsecutiveFailures: 5,
};

/** Scheduled runs spread over ±10 % of the interval, so a thousand integrations do not fire in the same second. */
export const JITTER_SHARE = 0.1;

/** The first retry after a failure waits this long; each further failure doubles it, up to the interval. */
export const FAILURE_BACKOFF_SECONDS = 60;

/** `random` in [0, 1). */
export function nextScheduledAt(input: { now: Date; intervalSeconds: number; random: number }): Date {
  const jitter = (input.random * 2 - 1) * JITTER_SHARE * input.intervalSeconds;
  return new Date(input.now.getTime() + Math.round((input.intervalSeconds + jitter) * 1000));
}

/**
 * The next scheduled run once an admin changes the interval. A shorter interval brings it forward,
 * to at most one new interval (with its jitter) from now: an admin who asks for every 30 minutes
 * does not wait out the hour scheduled before. A longer one leaves it where it was (the new interval
 * runs from that run on). No next run (quarantined, or no run has finished yet) stays none.
 */
export function rescheduledAt(input: { next: Date | null; before: number; intervalSeconds: number; now: Date; random: number }): Date | null {
  if (input.next === null || input.intervalSeconds >= input.before) return input.next;
  const capped = nextScheduledAt({ now: input.now, intervalSeconds: input.intervalSeconds, random: input.random });
  return new Date(Math.min(capped.getTime(), input.next.getTime()));
}

export type FailureDecision = { quarantine: true } | { quarantine: false; retryInSeconds: number };

/** After the `failures`-th failure in a row (1-based). */
export function decideAfterFailure(input: { failures: number; settings: SyncSettings }): FailureDecision {
  if (input.failures >= input.settings.maxConsecutiveFailures) return { quarantine: true };
  const backoff = FAILURE_BACKOFF_SECONDS * 2 ** Math.max(0, input.failures - 1);
  return { quarantine: false, retryInSeconds: Math.min(backoff, input.settings.intervalSeconds) };
}

/** The largest removal a complete run may make on its own: the share of the present accounts, at least the minimum. */
export function removalLimit(input: { present: number; settings: SyncSettings }): number {
  return Math.max(input.settings.removalThresholdMin, Math.floor((input.present * input.settings.removalThresholdPercent) / 100));
}

export function holdRemovals(input: { toRemove: number; present: number; settings: SyncSettings }): boolean {
  return input.toRemove > removalLimit(input);
}

export const ACCOUNT_STATES = ['active', 'invited', 'deactivated', 'removed'] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];

/**
 * The state of an imported account: a mapped `state` naming one of ours, else a mapped
 * `active: false` (SCIM) is deactivated; an application without either (the incident platform)
 * lists only active accounts.
 */
export function importedState(fields: Record<string, unknown>): Exclude<AccountState, 'removed'> {
  const state = typeof fields.state === 'string' ? fields.state.trim().toLowerCase() : undefined;
  if (state === 'active' || state === 'invited' || state === 'deactivated') return state;
  if (fields.active === false) return 'deactivated';
  return 'active';
}

/** The key an account links to a person by (docs/contributors/product-rules.md "Field mapping": Email links the account to a person). */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}
