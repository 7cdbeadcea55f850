/**
 * An access review walked in headless chromium (issue 28), with screenshots under
 * test/browser/screenshots/ (docs/operators/reviews.md shows them): a campaign created from the
 * form and started (waiting for a fresh sync, then open), one item revoked and the rest of the
 * linked accounts kept in bulk, the revoke removed on the target and confirmed by the next sync,
 * the printable report, and the CSV report downloaded with one row per item. Every page is
 * checked for secrets.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseCsv } from '../../src/service/access/csv.js';
import { REPORT_HEADER } from '../../src/service/reviews/review-view.js';
import { waitUntil } from '../service/helpers/wait-until.js';
import { startConsoleService, type ConsoleService } from './console-service.js';
import { launchChromium } from './launch-chromium.js';

const TARGET_KEY = 'reviews-canary-key-6c1d93';
const SHOTS = new URL('./screenshots/', import.meta.url).pathname;
const actor = 'setup';

let server: ConsoleService;
let browser: Browser;
let page: Page;
let integrationId: string;

async function screen(name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}${name}.png`, fullPage: false });
  const content = await page.content();
  for (const secret of server.secrets) expect(content, name).not.toContain(secret);
}

const lastRun = async () => (await server.service.sync.listRuns({ tenantId: server.tenantId, integrationId }))[0];

beforeAll(async () => {
  server = await startConsoleService({ targetKey: TARGET_KEY, scriptName: 'Script Name' });
  const { service, tenantId } = server;
  // Two people first, so that the first sync links their accounts; the rest stay orphans.
  for (const user of server.incident.state.users.slice(1, 3)) await service.people.create({ tenantId, email: user.email!, name: user.name, actor });
  integrationId = (
    await service.integrations.create({ tenantId, type: 'prebuilt', connector: 'incident-platform', baseUrl: server.incident.server.origin, actor })
  ).id;
  const ref = { tenantId, integrationId };
  await service.integrations.configureAuth({ ...ref, inputs: { token: TARGET_KEY }, actor });
  for (const action of ['importUsers', 'deleteUser']) await service.integrations.setAction({ ...ref, action, enabled: true, actor });
  await waitUntil('the first sync', lastRun, (run) => run?.status === 'succeeded');
  // The reviewer the campaign names: a campaign names only reviewers that exist (by name or id).
  await service.tokens.create({ tenantId, role: 'reviewer', name: 'rita', actor });
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true })).newPage();
  await page.goto(`${server.origin}/console/sign-in`);
  await page.getByLabel('API token').fill(server.admin);
  await page.getByRole('button', { name: 'Sign in with the token' }).click();
  await page.waitForURL('**/console/integrations');
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

it('creates and starts a campaign, decides one item and many, sees the revoke confirmed, and downloads the report', async () => {
  await page.goto(`${server.origin}/console/reviews`);
  await page.getByLabel('Name').fill('Q4 access review');
  await page.getByLabel('Due date').fill('2030-12-31');
  await page.getByLabel('Reviewer').fill('rita');
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await page.waitForURL('**notice=created');
  const campaignId = new URL(page.url()).pathname.split('/').pop()!;

  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await page.waitForURL('**notice=started');
  expect(await page.content()).toContain('<dt>Status</dt><dd>waiting</dd>');
  await screen('reviews-1-waiting');
  const waitingRun = (await lastRun())!;
  await waitUntil('the sync the start queued', lastRun, (run) => run?.id === waitingRun.id && run.status === 'succeeded');
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await page.waitForURL('**notice=started');
  expect(await page.content()).toContain('<dt>Status</dt><dd>open</dd>');
  await screen('reviews-2-open');

  const items = (await server.service.reviews.items({ tenantId: server.tenantId, campaignId, limit: 1000 })).items;
  const revoked = items.find((item) => item.personId !== null && !item.admin)!;
  const form = page.getByRole('form', { name: `Decide ${revoked.email}` });
  await form.getByLabel('Decision').selectOption('revoke');
  await form.getByLabel('Comment').fill('left the on-call rota');
  await form.getByRole('button', { name: 'Decide' }).click();
  await page.waitForURL('**notice=decided');

  const bulk = page.getByRole('form', { name: 'Decide many' });
  await bulk.getByLabel('Linked to a person').selectOption('true');
  await bulk.getByLabel('Decision (undecided items)').selectOption('keep');
  await bulk.getByLabel('Comment').fill('standard access');
  await bulk.getByRole('button', { name: 'Decide' }).click();
  await page.waitForURL('**notice=decided-many**');
  const linkedUndecided = items.filter((item) => item.personId !== null && item.id !== revoked.id).length;
  expect(linkedUndecided).toBe(1);
  expect(await page.content()).toContain('Decided 1 item.');
  await screen('reviews-3-decided');

  // The revoke's removal runs in the workers; the next sync confirms it.
  const removal = (await server.service.reviews.items({ tenantId: server.tenantId, campaignId, limit: 1000 })).items.find((item) => item.id === revoked.id)!
    .removal!;
  await waitUntil(
    'the removal workflow',
    () => server.service.workflows.get({ tenantId: server.tenantId, workflowId: removal.workflowId! }),
    (workflow) => workflow.status === 'succeeded',
  );
  expect(server.incident.state.users.some((user) => user.id === revoked.externalId)).toBe(false);
  const { run } = await server.service.sync.syncNow({ tenantId: server.tenantId, integrationId, actor });
  await waitUntil('the confirming sync', lastRun, (latest) => latest?.id === run.id && latest.status === 'succeeded');
  await page.goto(`${server.origin}/console/reviews/${campaignId}`);
  const row = page.getByRole('row').filter({ hasText: revoked.email });
  expect(await row.textContent()).toContain('confirmed');
  expect(await row.textContent()).toContain('succeeded');
  // Its removal started: the revoke cannot be changed, so the row offers no decide form.
  expect(await row.getByRole('button', { name: 'Decide' }).count()).toBe(0);
  await row.scrollIntoViewIfNeeded();
  await screen('reviews-4-confirmed');

  await page.getByRole('link', { name: 'Printable report (HTML)' }).click();
  await page.waitForURL('**/report.html');
  expect(await page.getByRole('table').getByRole('row').count()).toBe(items.length + 1);
  await screen('reviews-5-printable-report');

  await page.goto(`${server.origin}/console/reviews/${campaignId}`);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download report (CSV)' }).click()]);
  const [header, ...rows] = parseCsv(await readFile((await download.path())!, 'utf8'));
  expect(header).toEqual([...REPORT_HEADER]);
  expect(rows.map((entry) => entry[0])).toEqual(items.map((item) => item.id));
  const revokedRow = rows.find((entry) => entry[0] === revoked.id)!;
  expect(revokedRow[REPORT_HEADER.indexOf('decision')]).toBe('revoke');
  expect(revokedRow[REPORT_HEADER.indexOf('confirmation')]).toBe('confirmed');
  expect(rows.filter((entry) => entry[REPORT_HEADER.indexOf('decision')] === 'undecided')).toHaveLength(items.length - 1 - linkedUndecided);
});
