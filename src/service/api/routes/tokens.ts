/**
 * The tenant's API tokens: listed (never the token or its hash) and revoked. Both are admin acts:
 * a viewer may not learn who else holds access. A revoked token is refused from the next request
 * on (verification reads the database every time); another tenant's token is 404.
 */
import type { TypedApp } from '../../http/typed-app.js';
import type { Service } from '../../open-service.js';
import { TOKEN_ROLES } from '../../tokens/api-tokens.js';
import { actorOf, callerOf } from '../route-access.js';
import { nextSchema, pageQuery } from '../schemas.js';

const tags = ['tokens'];
const isoTime = { type: 'string', description: 'ISO 8601 time' } as const;
const tokenSchema = {
  title: 'ApiToken',
  description: 'A tenant API token as listed: its id, name and role, never the token.',
  type: 'object',
  required: ['tokenId', 'tenantId', 'name', 'role', 'createdAt', 'revokedAt', 'lastUsedAt'],
  properties: {
    tokenId: { type: 'string' },
    tenantId: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string', enum: [...TOKEN_ROLES] },
    createdAt: isoTime,
    revokedAt: { type: ['string', 'null'], description: 'ISO 8601 time; null while the token is live' },
    lastUsedAt: { type: ['string', 'null'], description: 'ISO 8601 time, to the minute (recorded at most once a minute); null if never used' },
  },
} as const;
const tokenParams = { type: 'object', required: ['tokenId'], properties: { tokenId: { type: 'string', minLength: 1, maxLength: 100 } } } as const;

export function tokenRoutes(app: TypedApp, service: Service): void {
  app.get('/tokens', {
    config: { access: 'admin', operationId: 'listTokens' },
    schema: {
      summary: 'The tenant’s API tokens, oldest first, revoked ones included (never the token itself), by cursor',
      tags,
      querystring: pageQuery,
      response: {
        200: { title: 'ApiTokenPage', type: 'object', required: ['tokens'], properties: { tokens: { type: 'array', items: tokenSchema }, next: nextSchema } },
      },
    },
    handler: async (request) => service.tokens.page({ tenantId: callerOf(request).tenantId, limit: request.query.limit, cursor: request.query.cursor }),
  });

  app.delete('/tokens/:tokenId', {
    config: { access: 'admin', operationId: 'revokeToken' },
    schema: {
      summary: 'Revoke a token of the tenant: refused (401) from the next request on; revoking twice keeps the first time',
      tags,
      params: tokenParams,
      response: { 200: tokenSchema },
    },
    handler: async (request) => {
      const caller = callerOf(request);
      return service.tokens.revoke({ tenantId: caller.tenantId, tokenId: request.params.tokenId, actor: actorOf(caller) });
    },
  });
}
