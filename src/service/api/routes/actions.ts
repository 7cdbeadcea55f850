/**
 * Actions of an integration (setup step 3): the ones offered, enabling and disabling them, running
 * one, and a build-your-own action's configuration edited per action.
 */
import type { TypedApp } from '../../http/typed-app.js';
import type { Service } from '../../open-service.js';
import { actorOf, callerOf } from '../route-access.js';
import {
  actionListSchema,
  actionNameParams,
  actionParams,
  actionRunSchema,
  integrationParams,
  runActionBody,
  setActionBody,
  setActionManyBody,
  setActionManySchema,
} from '../schemas.js';

const tags = ['actions'];
const templateMap = { type: 'object', additionalProperties: { type: 'string', maxLength: 10_000 } } as const;
/** `null` removes a member; an absent member is left as it is. The compiler re-validates the whole spec on save. */
const actionConfigBody = {
  title: 'ActionConfigChange',
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    method: { enum: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', null] },
    path: { type: ['string', 'null'], maxLength: 2000, description: 'The endpoint, relative to the base URL' },
    query: { anyOf: [templateMap, { type: 'null' }] },
    headers: { anyOf: [templateMap, { type: 'null' }] },
    body: { type: ['string', 'null'], maxLength: 100_000, description: 'The payload template' },
    contentType: { type: ['string', 'null'], maxLength: 200 },
    success: { anyOf: [{ type: 'array', items: { type: 'integer', minimum: 100, maximum: 599 }, minItems: 1 }, { type: 'null' }] },
    records: { type: ['string', 'null'], maxLength: 2000, description: 'jq: the array of records in an import answer' },
    mapping: { anyOf: [{ type: 'object', additionalProperties: { type: 'string', maxLength: 2000 } }, { type: 'null' }] },
  },
} as const;
const actionConfigSchema = {
  title: 'ActionConfiguration',
  type: 'object',
  required: ['action', 'kind', 'defined', 'editable', 'config'],
  properties: {
    action: { type: 'string' },
    kind: { type: 'string', enum: ['standard', 'custom'] },
    defined: { type: 'boolean' },
    editable: { type: 'boolean' },
    config: { type: 'object', additionalProperties: true },
    actions: actionListSchema.properties.actions,
  },
} as const;

