/**
 * Movers in headless chromium (issue 28 acceptance), with screenshots under
 * test/browser/screenshots/ (docs/operators/movers.md shows them): profiles created in the console
 * (one application as admin), a person's profiles changed with the difference shown first, Confirm
 * and the workflow run, the accounts created and removed on the targets; a profile given to two
 * people ("2 workflows were created …", their accounts created as admins); drift. Every page is
 * checked for secrets.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../service/helpers/wait-until.js';
import { startScimServer, type ScimServer } from '../targets/scim/server.js';
import { startConsoleService, type ConsoleService } from './console-service.js';
import { launchChromium } from './launch-chromium.js';

const TARGET_KEY = 'movers-walk-canary-key-71c0de';
const SCIM_TOKEN = 'movers-walk-scim-token-4a1f9b';
const VIEWPORT = { width: 1280, height: 900 };
const SHOTS = new URL('./screenshots/', import.meta.url).pathname;
const actor = 'operator';

let server: ConsoleService;
let scim: ScimServer;
let browser: Browser;
let page: Page;
const apps = { incident: '', scim: '' };

async function screen(name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}${name}.png`, fullPage: true });
  const content = await page.content();
  for (const secret of [...server.secrets, SCIM_TOKEN]) expect(content, name).not.toContain(secret);
}

/** The workflow page, reloaded until the workflow has finished; its status. */
async function workflowFinished(): Promise<string> {
  return waitUntil(
    `workflow at ${page.url()}`,
    async () => {
      await page.reload();
      return (await page.locator('dl.facts dd').nth(2).textContent()) ?? '';
    },
    (status) => status !== 'running',
    { intervalMs: 250 },
  );
}

beforeAll(async () => {
  server = await startConsoleService({ targetKey: TARGET_KEY, scriptName: 'Script Name' });
  scim = await startScimServer({ token: SCIM_TOKEN });
  const ref = { tenantId: server.tenantId, actor };
  apps.incident = (
    await server.service.integrations.create({ ...ref, type: 'prebuilt', connector: 'incident-platform', baseUrl: server.incident.server.origin })
  ).id;
  expect((await server.service.integrations.configureAuth({ ...ref, integrationId: apps.incident, inputs: { token: TARGET_KEY } })).ok).toBe(true);
  for (const action of ['importUsers', 'createUser', 'deleteUser'])
    await server.service.integrations.setAction({ ...ref, integrationId: apps.incident, action, enabled: true });
  apps.scim = (await server.service.integrations.create({ ...ref, type: 'scim', scimBaseUrl: scim.baseUrl, name: 'Wiki (SCIM)' })).id;
  expect((await server.service.integrations.configureAuth({ ...ref, integrationId: apps.scim, inputs: { token: SCIM_TOKEN } })).ok).toBe(true);
  for (const action of ['createUser', 'deleteUser']) await server.service.integrations.setAction({ ...ref, integrationId: apps.scim, action, enabled: true });
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: VIEWPORT })).newPage();
  await page.goto(`${server.origin}/console/sign-in`);
  await page.getByLabel('API token').fill(server.admin);
  await page.getByRole('button', { name: 'Sign in with the token' }).click();
  await page.waitForURL('**/console/integrations');
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await scim?.close();
});

async function createProfile(name: string, applications: string[], admins: string[] = []): Promise<void> {
  await page.goto(`${server.origin}/console/profiles`);
  await page.getByLabel('Name', { exact: true }).fill(name);
  for (const id of applications) await page.locator(`input[name="application"][value="${id}"]`).check();
  for (const id of admins) await page.locator(`input[name="admin"][value="${id}"]`).check();
  await page.getByRole('button', { name: 'Create profile' }).click();
  await page.waitForURL('**/console/profiles?changed=created');
}

