/**
 * Offboarding a person ("remove user from all applications", docs/contributors/product-rules.md "Actions"): a
 * confirmation naming the person and the accounts the Accounts lists know, then the workflow.
 */
import type { Person } from '../../people/people.js';
import { consoleUrl, html, type SafeHtml } from '../html.js';
import { csrfField } from '../layout.js';

export interface PersonAccount {
  application: string;
  state: string;
  admin: boolean;
}

export function offboardConfirmView(input: { person: Person; accounts: PersonAccount[]; idempotencyKey: string; csrf: string }): SafeHtml {
  const present = input.accounts.filter((account) => account.state !== 'removed');
  return html`<p>Remove <strong>${input.person.name}</strong> (${input.person.email}) from all applications? A workflow deletes each account below, or deactivates it where the application keeps accounts; a step no enabled action can do is listed for a person to do.</p>
${
  present.length === 0
    ? html`<p>The Accounts lists know no present account of this person: the workflow will have nothing to do.</p>`
    : html`<table><caption>Accounts of ${input.person.name}</caption><thead><tr><th scope="col">Application</th><th scope="col">State</th><th scope="col">Admin</th></tr></thead>
<tbody>${present.map((account) => html`<tr><td>${account.application}</td><td>${account.state}</td><td>${account.admin ? 'yes' : 'no'}</td></tr>`)}</tbody></table>`
}
<form method="post" action="${consoleUrl(['people', input.person.id, 'offboard'])}">
${csrfField(input.csrf)}
<input type="hidden" name="idempotencyKey" value="${input.idempotencyKey}">
<div class="actions"><button type="submit" class="danger">Remove from all applications</button><a href="/console/people">Cancel</a></div>
</form>`;
}
