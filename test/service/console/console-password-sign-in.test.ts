/**
 * Signing in to the console with a username and password (an operator created by the CLI): the
 * same session as a token's, roles respected, one generic message for an unknown username and a
 * wrong password, and the password never in any answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApi, type TenantTokens } from '../api/api-fixture.js';
import { embeddedStorage } from '../helpers/service-fixture.js';
import { consoleClient } from './console-client.js';

const ADMIN_PASSWORD = 'admin-canary-passphrase-71c2';
const VIEWER_PASSWORD = 'viewer-canary-passphrase-0a9e';
const fixture = useApi(embeddedStorage('console-password'));
const answers: string[] = [];
let tenant: TenantTokens;
let integrationId: string;

beforeAll(async () => {
  tenant = await fixture.tenantWithTokens('standard', 'Password tenant');
  await fixture.service.operators.create({ tenantId: tenant.tenant.id, username: 'ada', password: ADMIN_PASSWORD, role: 'admin', actor: 'operator' });
  await fixture.service.operators.create({ tenantId: tenant.tenant.id, username: 'vic', password: VIEWER_PASSWORD, role: 'viewer', actor: 'operator' });
  integrationId = (
    await fixture.service.integrations.create({ tenantId: tenant.tenant.id, type: 'scim', scimBaseUrl: 'https://scim.example.test/v2', actor: 'operator' })
  ).id;
});
afterAll(() => {
  for (const answer of answers) for (const secret of [ADMIN_PASSWORD, VIEWER_PASSWORD, tenant.admin, tenant.viewer]) expect(answer).not.toContain(secret);
});

const client = () => consoleClient(fixture.api.app, answers);

async function signInWithPassword(username: string, password: string) {
  const browser = client();
  await browser.get('/console/sign-in');
  const before = browser.cookie;
  const answer = await browser.post('/console/sign-in', { method: 'password', username, password });
  return { browser, before, answer };
}

describe('console sign-in with a username and password', () => {
  it('offers both ways on the sign-in page, each labelled', async () => {
    const page = await client().get('/console/sign-in');
    expect(page.text).toContain('<h2 id="sign-in-token">With an API token</h2>');
    expect(page.text).toContain('<h2 id="sign-in-password">With a username and password</h2>');
    expect(page.text).toContain('<label for="username">Username</label>');
    expect(page.text).toMatch(/<input type="password" id="password" name="password" required autocomplete="current-password"/);
  });

  it('signs an admin in to a fresh session that acts as the operator (audited by name)', async () => {
    const { browser, before, answer } = await signInWithPassword('ada', ADMIN_PASSWORD);
    expect(answer.status).toBe(303);
    expect(answer.location).toBe('/console/integrations');
    expect(browser.cookie).toMatch(/^console_session=/);
    expect(browser.cookie).not.toBe(before);
    const page = await browser.get('/console/integrations');
    expect(page.text).toContain('ada (admin)');
    await browser.get(`/console/integrations/${integrationId}/setup`);
    const saved = await browser.post(`/console/integrations/${integrationId}/workflow-settings`, { maxConcurrency: '7' });
    expect(saved.status).toBe(303);
    const audit = await fixture.service.audit.list({ tenantId: tenant.tenant.id, integrationId });
    expect(audit.entries.find((entry) => entry.event === 'workflow.settings_changed')?.actor).toMatch(/^console operator:[0-9a-f-]{36} \(ada\)$/);
  });

  it('lets a viewer read but not change, as a viewer token', async () => {
    const { browser, answer } = await signInWithPassword('VIC', VIEWER_PASSWORD);
    expect(answer.status).toBe(303);
    expect((await browser.get('/console/integrations')).text).toContain('vic (viewer)');
    await browser.get(`/console/integrations/${integrationId}/setup`);
    const refused = await browser.post(`/console/integrations/${integrationId}/workflow-settings`, { keepAccounts: 'false' });
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('You are signed in with a viewer account, which may only read');
  });

  it('answers an unknown username and a wrong password alike: 401, one generic message, no session, the password not echoed', async () => {
    const unknown = await signInWithPassword('nobody', ADMIN_PASSWORD);
    const wrong = await signInWithPassword('ada', `${ADMIN_PASSWORD}-wrong`);
    const empty = await signInWithPassword('ada', '');
    for (const { browser, before, answer } of [unknown, wrong, empty]) {
      expect(answer.status).toBe(401);
      expect(answer.text).toContain('That username and password were not accepted.');
      expect(answer.text).not.toContain('password=');
      expect(browser.cookie).toBe(before);
      expect((await browser.get('/console/integrations')).status).toBe(303);
    }
    const strip = (text: string) => text.replace(/value="[A-Za-z0-9_-]{43}"/g, '').replace(/value="(nobody|ada)"/, '');
    expect(strip(unknown.answer.text)).toBe(strip(wrong.answer.text));
    expect(wrong.answer.text).not.toContain('-wrong');
  });

  it('still needs the sign-in form’s CSRF token', async () => {
    const browser = client();
    await browser.get('/console/sign-in');
    const forged = await browser.post('/console/sign-in', { _csrf: 'forged', method: 'password', username: 'ada', password: ADMIN_PASSWORD });
    expect(forged.status).toBe(403);
  });
});
