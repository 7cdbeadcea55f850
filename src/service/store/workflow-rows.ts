/**
 * The `workflows`, `workflow_tasks` and `workflow_settings` tables: inserting a workflow with its
 * tasks, reading them, claiming, settling, cancelling and retrying tasks. A task's status changes
 * only through `TASK_MOVES`.
 */
import type { Queryable } from './database.js';
import { stateMachine } from './transitions.js';
import { settledStatus, type TaskRow, type TaskStatus, type WorkflowKind, type WorkflowRow, type WorkflowStatus } from '../workflows/workflow-view.js';

/**
 * Every move a workflow task may make. A task is inserted `pending` or `scheduled` (or already
 * `skipped` or `manual`, when planning found nothing to run); a running task settles; a failed
 * one is retried by an operator; waiting tasks are skipped when their workflow is cancelled or
 * their activation is not needed.
 */
export const TASK_MOVES = stateMachine<TaskStatus>('workflow task', {
  pending: ['running', 'skipped'],
  scheduled: ['running', 'skipped'],
  running: ['succeeded', 'failed', 'skipped'],
  failed: ['pending', 'scheduled'],
  succeeded: [],
  skipped: [],
  manual: [],
});

const WAITING: readonly TaskStatus[] = ['pending', 'scheduled'];

export interface NewTask {
  id: string;
  integrationId: string | null;
  integrationName: string;
  action: string;
  status: TaskStatus;
  dependsOn?: string;
  runAt?: Date;
  accountId?: string;
  vars?: Record<string, unknown>;
  reason?: string;
}

export interface NewWorkflow {
  id: string;
  tenantId: string;
  kind: WorkflowKind;
  personId: string;
  idempotencyKey: string;
  requestDigest: string;
  createdBy: string;
  tasks: readonly NewTask[];
}

export async function insertWorkflow(tx: Queryable, workflow: NewWorkflow): Promise<void> {
  const status: WorkflowStatus =
    settledStatus(workflow.tasks.map((task) => ({ id: task.id, status: task.status, depends_on: task.dependsOn ?? null }))) ?? 'running';
  await tx.query(
    `INSERT INTO workflows (id, tenant_id, kind, person_id, status, idempotency_key, request_digest, created_by, finished_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $5 = 'running' THEN NULL ELSE now() END)`,
    [workflow.id, workflow.tenantId, workflow.kind, workflow.personId, status, workflow.idempotencyKey, workflow.requestDigest, workflow.createdBy],
  );
  if (workflow.tasks.length === 0) return;
  const rows = workflow.tasks.map((task, position) => ({
    id: task.id,
    position,
    integration_id: task.integrationId,
    integration_name: task.integrationName,
    action: task.action,
    status: task.status,
    depends_on: task.dependsOn ?? null,
    run_at: task.runAt?.toISOString() ?? null,
    account_external_id: task.accountId ?? null,
    vars: task.vars ?? null,
    reason: task.reason ?? null,
  }));
  await tx.query(
    `INSERT INTO workflow_tasks (id, workflow_id, tenant_id, position, integration_id, integration_name, action, status, depends_on, run_at, account_external_id, vars, reason, finished_at)
     SELECT x.id, $1, $2, x.position, x.integration_id, x.integration_name, x.action, x.status, x.depends_on, x.run_at, x.account_external_id, x.vars, x.reason,
       CASE WHEN x.status IN ('skipped', 'manual') THEN now() END
     FROM jsonb_to_recordset($3::jsonb) AS x(id text, position int, integration_id text, integration_name text, action text, status text, depends_on text,
       run_at timestamptz, account_external_id text, vars jsonb, reason text)
     ORDER BY x.position`,
    [workflow.id, workflow.tenantId, JSON.stringify(rows)],
  );
}

export async function findWorkflowByKey(db: Queryable, tenantId: string, idempotencyKey: string): Promise<WorkflowRow | undefined> {
  const { rows } = await db.query<WorkflowRow>('SELECT * FROM workflows WHERE tenant_id = $1 AND idempotency_key = $2', [tenantId, idempotencyKey]);
  return rows[0];
}

export async function findWorkflow(
  db: Queryable,
  ref: { tenantId: string; workflowId: string },
  options: { forUpdate?: boolean } = {},
): Promise<WorkflowRow | undefined> {
  const { rows } = await db.query<WorkflowRow>(`SELECT * FROM workflows WHERE tenant_id = $1 AND id = $2${options.forUpdate ? ' FOR UPDATE' : ''}`, [
    ref.tenantId,
    ref.workflowId,
  ]);
  return rows[0];
}

