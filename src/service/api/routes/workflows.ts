/**
 * Lifecycle workflows: start onboarding, offboarding or a provisioner action for a person (each
 * with an idempotency key), Manage > Add User on an application, list and read workflows, cancel
 * one, retry a failed task, take a task's generated secret once, and an integration's workflow
 * settings.
 */
import type { FastifyRequest } from 'fastify';
import type { TypedApp } from '../../http/typed-app.js';
import type { Service } from '../../open-service.js';
import { INPUT_RULES } from '../../input-rules.js';
import { ServiceError } from '../../service-error.js';
import { WORKFLOW_INPUT_LIMITS, WORKFLOW_PAGE_LIMITS, type Started } from '../../workflows/workflow-operations.js';
import { TASK_STATUSES, WORKFLOW_KINDS, WORKFLOW_STATUSES } from '../../workflows/workflow-view.js';
import { actorOf, callerOf } from '../route-access.js';
import { integrationParams } from '../schemas.js';

const tags = ['workflows'];
const id = { type: 'string', minLength: 1, maxLength: 200 } as const;
const isoTime = { type: 'string', description: 'ISO 8601 time' } as const;

const taskSchema = {
  title: 'WorkflowTask',
  type: 'object',
  required: ['id', 'integrationId', 'integrationName', 'action', 'status', 'attempts'],
  properties: {
    id: { type: 'string' },
    integrationId: { type: ['string', 'null'] },
    integrationName: { type: 'string' },
    action: { type: 'string', description: 'A standard action, a custom action, or `manual` (a step for a person)' },
    status: { type: 'string', enum: [...TASK_STATUSES] },
    runAt: isoTime,
    reason: { type: 'string', description: 'Why it was skipped or is manual, or what the target said' },
    error: {
      type: 'object',
      properties: {
        code: { type: 'string' },
        message: { type: 'string' },
        failure: { type: 'object', additionalProperties: true, description: 'The target’s answer, redacted' },
      },
    },
    accountId: { type: 'string', description: 'The target’s id of the account' },
    secretsWaiting: {
      type: 'array',
      items: { type: 'string' },
      description: 'Names of the secrets the action generated for the person (a one-time password), waiting for an admin to take them once; never their values',
    },
    attempts: { type: 'integer' },
    startedAt: isoTime,
    finishedAt: isoTime,
  },
} as const;

export const workflowSchema = {
  title: 'Workflow',
  type: 'object',
  required: ['id', 'kind', 'personId', 'status', 'createdBy', 'createdAt', 'tasks'],
  properties: {
    id: { type: 'string' },
    kind: { type: 'string', enum: [...WORKFLOW_KINDS] },
    personId: {
      type: ['string', 'null'],
      description: 'Null: the removal of an account no person is linked to (an access review revoking an orphan); `account` names it',
    },
    account: {
      type: 'object',
      description: 'Only when personId is null: the account the workflow removes',
      additionalProperties: false,
      required: ['integrationId', 'integrationName', 'accountId'],
      properties: { integrationId: { type: ['string', 'null'] }, integrationName: { type: 'string' }, accountId: { type: 'string' } },
    },
    status: { type: 'string', enum: [...WORKFLOW_STATUSES] },
    createdBy: { type: 'string' },
    createdAt: isoTime,
    finishedAt: isoTime,
    tasks: { type: 'array', items: taskSchema },
  },
} as const;

