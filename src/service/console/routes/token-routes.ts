/** The tenant's API tokens and revoking one (admin, as the API's token routes). */
import type { TypedApp } from '../../http/typed-app.js';
import type { Service } from '../../open-service.js';
import { pathParams } from '../path-params.js';
import { consoleUrl } from '../html.js';
import { queryText } from '../query-input.js';
import { consoleActor, operatorOf, sendPage } from '../respond.js';
import { tokensView } from '../views/tokens-view.js';

export function tokenRoutes(app: TypedApp, service: Service): void {
  app.get('/tokens', { config: { access: 'admin' } }, async (request, reply) => {
    const { caller, csrf } = operatorOf(request);
    const tokens = await service.tokens.list({ tenantId: caller.tenantId });
    const notice = queryText(request.query, 'notice') === 'revoked' ? 'The token was revoked.' : undefined;
    return sendPage(request, reply, { title: 'API tokens', section: 'tokens', body: tokensView({ tokens, currentTokenId: caller.tokenId, csrf, notice }) });
  });

  app.post('/tokens/:tokenId/revoke', { config: { access: 'admin' }, schema: { params: pathParams('tokenId') } }, async (request, reply) => {
    const { caller } = operatorOf(request);
    const { tokenId } = request.params;
    await service.tokens.revoke({ tenantId: caller.tenantId, tokenId, actor: consoleActor(caller) });
    // Revoking the session's own token ends the session: the next page is the sign-in page.
    return reply.redirect(tokenId === caller.tokenId ? '/console/sign-in' : consoleUrl(['tokens'], { notice: 'revoked' }), 303);
  });
}
