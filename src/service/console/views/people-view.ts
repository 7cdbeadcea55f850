/** The people of the tenant (the identities accounts link to by email), and for admins adding them one by one or from a CSV. */
import type { EmailTaken, Person } from '../../people/people.js';
import { consoleUrl, html, type SafeHtml } from '../html.js';
import { csrfField } from '../layout.js';
import { timeOf } from './format.js';
import { takenList } from './person-view.js';

export interface PeoplePage {
  people: Person[];
  admin: boolean;
  csrf: string;
  notice?: string;
  /** A refused addition: the service's reason, and what was typed (kept in the form). */
  refused?: { form: 'person' | 'csv'; detail: string; hint?: string; conflicts?: EmailTaken[]; email?: string; name?: string; aliases?: string; csv?: string };
}

function refusal(page: PeoplePage, form: 'person' | 'csv'): SafeHtml | undefined {
  if (page.refused?.form !== form) return undefined;
  return html`<div class="error" role="alert"><p>Nothing was added: ${page.refused.detail}</p>${takenList(page.refused.conflicts)}${
    page.refused.hint && html`<p>${page.refused.hint}</p>`
  }</div>`;
}

function addForms(page: PeoplePage): SafeHtml {
  const typed = page.refused ?? {};
  return html`<h2>Add a person</h2>
${refusal(page, 'person')}
<form class="row" method="post" action="/console/people">${csrfField(page.csrf)}
<div><label for="person-name">Name</label><input type="text" id="person-name" name="name" value="${'name' in typed ? typed.name : ''}" required maxlength="200"></div>
<div><label for="person-email">Email</label><input type="email" id="person-email" name="email" value="${'email' in typed ? typed.email : ''}" required maxlength="320"></div>
<div><label for="person-aliases">Aliases (optional, separated by commas)</label><input type="text" id="person-aliases" name="aliases" value="${'aliases' in typed ? typed.aliases : ''}"></div>
<div><button type="submit">Add person</button></div></form>
<h2>Add people from a CSV</h2>
${refusal(page, 'csv')}
<form method="post" action="/console/people/import">${csrfField(page.csrf)}
<p><label for="people-csv">CSV with a header naming email and name (and optionally aliases, separated by ;)</label><textarea id="people-csv" name="csv" rows="6" required spellcheck="false" aria-describedby="people-csv-help">${'csv' in typed ? typed.csv : ''}</textarea><br><span class="muted" id="people-csv-help">All rows are added, or none when one is refused. An email (or alias) names one person: a line giving another person’s is refused.</span></p>
<p><button type="submit" class="secondary">Add people</button></p></form>`;
}

export function peopleView(page: PeoplePage): SafeHtml {
  const list =
    page.people.length === 0
      ? html`<p>No people yet.</p>`
      : html`<table><caption>${page.people.length} people</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Email</th><th scope="col">Aliases</th><th scope="col">Added</th>${page.admin && html`<th scope="col">Workflows</th>`}</tr></thead>
<tbody>${page.people.map(
          (person) =>
            html`<tr><td><a href="${consoleUrl(['people', person.id])}">${person.name}</a></td><td>${person.email}</td><td>${person.aliases.join(', ')}</td><td>${timeOf(person.createdAt)}</td>${page.admin && html`<td><a href="${consoleUrl(['people', person.id, 'workflows'])}" aria-label="Onboard or run an action: ${person.name}">Onboard or run an action</a><br><a href="${consoleUrl(['people', person.id, 'offboard'])}" aria-label="Remove from all applications: ${person.name}">Remove from all applications</a></td>`}</tr>`,
        )}</tbody></table>`;
  return html`${page.notice && html`<p class="notice" role="status">${page.notice}</p>`}<p><a href="/console/people/unlinked">Accounts linked to no person, and email conflicts</a></p>${list}${page.admin && addForms(page)}`;
}