export function actionRoutes(app: TypedApp, service: Service): void {
  app.get('/integrations/:integrationId/actions', {
    config: { access: 'viewer', operationId: 'listActions' },
    schema: {
      summary: 'The actions offered now, each with whether it is enabled (none before authentication is configured)',
      tags,
      params: integrationParams,
      response: { 200: actionListSchema },
    },
    handler: async (request) => {
      const { integrationId } = request.params;
      return { actions: await service.integrations.listActions({ tenantId: callerOf(request).tenantId, integrationId }) };
    },
  });

  app.put('/integrations/:integrationId/actions/:action', {
    config: { access: 'admin', operationId: 'setAction' },
    schema: { summary: 'Enable or disable an offered action', tags, params: actionParams, body: setActionBody, response: { 200: actionListSchema } },
    handler: async (request) => {
      const caller = callerOf(request);
      const { integrationId, action } = request.params;
      const { enabled } = request.body;
      return { actions: await service.integrations.setAction({ tenantId: caller.tenantId, integrationId, action, enabled, actor: actorOf(caller) }) };
    },
  });

  app.put('/integrations/actions/:action', {
    config: { access: 'admin', operationId: 'setActionMany' },
    schema: {
      summary: 'Enable or disable an action on many integrations at once (the bulk path)',
      description:
        'All or nothing: each integration is checked as enabling it alone checks it, and the first refusal (404 NOT_FOUND for an id not in the tenant, 409 AUTH_NOT_CONFIGURED, ACTION_NOT_OFFERED, IMPORT_ONLY, INTEGRATION_DISABLED, DEACTIVATE_REQUIRED, 403 PLAN_REQUIRED) names its integration and saves nothing. Otherwise every change is saved and audited in one transaction; enabling `importUsers` queues each integration’s first sync (one run per integration; an open run is joined).',
      tags,
      params: actionNameParams,
      body: setActionManyBody,
      response: { 200: setActionManySchema },
    },
    handler: async (request) => {
      const caller = callerOf(request);
      const { action } = request.params;
      const { integrationIds, enabled } = request.body;
      await service.integrations.setActionMany({ tenantId: caller.tenantId, integrationIds, action, enabled, actor: actorOf(caller) });
      return { action, enabled, integrationIds };
    },
  });

  app.post('/integrations/:integrationId/actions/:action/run', {
    config: { access: 'admin', operationId: 'runAction' },
    schema: {
      summary: 'Run an enabled action once on the saved configuration',
      description:
        'A write refused with the target’s read-only signature marks the integration import-only (its write actions are switched off) and answers 409 IMPORT_ONLY with the reason.',
      tags,
      params: actionParams,
      body: runActionBody,
      response: { 200: actionRunSchema },
    },
    handler: async (request) => {
      const caller = callerOf(request);
      const { integrationId, action } = request.params;
      return service.integrations.runAction({ tenantId: caller.tenantId, integrationId, action, subject: request.body ?? {}, actor: actorOf(caller) });
    },
  });

  const anyObject = { type: 'object', additionalProperties: true } as const;
  app.post('/integrations/:integrationId/test', {
    config: { access: 'admin', operationId: 'testIntegration' },
    schema: {
      summary: 'Test: send the first import request and return the raw answer (status, headers, body), credentials redacted',
      description:
        "502 ACTION_FAILED, with `failure` (the runtime's code, message and hint, redacted), when the target cannot be reached or refuses before answering.",
      tags,
      params: integrationParams,
      response: { 200: anyObject },
    },
    handler: async (request) => {
      const caller = callerOf(request);
      const { integrationId } = request.params;
      return service.inspect.test({ tenantId: caller.tenantId, integrationId, actor: actorOf(caller) });
    },
  });

  app.post('/integrations/:integrationId/preview', {
    config: { access: 'admin', operationId: 'previewIntegration' },
    schema: {
      summary: 'Preview: the first import answer mapped, each record with its problems',
      description: '502 ACTION_FAILED, with `failure`, when the target cannot be reached or its answer cannot be mapped at all.',
      tags,
      params: integrationParams,
      response: { 200: anyObject },
    },
    handler: async (request) => {
      const caller = callerOf(request);
      const { integrationId } = request.params;
      return service.inspect.preview({ tenantId: caller.tenantId, integrationId, actor: actorOf(caller) });
    },
  });

  app.get('/integrations/:integrationId/actions/:action/config', {
    config: { access: 'viewer', operationId: 'getActionConfig' },
    schema: {
      summary: 'An action’s configuration as the spec has it (method, path, payload template, records path, mapping...)',
      tags,
      params: actionParams,
      response: { 200: actionConfigSchema },
    },
    handler: async (request) => {
      const { integrationId, action } = request.params;
      return service.integrations.actionConfig({ tenantId: callerOf(request).tenantId, integrationId, action });
    },
  });

  app.put('/integrations/:integrationId/actions/:action/config', {
    config: { access: 'admin', operationId: 'configureAction' },
    schema: {
      summary: 'Edit a build-your-own action’s configuration',
      description:
        'The members given replace the spec’s (`null` removes one); the whole spec is re-validated and a spec with errors answers 422 INVALID_SPEC with located `diagnostics`, saving nothing. Prebuilt and SCIM: 409 CONFIG_NOT_EDITABLE. Answers the new configuration and the actions offered now.',
      tags,
      params: actionParams,
      body: actionConfigBody,
      response: { 200: actionConfigSchema },
    },
    handler: async (request) => {
      const caller = callerOf(request);
      const { integrationId, action } = request.params;
      return service.integrations.configureAction({ tenantId: caller.tenantId, integrationId, action, change: request.body, actor: actorOf(caller) });
    },
  });
}