export async function loadTasks(db: Queryable, workflowIds: readonly string[]): Promise<Map<string, TaskRow[]>> {
  const byWorkflow = new Map<string, TaskRow[]>(workflowIds.map((id) => [id, []]));
  if (workflowIds.length === 0) return byWorkflow;
  const { rows } = await db.query<TaskRow>(
    `SELECT t.*, ARRAY(SELECT s.name FROM task_secrets s WHERE s.task_id = t.id ORDER BY s.name) AS waiting_secrets
     FROM workflow_tasks t WHERE t.workflow_id = ANY($1::text[]) ORDER BY t.workflow_id, t.position`,
    [[...workflowIds]],
  );
  for (const row of rows) byWorkflow.get(row.workflow_id)?.push(row);
  return byWorkflow;
}

export async function findTask(db: Queryable, taskId: string): Promise<TaskRow | undefined> {
  const { rows } = await db.query<TaskRow>('SELECT * FROM workflow_tasks WHERE id = $1', [taskId]);
  return rows[0];
}

/** Newest first; `before` is the (created_at, id) of the last workflow of the previous page. */
export async function listWorkflowRows(
  db: Queryable,
  query: { tenantId: string; status?: WorkflowStatus; personId?: string; before?: { createdAt: string; id: string }; limit: number },
): Promise<WorkflowRow[]> {
  const { rows } = await db.query<WorkflowRow>(
    `SELECT * FROM workflows
     WHERE tenant_id = $1 AND ($2::text IS NULL OR status = $2) AND ($3::text IS NULL OR person_id = $3)
       AND ($4::timestamptz IS NULL OR (created_at, id) < ($4::timestamptz, $5::text))
     ORDER BY created_at DESC, id DESC LIMIT $6`,
    [query.tenantId, query.status ?? null, query.personId ?? null, query.before?.createdAt ?? null, query.before?.id ?? null, query.limit],
  );
  return rows;
}

/** A task that may run now: not started, due, its workflow running, and what it waits on done. */
const READY = `t.status IN ('pending', 'scheduled') AND (t.run_at IS NULL OR t.run_at <= $NOW::timestamptz)
  AND EXISTS (SELECT 1 FROM workflows w WHERE w.id = t.workflow_id AND w.status = 'running')
  AND (t.depends_on IS NULL OR EXISTS (SELECT 1 FROM workflow_tasks d WHERE d.id = t.depends_on AND d.status IN ('succeeded', 'skipped')))`;

const ready = (nowParam: number) => READY.replaceAll('$NOW', `$${nowParam}`);

/**
 * Claims one ready task of an integration's action (the given one, or the oldest due), within the
 * action's concurrency: the count of running tasks and the claim happen under one advisory lock per
 * (integration, action), so every worker together stays within the limit. Returns undefined when
 * nothing is ready or the limit is reached.
 */
