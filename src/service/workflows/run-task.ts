/**
 * Runs one claimed task through the integration's `runAction` (which checks that the action is
 * still offered and enabled, turns a read-only refusal into import-only, and records the run and
 * reflects it in the Accounts list, as for any caller), and in that same transaction settles the
 * task and recomputes the workflow's status; a failed run settles in a transaction of its own. A task never reports success the target did not give: an account counts as absent
 * only when the target said so in its own words, as already there only when the Accounts list or
 * the target's own answer says so.
 */
import type { Account, Person } from '../../index.js';
import { STATE_AFTER, type Reflected } from '../accounts/action-effects.js';
import type { IntegrationOperations } from '../integrations/integrations.js';
import type { ActionRun } from '../integrations/run-action.js';
import { isServiceError } from '../service-error.js';
import { recordAudit } from '../audit/audit-log.js';
import { reflectAction } from '../accounts/action-effects.js';
import { findAccountOnTarget } from './find-on-target.js';
import type { Queryable } from '../store/database.js';
import { accountSubject, findAccount, findPersonAccount } from '../store/account-rows.js';
import { insertTaskSecrets, refreshWorkflowStatus, settleTask, skipWaitingTasks, type TaskOutcome } from '../store/workflow-rows.js';
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
async function conflictOutcome(context: TaskContext, task: TaskRow, person: PlannedPerson, error: unknown): Promise<TaskOutcome | undefined> {
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
 * needs more than the id finds it); an account the list does not hold (yet) is the task's id with
 * the person's email and name.
 */
async function taskAccount(context: TaskContext, task: TaskRow, person: PlannedPerson): Promise<Account | undefined> {
  if (task.account_external_id === null || task.integration_id === null) return undefined;
  const stored = await findAccount(context.db, { tenantId: task.tenant_id, integrationId: task.integration_id, externalId: task.account_external_id });
  return stored ? accountSubject(stored) : { id: task.account_external_id, email: person.email, name: person.name };
}

export async function runClaimedTask(context: TaskContext, input: { task: TaskRow; workflow: WorkflowRow; person: PlannedPerson }): Promise<TaskOutcome> {
  const { task, workflow, person } = input;
  const ref = { tenantId: task.tenant_id, integrationId: task.integration_id ?? '' };
  const user = personAsUser(person);
  let outcome: TaskOutcome | undefined;
  try {
    if (task.integration_id === null) throw new Error('the integration of this task was deleted');
    if (task.action === 'createUser' && task.outcome_unknown) {
      const checked = await checkEarlierCreation(context, { task, workflow, person, user });
      if (checked) return checked;
    }
    const account = await taskAccount(context, task, person);
    if (task.action !== 'createUser' && !account && task.action in STATE_AFTER) {
      outcome = {
        status: 'failed',
        error: {
          code: 'ACCOUNT_UNKNOWN',
          message: `${task.action} needs the account's id, and no account of ${person.email} is known in ${task.integration_name}`,
        },
      };
    } else {
      await context.integrations.runAction({
        ...ref,
        action: task.action,
        subject: {
          user,
          ...(account ? { account } : {}),
          vars: { ...(task.vars ?? {}), actor: workflow.created_by, person: { id: person.id, email: person.email, name: person.name } },
        },
        actor: `workflow:${workflow.id}`,
        workflowId: workflow.id,
        // Settled with the run's record and its Accounts list change, in one transaction.
        within: async (tx, run, reflected) => {
          outcome = successOutcome(task, run);
          await keepGeneratedSecrets(context, tx, task, run);
          await settle(context, tx, { task, workflow, outcome, reflected });
        },
      });
      return outcome!;
    }
  } catch (error) {
    // The target acted and only our writes failed: the task stays running, and is failed as lost (the target may have acted).
    if (outcome !== undefined) throw error;
    outcome = (task.action === 'createUser' ? await conflictOutcome(context, task, person, error) : undefined) ?? failureOf(error);
  }
  const settled = outcome;
  await context.db.transaction((tx) => settle(context, tx, { task, workflow, outcome: settled, reflected: {} }));
  return settled;
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
  input: { task: TaskRow; workflow: WorkflowRow; person: PlannedPerson; user: Person },
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
      await settle(context, tx, { task, workflow, outcome, reflected: {} });
    });
    return outcome;
  }
  const found = lookup.found;
  if (found === undefined) return undefined;
  const outcome: TaskOutcome = { status: 'succeeded', outcomeUnknown: false, accountId: found.id, reason: 'found on target, not re-created' };
  await context.db.transaction(async (tx) => {
    const reflected = await reflectAction(tx, {
      ...ref,
      action: 'createUser',
      subject: { user: input.user },
      run: { action: 'createUser', result: { status: 200, account: found } },
      source: { actor, workflowId: workflow.id },
    });
    await recordAudit(tx, {
      ...ref,
      actor,
      event: 'workflow.create_found_on_target',
      detail: { workflowId: workflow.id, taskId: task.id, personId: person.id, accountId: found.id, attempts: task.attempts },
    });
    await settle(context, tx, { task, workflow, outcome, reflected });
  });
  return outcome;
}

/** The sealed field a task's generated secret is kept under (bound to tenant, integration, task and name). */
export const taskSecretField = (taskId: string, name: string) => `task-secret:${taskId}:${name}`;

/**
 * A secret the action generated for the person (a one-time password, for targets that send no
 * welcome email) is kept sealed with the tenant's data key, in the task's transaction, until an
 * admin takes it once; it is never part of the task's answer, the audit log or a log line.
 */
async function keepGeneratedSecrets(context: TaskContext, tx: Queryable, task: TaskRow, run: ActionRun): Promise<void> {
  const generated = run.result?.secrets;
  if (!generated || task.integration_id === null) return;
  const field = { tenantId: task.tenant_id, integrationId: task.integration_id };
  const secrets = [];
  for (const [name, value] of Object.entries(generated))
    secrets.push({ name, ...(await context.keyring.sealField(tx, { ...field, field: taskSecretField(task.id, name) }, value)) });
  await insertTaskSecrets(tx, { taskId: task.id, ...field, secrets });
}

async function settle(
  context: TaskContext,
  tx: Queryable,
  input: { task: TaskRow; workflow: WorkflowRow; outcome: TaskOutcome; reflected: Reflected },
): Promise<void> {
  await settleTask(tx, { taskId: input.task.id, outcome: input.outcome, now: context.now(), attempt: input.task.attempts });
  // An application that creates accounts active needs no activation: say so instead of sending one.
  if (input.reflected.created?.state === 'active') {
    await skipWaitingTasks(tx, { dependsOn: input.task.id, action: 'activateUser', reason: 'the application created the account active' });
  }
  await refreshWorkflowStatus(tx, input.workflow.id);
}

function successOutcome(task: TaskRow, run: ActionRun): TaskOutcome {
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
