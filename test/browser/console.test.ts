/**
 * The operator console in headless chromium, as an administrator walks it: sign in with the
 * token, set up the incident platform (type, authentication with a refused key first, actions),
 * a build-your-own spec (diagnostics beside their spec lines, an action by hand, its payload preview, Generate Config), integrations → Accounts (search) → Sync now → the deletion safeguard's approval →
 * people, Access Grid, Application Audit (CSV) → Manage > Add User → workflows → offboarding
 * with a failed task → a duplicate person refused (the person named), an account linked by hand → sign out.
 * Each screen is saved at 1280×800 under test/browser/screenshots/ (the README links them), every
 * page's HTML and every network answer is checked for secrets, and axe-core finds no serious or
 * critical accessibility violation on any screen.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './launch-chromium.js';
import { startConsoleService, type ConsoleService } from './console-service.js';
import { BROKEN_SPEC, BYO_SPEC } from '../service/integrations/byo-specs.js';
import { waitUntil } from '../service/helpers/wait-until.js';

const TARGET_KEY = 'browser-canary-key-51c0e8d2';
const WRONG_KEY = 'browser-wrong-key-6a1d';
const SCRIPT_NAME = '<script>document.title="pwned"</script>';
const VIEWPORT = { width: 1280, height: 800 };
const SHOTS = new URL('./screenshots/', import.meta.url).pathname;

let server: ConsoleService;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let integrationId: string;
/** Every network answer the browser received (bodies of text answers), for the secret check. */
const received: string[] = [];
/** Each screen's HTML as the browser had it, for the accessibility run. */
const screens = new Map<string, string>();

async function api(method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${server.origin}${path}`, {
    method,
    headers: { authorization: `Bearer ${server.admin}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status, `${method} ${path}`).toBeLessThan(300);
  return response.json();
}

/** The integration's runs so far, to tell the run a click starts from the ones before it. */
async function runIds(): Promise<Set<string>> {
  return new Set((await server.service.sync.listRuns({ tenantId: server.tenantId, integrationId, limit: 100 })).map((run) => run.id));
}

/** The one run started since `before` was read, once it has finished (a bounded poll). */
async function settledRun(before: Set<string>): Promise<{ id: string; status: string }> {
  const started = await waitUntil(
    'the run the click started',
    async () => (await server.service.sync.listRuns({ tenantId: server.tenantId, integrationId, limit: 100 })).filter((run) => !before.has(run.id)),
    (runs) => runs.length > 0,
  );
  expect(started).toHaveLength(1);
  const runId = started[0]!.id;
  return waitUntil(
    `run ${runId} finished`,
    () => server.service.sync.getRun({ tenantId: server.tenantId, integrationId, runId }),
    (run) => !['queued', 'running'].includes(run.status),
  );
}

