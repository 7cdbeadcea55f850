/**
 * Correcting integrations in headless chromium (issue 23 points 2, 6, 10), with screenshots under
 * test/browser/screenshots/ (docs/operators/console.md links them): an integration renamed,
 * re-pointed (an unreachable address refused, nothing saved) and deleted with its name typed, its
 * Access Grid column gone; the provisioner action asking for a custom action's variables; the
 * OAuth 2.0 form of a build-your-own integration's authentication. Every page is checked for secrets.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VARIABLES_SPEC } from '../service/api/integration-lifecycle.cases.js';
import { startConsoleService, type ConsoleService } from './console-service.js';
import { launchChromium } from './launch-chromium.js';
import { waitUntil } from '../service/helpers/wait-until.js';

const TARGET_KEY = 'corrections-canary-key-7c2f19ab';
const VIEWPORT = { width: 1280, height: 800 };
const SHOTS = new URL('./screenshots/', import.meta.url).pathname;

let server: ConsoleService;
let browser: Browser;
let page: Page;
let tenantId: string;
let adminToken: string;

async function screen(name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}${name}.png`, fullPage: false });
  const content = await page.content();
  for (const secret of [...server.secrets, adminToken]) expect(content, name).not.toContain(secret);
}

async function prebuilt(name: string): Promise<string> {
  const service = server.service;
  const integration = await service.integrations.create({
    tenantId,
    type: 'prebuilt',
    connector: 'incident-platform',
    baseUrl: server.incident.server.origin,
    name,
    actor: 'setup',
  });
  const ref = { tenantId, integrationId: integration.id };
  expect((await service.integrations.configureAuth({ ...ref, inputs: { token: TARGET_KEY }, actor: 'setup' })).ok).toBe(true);
  await service.integrations.setAction({ ...ref, action: 'importUsers', enabled: true, actor: 'setup' });
  const { run } = await service.sync.syncNow({ ...ref, actor: 'setup' });
  await waitUntil(
    `run ${run.id} done`,
    () => service.sync.getRun({ ...ref, runId: run.id }),
    (read) => read.status !== 'queued' && read.status !== 'running',
  );
  return integration.id;
}

beforeAll(async () => {
  server = await startConsoleService({ targetKey: TARGET_KEY, scriptName: 'Script Name' });
  // Custom actions need the Business plan: a tenant of its own.
  const tenant = await server.service.tenants.create({ name: 'corrections', plan: 'business', actor: 'operator' });
  tenantId = tenant.id;
  adminToken = (await server.service.tokens.create({ tenantId, role: 'admin', actor: 'operator' })).token;
  await server.service.people.create({ tenantId, email: 'ada.okafor@example.com', name: 'Ada Okafor', actor: 'setup' });
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: VIEWPORT })).newPage();
  await page.goto(`${server.origin}/console/sign-in`);
  await page.getByLabel('API token').fill(adminToken);
  await page.getByRole('button', { name: 'Sign in with the token' }).click();
  await page.waitForURL('**/console/integrations');
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('correcting integrations in chromium', () => {
  it('renames, refuses an unreachable address, deletes with the name typed; the Access Grid column goes', async () => {
    const typo = await prebuilt('Incident platform (PagerDuty)');
    await prebuilt('Pager (kept)');
    await page.goto(`${server.origin}/console/integrations/${typo}/setup`);
    await page.getByLabel('Name', { exact: true }).fill('Pager (typo)');
    await page.getByRole('button', { name: 'Save name and address' }).click();
    await page.waitForURL('**notice=settings-saved');
    expect(await page.getByRole('status').first().textContent()).toContain('The name and address were saved');
    await screen('integration-1-renamed');

    await page.getByLabel('Base URL', { exact: true }).fill('http://127.0.0.1:9');
    await page.getByRole('button', { name: 'Save name and address' }).click();
    expect(await page.getByRole('alert').first().textContent()).toContain('failed, so nothing was saved');
    await screen('integration-2-repoint-refused');
    expect((await server.service.integrations.get({ tenantId, integrationId: typo })).baseUrl).toBe(server.incident.server.origin);

    await page.goto(`${server.origin}/console/access-grid`);
    expect(await page.getByRole('columnheader', { name: 'Pager (typo)' }).count()).toBe(1);
    await page.goto(`${server.origin}/console/integrations/${typo}/setup`);
    await page.getByText('Delete this integration').click();
    await page.getByLabel('Type the name, Pager (typo), to confirm').fill('Pager (typo)');
    await page.getByRole('button', { name: 'Delete Pager (typo)' }).click();
    await page.waitForURL('**notice=deleted');
    await page.goto(`${server.origin}/console/access-grid`);
    expect(await page.getByRole('columnheader', { name: 'Pager (typo)' }).count()).toBe(0);
    expect(await page.getByRole('columnheader', { name: 'Pager (kept)' }).count()).toBe(1);
    await screen('integration-3-deleted-grid');
  });

  it('asks for a custom action’s variables when running it for a person', async () => {
    const service = server.service;
    const integration = await service.integrations.create({ tenantId, type: 'build-your-own', spec: VARIABLES_SPEC, name: 'Asset tags', actor: 'setup' });
    const ref = { tenantId, integrationId: integration.id };
    await service.integrations.configureAuth({ ...ref, inputs: { baseUrl: server.incident.server.origin, token: TARGET_KEY }, actor: 'setup' });
    await service.integrations.setAction({ ...ref, action: 'tagUser', enabled: true, actor: 'setup' });
    const person = (await service.people.list({ tenantId })).find((candidate) => candidate.email === 'ada.okafor@example.com')!;
    await page.goto(`${server.origin}/console/people/${person.id}/workflows`);
    await page.getByLabel('Asset tag (required)').fill('LAPTOP-42');
    await page.getByLabel('How many').fill('2');
    await screen('provisioner-variables');
    await page.getByRole('button', { name: 'Run tagUser' }).click();
    await page.waitForURL('**/console/workflows/**');
  });

  it('writes a build-your-own integration’s OAuth 2.0 authentication from the form', async () => {
    const integration = await server.service.integrations.create({
      tenantId,
      type: 'build-your-own',
      spec: VARIABLES_SPEC,
      name: 'Asset tags (OAuth)',
      actor: 'setup',
    });
    await page.goto(`${server.origin}/console/integrations/${integration.id}/setup`);
    await page.getByLabel('OAuth 2.0').check();
    await page.getByLabel('Grant').selectOption('client_credentials');
    await page.getByLabel('Token URL').fill('https://login.example.com/oauth2/token');
    await page.getByLabel('Scopes').fill('users.read users.write');
    await page.getByRole('button', { name: 'Save the authentication type' }).click();
    await page.waitForURL('**notice=auth-type-saved');
    expect(await page.getByLabel('Client secret (required)').count()).toBe(1);
    await page.getByRole('group', { name: 'OAuth 2.0' }).scrollIntoViewIfNeeded();
    await screen('byo-auth-oauth');
  });
});
