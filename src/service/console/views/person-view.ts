/**
 * One person: their emails (edited here: name, email, aliases), their accounts (each unlinked by
 * hand, or given back to the email rule when linked by hand), and archiving, refused while an
 * account is present (offboard first).
 */
import type { EmailTaken, LinkedAccount, Person } from '../../people/people.js';
import { consoleUrl, html, type SafeHtml } from '../html.js';
import { csrfField } from '../layout.js';

export interface PersonPage {
  person: Person;
  accounts: LinkedAccount[];
  applications: Map<string, string>;
  admin: boolean;
  csrf: string;
  notice?: string;
  /** The names of the person's access profiles (docs/operators/movers.md). */
  profiles?: string[];
  /** A refused edit or archive: the service's reason, and what was typed. */
  refused?: { form: 'edit' | 'archive'; detail: string; hint?: string; conflicts?: EmailTaken[]; name?: string; email?: string; aliases?: string };
}

/** The refused emails, each naming the person who has it (a link to their page) or the CSV line it repeats. */
export function takenList(conflicts: readonly EmailTaken[] | undefined): SafeHtml | undefined {
  if (!conflicts || conflicts.length === 0) return undefined;
  return html`<ul>${conflicts.map(
    (conflict) =>
      html`<li>${conflict.line === undefined ? '' : `Line ${conflict.line}: `}${conflict.email} ${
        conflict.person
          ? html`belongs to <a href="${consoleUrl(['people', conflict.person.id])}">${conflict.person.name}</a> (${conflict.person.email})`
          : html`repeats line ${String(conflict.sameAsLine)}`
      }</li>`,
  )}</ul>`;
}

function refusal(page: PersonPage, form: 'edit' | 'archive'): SafeHtml | undefined {
  if (page.refused?.form !== form) return undefined;
  return html`<div class="error" role="alert"><p>Nothing was changed: ${page.refused.detail}</p>${takenList(page.refused.conflicts)}${
    page.refused.hint && html`<p>${page.refused.hint}</p>`
  }</div>`;
}

function accountsTable(page: PersonPage): SafeHtml {
  if (page.accounts.length === 0) return html`<p>No account is linked to ${page.person.name}.</p>`;
  return html`<table><caption>Accounts linked to ${page.person.name}</caption>
<thead><tr><th scope="col">Application</th><th scope="col">Email</th><th scope="col">Name</th><th scope="col">State</th><th scope="col">Link</th>${
    page.admin && html`<th scope="col">Change</th>`
  }</tr></thead>
<tbody>${page.accounts.map(
    (account) =>
      html`<tr><td><a href="${consoleUrl(['integrations', account.integrationId])}">${page.applications.get(account.integrationId) ?? account.integrationId}</a></td><td>${account.email}</td><td>${account.name}</td><td>${account.state}${account.admin ? ' (admin)' : ''}</td><td>${account.byHand ? 'by hand' : 'by email'}</td>${
        page.admin &&
        html`<td><form method="post" action="${consoleUrl(['accounts', account.accountId, 'link'])}">${csrfField(page.csrf)}<input type="hidden" name="none" value="1"><input type="hidden" name="back" value="${page.person.id}"><button type="submit" class="secondary" aria-label="Unlink ${account.email} from ${page.person.name}">Unlink</button></form>${
          account.byHand &&
          html`<form method="post" action="${consoleUrl(['accounts', account.accountId, 'link', 'clear'])}">${csrfField(page.csrf)}<input type="hidden" name="back" value="${page.person.id}"><button type="submit" class="secondary">Link by email again</button></form>`
        }</td>`
      }</tr>`,
  )}</tbody></table>`;
}

export function personView(page: PersonPage): SafeHtml {
  const { person } = page;
  const typed = page.refused?.form === 'edit' ? page.refused : undefined;
  const edit =
    page.admin &&
    !person.archivedAt &&
    html`<h2>Edit</h2>
${refusal(page, 'edit')}
<form method="post" action="${consoleUrl(['people', person.id])}">${csrfField(page.csrf)}
<p><label for="person-name">Name</label><input type="text" id="person-name" name="name" value="${typed?.name ?? person.name}" required maxlength="200"></p>
<p><label for="person-email">Email</label><input type="email" id="person-email" name="email" value="${typed?.email ?? person.email}" required maxlength="320"></p>
<p><label for="person-aliases">Aliases</label><input type="text" id="person-aliases" name="aliases" value="${typed?.aliases ?? person.aliases.join(', ')}" aria-describedby="person-aliases-help"><br><span class="muted" id="person-aliases-help">Further emails, separated by commas; accounts with any of them link to ${person.name}.</span></p>
<p><button type="submit">Save</button></p></form>
<h2>Archive</h2>
${refusal(page, 'archive')}
<p>An archived person leaves the people list and the Access Grid; their emails are free again. Only a person without present accounts is archived: <a href="${consoleUrl(['people', person.id, 'offboard'])}">offboard first</a>.</p>
<form method="post" action="${consoleUrl(['people', person.id, 'archive'])}">${csrfField(page.csrf)}<button type="submit" class="danger">Archive ${person.name}</button></form>`;
  return html`${page.notice && html`<p class="notice" role="status">${page.notice}</p>`}
<dl><dt>Email</dt><dd>${person.email}</dd><dt>Aliases</dt><dd>${person.aliases.length === 0 ? 'none' : person.aliases.join(', ')}</dd>${
    person.archivedAt && html`<dt>Archived</dt><dd>${person.archivedAt}</dd>`
  }</dl>
<p><a href="${consoleUrl(['people', person.id, 'profiles'])}">Access profiles</a>: ${page.profiles && page.profiles.length > 0 ? page.profiles.join(', ') : 'none'} (change them there: the difference is shown before the move runs).</p>
${accountsTable(page)}
${edit}`;
}
