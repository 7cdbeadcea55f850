/**
 * HTML from template literals, escaped by default: every interpolated value is text unless it is
 * already `SafeHtml` (the result of another `html` template). Account names and emails come from
 * target applications and are untrusted, so there is no way to interpolate a string unescaped
 * other than `trustedHtml`, kept for constants of this folder.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for an element's content or a quoted attribute value (OWASP XSS rule #1 and #2). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

export class SafeHtml {
  constructor(readonly html: string) {}
  toString(): string {
    return this.html;
  }
}

function render(value: unknown): string {
  if (value instanceof SafeHtml) return value.html;
  if (Array.isArray(value)) return value.map(render).join('');
  // Absent values render as nothing, so optional fragments can be written `${cond && html`…`}`.
  if (value === undefined || value === null || value === false) return '';
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0]!;
  for (let index = 0; index < values.length; index += 1) out += render(values[index]) + strings[index + 1]!;
  return new SafeHtml(out);
}

/** Markup written in this folder (never data). */
export function trustedHtml(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

/** A console URL: fixed segments and encoded ids, optionally a query; `html` escapes it again as an attribute. */
export function consoleUrl(segments: readonly string[], query: Record<string, string | number | boolean | undefined> = {}): string {
  const path = `/console/${segments.map((segment) => encodeURIComponent(segment)).join('/')}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '' && value !== false) params.set(key, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
