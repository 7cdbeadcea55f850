/** The Access Grid: people × applications, each cell the account's state and admin flag; searchable, paged, with a CSV export. */
import type { AccessGrid } from '../../access/access-views.js';
import { consoleUrl, html, type SafeHtml } from '../html.js';
import { stateOf } from './format.js';

export function accessGridView(input: { grid: AccessGrid; search?: string; adminOnly: boolean; paged: boolean }): SafeHtml {
  const { grid } = input;
  const filters = { search: input.search, adminOnly: input.adminOnly || undefined };
  return html`<form class="row" method="get" action="/console/access-grid" role="search" aria-label="People in the grid">
  <div><label for="search">Search people by name or email</label><input type="search" id="search" name="search" value="${input.search ?? ''}" maxlength="200"></div>
  <div><label class="check"><input type="checkbox" name="adminOnly" value="true"${input.adminOnly ? html` checked` : ''}> Only people who are admin somewhere</label></div>
  <div><button type="submit" class="secondary">Filter</button></div>
</form>
<div class="actions"><a href="${consoleUrl(['access-grid.csv'], filters)}" download>Export as CSV</a></div>
${
  grid.rows.length === 0
    ? html`<p>No person matches.</p>`
    : html`<table><caption>People and their accounts in each application</caption>
<thead><tr><th scope="col">Person</th>${grid.applications.map((application) => html`<th scope="col">${application.name}</th>`)}</tr></thead>
<tbody>${grid.rows.map(
        (row) =>
          html`<tr><th scope="row">${row.person.name}<br><span class="muted">${row.person.email}</span></th>${grid.applications.map((application) => {
            const cell = row.cells[application.id];
            return html`<td>${cell ? html`${stateOf(cell.state, cell.activationDueAt)}${cell.admin ? ' (admin)' : ''}` : html`<span class="muted">no account</span>`}</td>`;
          })}</tr>`,
      )}</tbody></table>`
}
<nav class="pager" aria-label="Pages of people">
${input.paged && html`<a href="${consoleUrl(['access-grid'], filters)}">First page</a>`}
${grid.next !== undefined && html`<a href="${consoleUrl(['access-grid'], { ...filters, cursor: grid.next })}">Next page</a>`}
</nav>`;
}
