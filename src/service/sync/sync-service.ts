/**
 * The sync inside one open service: the engine's sender (always), the operations, and the
 * workers, started only by `startWorkers()` so that an API process can run without them and a
 * worker process (`connector service worker`) can run only them.
 */
import type { ServiceContext } from '../context.js';
import type { IntegrationOperations } from '../integrations/integrations.js';
import { DEFAULT_ENGINE_SETTINGS, DEFAULT_STALE_RUN_SECONDS, startSender, startWorkerBoss, type Boss } from './engine.js';
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

export async function openSync(context: ServiceContext, integrations: IntegrationOperations, options: SyncOptions = {}) {
  const sync: SyncContext = {
    engine: { ...DEFAULT_ENGINE_SETTINGS, staleRunSeconds: DEFAULT_STALE_RUN_SECONDS, ...options.engine },
    defaults: { ...DEFAULT_SYNC_SETTINGS, ...options.defaults },
    connect: (ref) => integrations.connect(ref),
    onError: options.onError ?? reportToStderr,
  };
  const sender = await startSender(context.db, sync.engine);
  const operations = syncOperations(context, sync, sender);
  let worker: Promise<Boss> | undefined;
  const stopBoss = (boss: Boss) => boss.stop({ graceful: true, close: false, timeout: 5_000, wait: true });
  return {
    operations,
    startWorkers(): Promise<void> {
      worker ??= startWorkerBoss(context.db, sync.engine, { runSync: (runId) => runSync(context, sync, runId), tick: async () => void (await operations.tick()), onError: sync.onError });
      return worker.then(() => undefined);
    },
    async stopWorkers(): Promise<void> {
      const running = worker;
      worker = undefined;
      if (running) await stopBoss(await running);
    },
    async close(): Promise<void> {
      await this.stopWorkers();
      await stopBoss(sender);
    },
  };
}
