/**
 * Input rules written once. Each is a JSON Schema fragment: the API's route schemas embed it (so
 * requests are refused before a handler runs and the OpenAPI document states it), the service
 * checks every caller against it with `checkWholeNumber` (the console and the CLI call the
 * service), and the console's forms print its range with `rangeText`.
 */
import type { SyncSettings } from './sync/sync-policy.js';
import { ServiceError } from './service-error.js';

export interface WholeNumberRule {
  readonly type: 'integer';
  readonly minimum: number;
  readonly maximum: number;
  readonly description: string;
}

export const INPUT_RULES = {
  /** Tasks of one action of one integration in flight at once (null elsewhere: the connector's own limit). */
  workflowConcurrency: { type: 'integer', minimum: 1, maximum: 1000, description: 'Tasks of one action in flight at once' },
  syncIntervalSeconds: { type: 'integer', minimum: 60, maximum: 7 * 24 * 3600, description: 'Seconds between scheduled syncs' },
  removalThresholdPercent: { type: 'integer', minimum: 0, maximum: 100, description: 'A complete run removing more than this share of the accounts…' },
  removalThresholdMin: { type: 'integer', minimum: 0, maximum: 1_000_000, description: '…and more than this many waits for approval' },
  maxConsecutiveFailures: { type: 'integer', minimum: 1, maximum: 100, description: 'Failed runs in a row after which the integration is quarantined' },
} as const satisfies Record<string, WholeNumberRule>;

export function rangeText(rule: WholeNumberRule): string {
  return `${rule.minimum} to ${rule.maximum}`;
}

/** The value when it is a whole number within the rule; otherwise INVALID_INPUT naming the field and the range. */
export function checkWholeNumber(field: string, rule: WholeNumberRule, value: unknown, hint?: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < rule.minimum || value > rule.maximum) {
    throw new ServiceError('INVALID_INPUT', `${field} must be a whole number from ${rangeText(rule)}`, { hint: hint ?? `give ${field} within the range` });
  }
  return value;
}

/** The rule of each sync setting, by its name in SyncSettings. */
export const SYNC_SETTING_RULES = {
  intervalSeconds: INPUT_RULES.syncIntervalSeconds,
  removalThresholdPercent: INPUT_RULES.removalThresholdPercent,
  removalThresholdMin: INPUT_RULES.removalThresholdMin,
  maxConsecutiveFailures: INPUT_RULES.maxConsecutiveFailures,
} as const satisfies Record<keyof SyncSettings, WholeNumberRule>;
