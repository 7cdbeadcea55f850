/**
 * Setup steps 2 and 3 of an integration: the authentication form generated from the spec's inputs
 * (secret fields are password fields, never filled in; the connection is tested on save and a
 * failure shows the target's redacted answer), then the actions offered, each enabled or disabled.
 */
import type { AuthFailure } from '../../integrations/configure-auth.js';
import type { AuthInput } from '../../integrations/auth-inputs.js';
import type { Integration } from '../../integrations/integration-view.js';
import type { OfferedAction, WithheldAction } from '../../integrations/offered-actions.js';
import type { Plan } from '../../tenants/plans.js';
import type { WorkflowSettings } from '../../workflows/workflow-operations.js';
import { workflowSettingsView } from './workflow-settings-view.js';
import { STANDARD_ACTION_NAMES } from '../../../../generated/spec-types.js';
import { consoleUrl, html, type SafeHtml } from '../html.js';
import { csrfField } from '../layout.js';
import { actionLabel } from './new-integration-view.js';
import { authBlockReadOnly, authTypeForm, integrationSettingsView } from './integration-settings-view.js';

export interface SetupPage {
  integration: Integration;
  inputs: AuthInput[];
  actions: OfferedAction[];
  /** Actions of the spec the tenant's plan withholds, shown with why. */
  withheld: WithheldAction[];
  plan: Plan;
  workflowSettings: WorkflowSettings;
  /** The spec's `auth` block: read-only for prebuilt and SCIM, a form for build-your-own. */
  auth: Record<string, unknown>;
  csrf: string;
  failure?: AuthFailure;
  /** A refused rename or re-pointing, shown above its form. */
  settingsFailure?: string;
  notice?: string;
}

function field(input: AuthInput): SafeHtml {
  const id = `input-${input.name}`;
  const type = input.secret ? 'password' : input.kind === 'email' ? 'email' : 'text';
  const help = [input.help, input.secret && input.saved ? 'A value is saved and is never shown; enter it again to save the authentication again.' : undefined]
    .filter(Boolean)
    .join(' ');
  return html`<p><label for="${id}">${input.label}${input.required ? ' (required)' : ''}</label>
<input type="${type}" id="${id}" name="input.${input.name}"${input.secret ? html` autocomplete="off"` : html` value="${input.value ?? ''}"`}${input.required ? html` required` : ''}${input.kind === 'url' ? html` inputmode="url"` : ''}${help ? html` aria-describedby="${id}-help"` : ''}>
${help && html`<br><span class="muted" id="${id}-help">${help}</span>`}</p>`;
}

function failureBox(failure: AuthFailure): SafeHtml {
  return html`<div class="error" role="alert"><p>The connection test failed, so nothing was saved: ${failure.message}</p>
${failure.status !== undefined && html`<p>The target answered HTTP ${failure.status}${failure.code ? ` (${failure.code})` : ''}.</p>`}
${failure.bodyExcerpt && html`<p>Its answer (secrets redacted):</p><pre>${failure.bodyExcerpt}</pre>`}
${failure.hint && html`<p>${failure.hint}</p>`}</div>`;
}

function withheldList(page: SetupPage): SafeHtml | undefined {
  if (page.withheld.length === 0) return undefined;
  return html`<h3>Not available on the ${page.plan} plan</h3>
<ul>${page.withheld.map((action) => html`<li>${actionLabel(action.name)} (${action.kind} action): needs the ${action.requiredPlan} plan; this tenant is on the ${page.plan} plan.</li>`)}</ul>`;
}

function actionsStep(page: SetupPage): SafeHtml {
  if (!page.integration.authConfigured) return html`<p>Actions are offered once authentication is configured.</p>`;
  if (page.actions.length === 0) return html`<p>This integration offers no action.</p>`;
  return html`${page.integration.importOnly && html`<p class="error">Import only: ${page.integration.importOnly.reason}</p>`}
<table><caption>Actions offered</caption><thead><tr><th scope="col">Action</th><th scope="col">Kind</th><th scope="col">Enabled</th><th scope="col">Change</th></tr></thead>
<tbody>${page.actions.map(
    (action) => html`<tr><td>${actionLabel(action.name)}</td><td>${action.kind}</td><td>${action.enabled ? 'yes' : 'no'}</td>
<td>${action.unavailable ? html`<span class="muted">Not available: ${action.unavailable}</span>` : html`<form method="post" action="${consoleUrl(['integrations', page.integration.id, 'actions', action.name])}">${csrfField(page.csrf)}<input type="hidden" name="enabled" value="${action.enabled ? 'false' : 'true'}"><button type="submit" class="secondary" aria-label="${action.enabled ? 'Disable' : 'Enable'} ${actionLabel(action.name)}">${action.enabled ? 'Disable' : 'Enable'}</button></form>`}</td></tr>`,
  )}</tbody></table>`;
}

