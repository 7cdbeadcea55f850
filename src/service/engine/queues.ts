/**
 * Every queue of the engine, declared once. A job carries only an id (a run's, a task's) and is
 * idempotent on it: business state stays in our tables (docs/contributors/architecture-service.md).
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
  /**
   * One sync run per job. 'standard' policy: at most one open run per integration is our table's
   * rule (a unique index on open runs), and a run's claim is idempotent, so a duplicate job is
   * harmless. pg-boss's 'stately' policy, used before under the name 'integration-sync', made one
   * job left active by a dead worker block the head of the whole queue.
   */
  syncRun: { name: 'integration-sync-runs', retryLimit: 3, retryDelay: 5, retryBackoff: true, expiry: 'sync' },
  /** The sync's scheduling tick (cron): queues the runs now due and rescues stale ones. */
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