/** Saves the screen and checks the page as the browser has it. */
async function screen(name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}${name}.png` });
  const content = await page.content();
  screens.set(name, content);
  for (const secret of [...server.secrets, WRONG_KEY]) expect(content, name).not.toContain(secret);
  // The account named like a script stays text: it never ran, so the title is still the console's.
  expect(await page.title(), name).toMatch(/· Operator console$/);
}

beforeAll(async () => {
  server = await startConsoleService({ targetKey: TARGET_KEY, scriptName: SCRIPT_NAME });
  // People come from the API (the console does not add people); the integration is set up in the console.
  await api('POST', '/v1/people', { email: 'ada.okafor@example.com', name: 'Ada Okafor (HR)' });
  await api('POST', '/v1/people', { email: 'nia.newcomer@example.com', name: 'Nia Newcomer' });
  browser = await launchChromium();
  context = await browser.newContext({ viewport: VIEWPORT });
  page = await context.newPage();
  page.on('response', async (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (/text|json|csv/.test(type)) received.push(await response.text().catch(() => ''), JSON.stringify(response.headers()));
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('operator console in chromium', () => {
  it('signs in with the admin token; the skip link is the first stop of the keyboard', async () => {
    await page.goto(`${server.origin}/console`);
    expect(new URL(page.url()).pathname).toBe('/console/sign-in');
    await screen('sign-in');
    await page.keyboard.press('Tab');
    expect(await page.locator(':focus').textContent()).toBe('Skip to content');
    await page.getByLabel('API token').fill(server.admin);
    await page.getByRole('button', { name: 'Sign in with the token' }).click();
    await page.waitForURL('**/console/integrations');
    expect(await page.locator('h1').textContent()).toBe('Integrations');
    const cookies = await context.cookies();
    expect(cookies).toEqual([expect.objectContaining({ name: 'console_session', httpOnly: true, sameSite: 'Lax', path: '/console' })]);
    expect(cookies[0]!.value).not.toContain(server.admin.slice(4));
  });

  it('sets up the incident platform in the seed’s order: type, authentication (a wrong key is refused), actions', async () => {
    await page.getByRole('link', { name: 'New integration' }).click();
    await page.getByLabel('Search the catalogue').fill('pagerduty');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL('**q=pagerduty');
    await screen('setup-1-type');
    await page.getByLabel('Incident platform (PagerDuty)').check();
    await page.getByLabel('Base URL (optional)').first().fill(server.incident.server.origin);
    await page.getByRole('button', { name: 'Create and continue' }).first().click();
    await page.waitForURL('**/setup');
    integrationId = /\/console\/integrations\/([^/]+)\/setup$/.exec(new URL(page.url()).pathname)![1]!;
    expect(await page.getByText('Actions are offered once authentication is configured.').count()).toBe(1);
    await page.getByLabel('API key (required)').fill(WRONG_KEY);
    await page.getByRole('button', { name: 'Save and test the connection' }).click();
    expect(await page.getByRole('alert').textContent()).toContain('The connection test failed, so nothing was saved');
    await screen('setup-2-auth-refused');
    await page.getByLabel('API key (required)').fill(TARGET_KEY);
    await page.getByRole('button', { name: 'Save and test the connection' }).click();
    await page.waitForURL('**notice=auth-saved');
    const before = await runIds();
    await page.getByRole('button', { name: 'Enable Import Users' }).click();
    await page.waitForURL('**notice=import-enabled');
    expect(await page.getByRole('status').textContent()).toContain('the first sync has started');
    await screen('setup-3-actions');
    expect(await settledRun(before)).toMatchObject({ status: 'succeeded' });
    await page.getByRole('button', { name: 'Test', exact: true }).click();
    expect(await page.locator('h2').nth(1).textContent()).toBe('Answer: HTTP 200');
    await screen('test');
    await page.getByRole('link', { name: 'Back to the setup' }).click();
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    // The first page of the answer (the simulator's default page size), mapped.
    expect(await page.getByRole('cell', { name: 'ada.okafor@example.com' }).count()).toBe(1);
    await screen('preview');
    await page.getByRole('link', { name: 'Back to the setup' }).click();
    await page.getByRole('button', { name: 'Generate Config' }).click();
    expect(await page.getByText('the proposal is for comparing only').count()).toBe(1);
    await screen('generate-config');
    await page.getByRole('link', { name: 'Integrations', exact: true }).click();
    expect(await page.getByRole('cell', { name: 'connected' }).count()).toBe(1);
    await screen('integrations');
  });

  it('opens the Accounts list, searches it, and shows the script-named account as text', async () => {
    await page.getByRole('link', { name: 'Incident platform (PagerDuty)' }).click();
    await page.waitForURL(`**/console/integrations/${integrationId}`);
    expect(await page.locator('table').first().locator('tbody tr').count()).toBe(37);
    expect(await page.getByRole('cell', { name: SCRIPT_NAME }).count()).toBe(1);
    await screen('accounts');
    await page.getByLabel('Search by email or name').fill('okafor');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL('**q=okafor**');
    const emails = await page.locator('table').first().locator('tbody tr td:first-child').allTextContents();
    expect(emails.length).toBeGreaterThan(0);
    expect(emails.every((email) => email.includes('okafor'))).toBe(true);
  });

  it('Sync now queues a run; the page follows its progress and shows the result without a reload by hand', async () => {
    await page.goto(`${server.origin}/console/integrations/${integrationId}`);
    // Workers paused, so the run is still queued when the page shows it.
    await server.service.stopWorkers();
    try {
      await page.getByRole('button', { name: 'Sync now' }).click();
      await page.waitForURL('**notice=sync-**');
      expect(await page.getByRole('status').first().textContent()).toMatch(/A sync was (queued|already queued)/);
      expect(await page.locator('[data-sync-progress]').textContent()).toMatch(/^Sync queued/);
      await screen('sync-now');
    } finally {
      await server.service.startWorkers();
    }
    // The console's script polls the run and reloads the page once it has ended.
    await page
      .locator('table')
      .nth(1)
      .locator('tbody tr')
      .first()
      .filter({ hasText: /manual\s*succeeded/ })
      .waitFor({ timeout: 60_000 });
    expect(await page.locator('[data-sync-progress]').count()).toBe(0);
  });

  it('shows the run held by the deletion safeguard with the accounts it would remove, and approves it', async () => {
    await api('PUT', `/v1/integrations/${integrationId}/sync`, { removalThresholdMin: 0, removalThresholdPercent: 5 });
    const leavers = server.incident.state.users.splice(20, 3);
    const before = await runIds();
    await page.getByRole('button', { name: 'Sync now' }).click();
    await page.waitForURL('**notice=sync-**');
    expect(await settledRun(before)).toMatchObject({ status: 'awaiting_approval' });
    await page.reload();
    await page.getByRole('link', { name: 'Review 3 held removals' }).click();
    expect(await page.locator('h1').textContent()).toBe('Approve held removals');
    for (const leaver of leavers) expect(await page.getByRole('cell', { name: leaver.email! }).count()).toBe(1);
    await screen('safeguard-approval');
    await page.getByRole('button', { name: 'Approve: remove 3 accounts' }).click();
    await page.waitForURL('**notice=approved');
    expect(await page.getByRole('status').textContent()).toContain('approved and carried out');
  });

  it('shows people, the Access Grid and the Application Audit with its CSV export', async () => {
    await page.getByRole('link', { name: 'People' }).click();
    expect(await page.getByRole('cell', { name: 'Nia Newcomer', exact: true }).count()).toBe(1);
    await screen('people');
    await page.getByRole('link', { name: 'Onboard or run an action: Nia Newcomer' }).click();
    expect(await page.getByRole('checkbox', { name: 'Incident platform (PagerDuty)' }).count()).toBe(1);
    await screen('person-workflows');
    await page.getByRole('link', { name: 'People' }).click();
    await page.getByRole('link', { name: 'Accounts linked to no person, and email conflicts' }).click();
    expect(await page.getByRole('cell', { name: 'mallory@example.com', exact: true }).count()).toBe(1);
    await screen('unlinked');
    await page.getByRole('link', { name: 'Audit log' }).click();
    expect(await page.getByRole('cell', { name: 'sync.removals_approved' }).count()).toBe(1);
    await screen('audit-log');
    await page.getByRole('link', { name: 'Access Grid' }).click();
    expect(await page.getByRole('rowheader', { name: /Ada Okafor \(HR\)/ }).count()).toBe(1);
    await screen('access-grid');
    await page.goto(`${server.origin}/console/integrations/${integrationId}/audit`);
    expect(await page.locator('h1').textContent()).toBe('Incident platform (PagerDuty): Application Audit');
    await screen('application-audit');
    const href = await page.getByRole('link', { name: 'Export as CSV' }).getAttribute('href');
    const csv = await page.request.get(`${server.origin}${href}`);
    expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
    const text = await csv.text();
    received.push(text);
    expect(text.split('\n')[0]).toContain('account email');
    expect(text).toContain('mallory@example.com');
  });

  it('Manage > Add User: choose a person, confirm, read the confirmation; the workflow is listed', async () => {
    await page.goto(`${server.origin}/console/integrations/${integrationId}`);
    await page.getByRole('link', { name: 'Manage: Add User' }).click();
    await screen('add-user');
    await page.getByLabel(/Nia Newcomer/).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    expect(await page.locator('main p').first().textContent()).toContain('Add 1 person to Incident platform (PagerDuty)?');
    await page.getByRole('button', { name: 'Confirm' }).click();
    expect(await page.getByRole('status').textContent()).toBe('A workflow was created to add 1 person to Incident platform (PagerDuty)');
    await screen('add-user-done');
    await page.getByRole('link', { name: 'See the workflows' }).click();
    expect(await page.getByRole('cell', { name: 'onboarding' }).count()).toBe(1);
    await screen('workflows');
  });

  it('offboards a person; the failed task shows the target’s reason and a Retry button', async () => {
    await api('PUT', `/v1/integrations/${integrationId}/actions/deleteUser`, { enabled: true });
    await page.getByRole('link', { name: 'People' }).click();
    await page.getByRole('link', { name: 'Remove from all applications: Ada Okafor (HR)' }).click();
    expect(await page.getByRole('cell', { name: 'Incident platform (PagerDuty)' }).count()).toBe(1);
    await screen('offboard');
    await page.getByRole('button', { name: 'Remove from all applications' }).click();
    await page.waitForURL('**/console/workflows/**');
    // The simulator refuses to delete the account owner: wait for the task to fail, then look.
    for (let tries = 0; !(await page.getByRole('cell', { name: 'failed' }).count()); tries += 1) {
      expect(tries).toBeLessThan(100);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await page.reload();
    }
    expect(await page.getByRole('cell', { name: /cannot be deleted/ }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Retry deleteUser in Incident platform (PagerDuty)' }).count()).toBe(1);
    await screen('workflow-failed-task');
  });

  it('sets up a build-your-own spec: its diagnostics first, then authentication, an action by hand and Generate Config', async () => {
    await page.goto(`${server.origin}/console/integrations/new`);
    await page.getByLabel('Connector spec (YAML, type: custom)').fill(BROKEN_SPEC);
    await page.getByRole('button', { name: 'Create and continue' }).last().click();
    expect(await page.getByRole('alert').textContent()).toMatch(/line 5, column \d+/);
    // Each diagnostic with the spec line it names and a caret at its column.
    expect(await page.getByRole('alert').locator('pre.spec-line').allTextContents()).toContain('  5 | inptus:\n    | ^');
    await page.getByRole('alert').scrollIntoViewIfNeeded();
    await screen('byo-1-spec-refused');
    await page.getByLabel('Connector spec (YAML, type: custom)').fill(BYO_SPEC);
    await page.getByRole('button', { name: 'Create and continue' }).last().click();
    await page.waitForURL('**/setup');
    await page.getByLabel('Base URL (required)').fill(server.incident.server.origin);
    await page.getByLabel('API key (required)').fill(TARGET_KEY);
    await page.getByRole('button', { name: 'Save and test the connection' }).click();
    await page.waitForURL('**notice=auth-saved');
    // The plan refusal: the spec's custom action is listed with why this (standard) tenant cannot enable it.
    const withheld = page.getByRole('heading', { name: 'Not available on the standard plan' });
    expect(await withheld.count()).toBe(1);
    const reason = page.getByText('orderAsset (custom action): needs the business plan; this tenant is on the standard plan.');
    expect(await reason.count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Enable orderAsset' }).count()).toBe(0);
    await reason.scrollIntoViewIfNeeded();
    await screen('byo-1b-plan-refusal');
    await page.getByRole('link', { name: 'Configure Create User' }).click();
    await page.getByLabel('Method').selectOption('POST');
    await page.getByLabel('Endpoint (path)').fill('users');
    await page.getByLabel('Payload template').fill('{"user": {"name": {{user.name}}, "email": {{user.email}}}}');
    await page.getByRole('button', { name: 'Save the action' }).click();
    expect(await page.getByRole('alert').textContent()).toContain('/actions/createUser/path');
    await screen('byo-2-action-refused');
    await page.getByLabel('Endpoint (path)').fill('/users');
    await page.getByRole('button', { name: 'Save the action' }).click();
    await page.waitForURL('**notice=saved');
    // Preview payload renders the fields as typed (this edit is not saved) with the operator as the person.
    await page.getByLabel('Payload template').fill('{"user": {"name": {{user.name}}, "email": {{user.email}}, "source": "console preview"}}');
    await page.getByRole('button', { name: 'Preview payload' }).click();
    const preview = page.locator('#payload-preview');
    expect(await preview.getByRole('heading').textContent()).toBe('Payload preview');
    expect(await preview.locator('pre').textContent()).toContain('"name": "first admin token"');
    expect(await preview.textContent()).toContain(`POST ${server.incident.server.origin}/users`);
    await preview.scrollIntoViewIfNeeded();
    await screen('byo-2b-payload-preview');
    await page.goto(page.url().replace(/\/preview$/, ''));
    await page.getByRole('link', { name: 'Back to the setup' }).click();
    expect(await page.getByRole('button', { name: 'Enable Create User' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Generate Config' }).click();
    expect(await page.getByLabel('Records path (jq)').inputValue()).toBe('.users');
    await screen('byo-3-generate-config');
    await page.getByRole('button', { name: 'Confirm and save' }).click();
    await page.waitForURL('**notice=config-applied');
    expect(await page.getByRole('status').textContent()).toContain('The generated configuration was saved into Import Users.');
  });

  it('refuses a second person with an existing email, naming the person; links an account by hand and shows it on the person’s page', async () => {
    await page.goto(`${server.origin}/console/people`);
    await page.getByLabel('Name', { exact: true }).fill('Ada Again');
    await page.getByLabel('Email', { exact: true }).fill('Ada.Okafor@example.com');
    await page.getByRole('button', { name: 'Add person' }).click();
    const refusal = await page.getByRole('alert').textContent();
    expect(refusal).toContain('Ada.Okafor@example.com belongs to Ada Okafor (HR)');
    expect(await page.getByRole('alert').getByRole('link', { name: 'Ada Okafor (HR)' }).count()).toBe(1);
    await screen('people-duplicate-refused');
    await page.goto(`${server.origin}/console/people/unlinked`);
    await page.getByLabel('Person’s email for mallory@example.com').fill('nia.newcomer@example.com');
    await page.getByRole('button', { name: 'Link mallory@example.com to this person' }).click();
    await page.waitForURL('**changed=link');
    expect(await page.getByRole('cell', { name: 'mallory@example.com', exact: true }).count()).toBe(0);
    await page.getByRole('link', { name: 'People' }).click();
    await page.getByRole('link', { name: 'Nia Newcomer', exact: true }).click();
    expect(await page.getByRole('cell', { name: 'by hand' }).count()).toBe(1);
    await screen('person-linked-by-hand');
  });

  it('a viewer, signed in with a username and password, sees no admin form', async () => {
    const viewerContext = await browser.newContext({ viewport: VIEWPORT });
    const viewerPage = await viewerContext.newPage();
    await viewerPage.goto(`${server.origin}/console/sign-in`);
    await viewerPage.getByLabel('Username').fill(server.viewerAccount.username);
    await viewerPage.getByLabel('Password').fill(`${server.viewerAccount.password}-typo`);
    await viewerPage.getByRole('button', { name: 'Sign in with the password' }).click();
    expect(await viewerPage.getByRole('alert').textContent()).toContain('That username and password were not accepted.');
    await viewerPage.getByLabel('Password').fill(server.viewerAccount.password);
    await viewerPage.getByRole('button', { name: 'Sign in with the password' }).click();
    await viewerPage.waitForURL('**/console/integrations');
    expect(await viewerPage.locator('.who').textContent()).toContain('vic.viewer (viewer)');
    for (const content of [await viewerPage.content()]) expect(content).not.toContain(server.viewerAccount.password);
    await viewerPage.goto(`${server.origin}/console/integrations/${integrationId}`);
    expect(await viewerPage.getByRole('button', { name: 'Sync now' }).count()).toBe(0);
    expect(await viewerPage.getByRole('link', { name: 'Manage: Add User' }).count()).toBe(0);
    await viewerContext.close();
  });

  it('signs out', async () => {
    const [signedIn] = await context.cookies();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/console/sign-in?signedOut=1');
    expect(await page.getByRole('status').textContent()).toBe('You are signed out.');
    // The sign-in page issued a fresh session for its form; the signed-in one is gone.
    expect((await context.cookies()).map((cookie) => cookie.value)).not.toContain(signedIn!.value);
    await page.goto(`${server.origin}/console/integrations`);
    expect(new URL(page.url()).pathname).toBe('/console/sign-in');
  });

  it('sent no secret in any page or network answer', () => {
    expect(received.length).toBeGreaterThan(20);
    for (const answer of received) for (const secret of [...server.secrets, WRONG_KEY]) expect(answer).not.toContain(secret);
  });

  it('has no serious or critical accessibility violation on any screen (axe-core)', async () => {
    const axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    // Injecting axe is an inline script, which the console's CSP refuses: this context alone bypasses it.
    const axeContext = await browser.newContext({ viewport: VIEWPORT, bypassCSP: true });
    const axePage = await axeContext.newPage();
    // The checker itself works: an unlabelled field on a page without a language is reported.
    await axePage.setContent('<html><head><title>control</title></head><body><main><input type="text"></main></body></html>');
    expect((await violations(axePage, axeSource)).map((violation) => violation.id)).toEqual(expect.arrayContaining(['label', 'html-has-lang']));
    expect(screens.size).toBeGreaterThanOrEqual(24);
    for (const [name, content] of screens) {
      // Each screen exactly as the walk saw it (results of POSTs included), written into a page of
      // the console's origin so that its style sheet loads and colour contrast is measured.
      await axePage.goto(`${server.origin}/console/no-such-page`);
      // Without the console's script: it would poll and reload this copy while axe reads it.
      await axePage.setContent(content.replace(/<script src="[^"]*" defer><\/script>/g, ''), { waitUntil: 'load' });
      expect(await violations(axePage, axeSource), name).toEqual([]);
    }
    await axeContext.close();
  });
});

async function violations(target: Page, axeSource: string): Promise<{ id: string; impact: string; nodes: string[] }[]> {
  await target.addScriptTag({ content: axeSource });
  const result = await target.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return result
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, impact: violation.impact, nodes: violation.nodes.map((node) => node.target.join(' ')) }));
}
