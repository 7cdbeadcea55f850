/**
 * Workflow tasks on the durable engine (pg-boss, beside the sync's queues). A job carries only a
 * task id and is a wake-up call: the worker claims the task in the database (conditional UPDATE,
 * within the action's concurrency), so a task runs once however many jobs name it, and a job for a
 * task not yet due or over the limit simply ends. Scheduled tasks get a job that starts at their
 * time, and the minute tick hands every ready task to the engine again, so an activation survives
 * any restart without an in-memory timer.
 */
import type PgBossType from 'pg-boss';
import type { Database, Queryable } from '../store/database.js';
import { createBoss, transactionDb, type Boss, type EngineSettings } from '../sync/engine.js';

export const TASK_QUEUE = 'workflow-task';
export const WORKFLOW_TICK_QUEUE = 'workflow-tick';

export interface WorkflowEngineSettings extends EngineSettings {
  /** Jobs one worker takes at a time (each runs its tasks concurrently). */
  batchSize: number;
}

export async function startWorkflowSender(db: Database, settings: WorkflowEngineSettings): Promise<Boss> {
  const boss = createBoss(db, settings, 'sender');
  boss.on('error', () => undefined);
  await boss.start();
  for (const name of [TASK_QUEUE, WORKFLOW_TICK_QUEUE]) {
    if (await boss.getQueue(name)) continue;
    // No engine retries: a task's fate is in our tables; the tick wakes whatever is still ready.
    await boss.createQueue(name, { name, policy: 'standard', retryLimit: 0, expireInSeconds: settings.runExpirySeconds } as PgBossType.Queue).catch(async (error: unknown) => {
      if (!(await boss.getQueue(name))) throw error;
    });
  }
  return boss;
}

/** Wakes a worker for a task, at once or at `startAfter`; inside `tx` the job commits with the transaction. */
export async function wakeTask(boss: Boss, taskId: string, options: { startAfter?: Date; tx?: Queryable } = {}): Promise<void> {
  await boss.send(TASK_QUEUE, { taskId }, {
    ...(options.startAfter ? { startAfter: options.startAfter } : {}),
    ...(options.tx ? { db: transactionDb(options.tx) } : {}),
  } as Parameters<Boss['send']>[2]);
}

export interface WorkflowWorkerHandlers {
  runTask(taskId: string): Promise<void>;
  tick(): Promise<void>;
  onError(error: unknown): void;
}

export async function startWorkflowWorker(db: Database, settings: WorkflowEngineSettings, handlers: WorkflowWorkerHandlers): Promise<Boss> {
  const boss = createBoss(db, settings, 'worker');
  boss.on('error', handlers.onError);
  await boss.start();
  await boss.work<{ taskId: string }>(TASK_QUEUE, { pollingIntervalSeconds: settings.pollingIntervalSeconds, batchSize: settings.batchSize }, async (jobs) => {
    await Promise.all(jobs.map((job) => handlers.runTask(job.data.taskId).catch(handlers.onError)));
  });
  await boss.work(WORKFLOW_TICK_QUEUE, { pollingIntervalSeconds: settings.pollingIntervalSeconds }, async () => handlers.tick());
  await boss.schedule(WORKFLOW_TICK_QUEUE, settings.tickCron);
  return boss;
}
