/**
 * Test and Preview (issue 14, item 2). Test: the first Import Users request as sent and the
 * target's answer, status, headers and body, credentials redacted by the runtime, the body
 * pretty-printed and collapsed when large. Preview: that answer mapped, one row per record, a
 * record with problems marked in words (not by colour alone).
 */
import type { PreviewResult, TestResult } from '../../../index.js';
import type { Integration } from '../../integrations/integration-view.js';
import type { AnswerWarning } from '../../integrations/paging-warnings.js';
import { consoleUrl, html, type SafeHtml } from '../html.js';

/** Bodies longer than this start collapsed. */
const COLLAPSE_AT = 2000;

function headersTable(caption: string, headers: Record<string, string>): SafeHtml {
  const entries = Object.entries(headers);
  if (entries.length === 0) return html`<p>No ${caption.toLowerCase()}.</p>`;
  return html`<table><caption>${caption}</caption><thead><tr><th scope="col">Header</th><th scope="col">Value</th></tr></thead>
<tbody>${entries.map(([name, value]) => html`<tr><td>${name}</td><td>${value}</td></tr>`)}</tbody></table>`;
}

function bodyBlock(body: unknown): SafeHtml {
  const text = typeof body === 'string' ? body : (JSON.stringify(body, null, 2) ?? '');
  if (text.length <= COLLAPSE_AT) return html`<pre>${text}</pre>`;
  return html`<details><summary>Body: ${text.length.toLocaleString('en')} characters (open to read)</summary><pre>${text}</pre></details>`;
}

/** An answer that is only a page, said before anything else (paging-warnings.ts). */
function warningsBlock(warnings: readonly AnswerWarning[] | undefined): SafeHtml | undefined {
  if (!warnings || warnings.length === 0) return undefined;
  return html`<div class="error" role="alert">${warnings.map((warning) => html`<p><strong>Only a page (${warning.code}):</strong> ${warning.message}. ${warning.hint}.</p>`)}</div>`;
}

const back = (integration: Integration) => html`<p><a href="${consoleUrl(['integrations', integration.id, 'setup'])}">Back to the setup</a></p>`;

export function testView(input: { integration: Integration; result: TestResult & { warnings?: AnswerWarning[] } }): SafeHtml {
  const { request, status, headers, body } = input.result;
  return html`${warningsBlock(input.result.warnings)}<h2>Request</h2>
<p><code>${request.method} ${request.url}</code></p>
${headersTable('Request headers', request.headers)}
<h2>Answer: HTTP ${status}</h2>
${headersTable('Answer headers', headers)}
<h3>Body</h3>
${bodyBlock(body)}
${back(input.integration)}`;
}

export function previewView(input: { integration: Integration; status: number; preview: PreviewResult; warnings?: AnswerWarning[] }): SafeHtml {
  const { preview } = input;
  const { summary } = preview;
  return html`${warningsBlock(input.warnings)}<p>The target answered HTTP ${input.status}. ${summary.records} records: ${summary.importable} importable, ${summary.withProblems} with problems${summary.duplicates ? `, ${summary.duplicates} duplicates` : ''}.</p>
${
  preview.records.length === 0
    ? html`<p>The answer held no records.</p>`
    : html`<table><caption>The first answer, mapped</caption>
<thead><tr><th scope="col" class="num">#</th><th scope="col">ID</th><th scope="col">Email</th><th scope="col">Name</th><th scope="col">Admin</th><th scope="col">Problems</th></tr></thead>
<tbody>${preview.records.map(
        (
          record,
        ) => html`<tr${record.problems.length ? html` class="problem"` : ''}><td class="num">${record.index}</td><td>${record.account?.id ?? ''}</td><td>${record.account?.email ?? ''}</td><td>${record.account?.name ?? ''}</td>
<td>${record.account && 'admin' in record.account ? String(record.account.admin) : ''}</td><td>${record.problems.length ? html`<strong>${record.problems.join('; ')}</strong>` : 'none'}</td></tr>`,
      )}</tbody></table>`
}
${back(input.integration)}`;
}
