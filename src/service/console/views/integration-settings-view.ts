/**
 * The corrections of an integration on its setup page (issue 23 point 2): rename, re-point (a new
 * base URL, tested with the saved credentials before it is saved), disable or enable, and delete
 * with its name typed as confirmation. Also the authentication block: read-only for prebuilt and
 * SCIM (the incident platform's prefilled header name and value), a form of the five types for
 * build-your-own.
 */
import type { Integration } from '../../integrations/integration-view.js';
import { AUTH_FORM_TYPES, OAUTH2_GRANTS } from '../../integrations/auth-config.js';
import { consoleUrl, html, type SafeHtml } from '../html.js';
import { csrfField } from '../layout.js';

const TYPE_LABELS: Record<string, string> = { bearer: 'Bearer', oauth2: 'OAuth 2.0', basic: 'Basic', apiKey: 'Custom API key', none: 'None' };
const GRANT_LABELS: Record<string, string> = {
  client_credentials: 'Client credentials',
  authorization_code: 'Authorization code',
  refresh_token: 'Refresh token',
};

/** The base URL an operator re-points: the SCIM (or other) `baseUrl` input where the spec has one, else the override. */
export const currentBaseUrl = (integration: Integration) => integration.settings.baseUrl ?? integration.baseUrl ?? '';

export function integrationSettingsView(input: { integration: Integration; csrf: string; failure?: string }): SafeHtml {
  const { integration, csrf } = input;
  const id = integration.id;
  return html`<h2>Name, address and status</h2>
${input.failure && html`<div class="error" role="alert"><p>${input.failure}</p></div>`}
<form class="row" method="post" action="${consoleUrl(['integrations', id, 'settings'])}">${csrfField(csrf)}
<div><label for="integration-name">Name</label><input type="text" id="integration-name" name="name" value="${integration.name}" maxlength="200" required></div>
<div><label for="integration-base-url">Base URL</label><input type="text" inputmode="url" id="integration-base-url" name="baseUrl" value="${currentBaseUrl(integration)}" maxlength="2000" aria-describedby="integration-base-url-help"><br><span class="muted" id="integration-base-url-help">A new address is tested with the saved credentials before it is saved; nothing is saved when the test fails.</span></div>
<div><button type="submit" class="secondary">Save name and address</button></div></form>
<p>Status: <strong>${integration.disabled ? `disabled since ${integration.disabled.since} by ${integration.disabled.by}` : 'enabled'}</strong>.
${integration.disabled ? 'No sync or workflow task runs for it; its tasks fail with INTEGRATION_DISABLED until it is enabled again.' : ''}</p>
<form method="post" action="${consoleUrl(['integrations', id, integration.disabled ? 'enable' : 'disable'])}">${csrfField(csrf)}<button type="submit" class="secondary">${integration.disabled ? 'Enable' : 'Disable'} ${integration.name}</button></form>
<details><summary>Delete this integration</summary>
<p>Its accounts stay as history but no longer count as access: its column leaves the Access Grid and offboarding no longer targets it. Its credentials are erased.</p>
<form method="post" action="${consoleUrl(['integrations', id, 'delete'])}">${csrfField(csrf)}
<p><label for="delete-confirm">Type the name, ${integration.name}, to confirm</label><input type="text" id="delete-confirm" name="confirm" required autocomplete="off"></p>
<p><button type="submit" class="danger">Delete ${integration.name}</button></p></form></details>`;
}

const text = (auth: Record<string, unknown>, key: string) => (typeof auth[key] === 'string' ? (auth[key] as string) : '');

