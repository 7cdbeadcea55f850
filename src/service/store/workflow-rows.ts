/**
 * The `workflows`, `workflow_tasks` and `workflow_settings` tables: inserting a workflow with its
 * tasks, reading them, claiming, settling, cancelling and retrying tasks. A task's status changes
 * only through `TASK_MOVES`.
 */
import { FROM_MICROS, MICROS, type Queryable } from './database.js';
import type { AccountRow } from './account-rows.js';
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
  // scheduled → failed: an activation whose account the application created active anyway (ACTIVATED_EARLY).
  scheduled: ['running', 'skipped', 'failed'],
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
  /** Null: the removal of an account no person is linked to (an access review's orphan; 0330). */
  personId: string | null;
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

/**
 * Newest first; `before` is the (created_at, id) of the last workflow of the previous page, its
 * time as whole microseconds (`created_at_key`, exact: workflows started in the same millisecond
 * are neither skipped nor repeated).
 */
export async function listWorkflowRows(
  db: Queryable,
  query: { tenantId: string; status?: WorkflowStatus; personId?: string; before?: { createdAtKey: string; id: string }; limit: number },
): Promise<(WorkflowRow & { created_at_key: string })[]> {
  const { rows } = await db.query<WorkflowRow & { created_at_key: string }>(
    `SELECT *, ${MICROS('created_at')} AS created_at_key FROM workflows
     WHERE tenant_id = $1 AND ($2::text IS NULL OR status = $2) AND ($3::text IS NULL OR person_id = $3)
       AND ($4::bigint IS NULL OR (created_at, id) < (${FROM_MICROS('$4')}, $5::text))
     ORDER BY created_at DESC, id DESC LIMIT $6`,
    [query.tenantId, query.status ?? null, query.personId ?? null, query.before?.createdAtKey ?? null, query.before?.id ?? null, query.limit],
  );
  return rows;
}

/** A task that may run now: not started, due, its workflow running, and what it waits on done. */
const READY = `t.status IN ('pending', 'scheduled') AND (t.run_at IS NULL OR t.run_at <= $NOW::timestamptz)
  AND EXISTS (SELECT 1 FROM workflows w WHERE w.id = t.workflow_id AND w.status = 'running')
  AND (t.depends_on IS NULL OR EXISTS (SELECT 1 FROM workflow_tasks d WHERE d.id = t.depends_on AND d.status IN ('succeeded', 'skipped')))`;

const ready = (nowParam: number) => READY.replaceAll('$NOW', `$${nowParam}`);

/** The columns of a task a claim returns: what running and settling it reads. */
const CLAIMED_COLUMNS = [
  'id',
  'workflow_id',
  'tenant_id',
  'integration_id',
  'integration_name',
  'action',
  'depends_on',
  'account_external_id',
  'vars',
  'attempts',
  'outcome_unknown',
] as const satisfies readonly (keyof TaskRow)[];
export type ClaimedTaskColumns = Pick<TaskRow, (typeof CLAIMED_COLUMNS)[number]>;

/**
 * A claimed task with what running it needs, and no more (a claim of 200 returns 200 of these:
 * every column is parsed by the driver on the service's thread): the task's own columns that
 * running and settling read, its workflow's person and creator, and the account the Accounts list
 * holds (the fields an action's subject carries). A workflow without a person (an orphan's
 * removal, 0330) has a null `person_id` and the account's email and name in the person's place.
 */
export interface ClaimedTaskRow extends ClaimedTaskColumns {
  workflow_created_by: string;
  person_id: string | null;
  person_email: string;
  person_email_key: string;
  person_name: string;
  /** The account of `account_external_id` as the Accounts list holds it, when it has it. */
  account: Pick<AccountRow, 'external_id' | 'email' | 'name' | 'admin' | 'fields'> | null;
  /**
   * The integration's configuration version (`updated_at`, as whole microseconds in text): a
   * prepared action of another version is stale.
   */
  integration_version: string | null;
  /** A creation's scheduled activation (the earliest), read with the claim: the account is then created inactive. */
  activation_due_at: Date | string | null;
}

/** Makes sure an (integration, action) has its in-flight counter row (0181); cheap when it has. */
export async function ensureTaskCounters(db: Queryable, groups: readonly { integrationId: string; action: string }[]): Promise<void> {
  if (groups.length === 0) return;
  await db.query(
    `INSERT INTO workflow_task_counters (integration_id, action)
     SELECT x.integration_id, x.action FROM jsonb_to_recordset($1::jsonb) AS x(integration_id text, action text)
     WHERE EXISTS (SELECT 1 FROM integrations i WHERE i.id = x.integration_id)
     ON CONFLICT (integration_id, action) DO NOTHING`,
    [JSON.stringify(groups.map((group) => ({ integration_id: group.integrationId, action: group.action })))],
  );
}

