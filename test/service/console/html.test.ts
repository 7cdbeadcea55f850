/** The console's HTML: every interpolated value is escaped unless it is markup of another template. */
import { describe, expect, it } from 'vitest';
import { consoleUrl, escapeHtml, html, trustedHtml } from '../../../src/service/console/html.js';
import { integrationStatus } from '../../../src/service/console/views/integration-status.js';
import { checkConsoleRoute } from '../../../src/service/console/console-access.js';

describe('html', () => {
  it.each([
    { given: '<script>alert(1)</script>', want: '&lt;script&gt;alert(1)&lt;/script&gt;' },
    { given: '" onmouseover="x', want: '&quot; onmouseover=&quot;x' },
    { given: "' autofocus onfocus='x", want: '&#39; autofocus onfocus=&#39;x' },
    { given: 'Tom & Jerry', want: 'Tom &amp; Jerry' },
    { given: 'plain', want: 'plain' },
  ])('escapes $given', ({ given, want }) => {
    expect(escapeHtml(given)).toBe(want);
    expect(html`<td title="${given}">${given}</td>`.html).toBe(`<td title="${want}">${want}</td>`);
  });

  it('keeps nested templates and trusted markup, renders arrays item by item and absent values as nothing', () => {
    const items = ['<a>', 'b'].map((item) => html`<li>${item}</li>`);
    expect(html`<ul>${items}</ul>${undefined}${null}${false}${0}`.html).toBe('<ul><li>&lt;a&gt;</li><li>b</li></ul>0');
    expect(html`${trustedHtml('<br>')}`.html).toBe('<br>');
    // A string that looks like markup is still text: only SafeHtml passes through.
    expect(html`${'<br>'}`.html).toBe('&lt;br&gt;');
  });

  it('builds console URLs from encoded segments and a query without empty members', () => {
    expect(consoleUrl(['integrations', 'a/b?c', 'runs'])).toBe('/console/integrations/a%2Fb%3Fc/runs');
    expect(consoleUrl(['access-grid'], { search: 'a&b', adminOnly: false, offset: 50, empty: '' })).toBe('/console/access-grid?search=a%26b&offset=50');
  });
});

describe('integration status', () => {
  it.each([
    { given: { authConfigured: false, importOnly: null, quarantined: false }, want: 'draft' },
    { given: { authConfigured: true, importOnly: null, quarantined: false }, want: 'connected' },
    { given: { authConfigured: true, importOnly: { reason: 'read-only key', since: '2026-01-01T00:00:00Z' }, quarantined: false }, want: 'import-only' },
    { given: { authConfigured: true, importOnly: { reason: 'read-only key', since: '2026-01-01T00:00:00Z' }, quarantined: true }, want: 'quarantined' },
  ])('$want', ({ given, want }) => {
    expect(integrationStatus(given, given)).toBe(want);
  });
});

describe('console routes', () => {
  it.each([
    { given: { method: 'GET', url: '/x', config: { access: 'viewer' } }, want: undefined },
    { given: { method: 'POST', url: '/x', config: { access: 'admin' } }, want: undefined },
    { given: { method: 'POST', url: '/sign-in', config: { access: 'public' } }, want: undefined },
    { given: { method: 'POST', url: '/x', config: { access: 'viewer' } }, want: 'changes state but is open to viewers' },
    { given: { method: ['GET', 'DELETE'], url: '/x', config: { access: 'viewer' } }, want: 'changes state but is open to viewers' },
    { given: { method: 'GET', url: '/x', config: {} }, want: 'declares no config.access' },
    { given: { method: 'GET', url: '/x', config: { access: 'owner' } }, want: 'declares no config.access' },
    { given: { method: 'GET', url: '/x', config: { access: 'console' } }, want: 'declares no config.access' },
  ])('$given.method $given.config.access: $want', ({ given, want }) => {
    if (want === undefined) expect(() => checkConsoleRoute(given)).not.toThrow();
    else expect(() => checkConsoleRoute(given)).toThrow(want);
  });
});
