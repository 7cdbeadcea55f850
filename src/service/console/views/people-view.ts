/** The people of the tenant (the identities accounts link to by email). */
import type { Person } from '../../people/people.js';
import { consoleUrl, html, type SafeHtml } from '../html.js';
import { timeOf } from './format.js';

export function peopleView(input: { people: Person[]; admin: boolean }): SafeHtml {
  if (input.people.length === 0) return html`<p>No people yet. Add them with the service API (<code>POST /v1/people</code> or a CSV to <code>/v1/people/import</code>).</p>`;
  return html`<table><caption>${input.people.length} people</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Email</th><th scope="col">Added</th>${input.admin && html`<th scope="col">Offboarding</th>`}</tr></thead>
<tbody>${input.people.map(
    (person) => html`<tr><td>${person.name}</td><td>${person.email}</td><td>${timeOf(person.createdAt)}</td>${input.admin && html`<td><a href="${consoleUrl(['people', person.id, 'offboard'])}" aria-label="Remove from all applications: ${person.name}">Remove from all applications</a></td>`}</tr>`,
  )}</tbody></table>`;
}
