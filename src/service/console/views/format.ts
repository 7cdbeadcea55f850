/** Small renderings shared by the views: times, yes/no, counts. */
import type { Diagnostic } from '../../../compiler/index.js';
import { formatSourceLine } from '../../../compiler/source-line.js';
import { html, type SafeHtml } from '../html.js';

/** An ISO time as `2026-11-26 03:14 UTC` in a `<time>` element (machine-readable for assistive tools). */
export function timeOf(iso: string | null | undefined): SafeHtml {
  if (!iso) return html`<span class="muted">never</span>`;
  return html`<time datetime="${iso}">${iso.slice(0, 16).replace('T', ' ')} UTC</time>`;
}

export const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** An account's state as the console shows it: `invited` with the due time of its scheduled activation. */
export function stateOf(state: string, activationDueAt?: string): SafeHtml {
  return activationDueAt ? html`${state} <span class="muted">(activation due ${timeOf(activationDueAt)})</span>` : html`${state}`;
}

/** A refusal shown beside a form: the problem's detail and hint, and a spec's located diagnostics with the text they count lines in. */
export interface Refusal {
  detail: string;
  hint?: string;
  diagnostics?: Diagnostic[];
  /** The spec text the diagnostics' lines are in (as typed or as edited), to show each offending line. */
  source?: string;
}

/**
 * A spec's diagnostics as the compiler locates them: severity, line, column, JSON pointer, code,
 * message and hint; with the spec text, the offending line numbered and a caret at the column
 * (the CLI's own rendering, escaped here like any text).
 */
export function diagnosticsList(diagnostics: readonly Diagnostic[] | undefined, source?: string): SafeHtml | undefined {
  if (!diagnostics?.length) return undefined;
  return html`<ul>${diagnostics.map((diagnostic) => {
    const context = source === undefined ? undefined : formatSourceLine(source, diagnostic);
    return html`<li>line ${diagnostic.line}, column ${diagnostic.column}${diagnostic.pointer ? ` (${diagnostic.pointer})` : ''}: ${diagnostic.severity} ${diagnostic.code}: ${diagnostic.message}${diagnostic.hint ? ` (${diagnostic.hint})` : ''}${context !== undefined && html`<pre class="spec-line" aria-label="Spec line ${diagnostic.line}, column ${diagnostic.column}"><code>${context}</code></pre>`}</li>`;
  })}</ul>`;
}
