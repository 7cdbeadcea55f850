/**
 * Generate Config (issue 14, item 2): the proposal with why each choice was made and what else was
 * considered, the first records mapped, what Import Users has now, and, for a build-your-own
 * integration, the confirmation form (records path and mapping, editable) that saves it.
 */
import type { ConfigProposal } from '../../integrations/config-generation.js';
import type { Integration } from '../../integrations/integration-view.js';
import { consoleUrl, html, type SafeHtml } from '../html.js';
import { csrfField } from '../layout.js';
import { diagnosticsList, type Refusal } from './format.js';

export interface ApplyForm {
  integration: Integration;
  records: string;
  mapping: Record<string, string>;
  /** The pagination block to save with them, as JSON text (empty: none). */
  pagination?: string;
  csrf: string;
  /** Why the last save was refused (the spec's located diagnostics), nothing saved. */
  refused?: Refusal;
}

const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

export function applyFormView(form: ApplyForm): SafeHtml {
  return html`${
    form.refused &&
    html`<div class="error" role="alert"><p>Nothing was saved: ${form.refused.detail}</p>${form.refused.hint && html`<p>${form.refused.hint}</p>`}
${diagnosticsList(form.refused.diagnostics, form.refused.source)}</div>`
  }
<form method="post" action="${consoleUrl(['integrations', form.integration.id, 'generate-config', 'apply'])}">
${csrfField(form.csrf)}
<fieldset><legend>Import Users configuration to save</legend>
<p><label for="apply-records">Records path (jq)</label><input type="text" id="apply-records" name="records" value="${form.records}" required spellcheck="false"></p>
${Object.entries(form.mapping).map(([field, expression]) => html`<p><label for="apply-${field}">Mapping of ${field} (jq)</label><input type="text" id="apply-${field}" name="mapping.${field}" value="${expression}" spellcheck="false"></p>`)}
${
  form.pagination !== undefined &&
  html`<p><label for="apply-pagination">Pagination (JSON; empty to leave it as it is)</label><input type="text" id="apply-pagination" name="pagination" value="${form.pagination}" spellcheck="false"></p>`
}
</fieldset>
<p><button type="submit">Confirm and save</button></p>
</form>`;
}

export function proposalView(input: { integration: Integration; proposal: ConfigProposal; csrf: string }): SafeHtml {
  const { proposal } = input;
  const previewFields = Object.keys(proposal.mapping);
  return html`<p>Generated from the target's Import Users answer (HTTP ${proposal.status}). Nothing is saved until you confirm.</p>
<h2>Records</h2>
<p><code>${proposal.records.expression}</code>: ${proposal.records.count} records. ${proposal.records.explanation}</p>
${proposal.rejected.length ? html`<ul>${proposal.rejected.map((array) => html`<li>Not <code>${array.expression}</code>: ${array.reason}</li>`)}</ul>` : ''}
${
  proposal.pagination &&
  html`<h2>Pagination</h2>
<div class="error" role="alert"><p>The answer is only a page: ${proposal.pagination.signals.join('; ')}.</p></div>
<p><code>${JSON.stringify(proposal.pagination.pagination)}</code></p>
<p>${proposal.pagination.explanation}</p>`
}
<h2>Fields</h2>
<table><caption>Proposed mapping, with why</caption>
<thead><tr><th scope="col">Field</th><th scope="col">jq</th><th scope="col">Why</th><th scope="col">Also considered</th></tr></thead>
<tbody>${proposal.fields.map((field) => html`<tr><td>${field.field}</td><td><code>${field.expression}</code></td><td>${field.explanation}</td><td>${field.considered.length ? html`<ul>${field.considered.map((line) => html`<li>${line}</li>`)}</ul>` : 'nothing else'}</td></tr>`)}</tbody></table>
${proposal.skipped.length ? html`<ul>${proposal.skipped.map((skipped) => html`<li>${skipped.field}: not proposed, ${skipped.skipped}</li>`)}</ul>` : ''}
<h2>The first records, mapped</h2>
<table><caption>Preview of the proposal</caption>
<thead><tr><th scope="col" class="num">#</th>${previewFields.map((field) => html`<th scope="col">${field}</th>`)}<th scope="col">Errors</th></tr></thead>
<tbody>${proposal.preview.map((record) => html`<tr${record.errors.length ? html` class="problem"` : ''}><td class="num">${record.index}</td>${previewFields.map((field) => html`<td>${show(record.account[field] ?? '')}</td>`)}<td>${record.errors.join('; ') || 'none'}</td></tr>`)}</tbody></table>
<h2>Now</h2>
<p>Records path: <code>${show(proposal.current.records ?? '(none)')}</code>; mapping: <code>${show(proposal.current.mapping ?? '(none)')}</code></p>
<h2>Confirm</h2>
${
  proposal.applicable
    ? applyFormView({
        integration: input.integration,
        records: proposal.records.expression,
        mapping: proposal.mapping,
        ...(proposal.pagination ? { pagination: JSON.stringify(proposal.pagination.pagination) } : {}),
        csrf: input.csrf,
      })
    : html`<p>This ${input.integration.type} integration runs the shipped connector's mapping, the same for every tenant: the proposal is for comparing only. To change a mapping, start a build-your-own integration from that spec.</p>`
}
<p><a href="${consoleUrl(['integrations', input.integration.id, 'setup'])}">Back to the setup</a></p>`;
}
