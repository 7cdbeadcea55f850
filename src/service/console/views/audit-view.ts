/** The Application Audit of one application: every account with its person, admin flag, state, last seen; CSV for access reviews. */
import type { AuditLine } from '../../access/access-views.js';
import type { Integration } from '../../integrations/integration-view.js';
import { consoleUrl, html, type SafeHtml } from '../html.js';
import { stateOf, timeOf, yesNo } from './format.js';

export function auditView(input: { integration: Integration; lines: AuditLine[] }): SafeHtml {
  const id = input.integration.id;
  return html`<div class="actions"><a href="${consoleUrl(['integrations', id, 'audit.csv'])}" download>Export as CSV</a><a href="${consoleUrl(['integrations', id])}">Accounts and syncs</a></div>
${
  input.lines.length === 0
    ? html`<p>No accounts yet: they appear after the first sync.</p>`
    : html`<table><caption>${input.lines.length} accounts of ${input.integration.name}</caption>
<thead><tr><th scope="col">Account email</th><th scope="col">Account name</th><th scope="col">Person</th><th scope="col">Link</th><th scope="col">Admin</th><th scope="col">State</th><th scope="col">Last seen</th><th scope="col">Synced</th></tr></thead>
<tbody>${input.lines.map(
        (line) =>
          html`<tr><td>${line.email}</td><td>${line.name}</td><td>${line.person ? `${line.person.name} <${line.person.email}>` : ''}</td><td>${line.link}</td><td>${yesNo(line.admin)}</td><td>${stateOf(line.state, line.activationDueAt)}</td><td>${timeOf(line.lastSeenAt)}</td><td>${timeOf(line.syncedAt)}</td></tr>`,
      )}</tbody></table>`
}`;
}
