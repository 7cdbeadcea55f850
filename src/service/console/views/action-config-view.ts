/**
 * A build-your-own action's configuration, edited by hand (docs/contributors/product-rules.md "Action configuration"):
 * method, endpoint, query, headers, payload template, content type, success codes, and for Import
 * Users the records path and mapping. A save re-validates the whole spec; its diagnostics come
 * back with their line, column and pointer, and the edits stay in the form.
 */
import type { Integration } from '../../integrations/integration-view.js';
import type { RenderedRequest } from '../../../runtime/actions/inspect-action.js';
import { consoleUrl, html, type SafeHtml } from '../html.js';
import { csrfField } from '../layout.js';
import { actionLabel } from './new-integration-view.js';
import { diagnosticsList, type Refusal } from './format.js';

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The form's fields: each is one member of the action (empty removes it). */
export const ACTION_FIELDS = [
  { key: 'method', label: 'Method', kind: 'method', help: 'GET is typical for listing users, POST for creating.' },
  { key: 'path', label: 'Endpoint (path)', kind: 'text', help: 'Relative to the base URL, starting with /; may name {account.id} and inputs.' },
  { key: 'query', label: 'Query parameters (JSON object)', kind: 'json', help: 'For example {"limit": "100"}.' },
  { key: 'headers', label: 'Headers (JSON object)', kind: 'json', help: 'Sent with this action only.' },
  { key: 'body', label: 'Payload template', kind: 'area', help: 'Usually needed only for Create User; template variables such as {{user.email}}.' },
  { key: 'contentType', label: 'Content type', kind: 'text', help: 'Of the payload; default application/json.' },
  { key: 'success', label: 'Success status codes', kind: 'codes', help: 'Comma-separated, for example 200, 201.' },
  { key: 'records', label: 'Records path (jq, Import Users)', kind: 'text', help: 'Where the array of users is in the answer, for example .users.' },
  {
    key: 'mapping',
    label: 'Mapping (JSON object of field to jq, Import Users)',
    kind: 'json',
    help: 'id, email and name are required, for example {"id": ".id", "email": ".email // \\"\\""}.',
  },
] as const;

export type ActionFieldKey = (typeof ACTION_FIELDS)[number]['key'];

/** The form's text of each member: JSON for objects, comma lists for codes. */
export function fieldText(key: ActionFieldKey, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (key === 'success' && Array.isArray(value)) return value.join(', ');
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

export interface ActionConfigPage {
  integration: Integration;
  action: string;
  kind: string;
  defined: boolean;
  /** The text of each field, as saved or as typed. */
  values: Partial<Record<ActionFieldKey, string>>;
  csrf: string;
  notice?: string;
  refused?: Refusal;
  /** The payload preview of the fields as typed (not saved), rendered by the runtime with every secret masked. */
  preview?: RenderedRequest;
  previewRefused?: Refusal;
}

/** A JSON body pretty-printed; any other body as the runtime rendered it. */
function prettyBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body) as unknown, null, 2);
  } catch {
    return body;
  }
}

function previewSection(page: ActionConfigPage): SafeHtml | undefined {
  const { preview, previewRefused } = page;
  if (previewRefused) {
    return html`<section id="payload-preview" aria-labelledby="payload-preview-title"><h2 id="payload-preview-title">Payload preview</h2>
<div class="error" role="alert"><p>The payload could not be previewed: ${previewRefused.detail}</p>${previewRefused.hint && html`<p>${previewRefused.hint}</p>`}
${diagnosticsList(previewRefused.diagnostics, previewRefused.source)}</div></section>`;
  }
  if (!preview) return undefined;
  return html`<section id="payload-preview" aria-labelledby="payload-preview-title"><h2 id="payload-preview-title">Payload preview</h2>
<p role="status">Rendered from the fields as typed, with you as the person; nothing was saved and this request was not sent (only lookups the spec names are read). Credentials show as <code>***</code>.</p>
<p><strong>${preview.method}</strong> <code>${preview.url}</code></p>
${preview.body === undefined ? html`<p class="muted">No body.</p>` : html`<pre><code>${prettyBody(preview.body)}</code></pre>`}
${preview.steps && html`<p>This action sends ${preview.steps.length} requests in order:</p><ol>${preview.steps.map((step) => html`<li><strong>${step.method}</strong> <code>${step.url}</code>${step.body === undefined ? '' : html`<pre><code>${prettyBody(step.body)}</code></pre>`}</li>`)}</ol>`}
</section>`;
}

function field(page: ActionConfigPage, spec: (typeof ACTION_FIELDS)[number]): SafeHtml {
  const id = `member-${spec.key}`;
  const value = page.values[spec.key] ?? '';
  const described = html` aria-describedby="${id}-help"`;
  let control: SafeHtml;
  if (spec.kind === 'method') {
    control = html`<select id="${id}" name="${spec.key}"${described}><option value="">(not set)</option>${METHODS.map((method) => html`<option value="${method}"${method === value ? html` selected` : ''}>${method}</option>`)}</select>`;
  } else if (spec.kind === 'json' || spec.kind === 'area') {
    control = html`<textarea id="${id}" name="${spec.key}" rows="${spec.kind === 'area' ? 6 : 4}" spellcheck="false"${described}>${value}</textarea>`;
  } else {
    control = html`<input type="text" id="${id}" name="${spec.key}" value="${value}" spellcheck="false"${described}>`;
  }
  return html`<p><label for="${id}">${spec.label}</label>${control}<br><span class="muted" id="${id}-help">${spec.help}</span></p>`;
}

export function actionConfigView(page: ActionConfigPage): SafeHtml {
  const { refused } = page;
  return html`${page.notice && html`<p class="notice" role="status">${page.notice}</p>`}
${
  refused &&
  html`<div class="error" role="alert"><p>Nothing was saved: ${refused.detail}</p>${refused.hint && html`<p>${refused.hint}</p>`}
${diagnosticsList(refused.diagnostics, refused.source)}</div>`
}
<p>${actionLabel(page.action)} (${page.kind} action)${page.defined ? '' : ': not in the spec yet; saving adds it'}. Every field is one member of the action; an empty field removes it. The whole spec is checked before anything is saved.</p>
<form method="post" action="${consoleUrl(['integrations', page.integration.id, 'actions', page.action, 'config'])}">
${csrfField(page.csrf)}
${ACTION_FIELDS.map((spec) => field(page, spec))}
<p><button type="submit">Save the action</button>
<button type="submit" class="secondary" formaction="${consoleUrl(['integrations', page.integration.id, 'actions', page.action, 'config', 'preview'])}">Preview payload</button></p>
</form>
${previewSection(page)}
<p><a href="${consoleUrl(['integrations', page.integration.id, 'setup'])}">Back to the setup</a></p>`;
}
