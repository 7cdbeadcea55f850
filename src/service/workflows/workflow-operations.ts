/**
 * The workflow operations of one open service: start (onboarding, offboarding, a provisioner
 * action, Manage > Add User), read, cancel, retry a failed task, per-integration settings, and
 * the worker's side (run a woken task, the tick). Every start takes an idempotency key: the same
 * key with the same request returns the first workflow; with another request it is refused.
 */
import { createHash, randomUUID } from 'node:crypto';
import { recordAudit } from '../audit/audit-log.js';
import type { ServiceContext } from '../context.js';
import { connectorOf } from '../integrations/integration-types.js';
import { endMovesOnOffboarding } from '../movers/end-moves.js';
import type { IntegrationOperations } from '../integrations/integrations.js';
import { actionKind } from '../integrations/offered-actions.js';
import { requireVariables, variablesOf } from '../integrations/action-variables.js';
import { checkWholeNumber, INPUT_RULES } from '../input-rules.js';
import { ServiceError } from '../service-error.js';
import { findIntegration } from '../store/integration-rows.js';
import { emailKey } from '../sync/sync-policy.js';
import type { Engine } from '../engine/engine.js';
import { requirePlan } from '../tenants/plans.js';
import { loadTenant } from '../tenants/tenants.js';
import { requireActor, requireText } from '../validate-input.js';
import {
  activationObstacle,
  planOffboarding,
  planOnboarding,
  planProvisionerAction,
  removalTask,
  type IntegrationFacts,
  type PlannedPerson,
} from './plan-tasks.js';
import { taskSecretField } from './run-task.js';
import { taskDispatcher, type DispatcherSettings, type TaskDispatcher } from './task-dispatcher.js';
import { findPerson } from '../store/people-rows.js';
import { findAccount } from '../store/account-rows.js';
import {
  cancelWorkflowRow,
  failLostTasks,
  findTask,
  findWorkflow,
  findWorkflowByKey,
  insertWorkflow,
  listReadyTasks,
  listWorkflowRows,
  loadTasks,
  loadWorkflowSettings,
  reconcileTaskCounters,
  refreshWorkflowStatuses,
  reopenWorkflow,
  requeueFailedTask,
  replaceTaskVars,
  saveWorkflowSettings,
  skipWaitingTasks,
  takeTaskSecrets as takeTaskSecretRows,
  type NewTask,
} from '../store/workflow-rows.js';
import { toWorkflow, WORKFLOW_STATUSES, type Workflow, type WorkflowKind, type WorkflowStatus } from './workflow-view.js';
import type { Queryable } from '../store/database.js';

export interface WorkflowPolicy {
  /** Tasks of one action of one integration in flight at once when neither its settings nor its spec's `maxInFlight` say. */
  defaultConcurrency: number;
  /** A task `running` longer than this lost its worker (the target's requests have their own deadlines, far shorter). */
  taskLeaseSeconds: number;
  /** The service's clock (tests move it; the database's clock is not used for due times). */
  now: () => Date;
}

export const DEFAULT_WORKFLOW_POLICY: Omit<WorkflowPolicy, 'now'> = { defaultConcurrency: 10, taskLeaseSeconds: 15 * 60 };

export const WORKFLOW_PAGE_LIMITS = { default: 50, max: 500 } as const;
/** Integrations one onboarding may name, and people one Add User may add. */
export const WORKFLOW_INPUT_LIMITS = { integrations: 100, people: 500 } as const;

export interface Started {
  workflow: Workflow;
  /** False when the idempotency key returned the workflow an earlier request started. */
  created: boolean;
}

export interface WorkflowSettings {
  keepAccounts: boolean;
  /** Null: the spec's `maxInFlight` for the action, else the service default. */
  maxConcurrency: number | null;
}

interface Start {
  tenantId: string;
  personId: string;
  idempotencyKey: string;
  actor: string;
}

