/**
 * The operator console: server-rendered pages under /console, as one encapsulated plugin beside
 * the API's (src/service/http/build-app.ts puts them side by side; neither imports the other): its
 * form parser, session access hook, error and not-found pages stay inside it. Pages call the same
 * service operations the API routes call; nothing here decides business rules.
 */
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import { typed } from '../http/typed-app.js';
import type { Service } from '../open-service.js';
import { checkConsoleRoute, consoleAccess } from './console-access.js';
import { ConsoleError, errorPageOf, sendErrorPage } from './console-error.js';
import { acceptForms } from './form-body.js';
import { accessRoutes } from './routes/access-routes.js';
import { actionConfigRoutes } from './routes/action-config-routes.js';
import { addUserRoutes } from './routes/add-user-routes.js';
import { generateConfigRoutes } from './routes/generate-config-routes.js';
import { integrationRoutes } from './routes/integration-routes.js';
import { peopleRoutes } from './routes/people-routes.js';
import { profilesRoutes } from './routes/profiles-routes.js';
import { personWorkflowRoutes } from './routes/person-workflow-routes.js';
import { reviewRoutes } from './routes/review-routes.js';
import { recordRoutes } from './routes/record-routes.js';
import { sessionRoutes } from './routes/session-routes.js';
import { setupRoutes } from './routes/setup-routes.js';
import { syncSettingsRoutes } from './routes/sync-settings-routes.js';
import { tokenRoutes } from './routes/token-routes.js';
import { workflowRoutes } from './routes/workflow-routes.js';

/**
 * No inline script or style, no plugins, no framing, forms only to this origin (OWASP CSP cheat
 * sheet); the pages need nothing else.
 */
export const CONSOLE_CSP = "default-src 'self'; script-src 'self'; object-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

export interface ConsoleOptions {
  service: Service;
}

export async function registerConsole(app: FastifyInstance, options: ConsoleOptions): Promise<void> {
  const sessions = options.service.consoleSessions;
  await app.register(
    async (scope) => {
      // Cookies are parsed and written by @fastify/cookie, inside the console only (the API reads none).
      await scope.register(fastifyCookie);
      acceptForms(scope);
      scope.addHook('onRoute', checkConsoleRoute);
      scope.addHook('onRequest', async (_request, reply) => {
        reply.header('content-security-policy', CONSOLE_CSP);
        reply.header('x-content-type-options', 'nosniff');
        reply.header('referrer-policy', 'same-origin');
        // Pages show tenant data: never kept by the browser or a proxy (the style sheet sets its own).
        reply.header('cache-control', 'no-store');
      });
      scope.addHook('preHandler', consoleAccess({ sessions, tokens: options.service.tokens, operators: options.service.operators }));
      scope.setErrorHandler((error, request, reply) => sendErrorPage(request, reply, errorPageOf(error)));
      scope.setNotFoundHandler((request, reply) =>
        sendErrorPage(
          request,
          reply,
          errorPageOf(new ConsoleError(404, 'Not found', 'There is no console page at this address.', 'Use the navigation, or start from the integrations.')),
        ),
      );
      const app = typed(scope);
      sessionRoutes(app, { sessions });
      integrationRoutes(app, options.service);
      setupRoutes(app, options.service);
      generateConfigRoutes(app, options.service);
      actionConfigRoutes(app, options.service);
      syncSettingsRoutes(app, options.service);
      addUserRoutes(app, options.service);
      peopleRoutes(app, options.service);
      recordRoutes(app, options.service);
      personWorkflowRoutes(app, options.service);
      profilesRoutes(app, options.service);
      tokenRoutes(app, options.service);
      accessRoutes(app, options.service);
      workflowRoutes(app, options.service);
      reviewRoutes(app, options.service);
    },
    { prefix: '/console' },
  );
}
