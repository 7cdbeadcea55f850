/**
 * Runs one claimed task through the integration's prepared action (the checks of `runAction`:
 * still offered and enabled, a read-only refusal turns the integration import-only; the run
 * recorded and reflected in the Accounts list as for any caller), with no database connection held
 * while the request is in flight; results are settled in batches, each batch in one transaction
 * with the runs' records, the tasks and their workflows' statuses. A task never reports success
 * the target did not give: an account counts as absent only when the target said so in its own
 * words, as already there only when the Accounts list or the target's own answer says so.
 */
import type { Account, Person } from '../../index.js';
import { STATE_AFTER, type Reflected } from '../accounts/action-effects.js';
import type { IntegrationOperations, PreparedAction } from '../integrations/integrations.js';
import type { ActionRun, ActionSubject } from '../integrations/run-action.js';
import { isServiceError } from '../service-error.js';
import { recordAudit, recordAudits } from '../audit/audit-log.js';
import { reflectAction } from '../accounts/action-effects.js';
import { findAccountOnTarget } from './find-on-target.js';
import type { Queryable } from '../store/database.js';
import { accountSubject, findPersonAccount } from '../store/account-rows.js';
import {
  failScheduledActivation,
  insertTaskSecrets,
  refreshWorkflowStatuses,
  settleTasks,
  skipWaitingTasks,
  type ClaimedTaskRow,
  type TaskOutcome,
} from '../store/workflow-rows.js';
import { emailKey } from '../sync/sync-policy.js';
import type { Keyring } from '../crypto/keyring.js';
import type { TaskRow, WorkflowRow } from './workflow-view.js';
import type { PlannedPerson } from './plan-tasks.js';

export interface TaskContext {
  db: { transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> } & Queryable;
  integrations: IntegrationOperations;
  keyring: Keyring;
  now(): Date;
}

/** The person as a connector's `user`: first and last name split at the last space, as most APIs want. */
export function personAsUser(person: PlannedPerson): Person {
  const name = person.name.trim();
  const split = name.lastIndexOf(' ');
  return { email: person.email, name, firstName: split > 0 ? name.slice(0, split) : name, lastName: split > 0 ? name.slice(split + 1) : '' };
}

/**
 * The person as a task's `user`: a Create User of a move carries its profile's admin option in its
 * vars (`{ "admin": true }`), which the connector's template reads as `user.admin`.
 */
export function taskUser(task: Pick<TaskRow, 'action' | 'vars'>, person: PlannedPerson): Person {
  const admin = task.action === 'createUser' ? task.vars?.admin : undefined;
  return { ...personAsUser(person), ...(typeof admin === 'boolean' ? { admin } : {}) };
}

/**
 * Whether a failed attempt may still have acted on the target: a timeout, a reset or a cut-off
 * answer after the request was sent, a 5xx (the runtime sends a request that is not idempotent
 * once, so its 5xx is the last word), a 2xx whose answer could not be read; and any failure that is
 * not the target's own refusal. A 4xx, a refusal before sending (not enabled, not configured) and a
 * read-only 403 are known: nothing was created.
 */
export function outcomeUnknown(error: unknown): boolean {
  if (!isServiceError(error)) return true;
  if (error.code !== 'ACTION_FAILED') return false;
  const { code, status } = (error.failure ?? {}) as { code?: string; status?: number };
  if (code === 'TIMEOUT' || code === 'NETWORK') return true;
  if (typeof status === 'number') return status >= 500 || (status >= 200 && status < 300);
  return code !== 'CONFIG' && code !== 'EGRESS_DENIED' && code !== 'AUTH_FAILED' && code !== 'RECONNECT_REQUIRED';
}

function failureOf(error: unknown): TaskOutcome {
  const unknown = outcomeUnknown(error);
  if (isServiceError(error))
    return {
      status: 'failed',
      outcomeUnknown: unknown,
      error: { code: error.code, message: error.message, ...(error.failure ? { failure: error.failure } : {}) },
    };
  const message = error instanceof Error ? error.message : String(error);
  return { status: 'failed', outcomeUnknown: unknown, error: { code: 'INTERNAL', message } };
}

