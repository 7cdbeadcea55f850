/**
 * The caller's own tenant. Creating tenants and their first tokens is an operator act done with
 * the CLI (`connector service tenant create`, `token create`), not through a tenant's API.
 */
import type { TypedApp } from '../../http/typed-app.js';
import type { Service } from '../../open-service.js';
import { callerOf } from '../route-access.js';
import { tenantSchema } from '../schemas.js';

export function tenantRoutes(app: TypedApp, service: Service): void {
  app.get('/tenant', {
    config: { access: 'viewer', operationId: 'getTenant' },
    schema: { summary: 'The tenant of the token, with its plan', tags: ['tenant'], response: { 200: tenantSchema } },
    handler: async (request) => service.tenants.get(callerOf(request).tenantId),
  });
}