/** The (integration, action) groups with a task ready now, with their tenant: what a dispatcher claims from. */
export async function listReadyGroups(
  db: Queryable,
  input: { now: Date; limit: number },
): Promise<{ tenant_id: string; integration_id: string; action: string }[]> {
  const { rows } = await db.query<{ tenant_id: string; integration_id: string; action: string }>(
    `SELECT DISTINCT t.tenant_id, t.integration_id, t.action FROM workflow_tasks t
     WHERE t.integration_id IS NOT NULL AND ${ready(1)} LIMIT $2`,
    [input.now.toISOString(), input.limit],
  );
  return rows;
}

/**
 * Gives back the in-flight slots of `released` (tasks of this (integration, action) whose request
 * ended; they stay running until they are settled) and claims up to `max` ready tasks within its
 * concurrency `limit`, in one statement: the released tasks drop their slot flag (in id order, as
 * every statement that flips it), the candidates are locked (SKIP LOCKED: another worker's are
 * left alone), then the counter row gives as many slots as are free, re-read under its row lock so
 * that every worker together stays within the limit, and as many candidates move to running,
 * each holding a slot. No lock is held after the statement. `max` 0 only gives slots back.
 */
export async function claimTaskBatch(
  db: Queryable,
  input: { integrationId: string; action: string; now: Date; limit: number; max: number; released?: readonly string[] },
): Promise<ClaimedTaskRow[]> {
  const { rows } = await db.query<ClaimedTaskRow>(
    `WITH released AS (
       UPDATE workflow_tasks t SET holds_slot = false
       FROM (SELECT id FROM workflow_tasks WHERE id = ANY($8::text[]) AND integration_id = $1 AND action = $2 AND holds_slot ORDER BY id FOR UPDATE) r
       WHERE t.id = r.id
       RETURNING t.id
     ), candidates AS (
       SELECT t.id, t.run_at FROM workflow_tasks t
       WHERE t.integration_id = $1 AND t.action = $2 AND ${ready(3)}
       ORDER BY t.run_at NULLS FIRST, t.id LIMIT $5 FOR UPDATE OF t SKIP LOCKED
     ), slots AS (
       UPDATE workflow_task_counters c
       SET running = GREATEST(c.running - (SELECT count(*)::int FROM released), 0)
             + LEAST((SELECT count(*)::int FROM candidates), GREATEST($4 - GREATEST(c.running - (SELECT count(*)::int FROM released), 0), 0)),
           last_taken = LEAST((SELECT count(*)::int FROM candidates), GREATEST($4 - GREATEST(c.running - (SELECT count(*)::int FROM released), 0), 0))
       WHERE c.integration_id = $1 AND c.action = $2
       RETURNING c.last_taken
     ), picked AS (
       SELECT id FROM candidates ORDER BY run_at NULLS FIRST, id LIMIT (SELECT COALESCE(max(last_taken), 0) FROM slots)
     ), claimed AS (
       UPDATE workflow_tasks t SET status = $7, attempts = t.attempts + 1, started_at = $3, finished_at = NULL, error_code = NULL, error_message = NULL, error_detail = NULL,
         holds_slot = true
       FROM picked WHERE t.id = picked.id AND t.status = ANY($6::text[])
       RETURNING ${CLAIMED_COLUMNS.map((column) => `t.${column}`).join(', ')}
     )
     SELECT c.*, w.created_by AS workflow_created_by, p.id AS person_id, COALESCE(p.email, acc.email, '') AS person_email,
       COALESCE(p.email_key, acc.email_key, '') AS person_email_key, COALESCE(p.name, acc.name, '') AS person_name,
       CASE WHEN acc.id IS NOT NULL THEN json_build_object('external_id', acc.external_id, 'email', acc.email, 'name', acc.name, 'admin', acc.admin,
         'fields', acc.fields) END AS account,
       (SELECT ${MICROS('i.updated_at')} FROM integrations i WHERE i.id = c.integration_id) AS integration_version,
       CASE WHEN c.action = 'createUser' THEN (SELECT min(s.run_at) FROM workflow_tasks s
         WHERE s.depends_on = c.id AND s.action = 'activateUser' AND s.status = 'scheduled' AND s.run_at IS NOT NULL) END AS activation_due_at
     FROM claimed c JOIN workflows w ON w.id = c.workflow_id LEFT JOIN people p ON p.id = w.person_id
       LEFT JOIN accounts acc ON acc.tenant_id = c.tenant_id AND acc.integration_id = c.integration_id AND acc.external_id = c.account_external_id`,
    [
      input.integrationId,
      input.action,
      input.now.toISOString(),
      input.limit,
      input.max,
      TASK_MOVES.sources('running', WAITING),
      'running',
      [...(input.released ?? [])],
    ],
  );
  return rows;
}

