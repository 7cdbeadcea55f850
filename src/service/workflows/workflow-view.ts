/** What a workflow and its tasks look like to callers (API, CLI, console), and the rows they come from. */

/** `move`: a change of a person's access profiles (creations, activations and removals together; src/service/movers). */
export const WORKFLOW_KINDS = ['onboarding', 'offboarding', 'provisioner_action', 'move'] as const;
export type WorkflowKind = (typeof WORKFLOW_KINDS)[number];

export const WORKFLOW_STATUSES = ['running', 'succeeded', 'needs_attention', 'cancelled'] as const;
export type WorkflowStatus = (typeof WORKFLOW_STATUSES)[number];

/**
 * `manual`: no enabled action can do this step; a person must (listed so it is not forgotten).
 * `skipped` always carries its reason.
 */
export const TASK_STATUSES = ['pending', 'scheduled', 'running', 'succeeded', 'failed', 'skipped', 'manual'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** The task statuses no worker will change any more (a failed task changes only when retried). */
export const SETTLED_TASK_STATUSES: readonly TaskStatus[] = ['succeeded', 'failed', 'skipped', 'manual'];

export interface WorkflowTask {
  id: string;
  integrationId: string | null;
  integrationName: string;
  action: string;
  status: TaskStatus;
  /** When a scheduled task (an activation) is due. */
  runAt?: string;
  /** Why it was skipped, why it is manual, or what the target said when it was already done. */
  reason?: string;
  error?: { code: string; message: string; failure?: Record<string, unknown> };
  /** The target's id of the account it acts on, once known. */
  accountId?: string;
  /** Names of the secrets the action generated for the person (e.g. `password`), waiting for an admin to take them once. Never their values. */
  secretsWaiting?: string[];
  attempts: number;
  startedAt?: string;
  finishedAt?: string;
}

export interface Workflow {
  id: string;
  kind: WorkflowKind;
  /** Null: the removal of an account no person is linked to (an access review's orphan); `account` names it. */
  personId: string | null;
  /** Only when `personId` is null: the account the workflow removes. */
  account?: { integrationId: string | null; integrationName: string; accountId: string };
  status: WorkflowStatus;
  createdBy: string;
  createdAt: string;
  finishedAt?: string;
  tasks: WorkflowTask[];
}

export interface WorkflowRow {
  id: string;
  tenant_id: string;
  kind: WorkflowKind;
  person_id: string | null;
  status: WorkflowStatus;
  idempotency_key: string;
  request_digest: string;
  created_by: string;
  created_at: Date;
  finished_at: Date | null;
}

export interface TaskRow {
  id: string;
  workflow_id: string;
  tenant_id: string;
  position: number;
  integration_id: string | null;
  integration_name: string;
  action: string;
  status: TaskStatus;
  depends_on: string | null;
  run_at: Date | null;
  account_external_id: string | null;
  vars: Record<string, unknown> | null;
  reason: string | null;
  error_code: string | null;
  error_message: string | null;
  error_detail: Record<string, unknown> | null;
  attempts: number;
  /** The last attempt may have acted on the target without the service learning it (0180): a creation is looked up before it is sent again. */
  outcome_unknown: boolean;
  started_at: Date | null;
  finished_at: Date | null;
  /** Read with the task (loadTasks): the names in task_secrets. */
  waiting_secrets?: string[];
}

const iso = (value: Date | null): string | undefined => (value === null ? undefined : new Date(value).toISOString());

export function toTask(row: TaskRow): WorkflowTask {
  const task: WorkflowTask = {
    id: row.id,
    integrationId: row.integration_id,
    integrationName: row.integration_name,
    action: row.action,
    status: row.status,
    attempts: row.attempts,
  };
  if (row.run_at !== null) task.runAt = iso(row.run_at);
  if (row.reason !== null) task.reason = row.reason;
  if (row.error_code !== null)
    task.error = { code: row.error_code, message: row.error_message ?? '', ...(row.error_detail ? { failure: row.error_detail } : {}) };
  if (row.account_external_id !== null) task.accountId = row.account_external_id;
  if (row.waiting_secrets?.length) task.secretsWaiting = [...row.waiting_secrets];
  if (row.started_at !== null) task.startedAt = iso(row.started_at);
  if (row.finished_at !== null) task.finishedAt = iso(row.finished_at);
  return task;
}

export function toWorkflow(row: WorkflowRow, tasks: readonly TaskRow[]): Workflow {
  const workflow: Workflow = {
    id: row.id,
    kind: row.kind,
    personId: row.person_id,
    status: row.status,
    createdBy: row.created_by,
    createdAt: new Date(row.created_at).toISOString(),
    tasks: tasks.map(toTask),
  };
  if (row.finished_at !== null) workflow.finishedAt = iso(row.finished_at);
  const [first] = tasks;
  if (row.person_id === null && first)
    workflow.account = { integrationId: first.integration_id, integrationName: first.integration_name, accountId: first.account_external_id ?? '' };
  return workflow;
}

/**
 * Whom a workflow acts for, in words, for every listing (console, CLI): the person's name (or id
 * when unknown), or "no person (account X on Y)" for an orphan account's removal.
 */
export function workflowSubject(workflow: Pick<Workflow, 'personId' | 'account'>, personName?: string): string {
  if (workflow.personId !== null) return personName ?? workflow.personId;
  const account = workflow.account;
  return account ? `no person (account ${account.accountId} on ${account.integrationName})` : 'no person';
}

/**
 * A workflow's status from its tasks: running while any task can still move; once none can,
 * needs_attention when a task failed or waits for a person, else succeeded. A task waiting on a
 * failed task cannot move until that one is retried.
 */
export function settledStatus(tasks: readonly Pick<TaskRow, 'id' | 'status' | 'depends_on'>[]): WorkflowStatus | undefined {
  const statusOf = new Map(tasks.map((task) => [task.id, task.status]));
  const blocked = (task: Pick<TaskRow, 'status' | 'depends_on'>) =>
    task.status === 'pending' && task.depends_on !== null && statusOf.get(task.depends_on) === 'failed';
  if (tasks.some((task) => !SETTLED_TASK_STATUSES.includes(task.status) && !blocked(task))) return undefined;
  return tasks.some((task) => task.status === 'failed' || task.status === 'manual') ? 'needs_attention' : 'succeeded';
}