/** A creation the target refused with 409: the account exists if the Accounts list knows it; linked, not duplicated. */
async function conflictOutcome(context: TaskContext, task: ClaimedTaskRow, person: PlannedPerson, error: unknown): Promise<TaskOutcome | undefined> {
  if (!isServiceError(error) || error.code !== 'ACTION_FAILED' || error.failure?.status !== 409 || task.integration_id === null) return undefined;
  const known = await findPersonAccount(context.db, {
    tenantId: task.tenant_id,
    integrationId: task.integration_id,
    personId: person.id,
    emailKey: person.emailKey,
  });
  if (!known) return undefined;
  return {
    status: 'skipped',
    outcomeUnknown: false,
    accountId: known.external_id,
    reason: `the application answered that the account exists (409); it is the account ${known.external_id} the last import found, linked`,
  };
}

/**
 * The account a task acts on, as the Accounts list keeps it (every mapped field, so an action that
 * needs more than the id finds it; read with the claim); an account the list does not hold (yet)
 * is the task's id with the person's email and name.
 */
function taskAccount(task: ClaimedTaskRow, person: PlannedPerson): Account | undefined {
  if (task.account_external_id === null || task.integration_id === null) return undefined;
  const stored = task.account;
  return stored ? accountSubject(stored) : { id: task.account_external_id, email: person.email, name: person.name };
}

/** The person and workflow a claimed task carries (read with the claim). */
export function claimedParts(task: ClaimedTaskRow): { person: PlannedPerson; workflow: Pick<WorkflowRow, 'id' | 'created_by'> } {
  return {
    // No person (an orphan account's removal): the account's email and name stand in, with no id.
    person: { id: task.person_id ?? '', email: task.person_email, emailKey: task.person_email_key || emailKey(task.person_email), name: task.person_name },
    workflow: { id: task.workflow_id, created_by: task.workflow_created_by },
  };
}

/** A task run, waiting to be settled with others in one transaction (`settleTaskResults`). */
export interface TaskResult {
  task: ClaimedTaskRow;
  outcome: TaskOutcome;
  /** A sent action, recorded (Accounts list change, audit entry, generated secrets) with the others of its batch in the settling transaction. */
  sent?: { prepared: PreparedAction; subject: ActionSubject; run: ActionRun; actor: string; workflowId: string };
  /** A record of its own (a creation found on the target), written in the settling transaction. */
  record?: (tx: Queryable) => Promise<{ reflected: Reflected; audit: AuditEntryInput }>;
  /** Settled already, in a transaction of its own (a creation checked on the target). */
  settled?: boolean;
}

type AuditEntryInput = Parameters<typeof recordAudit>[1];

/**
 * Runs one claimed task: the request to the target, with no database connection held while it is
 * in flight; what it changed is written when the result is settled. `prepared` gives the batch's
 * prepared action (tenant, integration, credentials and HTTP client resolved once).
 */
export async function executeTask(context: TaskContext, input: { task: ClaimedTaskRow; prepared: () => Promise<PreparedAction> }): Promise<TaskResult> {
  const { task } = input;
  const { person, workflow } = claimedParts(task);
  const user = taskUser(task, person);
  try {
    if (task.integration_id === null) throw new Error('the integration of this task was deleted');
    if (task.action === 'createUser' && task.outcome_unknown) {
      const checked = await checkEarlierCreation(context, { task, workflow, person, user });
      if (checked) return { task, outcome: checked, settled: true };
    }
    const account = taskAccount(task, person);
    if (task.action !== 'createUser' && !account && task.action in STATE_AFTER) {
      return {
        task,
        outcome: {
          status: 'failed',
          outcomeUnknown: false,
          error: {
            code: 'ACCOUNT_UNKNOWN',
            message: `${task.action} needs the account's id, and no account of ${person.email} is known in ${task.integration_name}`,
          },
        },
      };
    }
    const prepared = await input.prepared();
    // An activation scheduled after this creation: the account is created inactive, so the person has no access before then.
    const activateLater = task.action === 'createUser' && task.activation_due_at !== null;
    const subject = {
      user,
      ...(account ? { account } : {}),
      ...(activateLater ? { create: { active: false } } : {}),
      vars: { ...(task.vars ?? {}), actor: workflow.created_by, person: { id: person.id, email: person.email, name: person.name } },
    };
    const actor = `workflow:${workflow.id}`;
    const run = await prepared.send(subject, actor);
    return { task, outcome: successOutcome(task, run), sent: { prepared, subject, run, actor, workflowId: workflow.id } };
  } catch (error) {
    const outcome = (task.action === 'createUser' ? await conflictOutcome(context, task, person, error).catch(() => undefined) : undefined) ?? failureOf(error);
    return { task, outcome };
  }
}

