/**
 * Every queue of the engine, declared once. A job carries only an id (a task's) or nothing (a tick)
 * and is idempotent: business state stays in our tables (docs/contributors/architecture-service.md).
 * Sync runs have no queue: workers claim them from `sync_runs` (sync/run-dispatcher.ts); the queue
 * 'integration-sync-runs' of earlier versions is no longer read.
 */

export interface QueueDeclaration {
  /** pg-boss's queue name (kept when a queue's key here is renamed: jobs in flight use it). */
  name: string;
  /** Engine retries of a failed job; its delay in seconds, doubled each time with `backoff`. */
  retryLimit: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  /** Which settings give its jobs' expiry (a job active longer is treated as its worker's death). */
  expiry: 'sync' | 'workflows';
}

export const QUEUES = {
  /** The sync's scheduling tick (cron): queues the runs now due and wakes the workers of its process. */
  syncTick: { name: 'integration-sync-tick', retryLimit: 3, retryDelay: 5, retryBackoff: true, expiry: 'sync' },
  /**
   * A wake-up call for one workflow task. No engine retries: a task's fate is in our tables, and
   * the workflow tick wakes whatever is still ready.
   */
  workflowTask: { name: 'workflow-task', retryLimit: 0, expiry: 'workflows' },
  /** The workflows' tick (cron): fails tasks whose worker died and wakes every ready task. */
  workflowTick: { name: 'workflow-tick', retryLimit: 0, expiry: 'workflows' },
} as const satisfies Record<string, QueueDeclaration>;

export type QueueKey = keyof typeof QUEUES;