/** A prebuilt or SCIM connector's authentication as shipped: shown, not edited. */
export function authBlockReadOnly(auth: Record<string, unknown>): SafeHtml {
  const type = text(auth, 'type');
  const rows: [string, string][] = [['Authentication method', TYPE_LABELS[type] ?? type]];
  if (type === 'apiKey') {
    rows.push(['Location type', text(auth, 'in') === 'query' ? 'Query parameter' : 'Header']);
    rows.push([text(auth, 'in') === 'query' ? 'Parameter name' : 'Header Name', text(auth, 'name')]);
    rows.push([text(auth, 'in') === 'query' ? 'Parameter value' : 'Header Value', text(auth, 'value') || '{{ .Key }}']);
  } else if (type === 'bearer') {
    rows.push(['Header Name', text(auth, 'header') || 'Authorization'], ['Header Value', `${text(auth, 'prefix') || 'Bearer '}<token>`]);
  } else if (type === 'oauth2') {
    rows.push(['Grant', GRANT_LABELS[text(auth, 'grant')] ?? text(auth, 'grant')], ['Token URL', text(auth, 'tokenUrl')]);
  }
  return html`<dl class="facts" aria-label="Authentication (prefilled, read-only)">${rows.map(([term, value]) => html`<dt>${term}</dt><dd><code>${value}</code></dd>`)}</dl>`;
}

/** Build-your-own: the five types as a form that writes the spec's `auth` block. */
export function authTypeForm(input: { integrationId: string; auth: Record<string, unknown>; csrf: string }): SafeHtml {
  const { auth } = input;
  const type = text(auth, 'type');
  const field = (name: string, label: string, value: string, help?: string) =>
    html`<p><label for="auth-${name}">${label}</label><input type="text" id="auth-${name}" name="${name}" value="${value}" spellcheck="false"${help ? html` aria-describedby="auth-${name}-help"` : ''}>${help && html`<br><span class="muted" id="auth-${name}-help">${help}</span>`}</p>`;
  const scopes = Array.isArray(auth.scopes) ? (auth.scopes as unknown[]).join(' ') : '';
  return html`<form method="post" action="${consoleUrl(['integrations', input.integrationId, 'auth-type'])}">${csrfField(input.csrf)}
<fieldset><legend>Authentication type</legend>
${AUTH_FORM_TYPES.map((option) => html`<label class="check"><input type="radio" name="type" value="${option}"${option === type ? html` checked` : ''}> ${TYPE_LABELS[option]}</label>`)}
</fieldset>
<fieldset><legend>Bearer</legend>
${field('header', 'Header name', type === 'bearer' ? text(auth, 'header') : '', 'Empty: Authorization')}
${field('prefix', 'Value prefix', type === 'bearer' ? text(auth, 'prefix') : '', 'Empty: “Bearer ” (the token follows it)')}
</fieldset>
<fieldset><legend>OAuth 2.0</legend>
<p><label for="auth-grant">Grant</label><select id="auth-grant" name="grant">${OAUTH2_GRANTS.map((grant) => html`<option value="${grant}"${grant === text(auth, 'grant') ? html` selected` : ''}>${GRANT_LABELS[grant]}</option>`)}</select></p>
${field('tokenUrl', 'Token URL', text(auth, 'tokenUrl'), 'The token endpoint, or {inputs.tokenUrl} to ask for it with the credentials')}
${field('authorizationUrl', 'Authorization URL (authorization code)', text(auth, 'authorizationUrl'))}
${field('scopes', 'Scopes', scopes, 'Separated by spaces, e.g. users.read users.write')}
<p><label for="auth-clientAuth">Client authentication</label><select id="auth-clientAuth" name="clientAuth"><option value="client_secret_basic"${text(auth, 'clientAuth') !== 'client_secret_post' ? html` selected` : ''}>HTTP Basic (client_secret_basic)</option><option value="client_secret_post"${text(auth, 'clientAuth') === 'client_secret_post' ? html` selected` : ''}>In the form body (client_secret_post)</option></select></p>
</fieldset>
<fieldset><legend>Custom API key</legend>
<p><label for="auth-in">Location type</label><select id="auth-in" name="in"><option value="header"${text(auth, 'in') !== 'query' ? html` selected` : ''}>Header</option><option value="query"${text(auth, 'in') === 'query' ? html` selected` : ''}>Query parameter</option></select></p>
${field('name', 'Header name (or query parameter name)', type === 'apiKey' ? text(auth, 'name') : '')}
${field('value', 'Value template', type === 'apiKey' ? text(auth, 'value') : '', '{{ .Key }} is replaced with the key entered as Token, e.g. Token token={{ .Key }}')}
</fieldset>
<p class="muted">Basic asks for a user name and password; None sends no credentials. The credentials themselves are entered in the authentication step below.</p>
<p><button type="submit" class="secondary">Save the authentication type</button></p></form>`;
}
