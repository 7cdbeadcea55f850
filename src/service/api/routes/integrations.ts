/**
 * Integrations: choose the type (create), read them, list them by cursor, configure authentication
 * (tested on save), and Generate Config (a proposal, then its confirmed save).
 */
import type { TypedApp } from '../../http/typed-app.js';
import type { Service } from '../../open-service.js';
import { problem, sendProblem } from '../../http/problem.js';
import { actorOf, callerOf } from '../route-access.js';
import {
  configureAuthAnswer,
  configureAuthBody,
  createIntegrationBody,
  integrationPageSchema,
  integrationParams,
  integrationSchema,
  pageQuery,
} from '../schemas.js';

const tags = ['integrations'];
const updateIntegrationBody = {
  title: 'IntegrationChange',
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 200, description: 'The new display name' },
    baseUrl: { type: 'string', minLength: 1, maxLength: 2000, description: 'The new base URL (a SCIM integration’s SCIM base URL); tested before it is saved' },
    inputs: {
      type: 'object',
      maxProperties: 50,
      additionalProperties: { type: 'string', maxLength: 10_000 },
      description: 'Authentication inputs to replace (e.g. a new token); the others stay as saved. Tested before they are saved.',
    },
  },
} as const;
const deleteQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { confirm: { type: 'string', maxLength: 200, description: 'The integration’s name, exactly as shown' } },
} as const;
const anyObject = { type: 'object', additionalProperties: true } as const;
const jq = (description: string) => ({ type: 'string', minLength: 1, maxLength: 2000, description }) as const;
const proposeBody = {
  title: 'GenerateConfigRequest',
  type: 'object',
  additionalProperties: false,
  properties: { records: jq('Use this records path instead of searching the answer for the array of users') },
} as const;
const applyBody = {
  title: 'GeneratedConfig',
  description: 'A Generate Config proposal as confirmed (edited as needed): saved into the build-your-own spec’s actions.importUsers.',
  type: 'object',
  additionalProperties: true,
  required: ['records', 'mapping'],
  properties: {
    records: { oneOf: [jq('The records path'), { type: 'object', required: ['expression'], properties: { expression: jq('The records path') } }] },
    mapping: {
      type: 'object',
      minProperties: 1,
      additionalProperties: jq('jq for this account field'),
      description: 'Account field to jq expression; replaces the whole mapping',
    },
    path: { type: 'string', pattern: '^/', maxLength: 2000, description: 'The Import Users endpoint, when the spec has none yet or it should change' },
    pagination: {
      type: 'object',
      additionalProperties: true,
      description: 'The pagination block to save (the proposal’s `pagination`, or its `pagination.pagination`); validated with the spec',
    },
  },
} as const;

/** The proposal's pagination may be sent back as it came (`{ pagination: {type...}, explanation }`) or as the block itself. */
function paginationBlockOf(given: Record<string, unknown>): Record<string, unknown> {
  const inner = given.pagination;
  return typeof given.type !== 'string' && typeof inner === 'object' && inner !== null ? (inner as Record<string, unknown>) : given;
}