/**
 * Recomputes each in-flight counter from the running tasks that hold a slot. The counter rows are
 * locked first, so no claim, release or settle changes them meanwhile; the count is a later
 * statement, which sees every one committed before the locks.
 */
export async function reconcileTaskCounters(tx: Queryable): Promise<void> {
  await tx.query('SELECT 1 FROM workflow_task_counters ORDER BY integration_id, action FOR UPDATE');
  await tx.query(
    `UPDATE workflow_task_counters c SET running = COALESCE(
       (SELECT count(*)::int FROM workflow_tasks t WHERE t.integration_id = c.integration_id AND t.action = c.action AND t.status = 'running' AND t.holds_slot), 0)
     WHERE c.running <> COALESCE(
       (SELECT count(*)::int FROM workflow_tasks t WHERE t.integration_id = c.integration_id AND t.action = c.action AND t.status = 'running' AND t.holds_slot), 0)`,
  );
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
  /**
   * Whether the target may have acted without the service learning it (a timeout, a reset after
   * the request was sent, a 5xx to a request that is not idempotent): true marks the task, false
   * clears the mark, absent keeps it (a lookup that failed proved nothing).
   */
  outcomeUnknown?: boolean;
}

/** One running task to settle: the attempt it ran as, and its outcome. */
export interface TaskSettlement {
  taskId: string;
  /** Only this attempt is settled: a worker that outlived its lease cannot settle the attempt that replaced it. */
  attempt?: number;
  outcome: TaskOutcome;
}

/**
 * Settles running tasks in one statement, which also gives back the slots of those that still hold
 * one (a task whose request ended gave it back already, see `claimTaskBatch`); an account id a
 * task learned (a creation's) passes to the tasks that wait on it.
 * Returns the ids settled (a stale attempt is not). Give the tasks of one (integration, action)
 * per call inside a transaction, so that counter rows are locked in one order.
 */
export async function settleTasks(tx: Queryable, input: { settlements: readonly TaskSettlement[]; now: Date }): Promise<string[]> {
  if (input.settlements.length === 0) return [];
  const items = input.settlements.map(({ taskId, attempt, outcome }) => {
    const { to } = TASK_MOVES.transition('running', outcome.status);
    return {
      id: taskId,
      attempt: attempt ?? null,
      status: to,
      reason: outcome.reason ?? null,
      error_code: outcome.error?.code ?? null,
      error_message: outcome.error?.message ?? null,
      error_detail: outcome.error?.failure ?? null,
      account_id: outcome.accountId ?? null,
      outcome_unknown: outcome.outcomeUnknown ?? null,
    };
  });
  const { rows } = await tx.query<{ id: string }>(
    `WITH x AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(id text, attempt int, status text, reason text, error_code text, error_message text,
         error_detail jsonb, account_id text, outcome_unknown boolean)
     ), held AS (
       SELECT t.id, t.holds_slot FROM workflow_tasks t JOIN x ON x.id = t.id
       WHERE t.status = $3 AND (x.attempt IS NULL OR t.attempts = x.attempt) ORDER BY t.id FOR UPDATE OF t
     ), settled AS (
       UPDATE workflow_tasks t SET status = x.status, reason = x.reason, error_code = x.error_code, error_message = x.error_message,
         error_detail = x.error_detail, finished_at = $2, account_external_id = COALESCE(x.account_id, t.account_external_id),
         outcome_unknown = COALESCE(x.outcome_unknown, t.outcome_unknown), holds_slot = false
       FROM x, held WHERE t.id = x.id AND held.id = t.id
       RETURNING t.id, t.integration_id, t.action, held.holds_slot AS had_slot
     ), freed AS (
       UPDATE workflow_task_counters c SET running = GREATEST(c.running - g.n, 0)
       FROM (SELECT integration_id, action, count(*)::int AS n FROM settled WHERE integration_id IS NOT NULL AND had_slot GROUP BY integration_id, action) g
       WHERE c.integration_id = g.integration_id AND c.action = g.action
       RETURNING c.integration_id
     )
     SELECT id FROM settled`,
    [JSON.stringify(items), input.now.toISOString(), 'running'],
  );
  const learned = items.filter((item) => item.account_id !== null && rows.some((row) => row.id === item.id));
  if (learned.length > 0) {
    await tx.query(
      `UPDATE workflow_tasks d SET account_external_id = x.account_id
       FROM jsonb_to_recordset($1::jsonb) AS x(id text, account_id text) WHERE d.depends_on = x.id AND d.account_external_id IS NULL`,
      [JSON.stringify(learned.map((item) => ({ id: item.id, account_id: item.account_id })))],
    );
  }
  return rows.map((row) => row.id);
}

