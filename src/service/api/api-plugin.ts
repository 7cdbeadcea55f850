/**
 * The service's HTTP API as one encapsulated Fastify plugin: the OpenAPI 3.1 document at
 * `/openapi.json` (public) and the routes under `/v1` in a scope of their own, with its own
 * authentication hook (tenant tokens with roles) and its own error and not-found handlers
 * (RFC 9457 problem+json). Request validation and the handlers' types come from the route
 * schemas, and so does the OpenAPI document. Nothing here knows of the console.
 */
import type { FastifyInstance } from 'fastify';
import { checkRouteAccess } from '../http/access.js';
import { HttpError } from '../http/http-error.js';
import { problemFor, sendProblem } from '../http/problem.js';
import { typed } from '../http/typed-app.js';
import type { Service } from '../open-service.js';
import { authenticate } from './authenticate.js';
import { buildOpenApi, describeRoute, type RegisteredRoute } from './openapi.js';
import { accessRoutes } from './routes/access.js';
import { actionRoutes } from './routes/actions.js';
import { auditRoutes } from './routes/audit.js';
import { integrationRoutes } from './routes/integrations.js';
import { profileRoutes } from './routes/profiles.js';
import { syncRoutes } from './routes/sync.js';
import { tenantRoutes } from './routes/tenant.js';
import { tokenRoutes } from './routes/tokens.js';
import { workflowRoutes } from './routes/workflows.js';
import { reviewRoutes } from './routes/reviews.js';

export interface ApiPluginOptions {
  service: Service;
  /** Reported in the OpenAPI document. */
  version: string;
  /** Filled with every API route as it is registered (the document and the isolation tests read it). */
  routes: RegisteredRoute[];
}

export async function apiPlugin(app: FastifyInstance, options: ApiPluginOptions): Promise<void> {
  const { service, routes } = options;
  app.addHook('onRoute', (route) => {
    checkRouteAccess(route);
    routes.push(...describeRoute(route));
  });
  app.setErrorHandler((error, request, reply) => sendProblem(request, reply, problemFor(error)));

  await app.register(
    async (v1) => {
      v1.addHook('onRequest', authenticate(service.tokens));
      v1.setNotFoundHandler((request, reply) =>
        sendProblem(
          request,
          reply,
          problemFor(new HttpError('NOT_FOUND', `no route ${request.method} ${request.url.split('?')[0]}`, { hint: 'see /openapi.json' })),
        ),
      );
      const api = typed(v1);
      tenantRoutes(api, service);
      integrationRoutes(api, service);
      actionRoutes(api, service);
      auditRoutes(api, service);
      syncRoutes(api, service);
      accessRoutes(api, service);
      tokenRoutes(api, service);
      workflowRoutes(api, service);
      reviewRoutes(api, service);
      profileRoutes(api, service);
    },
    { prefix: '/v1' },
  );

  let document: Record<string, unknown> | undefined;
  app.get('/openapi.json', {
    config: { access: 'public', operationId: 'getOpenApi' },
    schema: { summary: 'This document', tags: ['meta'] },
    handler: async () => (document ??= buildOpenApi(routes, { version: options.version })),
  });
}
