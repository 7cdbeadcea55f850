/**
 * The access picture told truly in headless chromium (issue 23 points 4 and 5), with screenshots
 * under test/browser/screenshots/ (docs/operators/console.md links them): the prebuilt incident
 * platform set up in the console with the simulator's read-only demo key is import-only from the
 * first save (the notice, the reason, each write action "Not available"), and re-saved with the
 * full-access key offers the write actions; an onboarding started from the console's Onboard form
 * with "Activate at" in the future leaves the SCIM account invited, with the due time, in the
 * Accounts list and the Access Grid. Every page is checked for secrets.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_FULL_ACCESS_KEY,
  DEMO_READ_ONLY_KEY,
  seedUsers,
  startIncidentPlatform,
  type IncidentPlatformSimulator,
} from '../../src/simulators/incident-platform/index.js';
import { waitUntil } from '../service/helpers/wait-until.js';
import { startScimServer, type ScimServer } from '../targets/scim/server.js';
import { startConsoleService, type ConsoleService } from './console-service.js';
import { launchChromium } from './launch-chromium.js';

const TARGET_KEY = 'access-truth-canary-key-2b9e41';
const SCIM_TOKEN = 'access-truth-scim-token-8d07c3';
const VIEWPORT = { width: 1280, height: 800 };
const SHOTS = new URL('./screenshots/', import.meta.url).pathname;

let server: ConsoleService;
/** The incident platform with its demo keys (the shared service's simulator knows only TARGET_KEY). */
let demo: IncidentPlatformSimulator;
let scim: ScimServer;
let browser: Browser;
let page: Page;

