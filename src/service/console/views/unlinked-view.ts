/** Accounts linked to no person (orphans) and emails two people share (conflicts): what to fix before an access review. */
import type { EmailConflict, OrphanAccount } from '../../people/people.js';
import { consoleUrl, html, type SafeHtml } from '../html.js';
import { csrfField } from '../layout.js';

/** Per orphan, for admins: link it by hand to a person (by their email), or mark it as no one's (a shared mailbox, a service login). */
function linkForms(orphan: OrphanAccount, csrf: string): SafeHtml {
  return html`<form class="row" method="post" action="${consoleUrl(['accounts', orphan.accountId, 'link'])}">${csrfField(csrf)}<input type="hidden" name="back" value="unlinked"><label for="link-${orphan.accountId}" class="visually-hidden">Person’s email for ${orphan.email}</label><input type="email" id="link-${orphan.accountId}" name="personEmail" list="people-emails" required maxlength="320" placeholder="person’s email"><button type="submit" class="secondary" aria-label="Link ${orphan.email} to this person">Link</button></form>${
    orphan.byHand
      ? html`<form method="post" action="${consoleUrl(['accounts', orphan.accountId, 'link', 'clear'])}">${csrfField(csrf)}<input type="hidden" name="back" value="unlinked"><button type="submit" class="secondary">Link by email again</button></form>`
      : html`<form method="post" action="${consoleUrl(['accounts', orphan.accountId, 'link'])}">${csrfField(csrf)}<input type="hidden" name="none" value="1"><input type="hidden" name="back" value="unlinked"><button type="submit" class="secondary" aria-label="${orphan.email} belongs to no person">No person</button></form>`
  }`;
}

export function unlinkedView(input: {
  orphans: OrphanAccount[];
  conflicts: EmailConflict[];
  applications: Map<string, string>;
  /** For admins: the CSRF token of the link forms, and the people's emails offered in them. */
  admin?: { csrf: string; emails: string[] };
  notice?: string;
}): SafeHtml {
  const admin = input.admin;
  return html`${input.notice && html`<p class="notice" role="status">${input.notice}</p>`}<h2>Accounts linked to no person</h2>
${admin && html`<datalist id="people-emails">${admin.emails.map((email) => html`<option value="${email}"></option>`)}</datalist>`}
${
  input.orphans.length === 0
    ? html`<p>Every present account is linked to a person.</p>`
    : html`<table><caption>${input.orphans.length} orphan accounts</caption>
<thead><tr><th scope="col">Application</th><th scope="col">Email</th><th scope="col">Name</th><th scope="col">External id</th><th scope="col">Why</th>${admin && html`<th scope="col">Link</th>`}</tr></thead>
<tbody>${input.orphans.map((orphan) => html`<tr><td><a href="${consoleUrl(['integrations', orphan.integrationId])}">${input.applications.get(orphan.integrationId) ?? orphan.integrationId}</a></td><td>${orphan.email}</td><td>${orphan.name}</td><td>${orphan.externalId}</td><td>${orphan.byHand ? 'unlinked by hand' : 'no person has this email'}</td>${admin && html`<td>${linkForms(orphan, admin.csrf)}</td>`}</tr>`)}</tbody></table>`
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
