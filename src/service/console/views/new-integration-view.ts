/**
 * Setup step 1, choosing the integration type (docs/contributors/product-rules.md "What the service does" 4): a searchable
 * catalogue of the prebuilt connectors with what each supports, SCIM with the tenant's SCIM base
 * URL, or build-your-own with a spec. A refused choice comes back with the service's reasons, and a
 * spec's diagnostics with their line and column.
 */
import type { Diagnostic } from '../../../compiler/index.js';
import type { CatalogueEntry } from '../../integrations/auth-inputs.js';
import { html, type SafeHtml } from '../html.js';
import { csrfField } from '../layout.js';
import { diagnosticsList } from './format.js';

const ACTION_LABELS: Record<string, string> = {
  importUsers: 'Import Users',
  createUser: 'Create User',
  activateUser: 'Activate User',
  deleteUser: 'Delete User',
  deactivateUser: 'Deactivate User',
};
export const actionLabel = (action: string) => ACTION_LABELS[action] ?? action;

export interface NewIntegrationPage {
  catalogue: CatalogueEntry[];
  search?: string;
  csrf: string;
  /** The refusal of the last attempt, with what was sent (never a secret: this step has none). */
  refused?: { type: string; detail: string; hint?: string; diagnostics?: Diagnostic[]; spec?: string };
}

function refusal(page: NewIntegrationPage, type: string): SafeHtml | undefined {
  const refused = page.refused;
  if (!refused || refused.type !== type) return undefined;
  return html`<div class="error" role="alert"><p>${refused.detail}</p>${refused.hint && html`<p>${refused.hint}</p>`}
${diagnosticsList(refused.diagnostics, refused.spec)}</div>`;
}

export function newIntegrationView(page: NewIntegrationPage): SafeHtml {
  return html`<p>Setup order: 1. choose the type, 2. configure authentication (the connection is tested on save), 3. enable the actions offered.</p>
<h2>Prebuilt connector</h2>
<form class="row" method="get" action="/console/integrations/new" role="search" aria-label="Prebuilt connectors">
  <div><label for="catalogue-search">Search the catalogue</label><input type="search" id="catalogue-search" name="q" value="${page.search ?? ''}" maxlength="200"></div>
  <div><button type="submit" class="secondary">Search</button></div>
</form>
${refusal(page, 'prebuilt')}
${
  page.catalogue.length === 0
    ? html`<p>No prebuilt connector matches.</p>`
    : html`<form method="post" action="/console/integrations">
${csrfField(page.csrf)}<input type="hidden" name="type" value="prebuilt">
<fieldset><legend>Application</legend>
${page.catalogue.map(
  (
    entry,
  ) => html`<div class="choice"><label class="check"><input type="radio" name="connector" value="${entry.id}" required aria-describedby="about-${entry.id}"> <strong>${entry.name}</strong></label>
<p class="muted" id="about-${entry.id}">${entry.description} Supports: ${entry.actions.map(actionLabel).join(', ')}.</p></div>`,
)}
</fieldset>
<p><label for="prebuilt-base-url">Base URL (optional)</label><input type="text" inputmode="url" id="prebuilt-base-url" name="baseUrl" aria-describedby="prebuilt-base-url-help"><br><span class="muted" id="prebuilt-base-url-help">Leave empty for the connector’s own address.</span></p>
<p><label for="prebuilt-name">Name (optional)</label><input type="text" id="prebuilt-name" name="name" maxlength="200" aria-describedby="prebuilt-name-help"><br><span class="muted" id="prebuilt-name-help">How the Access Grid and the lists call it; empty: the connector’s name.</span></p>
<p><button type="submit">Create and continue</button></p>
</form>`
}
<h2>SCIM 2.0</h2>
${refusal(page, 'scim')}
<form method="post" action="/console/integrations">
${csrfField(page.csrf)}<input type="hidden" name="type" value="scim">
<p><label for="scim-base-url">SCIM base URL</label><input type="text" inputmode="url" id="scim-base-url" name="scimBaseUrl" required aria-describedby="scim-help"><br><span class="muted" id="scim-help">The tenant’s SCIM 2.0 endpoint (RFC 7644), for example https://example.com/scim/v2.</span></p>
<fieldset><legend>Authentication of the SCIM endpoint</legend>
<label class="check"><input type="radio" name="connector" value="scim-2-0" checked> Bearer token (SCIM 2.0)</label>
<label class="check"><input type="radio" name="connector" value="scim-2-0-oauth"> OAuth 2.0 client credentials (SCIM 2.0 OAuth)</label>
</fieldset>
<p><label for="scim-name">Name (optional)</label><input type="text" id="scim-name" name="name" maxlength="200" aria-describedby="scim-name-help"><br><span class="muted" id="scim-name-help">Empty: “SCIM 2.0 (host of the base URL)”, so two SCIM applications are told apart.</span></p>
<p><button type="submit">Create and continue</button></p>
</form>
<h2>Build your own</h2>
${refusal(page, 'build-your-own')}
<form method="post" action="/console/integrations">
${csrfField(page.csrf)}<input type="hidden" name="type" value="build-your-own">
<p><label for="spec">Connector spec (YAML, type: custom)</label><textarea id="spec" name="spec" rows="14" cols="90" required spellcheck="false">${page.refused?.type === 'build-your-own' ? page.refused.spec : ''}</textarea></p>
<p><label for="byo-base-url">Base URL (optional)</label><input type="text" inputmode="url" id="byo-base-url" name="baseUrl"></p>
<p><label for="byo-name">Name (optional)</label><input type="text" id="byo-name" name="name" maxlength="200" aria-describedby="byo-name-help"><br><span class="muted" id="byo-name-help">Empty: the spec’s name.</span></p>
<p><button type="submit">Create and continue</button></p>
</form>`;
}
