/**
 * Picks the array of user records in a response and proposes its records path (jq), keeping the
 * other arrays with the reason each was passed over, so the operator can check the choice.
 */
import { describeShape, findRecordArrays } from './find-record-arrays.js';
import { formatJqPath } from './jq-path.js';
import { scoreRecordArray } from './score-record-array.js';

export interface RecordsChoice {
  /** jq records path, e.g. `.users` or `.` */
  expression: string;
  records: unknown[];
  score: number;
  evidence: string[];
}

export interface RejectedArray {
  expression: string;
  reason: string;
}

export interface RecordsSearch {
  chosen?: RecordsChoice;
  rejected: RejectedArray[];
  /** What the response looked like, for the message when nothing was found. */
  seen: string;
}

export function chooseRecords(response: unknown): RecordsSearch {
  const scored = findRecordArrays(response).map((found) => ({
    expression: formatJqPath(found.path),
    records: found.items,
    ...scoreRecordArray(found.path, found.items),
  }));
  const usable = scored.filter((entry) => entry.rejectedBecause === undefined).sort((a, b) => b.score - a.score);
  const best = usable[0];
  const rejected: RejectedArray[] = [];
  for (const entry of scored) {
    if (entry === best) continue;
    const reason =
      entry.rejectedBecause ?? `less user-like (score ${entry.score}: ${entry.evidence.join(', ')}) than ${best?.expression} (score ${best?.score})`;
    rejected.push({ expression: entry.expression, reason });
  }
  const seen =
    scored.length === 0
      ? `${describeShape(response)}, with no array inside`
      : `${describeShape(response)}; arrays: ${scored.map((entry) => `${entry.expression} (${entry.rejectedBecause ?? 'usable'})`).join('; ')}`;
  if (!best) return { rejected, seen };
  return {
    chosen: { expression: best.expression, records: best.records, score: best.score, evidence: best.evidence },
    rejected,
    seen,
  };
}
