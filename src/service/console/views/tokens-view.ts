/** The tenant's API tokens (never a token or its hash): names, roles, when created, last used and revoked; Revoke for admins. */
import type { TokenInfo } from '../../tokens/api-tokens.js';
import { consoleUrl, html, type SafeHtml } from '../html.js';
import { csrfField } from '../layout.js';
import { timeOf } from './format.js';

export function tokensView(input: { tokens: TokenInfo[]; currentTokenId?: string; csrf: string; notice?: string }): SafeHtml {
  return html`${input.notice && html`<p class="notice" role="status">${input.notice}</p>`}
<p>Tokens are created by an operator with <code>connector service token create</code>; a revoked token is refused from its next request, and its console sessions end.</p>
<table><caption>API tokens of this tenant</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Role</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">Revoked</th><th scope="col">Revoke</th></tr></thead>
<tbody>${input.tokens.map(
    (
      token,
    ) => html`<tr><td>${token.name}${token.tokenId === input.currentTokenId ? ' (this session)' : ''}</td><td>${token.role}</td><td>${timeOf(token.createdAt)}</td><td>${timeOf(token.lastUsedAt)}</td><td>${token.revokedAt ? timeOf(token.revokedAt) : 'no'}</td>
<td>${
      token.revokedAt
        ? ''
        : html`<form method="post" action="${consoleUrl(['tokens', token.tokenId, 'revoke'])}">${csrfField(input.csrf)}<button type="submit" class="danger" aria-label="Revoke ${token.name}">Revoke</button></form>`
    }</td></tr>`,
  )}</tbody></table>`;
}
