/**
 * The service's HTTP app (Fastify 5): the API (`/v1`, `/openapi.json`) and the operator console
 * (`/console`), each an encapsulated plugin with its own authentication, error and not-found
 * handling; neither imports the other, and this module only puts them side by side. What both
 * share lives in src/service/http/: the access vocabulary, the ServiceError → problem mapping and
 * request validation. Fastify's logger is off: the access log is one line per request with the
 * route pattern, status and time, never headers, queries or bodies.
 */
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { apiPlugin } from '../api/api-plugin.js';
import type { RegisteredRoute } from '../api/openapi.js';
import { registerConsole } from '../console/register-console.js';
import type { Service } from '../open-service.js';
import { checkRouteAccess } from './access.js';
import { HttpError } from './http-error.js';
import { problemFor, sendProblem } from './problem.js';
import { validatorCompiler } from './validation.js';

export interface AccessLogEntry {
  method: string;
  route: string;
  status: number;
  ms: number;
  tenant?: string;
  code?: string;
}

export interface HttpAppOptions {
  service: Service;
  /** Receives one entry per answered request; default: none. */
  log?: (entry: AccessLogEntry) => void;
  /** Reported in the OpenAPI document. */
  version?: string;
}

export interface HttpApp {
  app: FastifyInstance;
  /** Every API route with its access (the OpenAPI document and the isolation tests iterate them). */
  routes: readonly RegisteredRoute[];
}

/** Bodies beyond this are refused (a build-your-own spec is the largest legitimate body). */
const BODY_LIMIT = 1024 * 1024;

export async function buildHttpApp(options: HttpAppOptions): Promise<HttpApp> {
  const { service } = options;
  const app = Fastify({ logger: false, bodyLimit: BODY_LIMIT, exposeHeadRoutes: false, return503OnClosing: true });
  const routes: RegisteredRoute[] = [];

  app.setValidatorCompiler(validatorCompiler);
  app.addHook('onRoute', (route) => void checkRouteAccess(route));
  app.setErrorHandler((error, request, reply) => sendProblem(request, reply, problemFor(error)));
  app.setNotFoundHandler((request, reply) =>
    sendProblem(
      request,
      reply,
      problemFor(new HttpError('NOT_FOUND', `no route ${request.method} ${request.url.split('?')[0]}`, { hint: 'see /openapi.json' })),
    ),
  );
  if (options.log) {
    const log = options.log;
    app.addHook('onResponse', async (request, reply) => {
      log({
        method: request.method,
        route: request.routeOptions.url ?? '(no route)',
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        tenant: request.caller?.tenantId,
      });
    });
  }

  await app.register(apiPlugin, { service, version: options.version ?? '0.1.0', routes });
  await registerConsole(app, { service });
  await app.ready();
  return { app, routes };
}
