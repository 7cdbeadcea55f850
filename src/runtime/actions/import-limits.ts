/**
 * Per-import limits: a target (or a customer's spec) must not keep an import running, growing or
 * holding giant values without end inside a shared service. Each is a host setting
 * (`connect(..., { importLimits })`) with a safe default; passing one fails the import with
 * LIMIT_EXCEEDED naming the limit, never a silent partial list.
 */
import { ConnectorError } from '../errors.js';
import type { Account } from '../mapping/map-records.js';

export interface ImportLimits {
  /** Wall-clock time of one import, from its first request (default 6 hours). */
  deadlineMs: number;
  /** Records over all pages (default 10 million). */
  maxRecords: number;
  /** Response bytes over all pages (default 16 GiB). */
  maxBytes: number;
  /** Characters of any one string value of an account (default 65,536). */
  maxFieldLength: number;
}

export const DEFAULT_IMPORT_LIMITS: ImportLimits = {
  deadlineMs: 6 * 60 * 60 * 1000,
  maxRecords: 10_000_000,
  maxBytes: 16 * 1024 ** 3,
  maxFieldLength: 65_536,
};

function exceeded(limit: keyof ImportLimits, value: number, what: string): ConnectorError {
  return new ConnectorError(
    'LIMIT_EXCEEDED',
    `importUsers: ${what}, past the import limit ${limit} (${value}); the import stops, and nothing it read counts as complete`,
    {
      action: 'importUsers',
      hint: `If the application really is this large, the host raises it: connect(..., { importLimits: { ${limit}: ... } }).`,
    },
  );
}

/** The running totals of one walk through the pages. */
export interface ImportBudget {
  /** Before each request: the deadline. */
  checkTime(): void;
  /** A response of the import arrived. */
  addBytes(bytes: number): void;
  /** A page's records were mapped. */
  addRecords(records: number): void;
  /** A mapped account's values. */
  checkAccount(account: Account, page: number): void;
}

export function createImportBudget(limits: ImportLimits, now: () => number): ImportBudget {
  const started = now();
  let bytes = 0;
  let records = 0;
  return {
    checkTime() {
      const elapsed = now() - started;
      if (elapsed > limits.deadlineMs) throw exceeded('deadlineMs', limits.deadlineMs, `the import has run for ${elapsed} ms`);
    },
    addBytes(count) {
      bytes += count;
      if (bytes > limits.maxBytes) throw exceeded('maxBytes', limits.maxBytes, `the target has sent ${bytes} bytes`);
    },
    addRecords(count) {
      records += count;
      if (records > limits.maxRecords) throw exceeded('maxRecords', limits.maxRecords, `the target has listed ${records} records`);
    },
    checkAccount(account, page) {
      // for-in, not keys or entries: this runs for every account, and an array would be allocated for each.
      for (const field in account) {
        if (!Object.hasOwn(account, field)) continue;
        const value = account[field];
        if (typeof value === 'string' && value.length > limits.maxFieldLength) {
          throw exceeded('maxFieldLength', limits.maxFieldLength, `field ${field} of an account on page ${page} is ${value.length} characters`);
        }
      }
    },
  };
}