export interface WorkflowOperations {
  startOnboarding(input: Start & { integrationIds: string[]; activateAt?: string }): Promise<Started>;
  startOffboarding(input: Start): Promise<Started>;
  startProvisionerAction(input: Start & { integrationId: string; action: string; vars?: Record<string, unknown> }): Promise<Started>;
  /**
   * Removes one account as offboarding would (an access review's revoke): an offboarding workflow of
   * one task (Delete User, Deactivate User where the integration keeps accounts, else a manual
   * task). `personId` null: the account is linked to no person (an orphan); the workflow then acts
   * for no person and names the account instead.
   */
  startAccountRemoval(input: Omit<Start, 'personId'> & { personId: string | null; integrationId: string; accountExternalId: string }): Promise<Started>;
  /**
   * A workflow whose tasks the caller plans (a move: src/service/movers), with the same idempotency
   * rules as the others; `onStarted` runs in the transaction that inserts the workflow (only when
   * this call created it), so what the caller records commits with it or not at all.
   */
  startPlanned(
    input: Start & {
      kind: WorkflowKind;
      request: unknown;
      plan: (person: PlannedPerson) => Promise<NewTask[]>;
      onStarted?: (tx: Queryable, workflowId: string) => Promise<void>;
    },
  ): Promise<Started>;
  /**
   * Manage > Add User: one onboarding workflow per person, for this one application; with
   * `activateAt`, each account is created inactive and activated then (refused before any starts
   * when the application cannot: ACTIVATION_NOT_POSSIBLE).
   */
  addUsers(input: {
    tenantId: string;
    integrationId: string;
    personIds: string[];
    idempotencyKey: string;
    actor: string;
    activateAt?: string;
  }): Promise<{ message: string; workflows: Workflow[] }>;
  get(input: { tenantId: string; workflowId: string }): Promise<Workflow>;
  list(input: { tenantId: string; status?: string; personId?: string; cursor?: string; limit?: number }): Promise<{ workflows: Workflow[]; next?: string }>;
  cancel(input: { tenantId: string; workflowId: string; actor: string }): Promise<Workflow>;
  /**
   * Retries a failed task. A custom action's task is checked against the action's declared
   * variables first: `vars` replaces the task's when given; a retry that would fail again for a
   * missing or mistyped variable is refused (ACTION_VARIABLES_INVALID) instead.
   */
  retryTask(input: { tenantId: string; workflowId: string; taskId: string; vars?: Record<string, unknown>; actor: string }): Promise<Workflow>;
  /**
   * Hands over, once, the secrets a task's action generated for the person (a one-time password
   * where the target sends no welcome email): they are deleted as they are read, and the audit log
   * records who took which (never the value).
   */
  takeTaskSecrets(input: { tenantId: string; workflowId: string; taskId: string; actor: string }): Promise<Record<string, string>>;
  getSettings(input: { tenantId: string; integrationId: string }): Promise<WorkflowSettings>;
  setSettings(input: {
    tenantId: string;
    integrationId: string;
    keepAccounts?: boolean;
    maxConcurrency?: number | null;
    actor: string;
  }): Promise<WorkflowSettings>;
  /** Fails tasks whose worker died, recounts the tasks in flight, and wakes the workers when tasks are ready; returns how many are ready (up to 1,000). */
  tick(): Promise<number>;
  /** The workers' side (started by `startWorkers`): claims due tasks directly, in batches; a job of the task queue kicks it. */
  readonly dispatcher: TaskDispatcher;
}

const digest = (request: unknown) => createHash('sha256').update(JSON.stringify(request)).digest('base64url');

function requireKey(key: unknown): string {
  return requireText('idempotencyKey', key, { max: 200 });
}

function requireIdList(field: string, value: unknown, max: number): string[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > max || value.some((id) => typeof id !== 'string' || id.length === 0 || id.length > 200)) {
    throw new ServiceError('INVALID_INPUT', `${field} must be a list of 1 to ${max} ids`, { hint: `give ${field}: ["<id>", ...]` });
  }
  const ids = value as string[];
  if (new Set(ids).size !== ids.length) throw new ServiceError('INVALID_INPUT', `${field} names an id twice`, { hint: 'give each id once' });
  return ids;
}