const idempotencyKey = {
  type: 'string',
  minLength: 1,
  maxLength: 200,
  description: 'Or the Idempotency-Key header: the same key and request start one workflow',
} as const;
const onboardingBody = {
  type: 'object',
  additionalProperties: false,
  required: ['personId', 'integrationIds'],
  properties: {
    personId: id,
    integrationIds: { type: 'array', minItems: 1, maxItems: WORKFLOW_INPUT_LIMITS.integrations, items: id },
    activateAt: {
      type: 'string',
      maxLength: 40,
      description:
        'When to activate the created accounts, each created inactive until then; at once when left out. 409 ACTIVATION_NOT_POSSIBLE when a chosen application cannot',
    },
    idempotencyKey,
  },
} as const;
const offboardingBody = { type: 'object', additionalProperties: false, required: ['personId'], properties: { personId: id, idempotencyKey } } as const;
const provisionerBody = {
  type: 'object',
  additionalProperties: false,
  required: ['personId', 'integrationId', 'action'],
  properties: {
    personId: id,
    integrationId: id,
    action: id,
    vars: {
      type: 'object',
      additionalProperties: true,
      description:
        'A custom action’s variables, as it declares them (its `variables` in the action list): checked before the run starts, 422 ACTION_VARIABLES_INVALID naming each missing or mistyped one',
    },
    idempotencyKey,
  },
} as const;
const retryBody = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: { vars: { type: 'object', additionalProperties: true, description: 'The custom action’s variables, replacing the task’s own' } },
} as const;
const addUsersBody = {
  type: 'object',
  additionalProperties: false,
  required: ['personIds'],
  properties: {
    personIds: { type: 'array', minItems: 1, maxItems: WORKFLOW_INPUT_LIMITS.people, items: id },
    activateAt: {
      type: 'string',
      maxLength: 40,
      description:
        'When to activate the created accounts (each created inactive until then); at once when left out. 409 ACTIVATION_NOT_POSSIBLE when the application cannot.',
    },
    idempotencyKey,
  },
} as const;
const workflowParams = { type: 'object', required: ['workflowId'], properties: { workflowId: id } } as const;
const taskParams = { type: 'object', required: ['workflowId', 'taskId'], properties: { workflowId: id, taskId: id } } as const;
const listQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    status: { type: 'string', enum: [...WORKFLOW_STATUSES] },
    personId: id,
    limit: { type: 'integer', minimum: 1, maximum: WORKFLOW_PAGE_LIMITS.max },
    cursor: { type: 'string', maxLength: 500 },
  },
} as const;
const settingsSchema = {
  title: 'WorkflowSettings',
  type: 'object',
  required: ['keepAccounts', 'maxConcurrency'],
  properties: {
    keepAccounts: { type: 'boolean', description: 'Offboarding deactivates instead of deleting' },
    maxConcurrency: { type: ['integer', 'null'], description: 'Tasks of one action in flight at once; null: the connector’s own limit' },
  },
} as const;
const settingsBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    keepAccounts: { type: 'boolean' },
    maxConcurrency: {
      ...INPUT_RULES.workflowConcurrency,
      type: ['integer', 'null'],
      description: `${INPUT_RULES.workflowConcurrency.description}; null: the connector’s own limit`,
    },
  },
} as const;

/** The key from the Idempotency-Key header (preferred) or the body; one of them is required. */
export function keyOf(request: { headers: FastifyRequest['headers']; body: { idempotencyKey?: string } }): string {
  const header = request.headers['idempotency-key'];
  const fromBody = request.body.idempotencyKey;
  const key = typeof header === 'string' && header !== '' ? header : fromBody;
  if (key === undefined || key.length > 200) {
    throw new ServiceError(
      'INVALID_INPUT',
      'an idempotency key is required: the Idempotency-Key header or idempotencyKey in the body (at most 200 characters)',
      {
        hint: 'send a key unique to this request, e.g. a UUID; repeating the request with it starts no second workflow',
      },
    );
  }
  return key;
}

