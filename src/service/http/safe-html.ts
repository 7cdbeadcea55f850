/**
 * HTML from template literals, escaped by default: every interpolated value is text unless it is
 * already `SafeHtml` (the result of another `html` template). Account names and emails come from
 * target applications and are untrusted, so there is no way to interpolate a string unescaped
 * other than `trustedHtml`, kept for constants written in the service's own code. Shared by the
 * console's pages and the documents the API serves (the access review report), so it lives here,
 * beside the other modules both reach.
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

/** Markup written in the service's code (never data). */
export function trustedHtml(markup: string): SafeHtml {
  return new SafeHtml(markup);
}
