/** Accounts linked to no person (orphans) and emails two people share (conflicts): what to fix before an access review. */
import type { EmailConflict, OrphanAccount } from '../../people/people.js';
import { consoleUrl, html, type SafeHtml } from '../html.js';

export function unlinkedView(input: { orphans: OrphanAccount[]; conflicts: EmailConflict[]; applications: Map<string, string> }): SafeHtml {
  return html`<h2>Accounts linked to no person</h2>
${
  input.orphans.length === 0
    ? html`<p>Every present account is linked to a person.</p>`
    : html`<table><caption>${input.orphans.length} orphan accounts</caption>
<thead><tr><th scope="col">Application</th><th scope="col">Email</th><th scope="col">Name</th><th scope="col">External id</th></tr></thead>
<tbody>${input.orphans.map((orphan) => html`<tr><td><a href="${consoleUrl(['integrations', orphan.integrationId])}">${input.applications.get(orphan.integrationId) ?? orphan.integrationId}</a></td><td>${orphan.email}</td><td>${orphan.name}</td><td>${orphan.externalId}</td></tr>`)}</tbody></table>`
}
<h2>Emails two people share</h2>
${
  input.conflicts.length === 0
    ? html`<p>No two people share an email.</p>`
    : html`<table><caption>Conflicts (their accounts stay unlinked until resolved)</caption>
<thead><tr><th scope="col">Email</th><th scope="col">People</th><th scope="col" class="num">Accounts</th></tr></thead>
<tbody>${input.conflicts.map((conflict) => html`<tr><td>${conflict.email}</td><td>${conflict.people.map((person) => person.name).join(', ')}</td><td class="num">${conflict.accounts}</td></tr>`)}</tbody></table>`
}`;
}
