/**
 * The transition tables, walked whole: every move a sync run, a workflow task or a review campaign may make is
 * accepted, and every other pair of statuses is refused by `transition(from, to)` (and by
 * `sources`, which builds a statement's `WHERE status = ANY(...)`).
 */
import { describe, expect, it } from 'vitest';
import { SYNC_RUN_MOVES, RUN_STATUSES } from '../../../src/service/store/sync-run-rows.js';
import { TransitionRefused, type StateMachine } from '../../../src/service/store/transitions.js';
import { TASK_MOVES } from '../../../src/service/store/workflow-rows.js';
import { CAMPAIGN_MOVES } from '../../../src/service/store/review-rows.js';
import { TASK_STATUSES } from '../../../src/service/workflows/workflow-view.js';

const cases: { machine: StateMachine<string>; statuses: readonly string[]; want: Record<string, string[]> }[] = [
  {
    machine: SYNC_RUN_MOVES,
    statuses: RUN_STATUSES,
    want: {
      queued: ['running'],
      // running → running: a newer attempt takes over a run whose worker stopped beating.
      running: ['running', 'succeeded', 'awaiting_approval', 'failed'],
      awaiting_approval: ['succeeded', 'rejected'],
      succeeded: [],
      failed: [],
      rejected: [],
    },
  },
  {
    machine: TASK_MOVES,
    statuses: TASK_STATUSES,
    want: {
      pending: ['running', 'skipped'],
      scheduled: ['running', 'skipped', 'failed'],
      running: ['succeeded', 'failed', 'skipped'],
      failed: ['pending', 'scheduled'],
      succeeded: [],
      skipped: [],
      manual: [],
    },
  },
  {
    machine: CAMPAIGN_MOVES,
    statuses: ['draft', 'waiting', 'open', 'closed'],
    want: {
      draft: ['waiting', 'open'],
      // waiting → waiting: a second start still finds stale data and names what it waits for now.
      waiting: ['waiting', 'open'],
      open: ['closed'],
      closed: [],
    },
  },
];

describe.each(cases)('the $machine.subject transition table', ({ machine, statuses, want }) => {
  it('names every status, each once', () => {
    expect([...machine.states].sort()).toEqual([...statuses].sort());
  });

  const pairs = statuses.flatMap((from) => statuses.map((to) => ({ from, to, allowed: want[from]!.includes(to) })));

  it.each(pairs.filter((pair) => pair.allowed))('accepts $from → $to', ({ from, to }) => {
    expect(machine.allowed(from, to)).toBe(true);
    expect(machine.transition(from, to)).toEqual({ from, to });
    expect(machine.sources(to, [from])).toEqual([from]);
  });

  it.each(pairs.filter((pair) => !pair.allowed))('refuses $from → $to', ({ from, to }) => {
    expect(machine.allowed(from, to)).toBe(false);
    expect(() => machine.transition(from, to)).toThrow(TransitionRefused);
    expect(() => machine.transition(from, to)).toThrow(`a ${machine.subject} cannot move from ${from} to ${to}`);
    expect(() => machine.sources(to, [from])).toThrow(TransitionRefused);
  });
});
