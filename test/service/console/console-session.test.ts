/**
 * Signing in and out of the console, on the API's app: the session cookie and its flags, CSRF on
 * every form, viewer vs admin, a revoked token ending its session, and the security headers.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_CSP, registerConsole } from '../../../src/service/console/register-console.js';
import { hashToken } from '../../../src/service/tokens/api-tokens.js';
import { useApi, type TenantTokens } from '../api/api-fixture.js';
import { embeddedStorage } from '../helpers/service-fixture.js';
import { consoleClient } from './console-client.js';

const fixture = useApi(embeddedStorage('console-session'));
const answers: string[] = [];
let tenant: TenantTokens;
let integrationId: string;

beforeAll(async () => {
  tenant = await fixture.tenantWithTokens('standard', 'Console tenant');
  // A draft integration: enough for pages and forms that need one, without a target.
  integrationId = (
    await fixture.service.integrations.create({ tenantId: tenant.tenant.id, type: 'scim', scimBaseUrl: 'https://scim.example.test/v2', actor: 'operator' })
  ).id;
});
afterAll(() => {
  // No answer of the console ever carried a token.
  for (const answer of answers) for (const token of [tenant.admin, tenant.viewer]) expect(answer).not.toContain(token);
});

const client = () => consoleClient(fixture.api.app, answers);

describe('console sign-in', () => {
  it('serves an accessible sign-in form with a session cookie that is HttpOnly, SameSite and not Secure over plain HTTP', async () => {
    const page = await client().get('/console/sign-in');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.text).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(page.text).toContain('<title>Sign in · Operator console</title>');
    expect(page.text).toContain('<label for="token">API token</label>');
    expect(page.text).toMatch(/<input type="password" id="token" name="token"/);
    expect(page.text).toMatch(/<input type="hidden" name="_csrf" value="[A-Za-z0-9_-]{43}">/);
    expect(page.headers['set-cookie']).toMatch(/^console_session=[A-Za-z0-9_-]{43}; Path=\/console; HttpOnly; SameSite=Lax$/);
    expect(page.headers['content-security-policy']).toBe(CONSOLE_CSP);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.text).not.toMatch(/<script|\sstyle=|\son[a-z]+=/i);
  });

  it('signs in with a token: a fresh session id (not the one before sign-in, never the token) and the integrations page', async () => {
    const browser = client();
    await browser.get('/console/sign-in');
    const before = browser.cookie;
    const signedIn = await browser.post('/console/sign-in', { token: tenant.admin });
    expect(signedIn.status).toBe(303);
    expect(signedIn.location).toBe('/console/integrations');
    expect(browser.cookie).toMatch(/^console_session=/);
    expect(browser.cookie).not.toBe(before);
    expect(browser.cookie).not.toContain(tenant.admin.slice(4));
    const page = await browser.get('/console/integrations');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1>Integrations</h1>');
    expect(page.text).toContain('admin token (admin)');
    // The session before sign-in is gone: replaying its id is not signed in.
    const replay = await fixture.api.app.inject({ url: '/console/integrations', headers: { cookie: before! } });
    expect(replay.statusCode).toBe(303);
  });

  it('refuses an unknown token with a 401 page that does not echo it', async () => {
    const browser = client();
    const wrong = `${tenant.admin.slice(0, -2)}xx`;
    const page = await browser.signIn(wrong);
    expect(page.status).toBe(401);
    expect(page.text).toContain('That token was not accepted');
    expect(page.text).not.toContain(wrong);
    expect((await browser.get('/console/integrations')).status).toBe(303);
  });

  it('sends a visitor without a session to the sign-in page', async () => {
    for (const url of ['/console/integrations', `/console/integrations/${integrationId}`, '/console/people', '/console/access-grid', '/console/workflows']) {
      const page = await client().get(url);
      expect(page.status, url).toBe(303);
      expect(page.location).toBe('/console/sign-in');
    }
    expect((await client().get('/console')).location).toBe('/console/sign-in');
  });

  it('refuses every form without the session’s CSRF token with a 403 page, and changes nothing', async () => {
    const browser = client();
    await browser.signIn(tenant.admin);
    const runsBefore = await fixture.service.sync.listRuns({ tenantId: tenant.tenant.id, integrationId });
    const withoutField = () =>
      fixture.api.app.inject({
        method: 'POST',
        url: `/console/integrations/${integrationId}/sync`,
        headers: { cookie: browser.cookie!, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'go=1',
      });
    const attempts = [
      () => browser.post(`/console/integrations/${integrationId}/sync`, { _csrf: '' }),
      () => browser.post(`/console/integrations/${integrationId}/sync`, { _csrf: 'x'.repeat(43) }),
      async () => {
        const answer = await withoutField();
        return { status: answer.statusCode, headers: answer.headers, text: answer.body };
      },
    ];
    for (const attempt of attempts) {
      const refused = await attempt();
      expect(refused.status).toBe(403);
      expect(refused.headers['content-type']).toContain('text/html');
      expect(refused.text).toContain('<h1>Form refused</h1>');
      expect(refused.text).toContain('nothing was changed');
    }
    expect(await fixture.service.sync.listRuns({ tenantId: tenant.tenant.id, integrationId })).toEqual(runsBefore);
    // Sign-in and sign-out are forms too (a forged sign-in would sign the victim into another tenant).
    const anonymous = client();
    await anonymous.get('/console/sign-in');
    expect((await anonymous.post('/console/sign-in', { token: tenant.admin, _csrf: 'forged' })).status).toBe(403);
    expect((await browser.post('/console/sign-out', { _csrf: 'forged' })).status).toBe(403);
    expect((await browser.get('/console/integrations')).status).toBe(200);
  });

  it('shows a viewer no admin form, and refuses a viewer’s POST even with a valid CSRF token', async () => {
    const viewer = client();
    await viewer.signIn(tenant.viewer);
    const page = await viewer.get(`/console/integrations/${integrationId}`);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('Sync now');
    expect(page.text).not.toContain('Add User');
    const refused = await viewer.post(`/console/integrations/${integrationId}/sync`);
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('signed in with a viewer token');
    expect((await viewer.get(`/console/integrations/${integrationId}/add-user`)).status).toBe(403);
    const admin = client();
    await admin.signIn(tenant.admin);
    // The admin's form reaches the service (which refuses: Import Users is not enabled on this draft).
    const tried = await admin.post(`/console/integrations/${integrationId}/sync`);
    expect(tried.status).toBe(409);
    expect(tried.text).toContain('does not have Import Users enabled');
    expect(tried.text).not.toMatch(/at .*\.ts:\d+/);
  });

  it('signs out: the session ends and its cookie is cleared', async () => {
    const browser = client();
    await browser.signIn(tenant.admin);
    await browser.get('/console/integrations');
    const cookie = browser.cookie!;
    const out = await browser.post('/console/sign-out');
    expect(out.status).toBe(303);
    expect(out.location).toBe('/console/sign-in?signedOut=1');
    expect(out.headers['set-cookie']).toMatch(/^console_session=; Max-Age=0; Path=\/console; HttpOnly; SameSite=Lax$/);
    expect((await fixture.api.app.inject({ url: '/console/integrations', headers: { cookie } })).statusCode).toBe(303);
  });

  it('ends a session at once when its token is revoked', async () => {
    const extra = await fixture.service.tokens.create({ tenantId: tenant.tenant.id, role: 'admin', name: 'short-lived', actor: 'operator' });
    const browser = client();
    await browser.signIn(extra.token);
    expect((await browser.get('/console/people')).status).toBe(200);
    await fixture.service.tokens.revoke({ tenantId: tenant.tenant.id, tokenId: extra.tokenId, actor: 'operator' });
    expect((await browser.get('/console/people')).status).toBe(303);
  });

  it('answers bad addresses with an error page, never a stack trace or a problem+json', async () => {
    const browser = client();
    await browser.signIn(tenant.admin);
    const cases = [
      { url: `/console/integrations/${integrationId}?after=abc`, status: 400, text: 'unusable after' },
      { url: `/console/integrations/${integrationId}?state=gone`, status: 400, text: 'state: it must be one of' },
      { url: `/console/integrations/${integrationId}?q=${'x'.repeat(201)}`, status: 400, text: 'longer than 200' },
      { url: '/console/integrations/no-such-integration', status: 404, text: 'does not exist' },
      { url: '/console/no-such-page', status: 404, text: 'There is no console page at this address.' },
      { url: '/console/integrations?cursor=zzz', status: 400, text: 'cursor is not a cursor' },
    ];
    for (const { url, status, text } of cases) {
      const page = await browser.get(url);
      expect(page.status, url).toBe(status);
      expect(page.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(page.text, url).toContain(text);
      expect(page.text, url).not.toMatch(/Error:|\.ts:\d+|node_modules/);
    }
  });

  it('answers a body it cannot read with a page about the form, never a JSON problem', async () => {
    const browser = client();
    await browser.signIn(tenant.admin);
    const send = (type: string, payload: string) =>
      fixture.api.app.inject({
        method: 'POST',
        url: `/console/integrations/${integrationId}/sync`,
        headers: { cookie: browser.cookie!, 'content-type': type },
        payload,
      });
    const cases = [
      { type: 'application/json', payload: '{"_csrf":', status: 400, text: 'could not read what was sent' },
      { type: 'application/x-www-form-urlencoded', payload: `_csrf=${'x'.repeat(1_100_000)}`, status: 413, text: 'more than the console accepts' },
      { type: 'application/xml', payload: '<a/>', status: 415, text: 'could not read what was sent' },
    ];
    for (const { type, payload, status, text } of cases) {
      const answer = await send(type, payload);
      expect(answer.statusCode, type).toBe(status);
      expect(answer.headers['content-type'], type).toBe('text/html; charset=utf-8');
      expect(answer.body, type).toContain(text);
    }
  });

  it('leaves the API as it was: forms are refused there, and the console is not in its OpenAPI document', async () => {
    const form = await fixture.api.app.inject({
      method: 'POST',
      url: '/v1/people',
      headers: { authorization: `Bearer ${tenant.admin}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40b.c&name=A',
    });
    expect(form.statusCode).toBe(415);
    const document = JSON.parse((await fixture.api.app.inject({ url: '/openapi.json' })).body);
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/console'))).toEqual([]);
    expect(fixture.api.routes.some((route) => route.url.startsWith('/console'))).toBe(false);
    // A session cookie is not an API credential.
    const browser = client();
    await browser.signIn(tenant.admin);
    expect((await fixture.api.app.inject({ url: '/v1/people', headers: { cookie: browser.cookie! } })).statusCode).toBe(401);
  });
});

describe('console API tokens', () => {
  it('lists the tenant’s tokens to admins without any token or hash, and revokes one; revoking its own ends the session', async () => {
    const viewer = client();
    await viewer.signIn(tenant.viewer);
    expect((await viewer.get('/console/integrations')).text).not.toContain('API tokens');
    expect((await viewer.get('/console/tokens')).status).toBe(403);
    const other = await fixture.service.tokens.create({ tenantId: tenant.tenant.id, role: 'viewer', name: 'to revoke', actor: 'operator' });
    const own = await fixture.service.tokens.create({ tenantId: tenant.tenant.id, role: 'admin', name: 'self', actor: 'operator' });
    const victim = client();
    await victim.signIn(other.token);
    const admin = client();
    await admin.signIn(own.token);
    expect((await admin.get('/console/integrations')).text).toContain('<a href="/console/tokens">API tokens</a>');
    const page = await admin.get('/console/tokens');
    expect(page.text).toContain('<td>self (this session)</td><td>admin</td>');
    expect(page.text).toContain('aria-label="Revoke to revoke">Revoke</button>');
    for (const secret of [own.token, other.token, hashToken(own.token), hashToken(other.token), hashToken(tenant.admin)])
      expect(page.text).not.toContain(secret);
    const revoked = await admin.post(`/console/tokens/${other.tokenId}/revoke`);
    expect(revoked.location).toBe('/console/tokens?notice=revoked');
    expect((await admin.get(revoked.location!)).text).toContain('The token was revoked.');
    expect((await victim.get('/console/integrations')).status).toBe(303);
    const self = await admin.post(`/console/tokens/${own.tokenId}/revoke`);
    expect(self.location).toBe('/console/sign-in');
    expect((await admin.get('/console/integrations')).status).toBe(303);
    expect(
      (await fixture.service.tokens.list({ tenantId: tenant.tenant.id }))
        .filter((token) => token.revokedAt !== null)
        .map((token) => token.name)
        .sort(),
    ).toEqual(expect.arrayContaining(['self', 'to revoke']));
  });
});

describe('console over TLS', () => {
  it('marks the session cookie Secure when the request came over TLS', async () => {
    const app = Fastify();
    // What a TLS listener's socket says; the console reads it through request.protocol.
    app.addHook('onRequest', async (request) => {
      (request.raw.socket as { encrypted?: boolean }).encrypted = true;
    });
    await registerConsole(app, { service: fixture.service });
    await app.ready();
    const page = await app.inject({ url: '/console/sign-in' });
    expect(page.headers['set-cookie']).toMatch(/^console_session=[A-Za-z0-9_-]{43}; Path=\/console; HttpOnly; Secure; SameSite=Lax$/);
    await app.close();
  });
});
