/**
 * The durable engine: pg-boss 10 on the service's own database, one instance per process, owned
 * here and nowhere else. pg-boss takes a `db` object with `executeSql(text, values)`, so the same
 * engine runs on the embedded PGlite (through the Database interface) and on a PostgreSQL server,
 * and its jobs live beside our tables.
 *
 * The engine only runs things: a job carries an id (a workflow task's) or nothing (a tick) and its
 * handler is idempotent on the row it names; business state, and the recovery of work whose
 * worker died, are in our tables. Opening the engine installs or migrates its schema and declares
 * the queues of `queues.ts`, and supervises expiry. It runs handlers, and keeps the cron schedules,
 * only after `work()` (a worker process, or `startWorkers()`): a process that only sends jobs (an
 * API process, a one-shot CLI command) sends no cron jobs that it would never handle.
 */
import { createRequire } from 'node:module';
import type PgBossType from 'pg-boss';
import type { Database, Queryable } from '../store/database.js';
import { QUEUES, type QueueKey } from './queues.js';

export { QUEUES, type QueueKey } from './queues.js';

// pg-boss 10 is CommonJS with `export =` types; createRequire keeps ESM + NodeNext happy. Loaded
// when an engine opens, so that reading the defaults below (CLI help) does not load it.
const loadPgBoss = (): typeof PgBossType => createRequire(import.meta.url)('pg-boss') as typeof PgBossType;

/** pg-boss's schema (its default). Only tests that simulate a dead worker's job read it. */
export const ENGINE_SCHEMA = 'pgboss';

