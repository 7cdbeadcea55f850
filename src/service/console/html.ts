/** The console's HTML helpers: the escaping templates (src/service/http/safe-html.ts) and its URLs. */
export { escapeHtml, html, SafeHtml, trustedHtml } from '../http/safe-html.js';

/** A console URL: fixed segments and encoded ids, optionally a query; `html` escapes it again as an attribute. */
export function consoleUrl(segments: readonly string[], query: Record<string, string | number | boolean | undefined> = {}): string {
  const path = `/console/${segments.map((segment) => encodeURIComponent(segment)).join('/')}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '' && value !== false) params.set(key, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