/** Every standard action (one the spec lacks can be added) and the spec's custom actions. */
function configurable(page: SetupPage): string[] {
  const custom = [...page.actions, ...page.withheld].filter((action) => action.kind === 'custom').map((action) => action.name);
  return [...STANDARD_ACTION_NAMES, ...custom];
}

export function setupView(page: SetupPage): SafeHtml {
  const id = page.integration.id;
  return html`${page.notice && html`<p class="notice" role="status">${page.notice}</p>`}
<dl class="facts"><dt>Type</dt><dd>${page.integration.type} (${page.integration.connector})</dd>${page.integration.baseUrl && html`<dt>Base URL</dt><dd>${page.integration.baseUrl}</dd>`}
<dt>Authentication</dt><dd>${page.integration.authConfigured ? 'configured and tested' : 'not configured yet'}</dd></dl>
${page.integration.disabled && html`<p class="error" role="status">Disabled: no sync or workflow task runs for this integration until it is enabled again.</p>`}
${integrationSettingsView({ integration: page.integration, csrf: page.csrf, failure: page.settingsFailure })}
<h2>2. Authentication</h2>
${page.integration.type === 'build-your-own' ? authTypeForm({ integrationId: id, auth: page.auth, csrf: page.csrf }) : authBlockReadOnly(page.auth)}
${page.failure && failureBox(page.failure)}
${page.inputs.length === 0 ? html`<p>This connector needs no input.</p>` : ''}
<form method="post" action="${consoleUrl(['integrations', id, 'auth'])}">
${csrfField(page.csrf)}
${page.inputs.map(field)}
<p><button type="submit">Save and test the connection</button></p>
</form>
<h2>3. Actions</h2>
${actionsStep(page)}
${withheldList(page)}
${
  page.integration.authConfigured &&
  html`<h2>Test and Preview</h2>
<p>Test sends the first Import Users request and shows the target's answer (credentials redacted); Preview maps that answer and marks each record's problems.</p>
<div class="actions">
<form method="post" action="${consoleUrl(['integrations', id, 'test'])}">${csrfField(page.csrf)}<button type="submit" class="secondary">Test</button></form>
<form method="post" action="${consoleUrl(['integrations', id, 'preview'])}">${csrfField(page.csrf)}<button type="submit" class="secondary">Preview</button></form>
</div>
${
  page.integration.type === 'build-your-own' &&
  html`<h2>Action configuration</h2>
<p>Edit an action of this build-your-own spec by hand: method, endpoint, payload template, records path and mapping.</p>
<ul>${configurable(page).map((action) => html`<li><a href="${consoleUrl(['integrations', id, 'actions', action, 'config'])}">Configure ${actionLabel(action)}</a></li>`)}</ul>`
}
<h2>Workflow settings</h2>
${workflowSettingsView({
  integrationId: id,
  settings: page.workflowSettings,
  canDeactivate: page.actions.some((action) => action.name === 'deactivateUser' && action.enabled),
  csrf: page.csrf,
})}
<h2>Generate Config</h2>
<form class="row" method="post" action="${consoleUrl(['integrations', id, 'generate-config'])}">${csrfField(page.csrf)}
<div><label for="generate-records">Records path (optional)</label><input type="text" id="generate-records" name="records" spellcheck="false" aria-describedby="generate-records-help"><br><span class="muted" id="generate-records-help">Leave empty to let the generator find the array of users.</span></div>
<div><button type="submit" class="secondary">Generate Config</button></div></form>`
}
<p><a href="${consoleUrl(['integrations', id])}">Accounts and syncs</a></p>`;
}
