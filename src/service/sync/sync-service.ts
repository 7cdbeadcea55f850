/**
 * The sync inside one open service: the operations, and the workers, started only by
 * `startWorkers()` so that an API process can run without them and a worker process (`connector
 * service worker`) can run only them. The workers are a run dispatcher (runs claimed straight from
 * their table, run-dispatcher.ts) and the scheduling tick on the engine's cron.
 */
import type { ServiceContext } from '../context.js';
import { DEFAULT_ENGINE_SETTINGS, DEFAULT_STALE_RUN_SECONDS, type Engine, type Workers } from '../engine/engine.js';
import type { IntegrationOperations } from '../integrations/integrations.js';
import { claimRuns } from '../store/sync-run-rows.js';
import { runDispatcher, type RunDispatcher } from './run-dispatcher.js';
import { runClaimed } from './run-sync.js';
import type { SyncContext, SyncEngineSettings } from './sync-context.js';
import { syncOperations } from './sync-operations.js';
import { DEFAULT_SYNC_SETTINGS, type SyncSettings } from './sync-policy.js';

export interface SyncOptions {
  engine?: Partial<SyncEngineSettings>;
  /** Settings a new integration starts with. */
  defaults?: Partial<SyncSettings>;
  /** Background errors (the engine's, internal failures of runs); default: written to stderr without stack. */
  onError?: (error: unknown) => void;
}

function reportToStderr(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`sync: ${message}\n`);
}

/** The sync's settings, every default filled (the engine is opened with them before the sync). */
export function syncContextOf(integrations: IntegrationOperations, options: SyncOptions = {}): SyncContext {
  return {
    engine: { ...DEFAULT_ENGINE_SETTINGS, staleRunSeconds: DEFAULT_STALE_RUN_SECONDS, ...options.engine },
    defaults: { ...DEFAULT_SYNC_SETTINGS, ...options.defaults },
    connect: (ref) => integrations.connect(ref),
    onError: options.onError ?? reportToStderr,
  };
}

/** How long stopping the workers waits for the runs in hand (a run left running is taken over once stale). */
const STOP_TIMEOUT_MS = 5_000;

export function openSync(context: ServiceContext, sync: SyncContext, engine: Engine) {
  /** This process's dispatcher while its workers run (a new one each time they start). */
  let dispatcher: RunDispatcher | undefined;
  const operations = syncOperations(context, sync, () => dispatcher?.kick());
  let workers: Promise<Workers> | undefined;
  return {
    operations,
    startWorkers(): Promise<void> {
      if (!dispatcher) {
        dispatcher = runDispatcher({
          slots: sync.engine.runsPerWorker,
          pollMs: sync.engine.pollingIntervalSeconds * 1000,
          claim: (limit) => claimRuns(context.db, { limit, staleSeconds: sync.engine.staleRunSeconds }),
          run: (row) => runClaimed(context, sync, row),
          onError: sync.onError,
        });
        dispatcher.start();
      }
      workers ??= engine.work([
        {
          queue: 'syncTick',
          pollingIntervalSeconds: sync.engine.pollingIntervalSeconds,
          cron: sync.engine.tickCron,
          handle: async () => void (await operations.tick()),
        },
      ]);
      return workers.then(() => undefined);
    },
    async stopWorkers(): Promise<void> {
      const running = workers;
      const stopping = dispatcher;
      workers = undefined;
      dispatcher = undefined;
      await stopping?.stop(STOP_TIMEOUT_MS);
      if (running) await (await running).stop();
    },
  };
}
