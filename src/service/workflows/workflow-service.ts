/**
 * The workflows inside one open service: the engine's sender (always, so an API process can start
 * workflows), the operations, and the workers, started only by `startWorkers()`.
 */
import type { ServiceContext } from '../context.js';
import type { IntegrationOperations } from '../integrations/integrations.js';
import { DEFAULT_ENGINE_SETTINGS, type Boss } from '../sync/engine.js';
import { startWorkflowSender, startWorkflowWorker, type WorkflowEngineSettings } from './workflow-engine.js';
import { DEFAULT_WORKFLOW_POLICY, workflowOperations, type WorkflowOperations, type WorkflowPolicy } from './workflow-operations.js';

export interface WorkflowOptions extends Partial<WorkflowPolicy> {
  engine?: Partial<WorkflowEngineSettings>;
  onError?: (error: unknown) => void;
}

/** Jobs one worker takes per fetch: enough for the incident platform's 50 concurrent creations. */
export const DEFAULT_TASK_BATCH = 50;

function reportToStderr(error: unknown): void {
  process.stderr.write(`workflows: ${error instanceof Error ? error.message : String(error)}\n`);
}

export async function openWorkflows(context: ServiceContext, integrations: IntegrationOperations, options: WorkflowOptions = {}) {
  const engine: WorkflowEngineSettings = { ...DEFAULT_ENGINE_SETTINGS, batchSize: DEFAULT_TASK_BATCH, ...options.engine };
  const policy: WorkflowPolicy = {
    defaultConcurrency: options.defaultConcurrency ?? DEFAULT_WORKFLOW_POLICY.defaultConcurrency,
    taskLeaseSeconds: options.taskLeaseSeconds ?? DEFAULT_WORKFLOW_POLICY.taskLeaseSeconds,
    now: options.now ?? (() => new Date()),
  };
  const onError = options.onError ?? reportToStderr;
  const sender = await startWorkflowSender(context.db, engine);
  const operations: WorkflowOperations = workflowOperations(context, integrations, policy, sender);
  let worker: Promise<Boss> | undefined;
  const stopBoss = (boss: Boss) => boss.stop({ graceful: true, close: false, timeout: 5_000, wait: true });
  return {
    operations,
    startWorkers(): Promise<void> {
      worker ??= startWorkflowWorker(context.db, engine, { runTask: (taskId) => operations.runTask(taskId), tick: async () => void (await operations.tick()), onError });
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
