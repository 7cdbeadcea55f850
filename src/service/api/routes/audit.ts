/** The tenant's audit log, newest first, by cursor. */
import type { TypedApp } from '../../http/typed-app.js';
import type { Service } from '../../open-service.js';
import { callerOf } from '../route-access.js';
import { auditPageSchema, auditQuery } from '../schemas.js';

export function auditRoutes(app: TypedApp, service: Service): void {
  app.get('/audit', {
    config: { access: 'viewer', operationId: 'listAudit' },
    schema: {
      summary: 'The audit log of the tenant (or one integration), newest first',
      tags: ['audit'],
      querystring: auditQuery,
      response: { 200: auditPageSchema },
    },
    handler: async (request) => {
      const query = request.query;
      return service.audit.list({ tenantId: callerOf(request).tenantId, integrationId: query.integrationId, limit: query.limit, before: query.cursor });
    },
  });
}
