/** The console's printable report page: its links, then the report's one renderer (reviews/review-report-html.ts). */
import { reviewReportBody, type ReportInput } from '../../reviews/review-report-html.js';
import { consoleUrl, html, type SafeHtml } from '../html.js';

export function reviewReportView(input: ReportInput): SafeHtml {
  const { campaign } = input;
  return html`<p class="no-print"><a href="${consoleUrl(['reviews', campaign.id])}">Back to the campaign</a> · <a href="${consoleUrl(['reviews', campaign.id, 'report.csv'])}" download>CSV</a></p>
${reviewReportBody(input)}`;
}