/**
 * Settles the results of one (integration, action) in one transaction: each sent action's record
 * (its Accounts list change, generated secrets), the audit entries in one insert, the tasks in one
 * statement (which gives their slots back), activations not needed skipped, and the workflows'
 * statuses recomputed together. If it fails, the tasks stay running: the target acted, so they are
 * failed as lost (outcome unknown) rather than sent again.
 */
export async function settleTaskResults(context: TaskContext, tx: Queryable, results: readonly TaskResult[]): Promise<void> {
  const pending = results.filter((result) => !result.settled);
  if (pending.length === 0) return;
  const audits: AuditEntryInput[] = [];
  const createdActive: { task: ClaimedTaskRow; externalId: string }[] = [];
  for (const result of pending) {
    if (!result.record) continue;
    const { reflected, audit } = await result.record(tx);
    audits.push(audit);
    if (reflected.created?.state === 'active') createdActive.push({ task: result.task, externalId: reflected.created.externalId });
  }
  const sent = pending.filter((result) => result.sent !== undefined);
  if (sent.length > 0) {
    // The results of one (integration, action): any of their prepared actions records them all.
    const recorded = await sent[0]!.sent!.prepared.recordMany(
      tx,
      sent.map((result) => {
        const { subject, run, actor, workflowId } = result.sent!;
        return { subject, run, actor, workflowId };
      }),
    );
    audits.push(...recorded.audits);
    for (const [index, result] of sent.entries()) {
      const created = recorded.reflected[index]?.created;
      if (created?.state === 'active') createdActive.push({ task: result.task, externalId: created.externalId });
      await keepGeneratedSecrets(context, tx, result.task, result.sent!.run);
    }
  }
  await recordAudits(tx, audits);
  const settled = new Set(
    await settleTasks(tx, {
      settlements: pending.map((result) => ({ taskId: result.task.id, attempt: result.task.attempts, outcome: result.outcome })),
      now: context.now(),
    }),
  );
  for (const { task, externalId } of createdActive) {
    if (!settled.has(task.id)) continue;
    // Asked for an inactive account (an activation is scheduled) and created an active one: the
    // person has access before the chosen time. Said, never skipped as not needed.
    await failScheduledActivation(tx, {
      dependsOn: task.id,
      code: 'ACTIVATED_EARLY',
      message: `${task.integration_name} created the account ${externalId} active although it was asked to create it inactive: the person has access before the activation time`,
      now: context.now(),
    });
    // An application that creates accounts active needs no activation otherwise: say so instead of sending one.
    await skipWaitingTasks(tx, { dependsOn: task.id, action: 'activateUser', reason: 'the application created the account active' });
  }
  await refreshWorkflowStatuses(
    tx,
    pending.map((result) => result.task.workflow_id),
  );
}

/**
 * A creation whose earlier attempt may have reached the target is not sent again blindly: the
 * account is looked up on the target first. Found: linked in the Accounts list and the task
 * succeeds ("found on target, not re-created"), audited. The lookup failed: the task fails with
 * CREATE_UNVERIFIED and stays marked, so a further Retry looks again. Not there: undefined, and the
 * creation is sent.
 */
