/** Actions of an integration (setup step 3): the ones offered, enabling and disabling them, and running one. */
import type { FastifyInstance } from 'fastify';
import type { ActionSubject } from '../../integrations/run-action.js';
import type { Service } from '../../open-service.js';
import { actorOf, callerOf } from '../route-access.js';
import { actionListSchema, actionParams, actionRunSchema, integrationParams, runActionBody, setActionBody } from '../schemas.js';

const tags = ['actions'];

export function actionRoutes(app: FastifyInstance, service: Service): void {
  app.get('/v1/integrations/:integrationId/actions', {
    config: { access: 'viewer', operationId: 'listActions' },
    schema: { summary: 'The actions offered now, each with whether it is enabled (none before authentication is configured)', tags, params: integrationParams, response: { 200: actionListSchema } },
    handler: async (request) => {
      const { integrationId } = request.params as { integrationId: string };
      return { actions: await service.integrations.listActions({ tenantId: callerOf(request).tenantId, integrationId }) };
    },
  });

  app.put('/v1/integrations/:integrationId/actions/:action', {
    config: { access: 'admin', operationId: 'setAction' },
    schema: { summary: 'Enable or disable an offered action', tags, params: actionParams, body: setActionBody, response: { 200: actionListSchema } },
    handler: async (request) => {
      const caller = callerOf(request);
      const { integrationId, action } = request.params as { integrationId: string; action: string };
      const { enabled } = request.body as { enabled: boolean };
      return { actions: await service.integrations.setAction({ tenantId: caller.tenantId, integrationId, action, enabled, actor: actorOf(caller) }) };
    },
  });

  app.post('/v1/integrations/:integrationId/actions/:action/run', {
    config: { access: 'admin', operationId: 'runAction' },
    schema: {
      summary: 'Run an enabled action once on the saved configuration',
      description: 'A write refused with the target’s read-only signature marks the integration import-only (its write actions are switched off) and answers 409 IMPORT_ONLY with the reason.',
      tags,
      params: actionParams,
      body: runActionBody,
      response: { 200: actionRunSchema },
    },
    handler: async (request) => {
      const caller = callerOf(request);
      const { integrationId, action } = request.params as { integrationId: string; action: string };
      return service.integrations.runAction({ tenantId: caller.tenantId, integrationId, action, subject: (request.body ?? {}) as ActionSubject, actor: actorOf(caller) });
    },
  });

  const anyObject = { type: 'object', additionalProperties: true } as const;
  app.post('/v1/integrations/:integrationId/test', {
    config: { access: 'admin', operationId: 'testIntegration' },
    schema: { summary: 'Test: send the first import request and return the raw answer (status, headers, body), credentials redacted', tags, params: integrationParams, response: { 200: anyObject } },
    handler: async (request) => {
      const caller = callerOf(request);
      const { integrationId } = request.params as { integrationId: string };
      return service.inspect.test({ tenantId: caller.tenantId, integrationId, actor: actorOf(caller) });
    },
  });

  app.post('/v1/integrations/:integrationId/preview', {
    config: { access: 'admin', operationId: 'previewIntegration' },
    schema: { summary: 'Preview: the first import answer mapped, each record with its problems', tags, params: integrationParams, response: { 200: anyObject } },
    handler: async (request) => {
      const caller = callerOf(request);
      const { integrationId } = request.params as { integrationId: string };
      return service.inspect.preview({ tenantId: caller.tenantId, integrationId, actor: actorOf(caller) });
    },
  });
}