export function workflowRoutes(app: TypedApp, service: Service): void {
  const caller = (request: FastifyRequest) => {
    const who = callerOf(request);
    return { tenantId: who.tenantId, actor: actorOf(who) };
  };
  const started = (reply: { code(status: number): { send(body: unknown): unknown } }, result: Started) =>
    reply.code(result.created ? 201 : 200).send(result.workflow);
  const startResponses = { 200: workflowSchema, 201: workflowSchema };

  app.post('/workflows/onboarding', {
    config: { access: 'admin', operationId: 'startOnboarding' },
    schema: {
      summary: 'Onboard a person into applications: Create User in each, Activate User at the chosen time',
      description:
        'An account the last import found is linked, not created again. 201 when started; 200 when the idempotency key returned an earlier workflow.',
      tags,
      body: onboardingBody,
      response: startResponses,
    },
    handler: async (request, reply) => {
      const body = request.body;
      return started(
        reply,
        await service.workflows.startOnboarding({
          ...caller(request),
          personId: body.personId,
          integrationIds: body.integrationIds,
          activateAt: body.activateAt,
          idempotencyKey: keyOf(request),
        }),
      );
    },
  });

  app.post('/workflows/offboarding', {
    config: { access: 'admin', operationId: 'startOffboarding' },
    schema: {
      summary: 'Remove a person from all applications',
      description:
        'Delete User, or Deactivate User where the integration keeps accounts, for every account of the person in the Accounts list; a manual task where neither is enabled.',
      tags,
      body: offboardingBody,
      response: startResponses,
    },
    handler: async (request, reply) => {
      const body = request.body;
      return started(reply, await service.workflows.startOffboarding({ ...caller(request), personId: body.personId, idempotencyKey: keyOf(request) }));
    },
  });

  app.post('/workflows/provisioner-action', {
    config: { access: 'admin', operationId: 'startProvisionerAction' },
    schema: {
      summary: 'Run provisioner action for user: one action (standard, or custom on Business) of one application for a person',
      tags,
      body: provisionerBody,
      response: startResponses,
    },
    handler: async (request, reply) => {
      const body = request.body;
      return started(
        reply,
        await service.workflows.startProvisionerAction({
          ...caller(request),
          personId: body.personId,
          integrationId: body.integrationId,
          action: body.action,
          vars: body.vars,
          idempotencyKey: keyOf(request),
        }),
      );
    },
  });

  app.post('/integrations/:integrationId/add-users', {
    config: { access: 'admin', operationId: 'addUsers' },
    schema: {
      summary: 'Manage > Add User: start a workflow that adds each chosen person to this application',
      tags,
      params: integrationParams,
      body: addUsersBody,
      response: {
        201: {
          type: 'object',
          required: ['message', 'workflows'],
          properties: { message: { type: 'string' }, workflows: { type: 'array', items: workflowSchema } },
        },
      },
    },
    handler: async (request, reply) => {
      const { integrationId } = request.params;
      const body = request.body;
      return reply.code(201).send(
        await service.workflows.addUsers({
          ...caller(request),
          integrationId,
          personIds: body.personIds,
          idempotencyKey: keyOf(request),
          ...(body.activateAt === undefined ? {} : { activateAt: body.activateAt }),
        }),
      );
    },
  });

  app.get('/workflows', {
    config: { access: 'viewer', operationId: 'listWorkflows' },
    schema: {
      summary: 'Workflows, newest first, by cursor',
      tags,
      querystring: listQuery,
      response: {
        200: { type: 'object', required: ['workflows'], properties: { workflows: { type: 'array', items: workflowSchema }, next: { type: 'string' } } },
      },
    },
    handler: async (request) => {
      const query = request.query;
      return service.workflows.list({ tenantId: callerOf(request).tenantId, ...query });
    },
  });

  app.get('/workflows/:workflowId', {
    config: { access: 'viewer', operationId: 'getWorkflow' },
    schema: { summary: 'A workflow with the status of each task', tags, params: workflowParams, response: { 200: workflowSchema } },
    handler: async (request) => service.workflows.get({ tenantId: callerOf(request).tenantId, workflowId: request.params.workflowId }),
  });

  app.post('/workflows/:workflowId/cancel', {
    config: { access: 'admin', operationId: 'cancelWorkflow' },
    schema: {
      summary: 'Cancel a running workflow: its pending and scheduled tasks are skipped',
      tags,
      params: workflowParams,
      response: { 200: workflowSchema },
    },
    handler: async (request) => service.workflows.cancel({ ...caller(request), workflowId: request.params.workflowId }),
  });

  app.post('/workflows/:workflowId/tasks/:taskId/retry', {
    config: { access: 'admin', operationId: 'retryWorkflowTask' },
    schema: {
      summary: 'Retry one failed task (the others are not run again)',
      description:
        'A custom action’s task is checked against the variables its action declares: `vars` replaces the task’s own; a retry that would fail again for a missing or mistyped variable answers 422 ACTION_VARIABLES_INVALID and retries nothing.',
      tags,
      params: taskParams,
      body: retryBody,
      response: { 200: workflowSchema },
    },
    handler: async (request) => {
      const params = request.params;
      return service.workflows.retryTask({ ...caller(request), workflowId: params.workflowId, taskId: params.taskId, vars: request.body?.vars });
    },
  });

  app.post('/workflows/:workflowId/tasks/:taskId/secrets/take', {
    config: { access: 'admin', operationId: 'takeWorkflowTaskSecrets' },
    schema: {
      summary: 'Take, once, the secrets a task generated for the person',
      description:
        'A one-time password generated for a target that sends no welcome email (Microsoft Graph, Google Workspace): answered once, to an admin, with `Cache-Control: no-store`, then deleted; the audit log records who took it, never the value. A second call answers 404.',
      tags,
      params: taskParams,
      response: { 200: { type: 'object', required: ['secrets'], properties: { secrets: { type: 'object', additionalProperties: { type: 'string' } } } } },
    },
    handler: async (request, reply) => {
      const params = request.params;
      const secrets = await service.workflows.takeTaskSecrets({ ...caller(request), workflowId: params.workflowId, taskId: params.taskId });
      reply.header('cache-control', 'no-store');
      return { secrets };
    },
  });

  app.get('/integrations/:integrationId/workflow-settings', {
    config: { access: 'viewer', operationId: 'getWorkflowSettings' },
    schema: {
      summary: 'How offboarding removes accounts here, and how many tasks act on it at once',
      tags,
      params: integrationParams,
      response: { 200: settingsSchema },
    },
    handler: async (request) => service.workflows.getSettings({ tenantId: callerOf(request).tenantId, integrationId: request.params.integrationId }),
  });

  app.put('/integrations/:integrationId/workflow-settings', {
    config: { access: 'admin', operationId: 'setWorkflowSettings' },
    schema: {
      summary: 'Keep accounts (deactivate instead of delete) and the concurrency of tasks',
      tags,
      params: integrationParams,
      body: settingsBody,
      response: { 200: settingsSchema },
    },
    handler: async (request) => {
      const body = request.body;
      return service.workflows.setSettings({ ...caller(request), integrationId: request.params.integrationId, ...body });
    },
  });
}
