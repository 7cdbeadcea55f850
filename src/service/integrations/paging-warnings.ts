/**
 * Test and Preview say when an answer is only a page (issue 23 point 9): for an Import Users
 * without pagination (absent or `type: none`), every sign in the answer that the target holds more
 * (the runtime's more-signals.ts) becomes a PAGINATION_MISSING warning in their answer and in the
 * console, the same signal the import fails on. A spec with pagination walks those signals and
 * gets no warning. Test and Preview read a sample of the answer (the first 100 items of each
 * array): a total is compared with the records of the whole answer, the cut items counted back.
 */
import { describeMoreSignals, findMoreSignals, type MoreSignal } from '../../index.js';
import type { ConnectorSpec } from '../../../generated/spec-types.js';
import type { AnswerCuts } from '../../runtime/actions/inspect-action.js';

export interface AnswerWarning {
  code: 'PAGINATION_MISSING';
  message: string;
  hint: string;
  signals: MoreSignal[];
}

/** Whether the spec's Import Users reads one answer only. */
export function readsOnePage(spec: ConnectorSpec): boolean {
  const pagination = spec.actions.importUsers?.pagination;
  return pagination === undefined || pagination.type === 'none';
}

/** The records of the whole answer: those of the sample plus the items the sample cut from its largest array. */
export function recordsReceived(sampled: number, cuts: AnswerCuts | undefined): number {
  const largest = (cuts?.omitted ?? []).filter((cut) => cut.kind === 'items').sort((a, b) => b.total - a.total)[0];
  return largest === undefined ? sampled : sampled + (largest.total - largest.kept);
}

export function pagingWarnings(input: {
  spec: ConnectorSpec;
  headers: Readonly<Record<string, string>>;
  body: unknown;
  /** Records the answer held, when known (a total is judged only then). */
  received?: number;
}): AnswerWarning[] {
  if (!readsOnePage(input.spec)) return [];
  const signals = findMoreSignals({ headers: input.headers, body: input.body, ...(input.received === undefined ? {} : { received: input.received }) });
  if (signals.length === 0) return [];
  return [
    {
      code: 'PAGINATION_MISSING',
      message: `the answer says there is more (${describeMoreSignals(signals)}) but Import Users has no pagination: an import would fail rather than take this page for the whole list`,
      hint: 'add a pagination block to actions.importUsers; Generate Config proposes one from this answer',
      signals,
    },
  ];
}