function parseTime(field: string, value: unknown): Date | undefined {
  if (value === undefined || value === null) return undefined;
  const time = typeof value === 'string' ? new Date(value) : new Date(Number.NaN);
  if (Number.isNaN(time.getTime()))
    throw new ServiceError('INVALID_INPUT', `${field} must be an ISO 8601 time`, { hint: 'e.g. 2026-12-01T09:00:00Z; leave it out to activate at once' });
  return time;
}

/** A page's cursor: the last workflow's time in whole microseconds (exact) and its id. */
const encodeCursor = (row: { created_at_key: string; id: string }) => Buffer.from(JSON.stringify([row.created_at_key, row.id]), 'utf8').toString('base64url');

function decodeCursor(cursor: string): { createdAtKey: string; id: string } {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof createdAt === 'string' && typeof id === 'string') {
      if (/^\d{1,19}$/.test(createdAt)) return { createdAtKey: createdAt, id };
      // A cursor given out before the key was exact: its ISO time, to the millisecond.
      if (!Number.isNaN(Date.parse(createdAt))) return { createdAtKey: String(Date.parse(createdAt) * 1000), id };
    }
  } catch {
    // falls through to the refusal
  }
  throw new ServiceError('INVALID_INPUT', 'cursor is not a cursor of this list', { hint: 'pass the `next` of the previous page unchanged' });
}

/** The person a workflow starts for; an archived person is only offboarded (`allowArchived`), never given access again. */
async function loadPerson(db: Queryable, tenantId: string, personId: unknown, options: { allowArchived?: boolean } = {}): Promise<PlannedPerson> {
  const id = requireText('personId', personId, { max: 200 });
  const row = await findPerson(db, { tenantId, personId: id });
  if (!row) throw new ServiceError('NOT_FOUND', `person ${id} does not exist in tenant ${tenantId}`, { hint: 'list the tenant’s people to find the id' });
  if (row.archived_at !== null && !options.allowArchived) {
    throw new ServiceError('PERSON_ARCHIVED', `${row.name} (${row.email}, id ${row.id}) is archived: no access is given to an archived person`, {
      hint: 'add the person again (POST /v1/people) if they are back; an archived person can only be offboarded',
    });
  }
  return { id: row.id, email: row.email, emailKey: row.email_key || emailKey(row.email), name: row.name };
}

/** The person of a workflow that acts for one (every kind but an orphan account's removal). */
function requirePerson(person: PlannedPerson | null): PlannedPerson {
  if (person === null) throw new ServiceError('INVALID_INPUT', 'personId is required', { hint: 'give the id of the person the workflow acts for' });
  return person;
}

