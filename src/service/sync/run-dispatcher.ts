/**
 * The workers' side of the sync (issue 26.2): one dispatcher per process claims runs straight
 * from `sync_runs` and carries them out, at most `slots` at once. There is no job per run: a run
 * is a row, and the row is the only thing a worker needs to find it.
 *
 * - A claim is one statement for as many runs as there are free slots (`claimRuns`: the oldest
 *   queued runs, and any running one whose worker stopped beating), so two workers never take the
 *   same run and a worker that died loses nothing.
 * - The dispatcher claims when it starts, when its own process queued runs (`kick`), when one of
 *   its runs ends (the next queued one starts after one statement), and every `pollMs` while a slot
 *   is free: the one poll of the process, however many slots it has. A process at its limit sends
 *   no statement at all.
 * - Before, each slot was a job engine fetch loop that polled on its own, and every run cost the
 *   engine's fetch and completion besides its own claim (about a fifth of a small run's time on the
 *   embedded database's single connection).
 */
import type { SyncRunRow } from '../store/sync-run-rows.js';

export interface RunDispatcher {
  /** Claims now what free slots can take (again after the claim under way, if one is). Nothing before `start` or after `stop`. */
  kick(): void;
  start(): void;
  /** Stops claiming, and waits (up to `timeoutMs`) for the runs in hand. */
  stop(timeoutMs: number): Promise<void>;
}

export function runDispatcher(input: {
  /** Runs carried out at once. */
  slots: number;
  /** How often the dispatcher looks for runs while a slot is free. */
  pollMs: number;
  claim(limit: number): Promise<readonly SyncRunRow[]>;
  /** Carries out one claimed run (a failure of the run is the run's; what this throws is reported). */
  run(row: SyncRunRow): Promise<void>;
  onError(error: unknown): void;
  /** Calls `poll` every `ms` until stopped (default: an unref'd interval timer; tests pass a hand-driven one). */
  every?: (poll: () => void, ms: number) => () => void;
}): RunDispatcher {
  const { slots, onError } = input;
  let started = false;
  let stopped = false;
  const inHand = new Set<Promise<void>>();
  let claiming: Promise<void> | undefined;
  let again = false;
  let stopPolling: (() => void) | undefined;
  const every =
    input.every ??
    ((poll: () => void, ms: number) => {
      const timer = setInterval(poll, ms);
      timer.unref();
      return () => clearInterval(timer);
    });

  const carryOut = (row: SyncRunRow): void => {
    const running: Promise<void> = input
      .run(row)
      .catch(onError)
      .finally(() => {
        inHand.delete(running);
        dispatcher.kick();
      });
    inHand.add(running);
  };

  /** Claims for the free slots until a claim finds fewer runs than it asked for, or no slot is free. */
  const claimRound = async (): Promise<void> => {
    for (;;) {
      again = false;
      const free = slots - inHand.size;
      if (free <= 0 || stopped) return;
      let rows: readonly SyncRunRow[];
      try {
        rows = await input.claim(free);
      } catch (error) {
        // The next kick or poll tries again.
        onError(error);
        return;
      }
      for (const row of rows) carryOut(row);
      // A kick while the claim ran (a run queued or ended meanwhile) asks again; so does a full claim.
      if (!again && rows.length < free) return;
    }
  };

  const dispatcher: RunDispatcher = {
    kick() {
      if (!started || stopped) return;
      if (claiming) {
        again = true;
        return;
      }
      claiming = claimRound().finally(() => {
        claiming = undefined;
      });
    },
    start() {
      if (started) return;
      started = true;
      stopPolling = every(() => dispatcher.kick(), input.pollMs);
      dispatcher.kick();
    },
    async stop(timeoutMs) {
      stopped = true;
      stopPolling?.();
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      });
      await Promise.race([Promise.allSettled([claiming, ...inHand]), timeout]);
      clearTimeout(timer);
    },
  };
  return dispatcher;
}
