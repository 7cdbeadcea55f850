/**
 * The sync's run dispatcher (run-dispatcher.ts) with a fake table: at most `slots` runs in hand,
 * one claim for the free slots, the next claim when a run ends or a kick came during a claim, a
 * poll only while a slot is free, failures reported and retried, and a stop that waits for the
 * runs in hand. The claims against the real table are in run-claims.cases.ts.
 */
import { expect, it } from 'vitest';
import { runDispatcher } from '../../../src/service/sync/run-dispatcher.js';
import type { SyncRunRow } from '../../../src/service/store/sync-run-rows.js';
import { deferred } from '../../setup/deferred.js';

const row = (id: string) => ({ id }) as SyncRunRow;

/** A table of queued ids, runs that end when the test says, and a record of every claim's limit. */
function fakeWorld(queued: string[]) {
  const claims: number[] = [];
  const running = new Map<string, ReturnType<typeof deferred<void>>>();
  const carried: string[] = [];
  const errors: unknown[] = [];
  let claimGate: Promise<void> | undefined;
  const settings = {
    slots: 2,
    pollMs: 1_000,
    async claim(limit: number) {
      claims.push(limit);
      await claimGate;
      return queued.splice(0, limit).map(row);
    },
    run(claimed: SyncRunRow) {
      carried.push(claimed.id);
      const end = deferred();
      running.set(claimed.id, end);
      return end.promise;
    },
    onError: (error: unknown) => errors.push(error),
  };
  return {
    settings,
    /** Runs queued by another process (found by a poll or a kick). */
    queue: (...ids: string[]) => queued.push(...ids),
    claims,
    running,
    carried,
    errors,
    gateClaims(gate: Promise<void> | undefined) {
      claimGate = gate;
    },
  };
}

/** Lets every promise callback queued so far run (the dispatcher's claims and ends are promise chains). */
const settle = async () => {
  for (let turn = 0; turn < 10; turn += 1) await Promise.resolve();
};

it('holds at most `slots` runs; each end claims the freed slot, until every queued run was carried out once', async () => {
  const world = fakeWorld(['a', 'b', 'c', 'd', 'e']);
  const dispatcher = runDispatcher(world.settings);
  dispatcher.start();
  await settle();
  expect(world.carried).toEqual(['a', 'b']);
  expect(world.claims).toEqual([2]);
  // A kick at capacity sends no claim.
  dispatcher.kick();
  await settle();
  expect(world.claims).toEqual([2]);
  world.running.get('a')!.resolve();
  await settle();
  expect(world.carried).toEqual(['a', 'b', 'c']);
  expect(world.claims).toEqual([2, 1]);
  for (const id of ['b', 'c', 'd']) {
    world.running.get(id)!.resolve();
    await settle();
  }
  expect(world.carried).toEqual(['a', 'b', 'c', 'd', 'e']);
  world.running.get('e')!.resolve();
  await settle();
  // The last end found nothing queued: one more claim, for both slots, that took nothing.
  expect(world.claims).toEqual([2, 1, 1, 1, 1, 2]);
  expect(world.errors).toEqual([]);
  await dispatcher.stop(1_000);
});

it('a kick during a claim that found nothing claims again after it: a run queued meanwhile is not left to the next poll', async () => {
  const world = fakeWorld([]);
  const gate = deferred();
  world.gateClaims(gate.promise);
  const dispatcher = runDispatcher({ ...world.settings, pollMs: 3_600_000 });
  dispatcher.start();
  await settle();
  expect(world.claims).toEqual([2]);
  // The claim under way read the table before this run was queued; the kick comes while it runs.
  dispatcher.kick();
  world.gateClaims(undefined);
  gate.resolve();
  await settle();
  expect(world.claims).toEqual([2, 2]);
  expect(world.carried).toEqual([]);
  await dispatcher.stop(1_000);
});

it('polls while a slot is free, not at capacity; a failed claim is reported and the next poll claims again', async () => {
  const world = fakeWorld([]);
  // The poll, driven by hand: each `poll()` is one period gone by.
  const polls: (() => void)[] = [];
  const poll = async () => {
    for (const each of polls) each();
    await settle();
  };
  const dispatcher = runDispatcher({
    ...world.settings,
    every: (each, ms) => {
      expect(ms).toBe(1_000);
      polls.push(each);
      return () => polls.splice(polls.indexOf(each), 1);
    },
    // The first claim fails.
    claim: async (limit) =>
      world.claims.length === 0 ? (world.claims.push(limit), Promise.reject(new Error('the database went away'))) : world.settings.claim(limit),
  });
  dispatcher.start();
  await settle();
  expect(world.claims).toEqual([2]);
  expect(world.errors).toEqual([new Error('the database went away')]);
  await poll();
  expect(world.claims).toEqual([2, 2]);
  // Two runs queued by another process: found by the next poll; then no claim while both slots are taken.
  world.queue('x', 'y');
  await poll();
  expect(world.carried).toEqual(['x', 'y']);
  expect(world.claims).toEqual([2, 2, 2]);
  await poll();
  await poll();
  expect(world.claims).toEqual([2, 2, 2]);
  // A slot freed: its end claims at once, and the polls go on.
  world.running.get('x')!.resolve();
  await settle();
  expect(world.claims).toEqual([2, 2, 2, 1]);
  await poll();
  expect(world.claims).toEqual([2, 2, 2, 1, 1]);
  world.running.get('y')!.resolve();
  await dispatcher.stop(1_000);
  expect(polls).toEqual([]);
});

it('a run that throws is reported and frees its slot', async () => {
  const world = fakeWorld(['a', 'b', 'c']);
  const dispatcher = runDispatcher({ ...world.settings, slots: 1 });
  dispatcher.start();
  await settle();
  world.running.get('a')!.reject(new Error('the run broke'));
  await settle();
  expect(world.errors).toEqual([new Error('the run broke')]);
  expect(world.carried).toEqual(['a', 'b']);
  world.running.get('b')!.resolve();
  await settle();
  world.running.get('c')!.resolve();
  await dispatcher.stop(1_000);
});

it('stop waits for the runs in hand and claims nothing more, even when they end', async () => {
  const world = fakeWorld(['a', 'b', 'c']);
  const dispatcher = runDispatcher(world.settings);
  dispatcher.start();
  await settle();
  let stopped = false;
  const stopping = dispatcher.stop(60_000).then(() => {
    stopped = true;
  });
  await settle();
  expect(stopped).toBe(false);
  world.running.get('a')!.resolve();
  world.running.get('b')!.resolve();
  await stopping;
  expect(world.claims).toEqual([2]);
  expect(world.carried).toEqual(['a', 'b']);
  dispatcher.kick();
  await settle();
  expect(world.claims).toEqual([2]);
});
