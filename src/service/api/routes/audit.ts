/** The tenant's audit log, newest first, by cursor. */
import type { FastifyInstance } from 'fastify';
import type { Service } from '../../open-service.js';
import { callerOf } from '../route-access.js';
import { auditPageSchema, auditQuery } from '../schemas.js';

export function auditRoutes(app: FastifyInstance, service: Service): void {
  app.get('/v1/audit', {
    config: { access: 'viewer', operationId: 'listAudit' },
    schema: { summary: 'The audit log of the tenant (or one integration), newest first', tags: ['audit'], querystring: auditQuery, response: { 200: auditPageSchema } },
    handler: async (request) => {
      const query = request.query as { integrationId?: string; limit?: number; cursor?: string };
      return service.audit.list({ tenantId: callerOf(request).tenantId, integrationId: query.integrationId, limit: query.limit, before: query.cursor });
    },
  });
}