/** Settles one running task (see `settleTasks`); false when that attempt was no longer running. */
export async function settleTask(tx: Queryable, input: { taskId: string; outcome: TaskOutcome; now: Date; attempt?: number }): Promise<boolean> {
  const settled = await settleTasks(tx, {
    settlements: [{ taskId: input.taskId, outcome: input.outcome, ...(input.attempt === undefined ? {} : { attempt: input.attempt }) }],
    now: input.now,
  });
  return settled.length > 0;
}

/**
 * Recomputes the status of running workflows from their tasks, in three statements whatever their
 * number. The tasks are read by a statement after the one that locks the workflows: it sees every
 * settle of the same workflows committed before the locks (one statement that locked and read
 * would read the tasks as they were when it began, before it waited for a lock).
 */
export async function refreshWorkflowStatuses(tx: Queryable, workflowIds: readonly string[]): Promise<void> {
  const ids = [...new Set(workflowIds)].sort();
  if (ids.length === 0) return;
  const { rows: workflows } = await tx.query<{ id: string; status: WorkflowStatus }>(
    `SELECT id, status FROM workflows WHERE id = ANY($1::text[]) AND status <> 'cancelled' ORDER BY id FOR UPDATE`,
    [ids],
  );
  if (workflows.length === 0) return;
  const { rows: tasks } = await tx.query<Pick<TaskRow, 'id' | 'status' | 'depends_on' | 'workflow_id'>>(
    'SELECT id, status, depends_on, workflow_id FROM workflow_tasks WHERE workflow_id = ANY($1::text[])',
    [workflows.map((row) => row.id)],
  );
  const byWorkflow = new Map<string, Pick<TaskRow, 'id' | 'status' | 'depends_on'>[]>();
  for (const task of tasks) byWorkflow.set(task.workflow_id, [...(byWorkflow.get(task.workflow_id) ?? []), task]);
  const changed = workflows
    .map((row) => ({ id: row.id, from: row.status, status: settledStatus(byWorkflow.get(row.id) ?? []) ?? 'running' }))
    .filter((row) => row.status !== row.from);
  if (changed.length === 0) return;
  await tx.query(
    `UPDATE workflows w SET status = x.status, finished_at = CASE WHEN x.status = 'running' THEN NULL ELSE now() END
     FROM jsonb_to_recordset($1::jsonb) AS x(id text, status text) WHERE w.id = x.id`,
    [JSON.stringify(changed.map(({ id, status }) => ({ id, status })))],
  );
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
 * not run again on their own. They fail with WORKER_LOST, marked `outcome_unknown`, and an operator
 * retries them knowingly (a creation is looked up on the target before it is sent again).
 */
export async function failLostTasks(db: Queryable, input: { startedBefore: Date; now: Date }): Promise<string[]> {
  const { from, to } = TASK_MOVES.transition('running', 'failed');
  const { rows } = await db.query<{ workflow_id: string }>(
    `WITH held AS (
       SELECT id, holds_slot FROM workflow_tasks WHERE status = $3 AND started_at < $1 ORDER BY id FOR UPDATE
     ), lost AS (
       UPDATE workflow_tasks t SET status = $4, error_code = 'WORKER_LOST', finished_at = $2, outcome_unknown = true, holds_slot = false,
         error_message = 'the worker running this task stopped before it finished; the target may or may not have acted'
       FROM held WHERE t.id = held.id RETURNING t.workflow_id, t.integration_id, t.action, held.holds_slot AS had_slot
     ), freed AS (
       UPDATE workflow_task_counters c SET running = GREATEST(c.running - g.n, 0)
       FROM (SELECT integration_id, action, count(*)::int AS n FROM lost WHERE integration_id IS NOT NULL AND had_slot GROUP BY integration_id, action) g
       WHERE c.integration_id = g.integration_id AND c.action = g.action
       RETURNING c.integration_id
     )
     SELECT workflow_id FROM lost`,
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

/**
 * The scheduled activation of an account the application created active although it was asked
 * for an inactive one: the person has access before the chosen time, so the activation fails with
 * `code` (the workflow needs attention) instead of being skipped as not needed.
 */
export async function failScheduledActivation(tx: Queryable, input: { dependsOn: string; code: string; message: string; now: Date }): Promise<void> {
  const { from, to } = TASK_MOVES.transition('scheduled', 'failed');
  await tx.query(
    `UPDATE workflow_tasks SET status = $2, error_code = $3, error_message = $4, finished_at = $5
     WHERE depends_on = $1 AND action = 'activateUser' AND status = $6 AND run_at IS NOT NULL`,
    [input.dependsOn, to, input.code, input.message, input.now.toISOString(), from],
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
