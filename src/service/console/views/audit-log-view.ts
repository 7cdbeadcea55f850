/** The tenant's audit log, newest first: every change and connection test with its actor and a redacted detail. */
import type { AuditEntry } from '../../audit/audit-log.js';
import { consoleUrl, html, type SafeHtml } from '../html.js';
import { timeOf } from './format.js';

export function auditLogView(input: { entries: AuditEntry[]; applications: Map<string, string>; next?: string; paged: boolean }): SafeHtml {
  if (input.entries.length === 0) return html`<p>Nothing has been recorded yet.</p>`;
  return html`<table><caption>Audit log, newest first</caption>
<thead><tr><th scope="col">Time</th><th scope="col">Event</th><th scope="col">Application</th><th scope="col">Actor</th><th scope="col">Detail</th></tr></thead>
<tbody>${input.entries.map(
    (entry) =>
      html`<tr><td>${timeOf(entry.at)}</td><td>${entry.event}</td><td>${entry.integrationId ? (input.applications.get(entry.integrationId) ?? entry.integrationId) : ''}</td><td>${entry.actor}</td><td><code>${JSON.stringify(entry.detail)}</code></td></tr>`,
  )}</tbody></table>
<nav class="pager" aria-label="Pages of the audit log">
${input.paged && html`<a href="/console/audit">Newest</a>`}
${input.next && html`<a href="${consoleUrl(['audit'], { before: input.next })}">Older entries</a>`}
</nav>`;
}
