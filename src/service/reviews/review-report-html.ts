/**
 * The printable report of an access review campaign (issue 28), beside the CSV: the campaign's
 * facts, then one row per item with the CSV's columns and values (`reportRow`, one definition of a
 * report row), every value escaped as text. One renderer for the console's page, the API's
 * `?format=html` and the CLI's `--format html`; nothing runs on the page, the browser prints it.
 */
import { html, type SafeHtml } from '../http/safe-html.js';
import { REPORT_HEADER, reportRow, type Campaign, type ReviewItem } from './review-view.js';
import { counted } from '../counted.js';

export interface ReportInput {
  campaign: Campaign;
  items: readonly ReviewItem[];
  generatedAt: string;
}

/** The facts and the table: the body of the console's page and of the standalone document. */
export function reviewReportBody(input: ReportInput): SafeHtml {
  const { campaign } = input;
  const p = campaign.progress;
  const count = campaign.integrationIds?.length ?? 0;
  const scope = campaign.integrationIds === null ? 'every integration' : counted(count, 'integration');
  return html`<dl class="facts"><dt>Campaign</dt><dd>${campaign.name} (${campaign.id})</dd><dt>Status</dt><dd>${campaign.status}</dd>
<dt>Scope</dt><dd>${scope}${campaign.withoutIntegrationIds.length > 0 && html`, started without ${campaign.withoutIntegrationIds.join(', ')}`}</dd>
<dt>Reviewers</dt><dd>${campaign.reviewers.map((entry) => (entry.integrationId ? `${entry.reviewer} (${entry.integrationId})` : entry.reviewer)).join(', ')}</dd>
<dt>Created</dt><dd>${campaign.createdAt} by ${campaign.createdBy}</dd><dt>Started</dt><dd>${campaign.startedAt ?? 'not started'}</dd>
<dt>Due</dt><dd>${campaign.dueAt}</dd><dt>Closed</dt><dd>${campaign.closedAt ? `${campaign.closedAt} by ${campaign.closedBy ?? ''}` : 'open'}</dd>
<dt>Progress</dt><dd>${counted(p.items, 'item')}: ${p.decided} decided (${p.kept} kept, ${p.revoked} revoked, ${p.linked} linked), ${p.items - p.decided} undecided; ${p.removed} removed, ${p.confirmed} confirmed, ${p.flagged} flagged</dd>
<dt>Generated</dt><dd>${input.generatedAt}</dd></dl>
<table class="report"><caption>Every item of the campaign, in item order</caption>
<thead><tr>${REPORT_HEADER.map((column) => html`<th scope="col">${column}</th>`)}</tr></thead>
<tbody>${input.items.map((item) => html`<tr>${reportRow(item).map((value) => html`<td>${value === null || value === undefined ? '' : String(value)}</td>`)}</tr>\n`)}</tbody></table>`;
}

/** The report as a standalone printable HTML document (the API and the CLI): no script, styles inline. */
export function reviewReportDocument(input: ReportInput): string {
  return `<!doctype html>\n${html`<html lang="en">
<head>
<meta charset="utf-8">
<title>Access review report: ${input.campaign.name}</title>
<style>body{font:12px/1.4 system-ui,sans-serif;margin:1.5em}dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.2em 1em}dt{font-weight:600}table{border-collapse:collapse;width:100%}th,td{border:1px solid #999;padding:.2em .4em;text-align:left;vertical-align:top}caption{text-align:left;font-weight:600;margin:.5em 0}@media print{body{margin:0}}</style>
</head>
<body>
<h1>Access review report: ${input.campaign.name}</h1>
${reviewReportBody(input)}
</body>
</html>
`}`;
}

/** The answer headers of the standalone document: nothing on it may run or load. */
export const REPORT_HTML_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
} as const;
