/**
 * The workflows inside one open service: the operations (on the process's engine, so an API
 * process can start workflows), and the workers, started only by `startWorkers()`.
 *
 * A job of the task queue carries only a task id and is a wake-up call: the worker claims the task
 * in the database (conditional UPDATE, within the action's concurrency), so a task runs once
 * however many jobs name it, and a job for a task not yet due or over the limit simply ends.
 * Scheduled tasks get a job that starts at their time, and the minute tick hands every ready task
 * to the engine again, so an activation survives any restart without an in-memory timer.
 */
import type { ServiceContext } from '../context.js';
import { DEFAULT_ENGINE_SETTINGS, type Engine, type EngineSettings, type Workers } from '../engine/engine.js';
import type { IntegrationOperations } from '../integrations/integrations.js';
import { DEFAULT_WORKFLOW_POLICY, workflowOperations, type WorkflowOperations, type WorkflowPolicy } from './workflow-operations.js';

export interface WorkflowEngineSettings extends EngineSettings {
  /** Jobs one worker takes at a time (each runs its tasks concurrently). */
  batchSize: number;
}

export interface WorkflowOptions extends Partial<WorkflowPolicy> {
  engine?: Partial<WorkflowEngineSettings>;
  onError?: (error: unknown) => void;
}

/** Jobs one worker takes per fetch: enough for the incident platform's 50 concurrent creations. */
export const DEFAULT_TASK_BATCH = 50;

function reportToStderr(error: unknown): void {
  process.stderr.write(`workflows: ${error instanceof Error ? error.message : String(error)}\n`);
}

/** The workflows' engine settings, every default filled (the engine is opened with them before the workflows). */
export function workflowEngineSettings(options: WorkflowOptions = {}): WorkflowEngineSettings {
  return { ...DEFAULT_ENGINE_SETTINGS, batchSize: DEFAULT_TASK_BATCH, ...options.engine };
}

export function openWorkflows(context: ServiceContext, integrations: IntegrationOperations, engine: Engine, options: WorkflowOptions = {}) {
  const settings = workflowEngineSettings(options);
  const policy: WorkflowPolicy = {
    defaultConcurrency: options.defaultConcurrency ?? DEFAULT_WORKFLOW_POLICY.defaultConcurrency,
    taskLeaseSeconds: options.taskLeaseSeconds ?? DEFAULT_WORKFLOW_POLICY.taskLeaseSeconds,
    now: options.now ?? (() => new Date()),
  };
  const onError = options.onError ?? reportToStderr;
  const operations: WorkflowOperations = workflowOperations(context, integrations, policy, engine, { onError });
  let workers: Promise<Workers> | undefined;
  return {
    operations,
    startWorkers(): Promise<void> {
      operations.dispatcher.start();
      workers ??= engine.work([
        {
          queue: 'workflowTask',
          pollingIntervalSeconds: settings.pollingIntervalSeconds,
          batchSize: settings.batchSize,
          // A job is a wake-up call: the dispatcher claims every due task directly, and the job ends at once.
          handle: async () => operations.dispatcher.kick(),
        },
        {
          queue: 'workflowTick',
          pollingIntervalSeconds: settings.pollingIntervalSeconds,
          cron: settings.tickCron,
          handle: async () => void (await operations.tick()),
        },
      ]);
      return workers.then(() => undefined);
    },
    async stopWorkers(): Promise<void> {
      const running = workers;
      workers = undefined;
      if (running) await (await running).stop();
      await operations.dispatcher.stop(5_000);
    },
  };
}
