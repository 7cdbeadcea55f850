/**
 * Counts an import as its pages arrive and finds what should be checked although nothing failed:
 * a mapping field (email, name, ...) that gave no value for any account usually means a typo in
 * its expression (`.profile.emial`), and a sync would store every account without it.
 */
import type { Account } from '../mapping/map-records.js';

export interface ImportSummary {
  pages: number;
  /** Records the pages held; `accounts` of them were imported. */
  records: number;
  accounts: number;
  /** Records with a problem (left out, or imported with a field that failed). */
  problems: number;
  warnings: string[];
  /** False while pages are still being read. */
  complete: boolean;
}

export interface ImportTally {
  addPage(page: { records: number; accounts: readonly Account[]; problems: number }): void;
  warn(message: string): void;
  /** Warnings found once every page is in (returned, not yet recorded: the caller warns with them). */
  finish(): string[];
  summary(complete: boolean): ImportSummary;
}

function hasValue(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

export function createImportTally(mappingFields: readonly string[]): ImportTally {
  const counts = { pages: 0, records: 0, accounts: 0, problems: 0 };
  const warnings: string[] = [];
  // Fields still without a value in every account so far; most empty out on the first page.
  const empty = new Set(mappingFields.filter((field) => field !== 'id'));
  return {
    addPage({ records, accounts, problems }) {
      counts.pages += 1;
      counts.records += records;
      counts.accounts += accounts.length;
      counts.problems += problems;
      for (const field of empty) if (accounts.some((account) => hasValue(account[field]))) empty.delete(field);
    },
    warn(message) {
      warnings.push(message);
    },
    finish() {
      if (counts.accounts === 0) return [];
      return [...empty].map((field) => `mapping field \`${field}\` gave no value for any of the ${counts.accounts} accounts; check its expression`);
    },
    summary(complete) {
      return { ...counts, warnings: [...warnings], complete };
    },
  };
}