export interface EngineSettings {
  /** How long one job may stay active before the engine treats its worker as dead and retries it. */
  runExpirySeconds: number;
  /** How often the engine checks for expired jobs. */
  maintenanceIntervalSeconds: number;
  /** How often an idle worker polls for jobs, and a process's sync dispatcher for runs while a slot is free. */
  pollingIntervalSeconds: number;
  /** Cron of the scheduling ticks (pg-boss sends each once across all processes). */
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

export interface EngineOptions {
  maintenanceIntervalSeconds: number;
  /** The expiry of each queue's jobs, by the settings its declaration names. */
  expirySeconds: Record<'sync' | 'workflows', number>;
  /** Background errors of the engine (never thrown at a caller). */
  onError(error: unknown): void;
}

export interface JobToSend {
  data: object;
  /** Not before this time (a scheduled task). */
  startAfter?: Date;
}

/** A transaction the job commits or rolls back with. */
export interface InTransaction {
  tx?: Queryable;
}

export interface QueueWorker<T> {
  queue: QueueKey;
  pollingIntervalSeconds: number;
  /** Fetch loops run at once (pg-boss 10 runs one handler at a time per loop). Default 1. */
  slots?: number;
  /** Jobs one fetch takes. Default 1. */
  batchSize?: number;
  /** Sends one job to this queue on the cron, once across every process. */
  cron?: string;
  handle(jobs: readonly T[]): Promise<void>;
}

export interface Workers {
  /** Stops fetching and waits (up to a few seconds) for the jobs in hand. */
  stop(): Promise<void>;
}

export interface Engine {
  send(queue: QueueKey, data: object, options?: InTransaction & { startAfter?: Date }): Promise<void>;
  /** Many jobs in one insert (one statement whatever their number). */
  sendMany(queue: QueueKey, jobs: readonly JobToSend[], options?: InTransaction): Promise<void>;
  /**
   * Up to `jobs` (default 1) of this process's idle workers of `queue` look for jobs now instead of
   * at their next poll: called once the transaction that sent the jobs has committed (a job sent
   * in a transaction is not there to fetch before). Another process's workers find the jobs at
   * their next poll; a busy worker asks again as soon as its jobs are done.
   */
  wake(queue: QueueKey, jobs?: number): void;
  // biome-ignore lint/suspicious/noExplicitAny: each worker handles its own queue's job type; the list mixes them.
  work(workers: readonly QueueWorker<any>[]): Promise<Workers>;
  close(): Promise<void>;
}

/** The engine's view of a connection: parameterised statements, or scripts of several statements. */
function engineDb(db: Database): PgBossType.Db {
  return {
    executeSql: (text, values) => (values && values.length > 0 ? db.query(text, values) : db.script(text)),
  };
}

/** The engine's view of one open transaction: a job sent through it commits or rolls back with it. */
function transactionDb(tx: Queryable): PgBossType.Db {
  return { executeSql: (text, values) => tx.query(text, values ?? []) };
}

const STOP_TIMEOUT_MS = 5_000;

class WorkersStopped extends Error {
  override readonly name = 'WorkersStopped';
}

/**
 * pg-boss's timekeeper, which sends each cron schedule's job once across every process, started
 * by the first `work()`. pg-boss starts it inside `start()` or not at all, so it is a second
 * instance on the same connection that only keeps time: the first one has installed the schema.
 */
async function startTimekeeper(PgBoss: typeof PgBossType, db: Database, options: EngineOptions): Promise<PgBossType> {
  const timekeeper = new PgBoss({
    db: engineDb(db),
    migrate: false,
    supervise: false,
    schedule: true,
    // The cron check defaults to a minute; a worker that only just started should see its schedules sooner.
    cronMonitorIntervalSeconds: 30,
  } as PgBossType.ConstructorOptions);
  timekeeper.on('error', options.onError);
  await timekeeper.start();
  return timekeeper;
}

export async function openEngine(db: Database, options: EngineOptions): Promise<Engine> {
  const PgBoss = loadPgBoss();
  const boss = new PgBoss({
    db: engineDb(db),
    migrate: true,
    supervise: true,
    schedule: false,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds,
  } as PgBossType.ConstructorOptions);
  // The engine reports background errors as events; an unhandled 'error' event would crash the process.
  boss.on('error', options.onError);
  await boss.start();
  for (const declaration of Object.values(QUEUES)) {
    const { name } = declaration;
    if (await boss.getQueue(name)) continue;
    const retry = 'retryDelay' in declaration ? { retryDelay: declaration.retryDelay, retryBackoff: declaration.retryBackoff } : {};
    await boss
      .createQueue(name, {
        name,
        policy: 'standard',
        retryLimit: declaration.retryLimit,
        ...retry,
        expireInSeconds: options.expirySeconds[declaration.expiry],
      } as PgBossType.Queue)
      .catch(async (error: unknown) => {
        // Two processes starting together: the other one created it.
        if (!(await boss.getQueue(name))) throw error;
      });
  }
  const connection = (options?: InTransaction) => (options?.tx ? { db: transactionDb(options.tx) } : {});
  /** This process's fetch loops by queue, and whether each is handling jobs (for `wake`). */
  const loops = new Map<QueueKey, { id: string; busy: boolean }[]>();
  /** The cron's timekeeper, once a `work()` has started it. */
  let timekeeper: Promise<PgBossType> | undefined;

  return {
    async send(queue, data, options) {
      await boss.send(QUEUES[queue].name, data, {
        ...(options?.startAfter ? { startAfter: options.startAfter } : {}),
        ...connection(options),
      } as PgBossType.SendOptions);
    },

    async sendMany(queue, jobs, options) {
      if (jobs.length === 0) return;
      const name = QUEUES[queue].name;
      await boss.insert(
        jobs.map((job) => ({ name, data: job.data, ...(job.startAfter ? { startAfter: job.startAfter } : {}) })),
        connection(options),
      );
    },

    wake(queue, jobs = 1) {
      let left = jobs;
      for (const loop of loops.get(queue) ?? []) {
        if (left <= 0) return;
        if (loop.busy) continue;
        boss.notifyWorker(loop.id);
        left -= 1;
      }
    },

    async work(workers) {
      // The schedules first, so that the timekeeper's first look (at its start) finds them.
      for (const worker of workers) if (worker.cron) await boss.schedule(QUEUES[worker.queue].name, worker.cron);
      timekeeper ??= startTimekeeper(PgBoss, db, options);
      await timekeeper;
      let stopped = false;
      const inHand = new Set<Promise<void>>();
      const started: { queue: QueueKey; loop: { id: string; busy: boolean } }[] = [];
      for (const worker of workers) {
        const name = QUEUES[worker.queue].name;
        const fetch = { pollingIntervalSeconds: worker.pollingIntervalSeconds, batchSize: worker.batchSize ?? 1 };
        for (let slot = 0; slot < (worker.slots ?? 1); slot += 1) {
          const loop = { id: '', busy: false };
          loop.id = await boss.work<object>(name, fetch, async (jobs) => {
            // A fetch under way when the workers stopped: the jobs fail back to the engine (retried, or woken by a tick).
            if (stopped) throw new WorkersStopped('the workers of this process are stopping');
            const handled = worker.handle(jobs.map((job) => job.data));
            inHand.add(handled);
            loop.busy = true;
            try {
              await handled;
            } finally {
              loop.busy = false;
              inHand.delete(handled);
            }
            // After jobs, the slot asks again at once instead of sleeping out the polling interval:
            // while jobs are queued, a worker's throughput is bound by the jobs, not by the poll.
            if (jobs.length > 0 && !stopped) boss.notifyWorker(loop.id);
          });
          started.push({ queue: worker.queue, loop });
          loops.set(worker.queue, [...(loops.get(worker.queue) ?? []), loop]);
        }
      }
      return {
        async stop() {
          if (stopped) return;
          stopped = true;
          for (const { queue, loop } of started)
            loops.set(
              queue,
              (loops.get(queue) ?? []).filter((other) => other !== loop),
            );
          await Promise.all(started.map(({ loop }) => boss.offWork({ id: loop.id })));
          let timer: NodeJS.Timeout | undefined;
          const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, STOP_TIMEOUT_MS)));
          await Promise.race([Promise.allSettled([...inHand]), timeout]);
          clearTimeout(timer);
        },
      };
    },

    async close() {
      const stopping = { graceful: true, close: false, timeout: STOP_TIMEOUT_MS, wait: true };
      // A timekeeper that failed to start has nothing running: its error went to the `work()` that started it.
      const keeping = await timekeeper?.catch(() => undefined);
      await keeping?.stop(stopping);
      await boss.stop(stopping);
    },
  };
}