async function checkEarlierCreation(
  context: TaskContext,
  input: { task: ClaimedTaskRow; workflow: Pick<WorkflowRow, 'id' | 'created_by'>; person: PlannedPerson; user: Person },
): Promise<TaskOutcome | undefined> {
  const { task, workflow, person } = input;
  const ref = { tenantId: task.tenant_id, integrationId: task.integration_id ?? '' };
  const lookup = await findAccountOnTarget(context.integrations, ref, person);
  const actor = `workflow:${workflow.id}`;
  if ('failed' in lookup) {
    const outcome: TaskOutcome = {
      status: 'failed',
      error: {
        code: 'CREATE_UNVERIFIED',
        message: `an earlier attempt may have created the account, and looking it up in ${task.integration_name} failed (${lookup.failed.message}); the creation was not sent again`,
        ...(lookup.failed.failure ? { failure: lookup.failed.failure } : {}),
      },
    };
    await context.db.transaction(async (tx) => {
      await recordAudit(tx, {
        ...ref,
        actor,
        event: 'workflow.create_unverified',
        detail: { workflowId: workflow.id, taskId: task.id, personId: person.id, reason: lookup.failed.message },
      });
      await settleTaskResults(context, tx, [{ task, outcome }]);
    });
    return outcome;
  }
  const found = lookup.found;
  if (found === undefined) return undefined;
  const outcome: TaskOutcome = { status: 'succeeded', outcomeUnknown: false, accountId: found.id, reason: 'found on target, not re-created' };
  const record = async (tx: Queryable) => {
    const reflected = await reflectAction(tx, {
      ...ref,
      action: 'createUser',
      subject: { user: input.user },
      run: { action: 'createUser', result: { status: 200, account: found } },
      source: { actor, workflowId: workflow.id },
    });
    const audit: AuditEntryInput = {
      ...ref,
      actor,
      event: 'workflow.create_found_on_target',
      detail: { workflowId: workflow.id, taskId: task.id, personId: person.id, accountId: found.id, attempts: task.attempts },
    };
    return { reflected, audit };
  };
  await context.db.transaction((tx) => settleTaskResults(context, tx, [{ task, outcome, record }]));
  return outcome;
}

/** The sealed field a task's generated secret is kept under (bound to tenant, integration, task and name). */
export const taskSecretField = (taskId: string, name: string) => `task-secret:${taskId}:${name}`;

/**
 * A secret the action generated for the person (a one-time password, for targets that send no
 * welcome email) is kept sealed with the tenant's data key, in the task's transaction, until an
 * admin takes it once; it is never part of the task's answer, the audit log or a log line.
 */
async function keepGeneratedSecrets(context: TaskContext, tx: Queryable, task: ClaimedTaskRow, run: ActionRun): Promise<void> {
  const generated = run.result?.secrets;
  if (!generated || task.integration_id === null) return;
  const field = { tenantId: task.tenant_id, integrationId: task.integration_id };
  const secrets = [];
  for (const [name, value] of Object.entries(generated))
    secrets.push({ name, ...(await context.keyring.sealField(tx, { ...field, field: taskSecretField(task.id, name) }, value)) });
  await insertTaskSecrets(tx, { taskId: task.id, ...field, secrets });
}

function successOutcome(task: Pick<TaskRow, 'action'>, run: ActionRun): TaskOutcome {
  const result = run.result;
  if (task.action === 'createUser') {
    const created = result?.account;
    if (created === undefined) {
      return {
        status: 'succeeded',
        outcomeUnknown: false,
        reason: result?.alreadyDone
          ? 'the application said the account already exists; the next sync lists it'
          : 'the application’s answer names no account; the next sync lists it',
      };
    }
    return {
      status: 'succeeded',
      outcomeUnknown: false,
      accountId: created.id,
      ...(result?.alreadyDone ? { reason: 'the application said the account already exists' } : {}),
    };
  }
  if (result?.alreadyAbsent) return { status: 'succeeded', outcomeUnknown: false, reason: 'already absent: the application said it has no such account' };
  if (result?.alreadyDone)
    return { status: 'succeeded', outcomeUnknown: false, reason: 'already done: the application said the account was already in that state' };
  return { status: 'succeeded', outcomeUnknown: false };
}