describe('movers in chromium', () => {
  it('creates profiles, changes a person’s profiles with the difference first, and the workflow creates and removes exactly it', {
    timeout: 180_000,
  }, async () => {
    await createProfile('Support', [apps.incident, apps.scim]);
    await createProfile('Engineering', [apps.scim]);
    await createProfile('On call', [apps.incident], [apps.incident]);
    expect(await page.getByRole('table', { name: 'Access profiles' }).textContent()).toContain('(as admin)');
    await screen('movers-1-profiles');

    const mover = await server.service.people.create({ tenantId: server.tenantId, email: 'mo.ver@example.com', name: 'Mo Ver', actor });
    // None -> Support: both accounts are created.
    await page.goto(`${server.origin}/console/people/${mover.id}/profiles`);
    await page.getByLabel('Support').check();
    await page.getByRole('button', { name: 'Show the difference' }).click();
    await page.getByRole('button', { name: 'Confirm the move' }).click();
    await page.waitForURL('**/console/workflows/*');
    expect(await workflowFinished()).toBe('succeeded');
    expect(server.incident.state.users.filter((user) => user.email === mover.email)).toHaveLength(1);
    expect([...scim.store.users.values()].filter((user) => JSON.stringify(user).includes(mover.email))).toHaveLength(1);

    // Support -> Engineering: the difference shows the incident platform account removed and the wiki account kept.
    await page.goto(`${server.origin}/console/people/${mover.id}/profiles`);
    await page.getByLabel('Support').uncheck();
    await page.getByLabel('Engineering').check();
    await page.getByRole('button', { name: 'Show the difference' }).click();
    expect(await page.getByText('Accounts to create or activate: none.').count()).toBe(1);
    const removal = (await page.getByRole('table', { name: 'Accounts to remove or deactivate' }).textContent()) ?? '';
    expect(removal).toContain('Incident platform');
    expect(removal).toContain('deleteUser');
    expect(await page.getByRole('table', { name: 'Accounts kept' }).textContent()).toContain('Wiki (SCIM)');
    await screen('movers-2-difference');
    await page.getByRole('button', { name: 'Confirm the move' }).click();
    await page.waitForURL('**/console/workflows/*');
    expect(await workflowFinished()).toBe('succeeded');
    await screen('movers-3-workflow');
    expect(server.incident.state.users.some((user) => user.email === mover.email)).toBe(false);
    expect([...scim.store.users.values()].filter((user) => JSON.stringify(user).includes(mover.email))).toHaveLength(1);
  });

  it('gives a profile to two people: "2 workflows were created …", their accounts created as admins; drift lists an account outside a profile', {
    timeout: 180_000,
  }, async () => {
    for (const name of ['Ann Call', 'Bo Call'])
      await server.service.people.create({ tenantId: server.tenantId, email: `${name.toLowerCase().replace(' ', '.')}@example.com`, name, actor });
    await page.goto(`${server.origin}/console/profiles`);
    await page.locator('select[name="profileId"]').selectOption({ label: 'On call' });
    await page.getByLabel('Emails (one a line, or separated by commas)').fill('ann.call@example.com\nbo.call@example.com');
    await page.getByRole('button', { name: 'Give the profile' }).click();
    expect(await page.getByRole('status').first().textContent()).toBe('2 workflows were created to give 2 people the profile On call');
    await screen('movers-4-bulk');
    for (const email of ['ann.call@example.com', 'bo.call@example.com'])
      await waitUntil(
        `the admin account of ${email}`,
        async () => server.incident.state.users.filter((user) => user.email === email).map((user) => user.role),
        (roles) => roles.length === 1,
      ).then((roles) => expect(roles).toEqual(['admin']));

    // A person whose incident platform account the import found, given Engineering (the wiki only): drift.
    const seeded = server.incident.state.users.find((user) => user.email && user.role !== 'owner')!;
    const holder = await server.service.people.create({ tenantId: server.tenantId, email: seeded.email!, name: seeded.name, actor });
    const [engineering] = (await server.service.movers.listProfiles({ tenantId: server.tenantId })).filter((profile) => profile.name === 'Engineering');
    await server.service.movers.applyMove({
      tenantId: server.tenantId,
      personId: holder.id,
      profileIds: [engineering!.id],
      idempotencyKey: 'walk-holder',
      actor,
    });
    await page.goto(`${server.origin}/console/profiles/drift`);
    const drift = (await page.getByRole('table', { name: 'Drift' }).textContent()) ?? '';
    expect(drift).toContain(seeded.name);
    expect(drift).toContain('Incident platform');
    await screen('movers-5-drift');
  });
});
