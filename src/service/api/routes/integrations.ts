/** Integrations: choose the type (create), read them, list them by cursor, configure authentication (tested on save). */
import type { FastifyInstance } from 'fastify';
import type { IntegrationChoice } from '../../integrations/integration-types.js';
import type { Service } from '../../open-service.js';
import { problem, sendProblem } from '../problem.js';
import { actorOf, callerOf } from '../route-access.js';
import { configureAuthAnswer, configureAuthBody, createIntegrationBody, integrationPageSchema, integrationParams, integrationSchema, pageQuery } from '../schemas.js';

const tags = ['integrations'];

export function integrationRoutes(app: FastifyInstance, service: Service): void {
  app.post('/v1/integrations', {
    config: { access: 'admin', operationId: 'createIntegration' },
    schema: { summary: 'Create an integration: choose its type (setup step 1)', tags, body: createIntegrationBody, response: { 201: integrationSchema } },
    handler: async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body as IntegrationChoice & { name?: string };
      const integration = await service.integrations.create({ ...body, tenantId: caller.tenantId, actor: actorOf(caller) });
      return reply.code(201).header('location', `/v1/integrations/${integration.id}`).send(integration);
    },
  });

  app.get('/v1/integrations', {
    config: { access: 'viewer', operationId: 'listIntegrations' },
    schema: { summary: 'List the tenant’s integrations in creation order, by cursor', tags, querystring: pageQuery, response: { 200: integrationPageSchema } },
    handler: async (request) => {
      const query = request.query as { limit?: number; cursor?: string };
      return service.integrations.page({ tenantId: callerOf(request).tenantId, limit: query.limit, cursor: query.cursor });
    },
  });

  app.get('/v1/integrations/:integrationId', {
    config: { access: 'viewer', operationId: 'getIntegration' },
    schema: { summary: 'Read an integration (secrets are never returned)', tags, params: integrationParams, response: { 200: integrationSchema } },
    handler: async (request) => {
      const { integrationId } = request.params as { integrationId: string };
      return service.integrations.get({ tenantId: callerOf(request).tenantId, integrationId });
    },
  });

  app.put('/v1/integrations/:integrationId/auth', {
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
      const { integrationId } = request.params as { integrationId: string };
      const { inputs } = request.body as { inputs: Record<string, string> };
      const result = await service.integrations.configureAuth({ tenantId: caller.tenantId, integrationId, inputs, actor: actorOf(caller) });
      if (!result.ok) {
        return sendProblem(request, reply, problem('AUTH_TEST_FAILED', 422, `the connection test failed; nothing was saved: ${result.failure.message}`, { hint: result.failure.hint, failure: result.failure }));
      }
      return { integration: result.integration, check: result.check };
    },
  });
}