export async function claimTask(
  tx: Queryable,
  input: { integrationId: string; action: string; taskId?: string; now: Date; limit: number },
): Promise<TaskRow | undefined> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 20))', [`workflow-task:${input.integrationId}:${input.action}`]);
  const running = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM workflow_tasks WHERE integration_id = $1 AND action = $2 AND status = 'running'`,
    [input.integrationId, input.action],
  );
  if ((running.rows[0]?.n ?? 0) >= input.limit) return undefined;
  const { rows } = await tx.query<TaskRow>(
    `UPDATE workflow_tasks SET status = $6, attempts = attempts + 1, started_at = $3, finished_at = NULL, error_code = NULL, error_message = NULL, error_detail = NULL
     WHERE status = ANY($5::text[]) AND id = (
       SELECT t.id FROM workflow_tasks t
       WHERE t.integration_id = $1 AND t.action = $2 AND ($4::text IS NULL OR t.id = $4) AND ${ready(3)}
       ORDER BY t.run_at NULLS FIRST LIMIT 1 FOR UPDATE SKIP LOCKED)
     RETURNING *`,
    [input.integrationId, input.action, input.now.toISOString(), input.taskId ?? null, TASK_MOVES.sources('running', WAITING), 'running'],
  );
  return rows[0];
}

/** Ready tasks (id, integration, action), oldest first: what a tick hands to the engine. */
export async function listReadyTasks(
  db: Queryable,
  input: { now: Date; limit: number; workflowId?: string },
): Promise<Pick<TaskRow, 'id' | 'integration_id' | 'action'>[]> {
  const { rows } = await db.query<Pick<TaskRow, 'id' | 'integration_id' | 'action'>>(
    `SELECT t.id, t.integration_id, t.action FROM workflow_tasks t
     WHERE t.integration_id IS NOT NULL AND ($3::text IS NULL OR t.workflow_id = $3) AND ${ready(1)}
     ORDER BY t.run_at NULLS FIRST, t.workflow_id, t.position LIMIT $2`,
    [input.now.toISOString(), input.limit, input.workflowId ?? null],
  );
  return rows;
}

export interface TaskOutcome {
  status: Extract<TaskStatus, 'succeeded' | 'failed' | 'skipped'>;
  reason?: string;
  error?: { code: string; message: string; failure?: Record<string, unknown> };
  accountId?: string;
}

/** Settles a running task; an account id it learned (a creation's) passes to the tasks that wait on it. */
export async function settleTask(tx: Queryable, input: { taskId: string; outcome: TaskOutcome; now: Date }): Promise<void> {
  const { outcome } = input;
  const { from, to } = TASK_MOVES.transition('running', outcome.status);
  await tx.query(
    `UPDATE workflow_tasks SET status = $2, reason = $3, error_code = $4, error_message = $5, error_detail = $6::jsonb, finished_at = $7,
       account_external_id = COALESCE($8, account_external_id)
     WHERE id = $1 AND status = $9`,
    [
      input.taskId,
      to,
      outcome.reason ?? null,
      outcome.error?.code ?? null,
      outcome.error?.message ?? null,
      outcome.error?.failure ? JSON.stringify(outcome.error.failure) : null,
      input.now.toISOString(),
      outcome.accountId ?? null,
      from,
    ],
  );
  if (outcome.accountId !== undefined) {
    await tx.query('UPDATE workflow_tasks SET account_external_id = $2 WHERE depends_on = $1 AND account_external_id IS NULL', [
      input.taskId,
      outcome.accountId,
    ]);
  }
}

/** Recomputes a running workflow's status from its tasks; returns the status it now has. */
export async function refreshWorkflowStatus(tx: Queryable, workflowId: string): Promise<WorkflowStatus | undefined> {
  const { rows: workflows } = await tx.query<{ status: WorkflowStatus }>('SELECT status FROM workflows WHERE id = $1 FOR UPDATE', [workflowId]);
  const current = workflows[0]?.status;
  if (current === undefined || current === 'cancelled') return current;
  const { rows } = await tx.query<Pick<TaskRow, 'id' | 'status' | 'depends_on'>>('SELECT id, status, depends_on FROM workflow_tasks WHERE workflow_id = $1', [
    workflowId,
  ]);
  const next = settledStatus(rows) ?? 'running';
  if (next !== current) {
    await tx.query(`UPDATE workflows SET status = $2, finished_at = CASE WHEN $2 = 'running' THEN NULL ELSE now() END WHERE id = $1`, [workflowId, next]);
  }
  return next;
}

/**
 * Tasks left `running` by a worker that died: the target may or may not have acted, so they are
 * not run again on their own. They fail with WORKER_LOST, and an operator retries them knowingly.
 */
export async function failLostTasks(db: Queryable, input: { startedBefore: Date; now: Date }): Promise<string[]> {
  const { from, to } = TASK_MOVES.transition('running', 'failed');
  const { rows } = await db.query<{ workflow_id: string }>(
    `UPDATE workflow_tasks SET status = $4, error_code = 'WORKER_LOST', finished_at = $2,
       error_message = 'the worker running this task stopped before it finished; the target may or may not have acted'
     WHERE status = $3 AND started_at < $1 RETURNING workflow_id`,
    [input.startedBefore.toISOString(), input.now.toISOString(), from, to],
  );
  return [...new Set(rows.map((row) => row.workflow_id))];
}

/** Skips the waiting tasks of a workflow (cancelled), or those waiting on a task (an activation not needed). */
export async function skipWaitingTasks(tx: Queryable, input: { workflowId?: string; dependsOn?: string; action?: string; reason: string }): Promise<void> {
  await tx.query(
    `UPDATE workflow_tasks SET status = $5, reason = $4, finished_at = now()
     WHERE ($1::text IS NULL OR workflow_id = $1) AND ($2::text IS NULL OR depends_on = $2) AND ($3::text IS NULL OR action = $3) AND status = ANY($6::text[])
       AND ($1::text IS NOT NULL OR $2::text IS NOT NULL)`,
    [input.workflowId ?? null, input.dependsOn ?? null, input.action ?? null, input.reason, 'skipped', TASK_MOVES.sources('skipped', WAITING)],
  );
}

/** A failed task waits again: scheduled if it has a time, else pending. */
export async function requeueFailedTask(tx: Queryable, taskId: string): Promise<void> {
  const [toPending, toScheduled] = [TASK_MOVES.transition('failed', 'pending'), TASK_MOVES.transition('failed', 'scheduled')];
  await tx.query(`UPDATE workflow_tasks SET status = CASE WHEN run_at IS NULL THEN $2 ELSE $3 END, finished_at = NULL WHERE id = $1 AND status = $4`, [
    taskId,
    toPending.to,
    toScheduled.to,
    toPending.from,
  ]);
}

/** Replaces the variables of a failed task before it is retried (the operator supplied what was missing). */
export async function replaceTaskVars(tx: Queryable, input: { taskId: string; vars: Record<string, unknown> }): Promise<void> {
  await tx.query(`UPDATE workflow_tasks SET vars = $2 WHERE id = $1 AND status = 'failed'`, [input.taskId, JSON.stringify(input.vars)]);
}

/** A cancelled workflow ends at once; its waiting tasks are skipped by `skipWaitingTasks`. */
export async function cancelWorkflowRow(tx: Queryable, workflowId: string): Promise<void> {
  await tx.query(`UPDATE workflows SET status = 'cancelled', finished_at = now() WHERE id = $1`, [workflowId]);
}

/** A workflow with a task retried runs again. */
export async function reopenWorkflow(tx: Queryable, workflowId: string): Promise<void> {
  await tx.query(`UPDATE workflows SET status = 'running', finished_at = NULL WHERE id = $1`, [workflowId]);
}

export interface WorkflowSettingsRow {
  keep_accounts: boolean;
  max_concurrency: number | null;
}

export async function loadWorkflowSettings(db: Queryable, integrationId: string): Promise<WorkflowSettingsRow> {
  const { rows } = await db.query<WorkflowSettingsRow>('SELECT keep_accounts, max_concurrency FROM workflow_settings WHERE integration_id = $1', [
    integrationId,
  ]);
  return rows[0] ?? { keep_accounts: false, max_concurrency: null };
}

export async function saveWorkflowSettings(
  tx: Queryable,
  input: { tenantId: string; integrationId: string; keepAccounts: boolean; maxConcurrency: number | null },
): Promise<WorkflowSettingsRow> {
  const { rows } = await tx.query<WorkflowSettingsRow>(
    `INSERT INTO workflow_settings (integration_id, tenant_id, keep_accounts, max_concurrency) VALUES ($1, $2, $3, $4)
     ON CONFLICT (integration_id) DO UPDATE SET keep_accounts = $3, max_concurrency = $4, updated_at = now()
     RETURNING keep_accounts, max_concurrency`,
    [input.integrationId, input.tenantId, input.keepAccounts, input.maxConcurrency],
  );
  return rows[0]!;
}

/** A secret an action generated for the task's person, sealed (see 0120_task_secrets.sql). */
export interface SealedTaskSecret {
  name: string;
  nonce: string;
  ciphertext: string;
}

export async function insertTaskSecrets(
  tx: Queryable,
  input: { taskId: string; tenantId: string; integrationId: string; secrets: readonly SealedTaskSecret[] },
): Promise<void> {
  if (input.secrets.length === 0) return;
  await tx.query(
    `INSERT INTO task_secrets (task_id, tenant_id, integration_id, name, nonce, ciphertext)
     SELECT $1, $2, $3, x.name, x.nonce, x.ciphertext FROM jsonb_to_recordset($4::jsonb) AS x(name text, nonce text, ciphertext text)
     ON CONFLICT (task_id, name) DO UPDATE SET nonce = EXCLUDED.nonce, ciphertext = EXCLUDED.ciphertext, created_at = now()`,
    [input.taskId, input.tenantId, input.integrationId, JSON.stringify(input.secrets)],
  );
}

/** Takes (reads and deletes) a task's waiting secrets: each is handed over once. */
export async function takeTaskSecrets(tx: Queryable, input: { tenantId: string; taskId: string }): Promise<(SealedTaskSecret & { integration_id: string })[]> {
  const { rows } = await tx.query<SealedTaskSecret & { integration_id: string }>(
    'DELETE FROM task_secrets WHERE tenant_id = $1 AND task_id = $2 RETURNING name, nonce, ciphertext, integration_id',
    [input.tenantId, input.taskId],
  );
  return rows.sort((a, b) => a.name.localeCompare(b.name));
}