export function workflowOperations(
  context: ServiceContext,
  integrations: IntegrationOperations,
  policy: WorkflowPolicy,
  engine: Engine,
  options: { onError?: (error: unknown) => void; dispatcher?: Partial<DispatcherSettings> } = {},
): WorkflowOperations {
  const { db } = context;

  const facts = async (tenantId: string, integrationId: string): Promise<IntegrationFacts> => {
    const integration = await integrations.get({ tenantId, integrationId });
    const row = await findIntegration(db, { tenantId, integrationId });
    const createsInactive = row ? (await connectorOf(row)).spec.actions.createUser?.createsInactive : undefined;
    return {
      id: integration.id,
      name: integration.name,
      actions: await integrations.listActions({ tenantId, integrationId }),
      ...(createsInactive ? { createsInactive } : {}),
    };
  };

  const view = async (tenantId: string, workflowId: string): Promise<Workflow> => {
    const row = await findWorkflow(db, { tenantId, workflowId });
    if (!row)
      throw new ServiceError('NOT_FOUND', `workflow ${workflowId} does not exist in tenant ${tenantId}`, {
        hint: 'list the tenant’s workflows to find its id',
      });
    return toWorkflow(row, (await loadTasks(db, [row.id])).get(row.id) ?? []);
  };

  /**
   * Wakes the workers when the workflow has a ready task (one job: a worker claims every due task
   * directly), and at each scheduled task's time, in one insert committed with `tx`.
   */
  const wakeWorkflow = async (tx: Queryable, workflowId: string, tasks?: readonly NewTask[]) => {
    const now = policy.now();
    const ready = (await listReadyTasks(tx, { now, limit: 1, workflowId })).map(() => ({ data: { workflowId } }));
    const later = (tasks ?? [])
      .filter((task) => task.status === 'scheduled' && task.runAt && task.runAt > now)
      .map((task) => ({ data: { taskId: task.id }, startAfter: task.runAt! }));
    await engine.sendMany('workflowTask', [...ready, ...later], { tx });
  };

  const start = async (
    input: Omit<Start, 'personId'> & {
      kind: WorkflowKind;
      /** Null only for an orphan account's removal (startAccountRemoval): the plan gets no person. */
      personId: string | null;
      request: unknown;
      plan: (person: PlannedPerson | null) => Promise<NewTask[]>;
      onStarted?: (tx: Queryable, workflowId: string) => Promise<void>;
    },
  ): Promise<Started> => {
    const actor = requireActor(input.actor);
    const key = requireKey(input.idempotencyKey);
    requirePlan(await loadTenant(db, input.tenantId), 'integrations');
    const requestDigest = digest({ kind: input.kind, request: input.request });
    const replay = async (): Promise<Started | undefined> => {
      const earlier = await findWorkflowByKey(db, input.tenantId, key);
      if (!earlier) return undefined;
      if (earlier.request_digest !== requestDigest) {
        throw new ServiceError('IDEMPOTENCY_KEY_REUSED', `the idempotency key ${JSON.stringify(key)} started workflow ${earlier.id} with a different request`, {
          hint: 'use a new key for a new request; repeat a request only with its own key',
        });
      }
      return { workflow: await view(input.tenantId, earlier.id), created: false };
    };
    const earlier = await replay();
    if (earlier) return earlier;
    const person = input.personId === null ? null : await loadPerson(db, input.tenantId, input.personId, { allowArchived: input.kind === 'offboarding' });
    const tasks = await input.plan(person);
    const id = randomUUID();
    try {
      await db.transaction(async (tx) => {
        await insertWorkflow(tx, {
          id,
          tenantId: input.tenantId,
          kind: input.kind,
          personId: person?.id ?? null,
          idempotencyKey: key,
          requestDigest,
          createdBy: actor,
          tasks,
        });
        await recordAudit(tx, {
          tenantId: input.tenantId,
          actor,
          event: 'workflow.started',
          detail: {
            workflowId: id,
            kind: input.kind,
            personId: person?.id ?? null,
            tasks: tasks.map((task) => `${task.integrationName}: ${task.action} (${task.status})`),
          },
        });
        await input.onStarted?.(tx, id);
        await wakeWorkflow(tx, id, tasks);
      });
    } catch (error) {
      // Two requests with one key at the same time: the other one's insert won.
      const raced = await replay().catch(() => undefined);
      if (raced) return raced;
      throw error;
    }
    return { workflow: await view(input.tenantId, id), created: true };
  };

  const concurrencyCache = new Map<string, { limit: number; until: number }>();
  const concurrencyOf = async (tenantId: string, integrationId: string, action: string): Promise<number> => {
    const key = `${integrationId}\u0000${action}`;
    const cached = concurrencyCache.get(key);
    if (cached && cached.until > Date.now()) return cached.limit;
    const settings = await loadWorkflowSettings(db, integrationId);
    let limit = settings.max_concurrency ?? undefined;
    if (limit === undefined) {
      const row = await findIntegration(db, { tenantId, integrationId });
      const spec = row ? (await connectorOf(row)).spec : undefined;
      const declared = spec ? ((spec.actions as Record<string, { maxInFlight?: number } | undefined>)[action] ?? spec.actions.custom?.[action]) : undefined;
      limit = (declared as { maxInFlight?: number } | undefined)?.maxInFlight ?? policy.defaultConcurrency;
    }
    concurrencyCache.set(key, { limit, until: Date.now() + 10_000 });
    return limit;
  };

  /**
   * The variables a retried task runs with: a custom action's are checked against what its spec
   * declares now, `given` replacing the task's own; undefined when the task keeps what it has.
   */
  const retryVars = async (
    tx: Queryable,
    task: { tenant_id: string; integration_id: string | null; action: string; vars: Record<string, unknown> | null },
    given: Record<string, unknown> | undefined,
  ) => {
    const row = task.integration_id === null ? undefined : await findIntegration(tx, { tenantId: task.tenant_id, integrationId: task.integration_id });
    const declared = row ? variablesOf((await connectorOf(row)).spec, task.action) : [];
    if (declared.length === 0 && given === undefined) return undefined;
    return requireVariables({ action: task.action, declared, given: given ?? task.vars ?? {} });
  };
  const dispatcher = taskDispatcher({
    context: { db, integrations, keyring: context.keyring, now: policy.now },
    concurrencyOf,
    onError: options.onError ?? ((error) => process.stderr.write(`workflows: ${error instanceof Error ? error.message : String(error)}\n`)),
    ...(options.dispatcher ? { settings: options.dispatcher } : {}),
  });

  const operations: WorkflowOperations = {
    startPlanned: (input) => start({ ...input, plan: (person) => input.plan(requirePerson(person)) }),

    async startOnboarding(input) {
      const integrationIds = requireIdList('integrationIds', input.integrationIds, WORKFLOW_INPUT_LIMITS.integrations);
      const activateAt = parseTime('activateAt', input.activateAt);
      const all = await Promise.all(integrationIds.map((integrationId) => facts(input.tenantId, integrationId)));
      return start({
        ...input,
        kind: 'onboarding',
        request: { personId: input.personId, integrationIds, activateAt: activateAt?.toISOString() ?? null },
        plan: (person) =>
          planOnboarding(db, { tenantId: input.tenantId, person: requirePerson(person), integrations: all, ...(activateAt ? { activateAt } : {}) }),
      });
    },

    async startOffboarding(input) {
      return start({
        ...input,
        kind: 'offboarding',
        request: { personId: input.personId },
        plan: (person) =>
          planOffboarding(db, {
            tenantId: input.tenantId,
            person: requirePerson(person),
            integrationFacts: (integrationId) => facts(input.tenantId, integrationId),
          }),
        // The person's moves end with it: nothing is created after they left (movers/end-moves.ts).
        onStarted: (tx, workflowId) => endMovesOnOffboarding(tx, { tenantId: input.tenantId, personId: input.personId, workflowId, actor: input.actor }),
      });
    },

    async startAccountRemoval(input) {
      const integration = await facts(input.tenantId, requireText('integrationId', input.integrationId, { max: 200 }));
      const externalId = requireText('accountExternalId', input.accountExternalId, { max: 1000 });
      const personId = input.personId === null ? null : requireText('personId', input.personId, { max: 200 });
      return start({
        ...input,
        personId,
        kind: 'offboarding',
        request: { personId, integrationId: integration.id, accountExternalId: externalId },
        plan: async () => {
          const account = await findAccount(db, { tenantId: input.tenantId, integrationId: integration.id, externalId });
          if (!account)
            throw new ServiceError('NOT_FOUND', `${integration.name} has no account ${externalId}`, {
              hint: 'the Accounts list of the integration shows its accounts',
            });
          return [await removalTask(db, integration, account)];
        },
      });
    },

    async startProvisionerAction(input) {
      const action = requireText('action', input.action, { max: 200 });
      const integration = await facts(input.tenantId, requireText('integrationId', input.integrationId, { max: 200 }));
      const row = await findIntegration(db, { tenantId: input.tenantId, integrationId: integration.id });
      if (row && actionKind((await connectorOf(row)).spec, action) === 'custom') requirePlan(await loadTenant(db, input.tenantId), 'customActions');
      const offered = integration.actions.find((candidate) => candidate.name === action);
      if (!offered)
        throw new ServiceError('ACTION_NOT_OFFERED', `${integration.name} does not offer the action ${JSON.stringify(action)}`, {
          hint: `it offers: ${integration.actions.map((item) => item.name).join(', ') || 'none'}`,
        });
      if (!offered.enabled)
        throw new ServiceError('ACTION_NOT_ENABLED', `the action ${action} of ${integration.name} is not enabled`, { hint: 'enable it first' });
      const vars = input.vars ?? {};
      if (vars === null || typeof vars !== 'object' || Array.isArray(vars) || JSON.stringify(vars).length > 16_384) {
        throw new ServiceError('INVALID_INPUT', 'vars must be an object of the action’s variables (at most 16 KiB as JSON)', {
          hint: 'give vars: {"name": value}',
        });
      }
      if (action === 'importUsers') throw new ServiceError('INVALID_INPUT', 'Import Users is not an action for one person', { hint: 'ask for a sync instead' });
      // Checked before the run starts: a custom action's declared variables, typed; other actions take none of their own.
      const declared = row ? variablesOf((await connectorOf(row)).spec, action) : [];
      const checked = declared.length > 0 || Object.keys(vars).length > 0 ? requireVariables({ action, declared, given: vars as Record<string, unknown> }) : {};
      return start({
        ...input,
        kind: 'provisioner_action',
        request: { personId: input.personId, integrationId: integration.id, action, vars: checked },
        plan: (person) => planProvisionerAction(db, { tenantId: input.tenantId, person: requirePerson(person), facts: integration, action, vars: checked }),
      });
    },

    async addUsers(input) {
      const personIds = requireIdList('personIds', input.personIds, WORKFLOW_INPUT_LIMITS.people);
      const key = requireKey(input.idempotencyKey);
      const integration = await integrations.get({ tenantId: input.tenantId, integrationId: input.integrationId });
      const activateAt = parseTime('activateAt', input.activateAt);
      // Refused before any workflow starts, not at the first person who has no account yet.
      const obstacle = activateAt ? activationObstacle(await facts(input.tenantId, integration.id)) : undefined;
      if (obstacle)
        throw new ServiceError('ACTIVATION_NOT_POSSIBLE', `the people would have access before the activation time: ${obstacle}`, {
          hint: 'enable Activate User there, or add the people without activateAt; nothing was started',
        });
      for (const personId of personIds) await loadPerson(db, input.tenantId, personId);
      const workflows: Workflow[] = [];
      for (const personId of personIds) {
        const started = await operations.startOnboarding({
          tenantId: input.tenantId,
          personId,
          integrationIds: [integration.id],
          idempotencyKey: `${key}:${personId}`,
          actor: input.actor,
          ...(activateAt ? { activateAt: activateAt.toISOString() } : {}),
        });
        workflows.push(started.workflow);
      }
      const count = personIds.length;
      const message =
        count === 1
          ? `A workflow was created to add 1 person to ${integration.name}`
          : `${count} workflows were created to add ${count} people to ${integration.name}`;
      return { message, workflows };
    },

    get: (input) => view(input.tenantId, requireText('workflowId', input.workflowId, { max: 200 })),

    async list(input) {
      await loadTenant(db, input.tenantId);
      const limit = input.limit ?? WORKFLOW_PAGE_LIMITS.default;
      if (!Number.isInteger(limit) || limit < 1 || limit > WORKFLOW_PAGE_LIMITS.max) {
        throw new ServiceError('INVALID_INPUT', `limit must be a whole number from 1 to ${WORKFLOW_PAGE_LIMITS.max}`, {
          hint: `leave it out for ${WORKFLOW_PAGE_LIMITS.default}`,
        });
      }
      if (input.status !== undefined && !(WORKFLOW_STATUSES as readonly string[]).includes(input.status)) {
        throw new ServiceError('INVALID_INPUT', `status must be one of ${WORKFLOW_STATUSES.join(', ')}`, { hint: 'leave it out for every workflow' });
      }
      const rows = await listWorkflowRows(db, {
        tenantId: input.tenantId,
        status: input.status as WorkflowStatus | undefined,
        personId: input.personId,
        before: input.cursor === undefined ? undefined : decodeCursor(input.cursor),
        limit: limit + 1,
      });
      const shown = rows.slice(0, limit);
      const tasks = await loadTasks(
        db,
        shown.map((row) => row.id),
      );
      const workflows = shown.map((row) => toWorkflow(row, tasks.get(row.id) ?? []));
      return rows.length > limit ? { workflows, next: encodeCursor(shown.at(-1)!) } : { workflows };
    },

    async takeTaskSecrets(input) {
      const actor = requireActor(input.actor);
      const workflow = await view(input.tenantId, input.workflowId);
      const task = workflow.tasks.find((candidate) => candidate.id === input.taskId);
      if (!task)
        throw new ServiceError('NOT_FOUND', `workflow ${input.workflowId} has no task ${input.taskId}`, { hint: 'read the workflow to find its tasks' });
      return db.transaction(async (tx) => {
        const sealed = await takeTaskSecretRows(tx, { tenantId: input.tenantId, taskId: task.id });
        if (sealed.length === 0) {
          throw new ServiceError('NOT_FOUND', `task ${task.id} has no secret waiting`, {
            hint: 'a secret is handed over once; this one was taken already, or the action generated none',
          });
        }
        const secrets: Record<string, string> = {};
        for (const row of sealed) {
          secrets[row.name] = await context.keyring.openField(
            tx,
            { tenantId: input.tenantId, integrationId: row.integration_id, field: taskSecretField(task.id, row.name) },
            row,
          );
        }
        await recordAudit(tx, {
          tenantId: input.tenantId,
          integrationId: sealed[0]!.integration_id,
          actor,
          event: 'workflow.task_secret_taken',
          detail: { workflowId: workflow.id, taskId: task.id, names: Object.keys(secrets) },
        });
        return secrets;
      });
    },

    async cancel(input) {
      const actor = requireActor(input.actor);
      await view(input.tenantId, input.workflowId);
      await db.transaction(async (tx) => {
        const row = await findWorkflow(tx, input, { forUpdate: true });
        if (row?.status !== 'running')
          throw new ServiceError('WORKFLOW_STATE', `workflow ${input.workflowId} is ${row?.status}; only a running workflow can be cancelled`, {
            hint: 'nothing to cancel',
          });
        await skipWaitingTasks(tx, { workflowId: row.id, reason: `cancelled by ${actor}` });
        await cancelWorkflowRow(tx, row.id);
        await recordAudit(tx, { tenantId: input.tenantId, actor, event: 'workflow.cancelled', detail: { workflowId: row.id } });
      });
      return view(input.tenantId, input.workflowId);
    },

    async retryTask(input) {
      const actor = requireActor(input.actor);
      await view(input.tenantId, input.workflowId);
      await db.transaction(async (tx) => {
        const row = await findWorkflow(tx, input, { forUpdate: true });
        const task = await findTask(tx, requireText('taskId', input.taskId, { max: 200 }));
        if (!row || !task || task.workflow_id !== row.id)
          throw new ServiceError('NOT_FOUND', `task ${input.taskId} is not a task of workflow ${input.workflowId}`, {
            hint: 'read the workflow to find its tasks',
          });
        if (row.status === 'cancelled')
          throw new ServiceError('WORKFLOW_STATE', `workflow ${row.id} was cancelled; its tasks are not retried`, { hint: 'start a new workflow' });
        if (task.status !== 'failed')
          throw new ServiceError('WORKFLOW_STATE', `task ${task.id} is ${task.status}; only a failed task can be retried`, {
            hint: 'wait for it, or read its reason',
          });
        const vars = await retryVars(tx, task, input.vars);
        if (vars !== undefined) await replaceTaskVars(tx, { taskId: task.id, vars });
        await requeueFailedTask(tx, task.id);
        await reopenWorkflow(tx, row.id);
        await recordAudit(tx, {
          tenantId: input.tenantId,
          actor,
          event: 'workflow.task_retried',
          detail: { workflowId: row.id, taskId: task.id, action: task.action, attempts: task.attempts },
        });
        await engine.send('workflowTask', { taskId: task.id }, { tx });
      });
      return view(input.tenantId, input.workflowId);
    },

    async getSettings(input) {
      await integrations.get(input);
      const row = await loadWorkflowSettings(db, input.integrationId);
      return { keepAccounts: row.keep_accounts, maxConcurrency: row.max_concurrency };
    },

    async setSettings(input) {
      const actor = requireActor(input.actor);
      await integrations.get(input);
      const current = await loadWorkflowSettings(db, input.integrationId);
      const keepAccounts = input.keepAccounts ?? current.keep_accounts;
      const maxConcurrency = input.maxConcurrency === undefined ? current.max_concurrency : input.maxConcurrency;
      if (typeof keepAccounts !== 'boolean')
        throw new ServiceError('INVALID_INPUT', 'keepAccounts must be true or false', { hint: 'true: offboarding deactivates instead of deleting' });
      if (keepAccounts && !current.keep_accounts) {
        const deactivate = (await integrations.listActions(input)).find((action) => action.name === 'deactivateUser');
        if (!deactivate?.enabled) {
          throw new ServiceError('DEACTIVATE_REQUIRED', `keep accounts needs Deactivate User, which integration ${input.integrationId} does not have enabled`, {
            hint: deactivate
              ? 'enable Deactivate User first'
              : 'this application offers no Deactivate User: its offboarding deletes accounts or lists them for removal by hand',
          });
        }
      }
      if (maxConcurrency !== null) checkWholeNumber('maxConcurrency', INPUT_RULES.workflowConcurrency, maxConcurrency, 'or null: the connector’s own limit');
      const saved = await db.transaction(async (tx) => {
        const row = await saveWorkflowSettings(tx, { tenantId: input.tenantId, integrationId: input.integrationId, keepAccounts, maxConcurrency });
        await recordAudit(tx, {
          tenantId: input.tenantId,
          integrationId: input.integrationId,
          actor,
          event: 'workflow.settings_changed',
          detail: { keepAccounts, maxConcurrency },
        });
        return row;
      });
      for (const key of concurrencyCache.keys()) if (key.startsWith(`${input.integrationId}\u0000`)) concurrencyCache.delete(key);
      return { keepAccounts: saved.keep_accounts, maxConcurrency: saved.max_concurrency };
    },

    async tick() {
      const now = policy.now();
      const lost = await failLostTasks(db, { startedBefore: new Date(now.getTime() - policy.taskLeaseSeconds * 1000), now });
      await db.transaction(async (tx) => {
        await refreshWorkflowStatuses(tx, lost);
        await reconcileTaskCounters(tx);
      });
      const ready = await listReadyTasks(db, { now, limit: 1000 });
      // One wake-up per worker that may be idle is enough: each claims every due task it can.
      if (ready.length > 0) await engine.sendMany('workflowTask', [{ data: { tick: now.toISOString() } }, { data: { tick: now.toISOString() } }]);
      dispatcher.kick();
      return ready.length;
    },

    dispatcher,
  };
  return operations;
}
