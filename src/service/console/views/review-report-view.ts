/**
 * The printable report of an access review campaign (issue 28), beside the CSV: the campaign's
 * facts, then one row per item with the CSV's columns and values (`reportRow`, one definition of a
 * report row), every value escaped as text. The browser prints it; nothing runs on the page.
 */
import { REPORT_HEADER, reportRow, type Campaign, type ReviewItem } from '../../reviews/review-view.js';
import { consoleUrl, html, type SafeHtml } from '../html.js';

export function reviewReportView(input: { campaign: Campaign; items: readonly ReviewItem[]; generatedAt: string }): SafeHtml {
  const { campaign } = input;
  const p = campaign.progress;
  const scope = campaign.integrationIds === null ? 'every integration' : `${campaign.integrationIds.length} integration(s)`;
  return html`<p class="no-print"><a href="${consoleUrl(['reviews', campaign.id])}">Back to the campaign</a> · <a href="${consoleUrl(['reviews', campaign.id, 'report.csv'])}" download>CSV</a></p>
<dl class="facts"><dt>Campaign</dt><dd>${campaign.name} (${campaign.id})</dd><dt>Status</dt><dd>${campaign.status}</dd>
<dt>Scope</dt><dd>${scope}${campaign.withoutIntegrationIds.length > 0 && html`, started without ${campaign.withoutIntegrationIds.join(', ')}`}</dd>
<dt>Reviewers</dt><dd>${campaign.reviewers.map((entry) => (entry.integrationId ? `${entry.reviewer} (${entry.integrationId})` : entry.reviewer)).join(', ')}</dd>
<dt>Created</dt><dd>${campaign.createdAt} by ${campaign.createdBy}</dd><dt>Started</dt><dd>${campaign.startedAt ?? 'not started'}</dd>
<dt>Due</dt><dd>${campaign.dueAt}</dd><dt>Closed</dt><dd>${campaign.closedAt ? `${campaign.closedAt} by ${campaign.closedBy ?? ''}` : 'open'}</dd>
<dt>Progress</dt><dd>${p.items} items: ${p.decided} decided (${p.kept} kept, ${p.revoked} revoked, ${p.linked} linked), ${p.items - p.decided} undecided; ${p.removed} removed, ${p.confirmed} confirmed, ${p.flagged} flagged</dd>
<dt>Generated</dt><dd>${input.generatedAt}</dd></dl>
<table class="report"><caption>Every item of the campaign, in item order</caption>
<thead><tr>${REPORT_HEADER.map((column) => html`<th scope="col">${column}</th>`)}</tr></thead>
<tbody>${input.items.map((item) => html`<tr>${reportRow(item).map((value) => html`<td>${value === null || value === undefined ? '' : String(value)}</td>`)}</tr>\n`)}</tbody></table>`;
}