async function screen(name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}${name}.png`, fullPage: false });
  const content = await page.content();
  for (const secret of [...server.secrets, SCIM_TOKEN, DEMO_READ_ONLY_KEY, DEMO_FULL_ACCESS_KEY]) expect(content, name).not.toContain(secret);
}

/** The text of the actions table's row for one action. */
async function actionRow(label: string): Promise<string> {
  return (await page.getByRole('table', { name: 'Actions offered' }).getByRole('row').filter({ hasText: label }).first().textContent()) ?? '';
}

beforeAll(async () => {
  server = await startConsoleService({ targetKey: TARGET_KEY, scriptName: 'Script Name' });
  demo = await startIncidentPlatform({ users: seedUsers({ count: 3 }) });
  scim = await startScimServer({ token: SCIM_TOKEN });
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: VIEWPORT })).newPage();
  await page.goto(`${server.origin}/console/sign-in`);
  await page.getByLabel('API token').fill(server.admin);
  await page.getByRole('button', { name: 'Sign in with the token' }).click();
  await page.waitForURL('**/console/integrations');
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await Promise.all([demo?.close(), scim?.close()]);
});

describe('the access picture in chromium', () => {
  it('a read-only key makes the incident platform import-only at the first save; the full-access key offers the write actions', async () => {
    await page.goto(`${server.origin}/console/integrations/new?q=pagerduty`);
    await page.getByLabel('Incident platform (PagerDuty)').check();
    await page.getByLabel('Base URL (optional)').first().fill(demo.server.origin);
    await page.getByRole('button', { name: 'Create and continue' }).first().click();
    await page.waitForURL('**/setup');
    const integrationId = /\/console\/integrations\/([^/]+)\/setup$/.exec(new URL(page.url()).pathname)![1]!;

    await page.getByLabel('API key (required)').fill(DEMO_READ_ONLY_KEY);
    await page.getByRole('button', { name: 'Save and test the connection' }).click();
    await page.waitForURL('**notice=auth-saved-import-only');
    expect(await page.getByRole('status').first().textContent()).toContain('so this integration is import-only');
    expect(await page.getByText('Import only:').first().textContent()).toMatch(/^Import only: \S/);
    for (const write of ['Create User', 'Delete User']) expect(await actionRow(write)).toContain('Not available:');
    expect(await page.getByRole('button', { name: 'Enable Create User' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Enable Import Users' }).count()).toBe(1);
    await page.getByRole('table', { name: 'Actions offered' }).scrollIntoViewIfNeeded();
    await screen('access-1-read-only-key');
    // Finding that out changed nothing on the target.
    expect(demo.state.users).toHaveLength(3);
    expect((await server.service.integrations.get({ tenantId: server.tenantId, integrationId })).importOnly).toBeTruthy();

    await page.getByLabel('API key (required)').fill(DEMO_FULL_ACCESS_KEY);
    await page.getByRole('button', { name: 'Save and test the connection' }).click();
    await page.waitForURL(/notice=auth-saved$/);
    expect(await page.getByRole('status').first().textContent()).toContain('the connection test passed. Enable the actions below.');
    expect(await page.getByText('Import only:').count()).toBe(0);
    for (const write of ['Create User', 'Delete User']) {
      expect(await actionRow(write)).not.toContain('Not available');
      expect(await page.getByRole('button', { name: `Enable ${write}` }).count()).toBe(1);
    }
    await page.getByRole('table', { name: 'Actions offered' }).scrollIntoViewIfNeeded();
    await screen('access-2-full-access-key');
    expect((await server.service.integrations.get({ tenantId: server.tenantId, integrationId })).importOnly).toBeFalsy();
  });

  it('an onboarding with an activation time shows the account invited, with the due time, until then', async () => {
    const service = server.service;
    const tenantId = server.tenantId;
    // The SCIM application through the service (the console's setup is walked above and in console.test.ts).
    const integration = await service.integrations.create({ tenantId, type: 'scim', scimBaseUrl: scim.baseUrl, name: 'Wiki (SCIM)', actor: 'setup' });
    const ref = { tenantId, integrationId: integration.id };
    expect((await service.integrations.configureAuth({ ...ref, inputs: { token: SCIM_TOKEN }, actor: 'setup' })).ok).toBe(true);
    for (const action of ['createUser', 'activateUser']) await service.integrations.setAction({ ...ref, action, enabled: true, actor: 'setup' });
    const email = 'sam.staggered@example.com';
    const person = await service.people.create({ tenantId, email, name: 'Sam Staggered', actor: 'setup' });

    // Two days ahead, on the minute, as the datetime-local field takes it (read as UTC).
    const due = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 16);
    const shown = `${due.replace('T', ' ')} UTC`;
    await page.goto(`${server.origin}/console/people/${person.id}/workflows`);
    await page.getByLabel('Wiki (SCIM)').check();
    await page.getByLabel('Activate at (UTC, optional)').fill(due);
    await page.getByRole('button', { name: 'Start onboarding' }).click();
    await page.waitForURL('**/console/workflows/**');
    const workflowId = new URL(page.url()).pathname.split('/').pop()!;
    const waiting = await waitUntil(
      'the account created, its activation scheduled',
      () => service.workflows.get({ tenantId, workflowId }),
      (workflow) => workflow.tasks.some((task) => task.action === 'createUser' && task.status === 'succeeded'),
    );
    expect(waiting.status).toBe('running');
    expect(waiting.tasks.find((task) => task.action === 'activateUser')).toMatchObject({ status: 'scheduled', runAt: `${due}:00.000Z` });
    // No access before the time: the SCIM server holds the account inactive.
    expect([...scim.store.users.values()].find((user) => user.userName === email)).toMatchObject({ active: false });

    await page.goto(`${server.origin}/console/integrations/${integration.id}`);
    const accountRow = (await page.getByRole('row').filter({ hasText: email }).first().textContent()) ?? '';
    expect(accountRow).toContain(`invited (activation due ${shown})`);
    expect(accountRow).toContain('Sam Staggered');
    await screen('access-3-invited-accounts');

    await page.goto(`${server.origin}/console/access-grid?search=${encodeURIComponent(email)}`);
    const gridRow = (await page.getByRole('row').filter({ hasText: 'Sam Staggered' }).first().textContent()) ?? '';
    expect(gridRow).toContain(`invited (activation due ${shown})`);
    expect(await page.getByRole('columnheader', { name: 'Wiki (SCIM)' }).count()).toBe(1);
    await screen('access-4-invited-grid');
  });
});
