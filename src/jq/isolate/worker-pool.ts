/**
 * Idle jq workers for the next isolate of the same limits: parked ones (their isolate let them go)
 * and lent ones (their isolate is between evaluations and gives them up when asked). A fresh worker costs its start
 * (about 35 ms of CPU: the thread, its heap, the bundle) and then runs the jq engine cold until
 * V8 has compiled it again: an isolated import of 100,000 users took about 200 ms more CPU in a
 * fresh worker than in a warm one. Each `connect()` of a customer's connector has an isolate of
 * its own, so without this every sync run started a worker.
 *
 * A worker is parked only when its isolate is done with it cleanly (no evaluation running, never
 * stopped for a limit): it holds no state of that isolate's but compiled programs, which are pure
 * functions of their text. Parked workers are unreferenced (the process may exit) and stopped
 * after `idleMs`; at most MAX_PARKED are kept, the latest parked.
 */
import type { Worker } from 'node:worker_threads';

const MAX_PARKED = 4;

interface Parked {
  key: string;
  worker: Worker;
  timer: NodeJS.Timeout;
}

const parked: Parked[] = [];

interface Lent {
  key: string;
  worker: Worker;
  /** The owning isolate forgets the worker (its next evaluation takes or starts another). */
  giveUp: () => void;
}

/** Workers of isolates between evaluations. A connector compiled anew for each run (a new isolate each time) would otherwise start a worker while the last run's sat idle for 15 s. */
const lent = new Set<Lent>();
let starts = 0;

/** How many jq workers this process has started (a diagnostic; tests count it). */
export function jqWorkerStarts(): number {
  return starts;
}

/** Counts a fresh worker. */
export function countWorkerStart(): void {
  starts += 1;
}

/** A parked worker started with `key`'s limits, taken out of the pool, without the pool's listeners; or undefined. */
export function takeWorker(key: string): Worker | undefined {
  const at = parked.findIndex((entry) => entry.key === key);
  if (at < 0) return takeLent(key);
  const [entry] = parked.splice(at, 1);
  clearTimeout(entry!.timer);
  withoutListeners(entry!.worker);
  return entry!.worker;
}

/** Keeps an idle worker for the next isolate with `key`'s limits; past MAX_PARKED the one parked longest is stopped. */
export function parkWorker(key: string, worker: Worker, idleMs: number): void {
  const oldest = parked.length >= MAX_PARKED ? parked[0] : undefined;
  if (oldest) {
    unpark(oldest);
    void oldest.worker.terminate();
  }
  withoutListeners(worker);
  worker.unref();
  const entry: Parked = {
    key,
    worker,
    timer: setTimeout(() => {
      unpark(entry);
      void worker.terminate();
    }, idleMs).unref(),
  };
  // A worker that fails or exits while parked just leaves the pool.
  worker.on('error', () => unpark(entry));
  worker.on('exit', () => unpark(entry));
  parked.push(entry);
}

function unpark(entry: Parked): void {
  const at = parked.indexOf(entry);
  if (at >= 0) parked.splice(at, 1);
  clearTimeout(entry.timer);
}

/**
 * Drops the listeners an owner added (an isolate's, or the pool's). Not removeAllListeners(): the
 * Worker listens to its own `newListener` and `removeListener` to start and stop its port, and a
 * worker without those never delivers another message.
 */
function withoutListeners(worker: Worker): void {
  for (const event of ['message', 'error', 'exit'] as const) worker.removeAllListeners(event);
}

/**
 * Offers an idle isolate's worker to other isolates of `key`'s limits until the returned function
 * withdraws it (the isolate has work again, or stops it). A taker gets it without the isolate's
 * listeners, after `giveUp`.
 */
export function lendWorker(key: string, worker: Worker, giveUp: () => void): () => void {
  const entry: Lent = { key, worker, giveUp };
  lent.add(entry);
  return () => lent.delete(entry);
}

function takeLent(key: string): Worker | undefined {
  for (const entry of lent) {
    if (entry.key !== key) continue;
    lent.delete(entry);
    entry.giveUp();
    withoutListeners(entry.worker);
    return entry.worker;
  }
  return undefined;
}
