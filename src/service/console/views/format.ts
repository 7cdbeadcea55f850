/** Small renderings shared by the views: times, yes/no, counts. */
import type { Diagnostic } from '../../../compiler/index.js';
import { html, type SafeHtml } from '../html.js';

/** An ISO time as `2026-11-26 03:14 UTC` in a `<time>` element (machine-readable for assistive tools). */
export function timeOf(iso: string | null | undefined): SafeHtml {
  if (!iso) return html`<span class="muted">never</span>`;
  return html`<time datetime="${iso}">${iso.slice(0, 16).replace('T', ' ')} UTC</time>`;
}

export const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** A spec's diagnostics as the compiler locates them: severity, line, column, JSON pointer, code, message and hint. */
export function diagnosticsList(diagnostics: readonly Diagnostic[] | undefined): SafeHtml | undefined {
  if (!diagnostics?.length) return undefined;
  return html`<ul>${diagnostics.map(
    (diagnostic) => html`<li>line ${diagnostic.line}, column ${diagnostic.column}${diagnostic.pointer ? ` (${diagnostic.pointer})` : ''}: ${diagnostic.severity} ${diagnostic.code}: ${diagnostic.message}${diagnostic.hint ? ` (${diagnostic.hint})` : ''}</li>`,
  )}</ul>`;
}
