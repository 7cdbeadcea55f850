/** Small renderings shared by the views: times, yes/no, counts. */
import { html, type SafeHtml } from '../html.js';

/** An ISO time as `2026-11-26 03:14 UTC` in a `<time>` element (machine-readable for assistive tools). */
export function timeOf(iso: string | null | undefined): SafeHtml {
  if (!iso) return html`<span class="muted">never</span>`;
  return html`<time datetime="${iso}">${iso.slice(0, 16).replace('T', ' ')} UTC</time>`;
}

export const yesNo = (value: boolean) => (value ? 'yes' : 'no');
