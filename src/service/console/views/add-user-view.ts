/**
 * Manage > Add User in three steps (docs/contributors/product-rules.md "Related behaviours" 1): choose existing people,
 * confirm, then read the service's confirmation ("A workflow was created to add 1 person to …").
 */
import type { Integration } from '../../integrations/integration-view.js';
import type { Person } from '../../people/people.js';
import type { Workflow } from '../../workflows/workflow-view.js';
import { consoleUrl, html, type SafeHtml } from '../html.js';
import { csrfField } from '../layout.js';
import { timeOf } from './format.js';

export function chooseView(input: { integration: Integration; people: Person[]; csrf: string; error?: string }): SafeHtml {
  if (input.people.length === 0) return html`<p>There are no people to add yet. Add people with the service API first.</p>`;
  return html`${input.error && html`<div class="error" role="alert"><p>${input.error}</p></div>`}
<form method="post" action="${consoleUrl(['integrations', input.integration.id, 'add-user', 'confirm'])}">
${csrfField(input.csrf)}
<fieldset><legend>People to add to ${input.integration.name}</legend>
${input.people.map((person) => html`<label class="check"><input type="checkbox" name="personId" value="${person.id}"> ${person.name} <span class="muted">${person.email}</span></label>`)}
</fieldset>
<p><label for="activate-at">Activate at (UTC, optional)</label><input type="datetime-local" id="activate-at" name="activateAt" aria-describedby="activate-at-help"><br><span class="muted" id="activate-at-help">Each account is created inactive and activated at this time (the application must create accounts inactive and have Activate User enabled); empty activates at once.</span></p>
<p><button type="submit">Continue</button></p>
</form>`;
}

export function confirmView(input: { integration: Integration; chosen: Person[]; idempotencyKey: string; csrf: string; activateAt?: string }): SafeHtml {
  const count = input.chosen.length;
  return html`<p>Add ${count === 1 ? '1 person' : `${count} people`} to <strong>${input.integration.name}</strong>? A workflow per person creates the account (or links the one the last sync found)${input.activateAt ? html`, inactive until its activation at ${timeOf(input.activateAt)}` : ''}.</p>
<ul>${input.chosen.map((person) => html`<li>${person.name} (${person.email})</li>`)}</ul>
<form method="post" action="${consoleUrl(['integrations', input.integration.id, 'add-user'])}">
${csrfField(input.csrf)}
${/* The key makes a second submission of this form (a double click, a resend) return the same workflows. */ ''}
<input type="hidden" name="idempotencyKey" value="${input.idempotencyKey}">
${input.chosen.map((person) => html`<input type="hidden" name="personId" value="${person.id}">`)}
${input.activateAt ? html`<input type="hidden" name="activateAt" value="${input.activateAt}">` : ''}
<div class="actions"><button type="submit">Confirm</button><a href="${consoleUrl(['integrations', input.integration.id, 'add-user'])}">Change the selection</a></div>
</form>`;
}

export function addedView(input: { integration: Integration; message: string; workflows: Workflow[] }): SafeHtml {
  return html`<p class="notice" role="status">${input.message}</p>
<p><a href="/console/workflows">See the workflows</a> · <a href="${consoleUrl(['integrations', input.integration.id])}">Back to ${input.integration.name}</a></p>`;
}
