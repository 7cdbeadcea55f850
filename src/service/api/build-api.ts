/**
 * The service's HTTP API (Fastify 5, JSON): routes in the setup order, request validation from
 * the route schemas, tenant tokens with roles, RFC 9457 problems, and the OpenAPI 3.1 document
 * built from the same schemas at `/openapi.json`. Fastify's logger is off: the access log is one
 * line per request with the route pattern, status and time, never headers, queries or bodies.
 * The operator console's pages are served by the same app under /console.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { Service } from '../open-service.js';
import { authenticate } from './authenticate.js';
import { ApiError } from './api-error.js';
import { buildOpenApi, describeRoute, type RegisteredRoute } from './openapi.js';
import { problemFor, sendProblem } from './problem.js';
import { ROUTE_ACCESS } from './route-access.js';
import { actionRoutes } from './routes/actions.js';
import { auditRoutes } from './routes/audit.js';
import { syncRoutes } from './routes/sync.js';
import { accessRoutes } from './routes/access.js';
import { integrationRoutes } from './routes/integrations.js';
import { tenantRoutes } from './routes/tenant.js';
import { tokenRoutes } from './routes/tokens.js';
import { workflowRoutes } from './routes/workflows.js';
import { validatorCompiler } from './validation.js';
import { registerConsole } from '../console/register-console.js';

export interface AccessLogEntry {
  method: string;
  route: string;
  status: number;
  ms: number;
  tenant?: string;
  code?: string;
}

export interface ApiOptions {
  service: Service;
  /** Receives one entry per answered request; default: none. */
  log?: (entry: AccessLogEntry) => void;
  /** Reported in the OpenAPI document. */
  version?: string;
}

export interface Api {
  app: FastifyInstance;
  /** Every registered route with its access (the isolation tests iterate them). */
  routes: readonly RegisteredRoute[];
}

/** Bodies beyond this are refused (a build-your-own spec is the largest legitimate body). */
const BODY_LIMIT = 1024 * 1024;

export async function buildApi(options: ApiOptions): Promise<Api> {
  const { service } = options;
  const app = Fastify({ logger: false, bodyLimit: BODY_LIMIT, exposeHeadRoutes: false, return503OnClosing: true });
  const routes: RegisteredRoute[] = [];

  app.setValidatorCompiler(validatorCompiler);
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!access || !(ROUTE_ACCESS as readonly string[]).includes(access)) throw new Error(`route ${String(route.method)} ${route.url} declares no config.access`);
    if (access !== 'console') routes.push(...describeRoute(route));
  });
  app.addHook('onRequest', authenticate(service.tokens));
  app.setErrorHandler((error, request, reply) => {
    const body = problemFor(error);
    reply.log.debug({ code: body.code });
    return sendProblem(request, reply, body);
  });
  app.setNotFoundHandler((request, reply) => sendProblem(request, reply, problemFor(new ApiError('NOT_FOUND', 404, `no route ${request.method} ${request.url.split('?')[0]}`, { hint: 'see /openapi.json' }))));
  if (options.log) {
    const log = options.log;
    app.addHook('onResponse', async (request, reply) => {
      log({ method: request.method, route: request.routeOptions.url ?? '(no route)', status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10, tenant: request.caller?.tenantId });
    });
  }

  tenantRoutes(app, service);
  integrationRoutes(app, service);
  actionRoutes(app, service);
  auditRoutes(app, service);
  syncRoutes(app, service);
  accessRoutes(app, service);
  tokenRoutes(app, service);
  workflowRoutes(app, service);
  await registerConsole(app, { service });
  let document: Record<string, unknown> | undefined;
  app.get('/openapi.json', {
    config: { access: 'public', operationId: 'getOpenApi' },
    schema: { summary: 'This document', tags: ['meta'] },
    handler: async () => (document ??= buildOpenApi(routes, { version: options.version ?? '0.1.0' })),
  });
  await app.ready();
  return { app, routes };
}
