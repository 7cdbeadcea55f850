/**
 * Starting a workflow for one person (docs/contributors/product-rules.md "Actions"): onboarding into the chosen
 * applications, with the activation at a chosen time where the application creates accounts
 * non-active; and "Run provisioner action for user": one enabled action of one application.
 */
import type { Integration } from '../../integrations/integration-view.js';
import type { Person } from '../../people/people.js';
import { consoleUrl, html, type SafeHtml } from '../html.js';
import { csrfField } from '../layout.js';
import { actionLabel } from './new-integration-view.js';
import type { ActionVariable } from '../../integrations/action-variables.js';

export interface PersonWorkflowPage {
  person: Person;
  integrations: Integration[];
  /** Each enabled action, by application, for the provisioner action. */
  actions: { integrationId: string; application: string; action: string; variables?: ActionVariable[] }[];
  csrf: string;
  /** Idempotency keys: sending a form twice starts one workflow. */
  onboardKey: string;
  actionKey: string;
}

export function personWorkflowView(page: PersonWorkflowPage): SafeHtml {
  const base = ['people', page.person.id];
  // An action that declares variables gets a form of its own that asks for them; the others share one list.
  const plain = page.actions.filter((option) => (option.variables ?? []).length === 0);
  const withVariables = page.actions.filter((option) => (option.variables ?? []).length > 0);
  return html`<p>For <strong>${page.person.name}</strong> (${page.person.email}).</p>
<h2>Onboarding</h2>
${
  page.integrations.length === 0
    ? html`<p>There is no application to onboard into yet.</p>`
    : html`<form method="post" action="${consoleUrl([...base, 'onboard'])}">
${csrfField(page.csrf)}<input type="hidden" name="idempotencyKey" value="${page.onboardKey}">
<fieldset><legend>Applications</legend>
${page.integrations.map((integration) => html`<label class="check"><input type="checkbox" name="integrationId" value="${integration.id}"> ${integration.name}</label>`)}
</fieldset>
<p><label for="activate-at">Activate at (UTC, optional)</label><input type="datetime-local" id="activate-at" name="activateAt" aria-describedby="activate-at-help"><br><span class="muted" id="activate-at-help">Each account is created inactive and activated at this time, so the person has no access before it; an application that cannot (no Activate User enabled, or no inactive creation) is refused, nothing started. Empty activates at once.</span></p>
<p><button type="submit">Start onboarding</button></p>
</form>`
}
<h2>Run provisioner action for user</h2>
${page.actions.length === 0 && html`<p>No application has an enabled action to run.</p>`}
${
  plain.length > 0 &&
  html`<form method="post" action="${consoleUrl([...base, 'run-action'])}">
${csrfField(page.csrf)}<input type="hidden" name="idempotencyKey" value="${page.actionKey}">
<p><label for="run-action">Application and action</label><select id="run-action" name="target" required>
${plain.map((option) => html`<option value="${option.integrationId} ${option.action}">${option.application}: ${actionLabel(option.action)}</option>`)}
</select></p>
<p><button type="submit">Run it</button></p>
</form>`
}
${withVariables.map(
  (option, index) => html`<form method="post" action="${consoleUrl([...base, 'run-action'])}" aria-label="${option.application}: ${actionLabel(option.action)}">
${csrfField(page.csrf)}<input type="hidden" name="idempotencyKey" value="${page.actionKey}-${index}"><input type="hidden" name="target" value="${option.integrationId} ${option.action}">
<fieldset><legend>${option.application}: ${actionLabel(option.action)}</legend>
${(option.variables ?? []).map((variable) => variableField(`${index}`, variable))}
<p><button type="submit">Run ${actionLabel(option.action)}</button></p></fieldset>
</form>`,
)}`;
}

/** One declared variable as a typed field: text, a number, or yes/no; required ones marked and required by the form. */
function variableField(prefix: string, variable: ActionVariable): SafeHtml {
  const id = `var-${prefix}-${variable.name}`;
  const label = html`<label for="${id}">${variable.label}${variable.required ? ' (required)' : ''}</label>`;
  if (variable.type === 'boolean') {
    return html`<p>${label}<select id="${id}" name="var.${variable.name}"${variable.required ? html` required` : ''}>${variable.required ? '' : html`<option value="">(not given)</option>`}<option value="true">yes</option><option value="false">no</option></select></p>`;
  }
  return html`<p>${label}<input type="text" id="${id}" name="var.${variable.name}"${variable.type === 'number' ? html` inputmode="decimal"` : ''}${variable.required ? html` required` : ''}></p>`;
}
