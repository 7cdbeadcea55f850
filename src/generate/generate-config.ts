/**
 * Generate Config (the service's assisted mapping step): from one sample response of an Import Users
 * endpoint, find the array of user records, propose its records path and the account mapping, and
 * explain every choice. Pure: the CLI reads the file, applies the result with jq and prints it.
 */
import { chooseRecords, type RejectedArray } from './choose-records.js';
import { proposeMapping, type MappingProposal } from './propose-mapping.js';

export interface GeneratedConfig extends MappingProposal {
  records: {
    /** jq records path, e.g. `.users`. */
    expression: string;
    count: number;
    explanation: string;
  };
  /** Other arrays of the response and why they were not taken. */
  rejected: RejectedArray[];
}

/** The response holds no array that could be a list of users. */
export class NoUserArrayError extends Error {
  override readonly name = 'NoUserArrayError';
  readonly seen: string;
  readonly rejected: RejectedArray[];

  constructor(seen: string, rejected: RejectedArray[]) {
    super(`no array of user records found: the response is ${seen}`);
    this.seen = seen;
    this.rejected = rejected;
  }
}

export function generateConfig(response: unknown): GeneratedConfig {
  const search = chooseRecords(response);
  const chosen = search.chosen;
  if (!chosen) throw new NoUserArrayError(search.seen, search.rejected);
  const where = chosen.expression === '.' ? 'the response itself is the array' : `the array at ${chosen.expression}`;
  return {
    records: {
      expression: chosen.expression,
      count: chosen.records.length,
      explanation: `Records: ${where} (${chosen.evidence.join(', ')}; score ${chosen.score}).`,
    },
    rejected: search.rejected,
    ...proposeMapping(chosen.records),
  };
}

/** For records located by the operator's own `--records` expression instead of the search. */
export function generateConfigForRecords(expression: string, records: readonly unknown[]): GeneratedConfig {
  return {
    records: { expression, count: records.length, explanation: `Records: given with --records (${records.length} records).` },
    rejected: [],
    ...proposeMapping(records),
  };
}
