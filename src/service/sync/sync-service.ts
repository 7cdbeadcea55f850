/**
 * The sync inside one open service: the operations (on the process's engine), and the workers,
 * started only by `startWorkers()` so that an API process can run without them and a worker
 * process (`connector service worker`) can run only them.
 */
import type { ServiceContext } from '../context.js';
import { DEFAULT_ENGINE_SETTINGS, DEFAULT_STALE_RUN_SECONDS, type Engine, type Workers } from '../engine/engine.js';
import type { IntegrationOperations } from '../integrations/integrations.js';
import { runSync } from './run-sync.js';
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

export function openSync(context: ServiceContext, sync: SyncContext, engine: Engine) {
  const operations = syncOperations(context, sync, engine);
  let workers: Promise<Workers> | undefined;
  return {
    operations,
    startWorkers(): Promise<void> {
      workers ??= engine.work([
        {
          queue: 'syncRun',
          pollingIntervalSeconds: sync.engine.pollingIntervalSeconds,
          slots: sync.engine.runsPerWorker,
          handle: async (jobs: readonly { runId: string }[]) => {
            for (const job of jobs) await runSync(context, sync, job.runId);
          },
        },
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
      workers = undefined;
      if (running) await (await running).stop();
    },
  };
}
