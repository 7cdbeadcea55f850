/**
 * The durable engine: pg-boss 10 on the service's own database. pg-boss takes a `db` object with
 * `executeSql(text, values)`, so the same engine runs on the embedded PGlite (through the
 * Database interface) and on a PostgreSQL server, and its jobs live beside our tables.
 *
 * Business state stays in our tables (`sync_runs`); a job carries only a run id, and its handler
 * is idempotent on it. Two engine instances per process: a sender (always, for "sync now" from
 * the API process) and, after `startWorkers()`, a worker that fetches jobs, supervises expiry
 * (a dead worker's job expires and is retried by another) and runs the cron tick.
 */
import { createRequire } from 'node:module';
import type PgBossType from 'pg-boss';
import type { Database, Queryable } from '../store/database.js';

// pg-boss 10 is CommonJS with `export =` types; createRequire keeps ESM + NodeNext happy. Loaded
// when an engine starts, so that reading the defaults below (CLI help) does not load it.
const loadPgBoss = (): typeof PgBossType => createRequire(import.meta.url)('pg-boss') as typeof PgBossType;

export type Boss = PgBossType;
export type BossJob<T> = PgBossType.Job<T>;

/**
 * A 'standard' queue: at most one open run per integration is our table's rule (a unique index on
 * open runs), and a run's claim is idempotent, so a duplicate job is harmless. pg-boss's 'stately'
 * policy, used before under the name 'integration-sync', made one job left active by a dead worker
 * block the head of the whole queue (its fetch swallows the unique violation and returns nothing).
 */
export const SYNC_QUEUE = 'integration-sync-runs';
/** pg-boss's schema (its default); recovery reads which job holds a run. */
export const ENGINE_SCHEMA = 'pgboss';
export const TICK_QUEUE = 'integration-sync-tick';

export interface EngineSettings {
  /** How long one run may take before the engine treats its worker as dead and retries it. */
  runExpirySeconds: number;
  /** How often the engine checks for expired jobs. */
  maintenanceIntervalSeconds: number;
  /** How often an idle worker polls for jobs. */
  pollingIntervalSeconds: number;
  /** Cron of the scheduling tick (pg-boss runs it once across all workers). */
  tickCron: string;
  /** Sync runs one worker process carries out at the same time (each waits mostly on its target). */
  runsPerWorker: number;
}

export const DEFAULT_ENGINE_SETTINGS: EngineSettings = {
  runExpirySeconds: 60 * 60,
  maintenanceIntervalSeconds: 60,
  pollingIntervalSeconds: 2,
  tickCron: '* * * * *',
  runsPerWorker: 4,
};

/** A running run whose heartbeat is older than this is taken over by another worker. */
export const DEFAULT_STALE_RUN_SECONDS = 5 * 60;

/** The engine's view of a connection: parameterised statements, or scripts of several statements. */
export function engineDb(db: Database): PgBossType.Db {
  return {
    executeSql: (text, values) => (values && values.length > 0 ? db.query(text, values) : db.script(text)),
  };
}

/** The engine's view of one open transaction: a job sent through it commits or rolls back with it. */
export function transactionDb(tx: Queryable): PgBossType.Db {
  return { executeSql: (text, values) => tx.query(text, values ?? []) };
}

export function createBoss(db: Database, settings: EngineSettings, role: 'sender' | 'worker'): Boss {
  const worker = role === 'worker';
  const PgBoss = loadPgBoss();
  return new PgBoss({
    db: engineDb(db),
    migrate: !worker,
    supervise: worker,
    schedule: worker,
    maintenanceIntervalSeconds: settings.maintenanceIntervalSeconds,
    // The cron check defaults to a minute; a worker that only just started should see its schedules sooner.
    ...(worker ? { cronMonitorIntervalSeconds: 30 } : {}),
  } as PgBossType.ConstructorOptions);
}

/** Starts the sender: installs or migrates the engine's schema and the sync queues. */
export async function startSender(db: Database, settings: EngineSettings): Promise<Boss> {
  const boss = createBoss(db, settings, 'sender');
  // The engine reports background errors as events; an unhandled 'error' event would crash the process.
  boss.on('error', () => undefined);
  await boss.start();
  for (const name of [SYNC_QUEUE, TICK_QUEUE]) {
    if (!(await boss.getQueue(name))) {
      await boss.createQueue(name, {
        name,
        policy: 'standard',
        retryLimit: 3,
        retryDelay: 5,
        retryBackoff: true,
        expireInSeconds: settings.runExpirySeconds,
      } as PgBossType.Queue).catch(async (error: unknown) => {
        // Two processes starting together: the other one created it.
        if (!(await boss.getQueue(name))) throw error;
      });
    }
  }
  return boss;
}

export interface WorkerHandlers {
  runSync(runId: string): Promise<void>;
  tick(): Promise<void>;
  onError(error: unknown): void;
}

export async function startWorkerBoss(db: Database, settings: EngineSettings, handlers: WorkerHandlers): Promise<Boss> {
  const boss = createBoss(db, settings, 'worker');
  boss.on('error', handlers.onError);
  await boss.start();
  const polling = { pollingIntervalSeconds: settings.pollingIntervalSeconds };
  // pg-boss 10 runs one handler at a time per `work` call: one call per concurrent run. After a
  // run, the slot asks again at once instead of sleeping out the polling interval: while runs are
  // queued, a worker's throughput is bound by the runs, not by the poll.
  for (let slot = 0; slot < settings.runsPerWorker; slot += 1) {
    const slotId: string = await boss.work<{ runId: string }>(SYNC_QUEUE, polling, async (jobs) => {
      for (const job of jobs) await handlers.runSync(job.data.runId);
      if (jobs.length > 0) boss.notifyWorker(slotId);
    });
  }
  await boss.work(TICK_QUEUE, polling, async () => handlers.tick());
  await boss.schedule(TICK_QUEUE, settings.tickCron);
  return boss;
}