export function integrationRoutes(app: TypedApp, service: Service): void {
  app.post('/integrations', {
    config: { access: 'admin', operationId: 'createIntegration' },
    schema: { summary: 'Create an integration: choose its type (setup step 1)', tags, body: createIntegrationBody, response: { 201: integrationSchema } },
    handler: async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body;
      const integration = await service.integrations.create({ ...body, tenantId: caller.tenantId, actor: actorOf(caller) });
      return reply.code(201).header('location', `/v1/integrations/${integration.id}`).send(integration);
    },
  });

  app.get('/integrations', {
    config: { access: 'viewer', operationId: 'listIntegrations' },
    schema: { summary: 'List the tenant’s integrations in creation order, by cursor', tags, querystring: pageQuery, response: { 200: integrationPageSchema } },
    handler: async (request) => {
      const query = request.query;
      return service.integrations.page({ tenantId: callerOf(request).tenantId, limit: query.limit, cursor: query.cursor });
    },
  });

  app.get('/integrations/:integrationId', {
    config: { access: 'viewer', operationId: 'getIntegration' },
    schema: { summary: 'Read an integration (secrets are never returned)', tags, params: integrationParams, response: { 200: integrationSchema } },
    handler: async (request) => {
      const { integrationId } = request.params;
      return service.integrations.get({ tenantId: callerOf(request).tenantId, integrationId });
    },
  });

  app.patch('/integrations/:integrationId', {
    config: { access: 'admin', operationId: 'updateIntegration' },
    schema: {
      summary: 'Rename an integration, change its base URL or its credentials',
      description:
        'A new base URL or new credentials of a configured integration are tested like the first save, with the saved secrets the change does not replace; a failed test saves nothing (not even the name) and answers 422 AUTH_TEST_FAILED with the target’s redacted answer. Audited.',
      tags,
      params: integrationParams,
      body: updateIntegrationBody,
      response: { 200: integrationSchema },
    },
    handler: async (request, reply) => {
      const caller = callerOf(request);
      const { integrationId } = request.params;
      const result = await service.integrations.update({ tenantId: caller.tenantId, integrationId, ...request.body, actor: actorOf(caller) });
      if (!result.ok) {
        return sendProblem(
          request,
          reply,
          problem('AUTH_TEST_FAILED', `the connection test failed; nothing was saved: ${result.failure.message}`, {
            hint: result.failure.hint,
            failure: result.failure,
          }),
        );
      }
      return result.integration;
    },
  });

  app.post('/integrations/:integrationId/disable', {
    config: { access: 'admin', operationId: 'disableIntegration' },
    schema: {
      summary: 'Disable an integration: kept and shown as disabled, but no sync or workflow task runs for it',
      description:
        'A sync request answers 409 INTEGRATION_DISABLED; a workflow task of it fails with INTEGRATION_DISABLED (retry it once the integration is enabled again). Audited.',
      tags,
      params: integrationParams,
      response: { 200: integrationSchema },
    },
    handler: async (request) => {
      const caller = callerOf(request);
      return service.integrations.disable({ tenantId: caller.tenantId, integrationId: request.params.integrationId, actor: actorOf(caller) });
    },
  });

  app.post('/integrations/:integrationId/enable', {
    config: { access: 'admin', operationId: 'enableIntegration' },
    schema: { summary: 'Enable a disabled integration again', tags, params: integrationParams, response: { 200: integrationSchema } },
    handler: async (request) => {
      const caller = callerOf(request);
      return service.integrations.enable({ tenantId: caller.tenantId, integrationId: request.params.integrationId, actor: actorOf(caller) });
    },
  });

  app.delete('/integrations/:integrationId', {
    config: { access: 'admin', operationId: 'deleteIntegration' },
    schema: {
      summary: 'Delete an integration; `confirm` must be its name',
      description:
        'Without `confirm` equal to the integration’s name: 409 CONFIRMATION_REQUIRED, nothing deleted. Its secrets are erased; its accounts stay as history but count as access nowhere (its Access Grid column goes, offboarding no longer targets them); the integration is NOT_FOUND from then on. Audited.',
      tags,
      params: integrationParams,
      querystring: deleteQuery,
      response: {
        200: {
          title: 'DeletedIntegration',
          type: 'object',
          required: ['id', 'name', 'accountsKept'],
          properties: { id: { type: 'string' }, name: { type: 'string' }, accountsKept: { type: 'integer', description: 'Accounts kept as history' } },
        },
      },
    },
    handler: async (request) => {
      const caller = callerOf(request);
      return service.integrations.remove({
        tenantId: caller.tenantId,
        integrationId: request.params.integrationId,
        confirm: request.query.confirm,
        actor: actorOf(caller),
      });
    },
  });

  app.put('/integrations/:integrationId/auth', {
    config: { access: 'admin', operationId: 'configureAuthentication' },
    schema: {
      summary: 'Configure authentication (setup step 2): the connection is tested and saved only when it passes',
      description: 'A failed test saves nothing and answers 422 AUTH_TEST_FAILED with the target’s redacted answer (`failure`) and a hint.',
      tags,
      params: integrationParams,
      body: configureAuthBody,
      response: { 200: configureAuthAnswer },
    },
    handler: async (request, reply) => {
      const caller = callerOf(request);
      const { integrationId } = request.params;
      const { inputs } = request.body;
      const result = await service.integrations.configureAuth({ tenantId: caller.tenantId, integrationId, inputs, actor: actorOf(caller) });
      if (!result.ok) {
        return sendProblem(
          request,
          reply,
          problem('AUTH_TEST_FAILED', `the connection test failed; nothing was saved: ${result.failure.message}`, {
            hint: result.failure.hint,
            failure: result.failure,
          }),
        );
      }
      return { integration: result.integration, check: result.check, ...(result.capabilities ? { capabilities: result.capabilities } : {}) };
    },
  });

  app.post('/integrations/:integrationId/generate-config', {
    config: { access: 'admin', operationId: 'generateConfig' },
    schema: {
      summary: 'Generate Config: propose the records path and mapping from the target’s Import Users answer, each field with why; saves nothing',
      description:
        'Answers the proposal (`records`, `fields` with `explanation` and `considered`, `skipped`, `rejected`, `mapping`, `preview` of the first records mapped, the `current` configuration, and whether it is `applicable`). 422 NO_USER_ARRAY when the answer holds no list of users.',
      tags,
      params: integrationParams,
      body: proposeBody,
      response: { 200: anyObject },
    },
    handler: async (request) => {
      const caller = callerOf(request);
      const { integrationId } = request.params;
      const { records } = request.body ?? {};
      return service.integrations.proposeConfig({ tenantId: caller.tenantId, integrationId, records, actor: actorOf(caller) });
    },
  });

  app.post('/integrations/:integrationId/generate-config/apply', {
    config: { access: 'admin', operationId: 'applyGeneratedConfig' },
    schema: {
      summary: 'Save a (possibly edited) Generate Config proposal into the build-your-own spec’s Import Users',
      description:
        'The spec is re-validated: 422 INVALID_SPEC with located `diagnostics` saves nothing. Prebuilt and SCIM integrations run the shipped mapping: 409 CONFIG_NOT_EDITABLE.',
      tags,
      params: integrationParams,
      body: applyBody,
      response: { 200: anyObject },
    },
    handler: async (request) => {
      const caller = callerOf(request);
      const { integrationId } = request.params;
      const body = request.body;
      // The proposal itself may be sent back as it came: its records is an object with the expression.
      const records = typeof body.records === 'string' ? body.records : body.records.expression;
      const importUsers = await service.integrations.applyConfig({
        tenantId: caller.tenantId,
        integrationId,
        records,
        mapping: body.mapping,
        path: body.path,
        ...(body.pagination === undefined ? {} : { pagination: paginationBlockOf(body.pagination as Record<string, unknown>) }),
        actor: actorOf(caller),
      });
      return { importUsers, actions: await service.integrations.listActions({ tenantId: caller.tenantId, integrationId }) };
    },
  });
}
