/**
 * The console's pages on a started service with the incident-platform simulator on a real socket:
 * integrations, the Accounts page (search, paging, sync history, Sync now), the deletion
 * safeguard's approval screen, people, the Access Grid, the Application Audit with its CSV, Add
 * User and the workflows list. Untrusted account names render as text; no secret reaches a page.
 * Shared by the embedded run and test/postgres/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUsers, startIncidentPlatform, type IncidentPlatformSimulator } from '../../../src/simulators/incident-platform/index.js';
import type { ApiFixture, TenantTokens } from '../api/api-fixture.js';
import { consoleClient, type ConsoleClient } from './console-client.js';
import { waitUntil } from '../helpers/wait-until.js';

/** The target's API key: it must never appear in any answer of the console. */
const CANARY_KEY = 'canary-key-7d1f0c9a4be2';
const SCRIPT_NAME = '<script>alert("pwned")</script>';

export function describeConsolePages(fixture: ApiFixture): void {
  const answers: string[] = [];
  let incident: IncidentPlatformSimulator;
  let tenant: TenantTokens;
  let other: TenantTokens;
  let integrationId: string;
  let admin: ConsoleClient;
  let viewer: ConsoleClient;

  async function settled(): Promise<{ id: string; status: string }> {
    // Runs are asynchronous: poll the newest until it leaves queued/running (bounded by the test timeout).
    for (;;) {
      const [run] = await fixture.service.sync.listRuns({ tenantId: tenant.tenant.id, integrationId, limit: 1 });
      if (run && !['queued', 'running'].includes(run.status)) return run;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  beforeAll(async () => {
    const users = seedUsers({ count: 55, withoutEmailEvery: 0 });
    users.push({ id: 'PXSS001', name: SCRIPT_NAME, email: 'mallory@example.com', role: 'user', timeZone: 'UTC' });
    incident = await startIncidentPlatform({ users, keys: { [CANARY_KEY]: 'full' } });
    tenant = await fixture.tenantWithTokens('standard', 'Pages tenant');
    other = await fixture.tenantWithTokens('standard', 'Other tenant');
    const ref = { tenantId: tenant.tenant.id, actor: 'operator' };
    integrationId = (await fixture.service.integrations.create({ ...ref, type: 'prebuilt', connector: 'incident-platform', baseUrl: incident.server.origin }))
      .id;
    expect((await fixture.service.integrations.configureAuth({ ...ref, integrationId, inputs: { token: CANARY_KEY } })).ok).toBe(true);
    await fixture.service.startWorkers();
    await fixture.service.integrations.setAction({ ...ref, integrationId, action: 'importUsers', enabled: true });
    expect(await settled()).toMatchObject({ status: 'succeeded' });
    await fixture.service.people.create({ ...ref, email: users[0]!.email!, name: 'Ada the Person' });
    await fixture.service.people.create({ ...ref, email: 'newcomer@example.com', name: 'Nia Newcomer' });
    admin = consoleClient(fixture.api.app, answers);
    viewer = consoleClient(fixture.api.app, answers);
    await admin.signIn(tenant.admin);
    await viewer.signIn(tenant.viewer);
  }, 120_000);
  afterAll(async () => {
    await fixture.service?.stopWorkers();
    await incident?.close();
  });

  describe('console pages', () => {
    it('lists the integrations with type, status, last sync and its result', async () => {
      const page = await viewer.get('/console/integrations');
      expect(page.status).toBe(200);
      expect(page.text).toContain(`<a href="/console/integrations/${integrationId}">`);
      expect(page.text).toMatch(/<td>Prebuilt<\/td><td>incident-platform<\/td><td>connected<\/td>/);
      expect(page.text).toContain('succeeded: 56 seen, 56 added, 0 changed, 0 removed');
      expect(page.text).toMatch(/<time datetime="\d{4}-/);
    });

    it('shows the Accounts list paged, with linked person, and untrusted names as text', async () => {
      const first = await viewer.get(`/console/integrations/${integrationId}`);
      expect(first.status).toBe(200);
      expect((first.text.match(/<tr><td>[^<]*@example\.com<\/td>/g) ?? []).length).toBe(50);
      expect(first.text).toContain('Ada the Person');
      const next = /<a href="([^"]+)">Next page<\/a>/.exec(first.text)?.[1]?.replaceAll('&amp;', '&');
      expect(next).toMatch(/after=\d+/);
      const second = await viewer.get(next!);
      expect((second.text.match(/<tr><td>[^<]*@example\.com<\/td>/g) ?? []).length).toBe(6);
      expect(second.text).not.toContain('Next page');
      expect(second.text).toContain('First page');
      const all = first.text + second.text;
      expect(all).toContain('&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt;');
      expect(all).not.toContain(SCRIPT_NAME);
      // The sync history with counts.
      expect(first.text).toMatch(/<td>enabled<\/td><td>succeeded<\/td>\s*<td class="num">56<\/td><td class="num">56<\/td>/);
    });

    it('searches accounts by part of an email or name, case-insensitively and literally', async () => {
      const page = await viewer.get(`/console/integrations/${integrationId}?q=MALLORY`);
      expect(page.text).toContain('mallory@example.com');
      expect((page.text.match(/<tr><td>[^<]*@example\.com<\/td>/g) ?? []).length).toBe(1);
      expect(page.text).toContain('value="MALLORY"');
      // % is a character to find, not a wildcard.
      expect((await viewer.get(`/console/integrations/${integrationId}?q=%25`)).text).toContain('No account matches.');
      expect((await fixture.service.sync.listAccounts({ tenantId: tenant.tenant.id, integrationId, search: 'A_A' })).accounts).toEqual([]);
      expect((await fixture.service.sync.listAccounts({ tenantId: tenant.tenant.id, integrationId, search: 'ada.' })).accounts.length).toBeGreaterThan(0);
      expect((await viewer.get(`/console/integrations/${integrationId}?state=removed`)).text).toContain('No account matches.');
    });

    it('Sync now queues a run (Post/Redirect/Get) that shows in the sync history', { timeout: 60_000 }, async () => {
      await admin.get(`/console/integrations/${integrationId}`);
      const posted = await admin.post(`/console/integrations/${integrationId}/sync`);
      expect(posted.status).toBe(303);
      expect(posted.location).toMatch(new RegExp(`^/console/integrations/${integrationId}\\?notice=sync-(queued|joined)$`));
      const page = await admin.get(posted.location!);
      expect(page.text).toMatch(/A sync was (queued|already queued)/);
      expect(await settled()).toMatchObject({ status: 'succeeded' });
      const runs = await fixture.service.sync.listRuns({ tenantId: tenant.tenant.id, integrationId });
      expect(runs[0]).toMatchObject({ trigger: 'manual', requestedBy: expect.stringMatching(/^console token:/) });
      expect((await admin.get(`/console/integrations/${integrationId}`)).text).toMatch(/<td>manual<\/td><td>succeeded<\/td>/);
    });

    it('shows a run’s warnings on its page, linked from the sync history, and marks an account whose text was cleaned', { timeout: 60_000 }, async () => {
      const user = incident.state.users[0]!;
      const original = user.name;
      user.name = `${original}\u0000`;
      try {
        await fixture.service.sync.syncNow({ tenantId: tenant.tenant.id, integrationId, actor: 'operator' });
        const run = await settled();
        expect(run.status).toBe('succeeded');
        const list = await viewer.get(`/console/integrations/${integrationId}`);
        expect(list.text).toContain(`<a href="/console/integrations/${integrationId}/runs/${run.id}">1 warning</a>`);
        expect(list.text).toContain('(text cleaned: name: 1 U+0000 removed)');
        const screen = await viewer.get(`/console/integrations/${integrationId}/runs/${run.id}`);
        expect(screen.text).toContain('<h2>Warnings</h2>');
        expect(screen.text).toContain(`<li>account ${user.id}`);
      } finally {
        user.name = original;
      }
      await fixture.service.sync.syncNow({ tenantId: tenant.tenant.id, integrationId, actor: 'operator' });
      expect(await settled()).toMatchObject({ status: 'succeeded' });
    });

    it('while a sync is open, shows its progress in a live region kept current by the console’s one script', { timeout: 60_000 }, async () => {
      await fixture.service.stopWorkers();
      try {
        await admin.get(`/console/integrations/${integrationId}`);
        await admin.post(`/console/integrations/${integrationId}/sync`);
        const open = await viewer.get(`/console/integrations/${integrationId}`);
        expect(open.text).toContain(
          `<p class="notice" role="status" data-sync-progress="/console/integrations/${integrationId}/sync-progress">Sync queued: 0 pages, 0 accounts seen.`,
        );
        expect(open.text).toContain('<script src="/console/assets/console.js" defer></script>');
        const progress = await viewer.get(`/console/integrations/${integrationId}/sync-progress`);
        expect(progress.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(JSON.parse(progress.text)).toEqual({ id: expect.any(String), status: 'queued', counts: expect.objectContaining({ seen: 0, pages: 0 }) });
        const script = await viewer.get('/console/assets/console.js');
        expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
        expect(script.text).toContain('data-sync-progress');
      } finally {
        await fixture.service.startWorkers();
      }
      expect(await settled()).toMatchObject({ status: 'succeeded' });
      const done = await viewer.get(`/console/integrations/${integrationId}`);
      expect(done.text).not.toContain('data-sync-progress');
      expect(done.text).not.toContain('<script');
      expect((await consoleClient(fixture.api.app).get(`/console/integrations/${integrationId}/sync-progress`)).status).toBe(303);
    });

    it('shows a run held by the deletion safeguard with the accounts it would remove; a viewer cannot decide, an admin approves', {
      timeout: 60_000,
    }, async () => {
      await fixture.service.sync.configure({
        tenantId: tenant.tenant.id,
        integrationId,
        removalThresholdMin: 0,
        removalThresholdPercent: 5,
        actor: 'operator',
      });
      const leavers = incident.state.users.splice(10, 4);
      await fixture.service.sync.syncNow({ tenantId: tenant.tenant.id, integrationId, actor: 'operator' });
      const held = await settled();
      expect(held.status).toBe('awaiting_approval');
      const list = await viewer.get(`/console/integrations/${integrationId}`);
      expect(list.text).toContain(`<a href="/console/integrations/${integrationId}/runs/${held.id}">Review 4 held removals</a>`);
      expect(list.text).toContain('No scheduled sync until the run that awaits approval of its removals is approved or rejected.');
      const screen = await viewer.get(`/console/integrations/${integrationId}/runs/${held.id}`);
      expect(screen.text).toContain('<h1>Approve held removals</h1>');
      for (const leaver of leavers) expect(screen.text).toContain(`<td>${leaver.email}</td>`);
      expect(screen.text).not.toContain('Approve: remove');
      expect(screen.text).not.toContain('/approve"');
      expect(screen.text).toContain('An admin approves or rejects these removals.');
      expect((await viewer.post(`/console/integrations/${integrationId}/runs/${held.id}/approve`)).status).toBe(403);

      const adminScreen = await admin.get(`/console/integrations/${integrationId}/runs/${held.id}`);
      expect(adminScreen.text).toContain('Approve: remove 4 accounts');
      expect(adminScreen.text).toContain('Reject: remove nothing');
      const approved = await admin.post(`/console/integrations/${integrationId}/runs/${held.id}/approve`);
      expect(approved.status).toBe(303);
      const after = await admin.get(approved.location!);
      expect(after.text).toContain('The held removals were approved and carried out.');
      expect(after.text).toContain('Nothing of this run waits for approval.');
      expect(await fixture.service.sync.getRun({ tenantId: tenant.tenant.id, integrationId, runId: held.id })).toMatchObject({
        status: 'succeeded',
        counts: { removed: 4 },
      });
      expect((await admin.post(`/console/integrations/${integrationId}/runs/${held.id}/reject`)).status).toBe(409);
    });

    it('lists people, the Access Grid and the Application Audit with a CSV export', async () => {
      const people = await viewer.get('/console/people');
      expect(people.text).toMatch(/<td><a href="\/console\/people\/[^"]+">Ada the Person<\/a><\/td>/);
      expect(people.text).toContain('<td>newcomer@example.com</td>');
      const grid = await viewer.get('/console/access-grid');
      expect(grid.text).toContain('<th scope="col">Incident platform (PagerDuty)</th>');
      expect(grid.text).toMatch(/Ada the Person<br><span class="muted">[^<]+<\/span><\/th><td>active \(admin\)<\/td>/);
      expect(grid.text).toMatch(/Nia Newcomer<br><span class="muted">newcomer@example.com<\/span><\/th><td><span class="muted">no account<\/span><\/td>/);
      expect((await viewer.get('/console/access-grid?search=nia')).text).not.toContain('Ada the Person');
      const gridCsv = await viewer.get('/console/access-grid.csv');
      expect(gridCsv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(gridCsv.text).toContain('Ada the Person');
      const audit = await viewer.get(`/console/integrations/${integrationId}/audit`);
      expect(audit.text).toContain(`<a href="/console/integrations/${integrationId}/audit.csv" download>Export as CSV</a>`);
      expect(audit.text).toContain('mallory@example.com');
      expect(audit.text).not.toContain(SCRIPT_NAME);
      const csv = await viewer.get(`/console/integrations/${integrationId}/audit.csv`);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toBe('attachment; filename="application-audit.csv"');
      expect(csv.text.split('\n')[0]).toContain('account email');
      expect(csv.text).toContain('mallory@example.com');
    });

    it('Manage > Add User: choose, confirm, read the confirmation; the workflow is listed', { timeout: 60_000 }, async () => {
      const [newcomer] = (await fixture.service.people.list({ tenantId: tenant.tenant.id })).filter((person) => person.name === 'Nia Newcomer');
      const choose = await admin.get(`/console/integrations/${integrationId}/add-user`);
      expect(choose.text).toContain('<legend>People to add to Incident platform (PagerDuty)</legend>');
      expect(choose.text).toContain(`<input type="checkbox" name="personId" value="${newcomer!.id}">`);
      const none = await admin.post(`/console/integrations/${integrationId}/add-user/confirm`);
      expect(none.status).toBe(400);
      expect(none.text).toContain('Choose at least one person.');
      const confirm = await admin.post(`/console/integrations/${integrationId}/add-user/confirm`, { personId: newcomer!.id });
      expect(confirm.text).toContain('Add 1 person to <strong>Incident platform (PagerDuty)</strong>?');
      const key = /name="idempotencyKey" value="([^"]+)"/.exec(confirm.text)?.[1];
      const added = await admin.post(`/console/integrations/${integrationId}/add-user`, { personId: newcomer!.id, idempotencyKey: key! });
      expect(added.status).toBe(201);
      expect(added.text).toContain('A workflow was created to add 1 person to Incident platform (PagerDuty)');
      // The same confirmation sent twice (a double click) starts no second workflow.
      await admin.post(`/console/integrations/${integrationId}/add-user`, { personId: newcomer!.id, idempotencyKey: key! });
      expect((await fixture.service.workflows.list({ tenantId: tenant.tenant.id })).workflows).toHaveLength(1);
      const workflows = await viewer.get('/console/workflows');
      expect(workflows.text).toMatch(/<td>onboarding<\/td><td>Nia Newcomer<\/td>/);
      const detail = /<a href="(\/console\/workflows\/[^"]+)">/.exec(workflows.text)?.[1];
      const workflow = await viewer.get(detail!);
      expect(workflow.text).toContain('<dt>Person</dt><dd>Nia Newcomer (newcomer@example.com)</dd>');
      expect(workflow.text).toMatch(/<td>createUser<\/td><td>skipped<\/td>.*Create User is not enabled for this application/s);
      expect((await admin.post(`/console/integrations/${integrationId}/add-user/confirm`, { personId: 'no-such-person' })).status).toBe(400);
      // An activation time is carried through the confirmation; the incident platform cannot hold an account inactive (no Activate User): refused, nothing started.
      expect(choose.text).toContain('<input type="datetime-local" id="activate-at" name="activateAt"');
      const timed = await admin.post(`/console/integrations/${integrationId}/add-user/confirm`, { personId: newcomer!.id, activateAt: '2030-12-01T09:00' });
      expect(timed.text).toContain('inactive until its activation at <time datetime="2030-12-01T09:00:00Z">');
      expect(timed.text).toContain('<input type="hidden" name="activateAt" value="2030-12-01T09:00:00Z">');
      const refused = await admin.post(`/console/integrations/${integrationId}/add-user`, {
        personId: newcomer!.id,
        activateAt: '2030-12-01T09:00:00Z',
        idempotencyKey: 'add-timed',
      });
      expect(refused.status).toBe(409);
      expect(refused.text).toContain('the application has no Activate User');
      expect((await fixture.service.workflows.list({ tenantId: tenant.tenant.id })).workflows).toHaveLength(1);
    });

    it('offboards a person from all applications; a failed task shows why and an admin retries it', { timeout: 90_000 }, async () => {
      const ref = { tenantId: tenant.tenant.id, integrationId, actor: 'operator' };
      await fixture.service.integrations.setAction({ ...ref, action: 'deleteUser', enabled: true });
      const [ada] = (await fixture.service.people.list({ tenantId: tenant.tenant.id })).filter((person) => person.name === 'Ada the Person');
      const people = await admin.get('/console/people');
      expect(people.text).toContain(`<a href="/console/people/${ada!.id}/offboard" aria-label="Remove from all applications: Ada the Person">`);
      expect((await viewer.get('/console/people')).text).not.toContain('/offboard');
      expect((await viewer.get(`/console/people/${ada!.id}/offboard`)).status).toBe(403);
      const confirm = await admin.get(`/console/people/${ada!.id}/offboard`);
      expect(confirm.text).toContain('Remove <strong>Ada the Person</strong>');
      expect(confirm.text).toMatch(/<tr><td>Incident platform \(PagerDuty\)<\/td><td>active<\/td><td>yes<\/td><\/tr>/);
      const key = /name="idempotencyKey" value="([^"]+)"/.exec(confirm.text)?.[1];
      const started = await admin.post(`/console/people/${ada!.id}/offboard`, { idempotencyKey: key! });
      expect(started.status).toBe(303);
      const workflowId = /^\/console\/workflows\/([^/?]+)$/.exec(started.location ?? '')?.[1];
      expect(workflowId).toBeTruthy();
      // The simulator refuses to delete the account owner: the task fails with the target's reason.
      const settle = async (wanted: string) => {
        for (;;) {
          const workflow = await fixture.service.workflows.get({ tenantId: tenant.tenant.id, workflowId: workflowId! });
          if (workflow.tasks[0]?.status === wanted) return workflow;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      };
      const failed = await settle('failed');
      const page = await admin.get(started.location!);
      expect(page.text).toMatch(/<td>deleteUser<\/td><td>failed<\/td>/);
      expect(page.text).toContain('cannot be deleted');
      expect(page.text).toContain(`aria-label="Retry deleteUser in Incident platform (PagerDuty)">Retry</button>`);
      expect((await viewer.get(started.location!)).text).not.toContain('>Retry</button>');
      expect((await viewer.post(`/console/workflows/${workflowId}/tasks/${failed.tasks[0]!.id}/retry`)).status).toBe(403);
      incident.state.users.find((user) => user.email === ada!.email)!.role = 'user';
      const retried = await admin.post(`/console/workflows/${workflowId}/tasks/${failed.tasks[0]!.id}/retry`);
      expect(retried.status).toBe(303);
      expect((await admin.get(retried.location!)).text).toContain('The task was queued again.');
      await settle('succeeded');
      expect((await admin.get(`/console/workflows?status=succeeded`)).text).toContain(`/console/workflows/${workflowId}`);
      expect((await admin.get(`/console/workflows?status=cancelled`)).text).toContain('No workflow has this status.');
    });

    it('adds people one by one and from a CSV (admin); a refused addition keeps what was typed', async () => {
      expect((await viewer.get('/console/people')).text).not.toContain('Add a person');
      expect((await viewer.post('/console/people', { name: 'V', email: 'v@example.com' })).status).toBe(403);
      await admin.get('/console/people');
      const added = await admin.post('/console/people', { name: 'Omar <Ops>', email: 'omar@example.com' });
      expect(added.status).toBe(303);
      expect(added.location).toBe('/console/people?added=1');
      const page = await admin.get(added.location!);
      expect(page.text).toContain('1 person was added; their accounts are linked by email.');
      expect(page.text).toContain('">Omar &lt;Ops&gt;</a></td>');
      const refused = await admin.post('/console/people', { name: 'Typo', email: 'not-an-email' });
      expect(refused.status).toBe(400);
      expect(refused.text).toContain('Nothing was added: email &quot;not-an-email&quot; is not an email address');
      expect(refused.text).toContain('value="Typo"');
      const imported = await admin.post('/console/people/import', { csv: 'email,name\npia@example.com,Pia\nquinn@example.com,Quinn\n' });
      expect(imported.location).toBe('/console/people?added=2');
      const badCsv = await admin.post('/console/people/import', { csv: 'email,name\nbad,Bad\n' });
      expect(badCsv.status).toBe(400);
      expect(badCsv.text).toContain('email,name\nbad,Bad');
      const names = (await fixture.service.people.list({ tenantId: tenant.tenant.id })).map((person) => person.name);
      expect(names).toEqual(expect.arrayContaining(['Omar <Ops>', 'Pia', 'Quinn']));
      expect(names).not.toContain('Bad');
      expect(names).not.toContain('Typo');
    });

    it('onboards a person into chosen applications at a chosen time, and runs one enabled action for them (admin)', { timeout: 60_000 }, async () => {
      const [nia] = (await fixture.service.people.list({ tenantId: tenant.tenant.id })).filter((person) => person.name === 'Nia Newcomer');
      expect((await admin.get('/console/people')).text).toContain(
        `<a href="/console/people/${nia!.id}/workflows" aria-label="Onboard or run an action: Nia Newcomer">`,
      );
      expect((await viewer.get(`/console/people/${nia!.id}/workflows`)).status).toBe(403);
      const page = await admin.get(`/console/people/${nia!.id}/workflows`);
      expect(page.text).toContain(`<input type="checkbox" name="integrationId" value="${integrationId}"> Incident platform (PagerDuty)</label>`);
      expect(page.text).toContain(`<option value="${integrationId} deleteUser">Incident platform (PagerDuty): Delete User</option>`);
      expect((await admin.post(`/console/people/${nia!.id}/onboard`, { idempotencyKey: 'k1' })).status).toBe(400);
      expect((await admin.post(`/console/people/${nia!.id}/onboard`, { integrationId, activateAt: 'tomorrow', idempotencyKey: 'k1' })).status).toBe(400);
      const onboarded = await admin.post(`/console/people/${nia!.id}/onboard`, {
        integrationId,
        activateAt: '2030-12-01T09:00',
        idempotencyKey: /name="idempotencyKey" value="([^"]+)"/.exec(page.text)![1]!,
      });
      expect(onboarded.status).toBe(303);
      const onboarding = await admin.get(onboarded.location!);
      expect(onboarding.text).toContain('<dt>Kind</dt><dd>onboarding</dd><dt>Person</dt><dd>Nia Newcomer (newcomer@example.com)</dd>');
      const keys = [...page.text.matchAll(/name="idempotencyKey" value="([^"]+)"/g)].map((match) => match[1]!);
      const ran = await admin.post(`/console/people/${nia!.id}/run-action`, { target: `${integrationId} deleteUser`, idempotencyKey: keys[1]! });
      expect(ran.status).toBe(303);
      expect((await admin.get(ran.location!)).text).toContain('<dt>Kind</dt><dd>provisioner_action</dd>');
      expect((await admin.post(`/console/people/${nia!.id}/run-action`, { target: 'nonsense', idempotencyKey: 'k2' })).status).toBe(400);
      expect((await admin.post(`/console/people/${nia!.id}/run-action`, { target: `${integrationId} orderAsset`, idempotencyKey: 'k3' })).status).toBe(409);
    });

    it('cancels a running workflow (admin): its tasks not started are skipped', { timeout: 60_000 }, async () => {
      const ref = { tenantId: tenant.tenant.id, actor: 'operator' };
      const account = (await fixture.service.sync.listAccounts({ tenantId: tenant.tenant.id, integrationId, state: 'active', limit: 5 })).accounts.at(-1)!;
      const person = await fixture.service.people.create({ ...ref, email: account.email, name: 'Leaving Soon' });
      await fixture.service.stopWorkers();
      let workflowId: string;
      try {
        workflowId = (await fixture.service.workflows.startOffboarding({ ...ref, personId: person.id, idempotencyKey: 'cancel-me' })).workflow.id;
        const page = await admin.get(`/console/workflows/${workflowId}`);
        expect(page.text).toContain('Cancel this workflow</button>');
        expect((await viewer.get(`/console/workflows/${workflowId}`)).text).not.toContain('Cancel this workflow');
        expect((await viewer.post(`/console/workflows/${workflowId}/cancel`)).status).toBe(403);
        const cancelled = await admin.post(`/console/workflows/${workflowId}/cancel`);
        expect(cancelled.status).toBe(303);
        const after = await admin.get(cancelled.location!);
        expect(after.text).toContain('The workflow was cancelled');
        expect(after.text).toContain('<dt>Status</dt><dd>cancelled</dd>');
        expect(after.text).not.toContain('Cancel this workflow</button>');
      } finally {
        await fixture.service.startWorkers();
      }
      expect(
        (await fixture.service.workflows.get({ tenantId: tenant.tenant.id, workflowId: workflowId! })).tasks.every((task) => task.status === 'skipped'),
      ).toBe(true);
      expect((await admin.post(`/console/workflows/${workflowId!}/cancel`)).status).toBe(409);
    });

    it('saves sync settings (admin), refuses values out of range with the service’s reason, and lifts a quarantine', { timeout: 90_000 }, async () => {
      const page = await admin.get(`/console/integrations/${integrationId}`);
      expect(page.text).toContain('<label for="setting-intervalSeconds">Seconds between scheduled syncs</label>');
      expect((await viewer.get(`/console/integrations/${integrationId}`)).text).toMatch(/<dt>Seconds between scheduled syncs<\/dt><dd>3600<\/dd>/);
      expect((await viewer.post(`/console/integrations/${integrationId}/sync-settings`, { intervalSeconds: '1800' })).status).toBe(403);
      const saved = await admin.post(`/console/integrations/${integrationId}/sync-settings`, {
        intervalSeconds: '1800',
        removalThresholdPercent: '30',
        removalThresholdMin: '10',
        maxConsecutiveFailures: '5',
      });
      expect(saved.status).toBe(303);
      expect((await admin.get(saved.location!)).text).toContain('The sync settings were saved.');
      expect((await fixture.service.sync.status({ tenantId: tenant.tenant.id, integrationId })).settings).toMatchObject({
        intervalSeconds: 1800,
        removalThresholdPercent: 30,
      });
      const outOfRange = await admin.post(`/console/integrations/${integrationId}/sync-settings`, { intervalSeconds: '5' });
      expect(outOfRange.status).toBe(400);
      expect(outOfRange.text).toContain('intervalSeconds must be a whole number from 60 to 604800');
      expect((await admin.post(`/console/integrations/${integrationId}/sync-settings`, { intervalSeconds: 'soon' })).text).toContain(
        'must be a whole number; nothing was saved.',
      );

      // A second application whose target goes away: its first sync fails and, with one failure allowed, it is quarantined.
      const gone = await startIncidentPlatform({ users: seedUsers({ count: 1 }), keys: { [CANARY_KEY]: 'full' } });
      const ref = { tenantId: tenant.tenant.id, actor: 'operator' };
      const second = await fixture.service.integrations.create({
        ...ref,
        type: 'prebuilt',
        connector: 'incident-platform',
        baseUrl: gone.server.origin,
        name: 'Gone pager',
      });
      expect((await fixture.service.integrations.configureAuth({ ...ref, integrationId: second.id, inputs: { token: CANARY_KEY } })).ok).toBe(true);
      await fixture.service.sync.configure({ ...ref, integrationId: second.id, maxConsecutiveFailures: 1 });
      await gone.close();
      await fixture.service.integrations.setAction({ ...ref, integrationId: second.id, action: 'importUsers', enabled: true });
      await waitUntil(
        'the integration quarantined after its failed run',
        () => fixture.service.sync.status({ tenantId: tenant.tenant.id, integrationId: second.id }),
        (status) => status.quarantined,
      );
      const quarantined = await admin.get(`/console/integrations/${second.id}`);
      expect(quarantined.text).toMatch(/Quarantined since <time datetime="[^"]+">[^<]+<\/time> after 1 failed runs in a row/);
      expect(quarantined.text).toContain('Resume scheduled syncs</button>');
      expect((await viewer.get(`/console/integrations/${second.id}`)).text).not.toContain('Resume scheduled syncs');
      expect((await viewer.get('/console/integrations')).text).toMatch(
        /Gone pager<\/a><\/th>\s*<td>Prebuilt<\/td><td>incident-platform<\/td><td>quarantined<\/td>/,
      );
      const resumed = await admin.post(`/console/integrations/${second.id}/sync/resume`);
      expect(resumed.status).toBe(303);
      expect((await admin.get(resumed.location!)).text).toContain('The quarantine was lifted');
      expect((await fixture.service.sync.status({ tenantId: tenant.tenant.id, integrationId: second.id })).quarantined).toBe(false);
      // Off again, so the resumed schedule does not keep failing against the closed target; the page promises no sync then.
      await fixture.service.integrations.setAction({ ...ref, integrationId: second.id, action: 'importUsers', enabled: false });
      const off = (await admin.get(`/console/integrations/${second.id}`)).text;
      expect(off).toContain('No scheduled sync: Import Users is not enabled.');
      expect(off).not.toContain('Next scheduled sync');
    });

    it('lists accounts linked to no person; a second person with an email is refused, naming the person who has it', async () => {
      const twin = await fixture.service.people.create({ tenantId: tenant.tenant.id, email: 'twin@example.com', name: 'Twin One', actor: 'operator' });
      await admin.get('/console/people');
      const refused = await admin.post('/console/people', { name: 'Twin Two', email: 'TWIN@example.com' });
      expect(refused.status).toBe(409);
      expect(refused.text).toContain('Nothing was added: TWIN@example.com belongs to Twin One (twin@example.com');
      expect(refused.text).toContain(`TWIN@example.com belongs to <a href="/console/people/${twin.id}">Twin One</a> (twin@example.com)`);
      expect(refused.text).toContain('value="Twin Two"');
      await admin.get('/console/people');
      const csv = await admin.post('/console/people/import', {
        csv: 'email,name\nfresh@example.com,Fresh\nTwin@Example.com,Twin Again\nfresh@example.com,Fresh Again\n',
      });
      expect(csv.status).toBe(409);
      expect(csv.text).toContain(`Line 3: Twin@Example.com belongs to <a href="/console/people/${twin.id}">Twin One</a>`);
      expect(csv.text).toContain('Line 4: fresh@example.com repeats line 2');
      expect((await fixture.service.people.list({ tenantId: tenant.tenant.id })).map((person) => person.name)).not.toContain('Fresh');
      expect((await viewer.get('/console/people')).text).toContain('<a href="/console/people/unlinked">');
      const page = await viewer.get('/console/people/unlinked');
      expect(page.status).toBe(200);
      expect(page.text).toMatch(
        new RegExp(
          `<tr><td><a href="/console/integrations/${integrationId}">Incident platform \\(PagerDuty\\)</a></td><td>mallory@example.com</td><td>&lt;script&gt;`,
        ),
      );
      expect(page.text).toContain('No two people share an email.');
    });

    it('edits a person (aliases relink), links and unlinks accounts by hand, and archives only after offboarding (admin)', async () => {
      const tenantId = tenant.tenant.id;
      const mallory = (await fixture.service.people.orphans({ tenantId })).find((orphan) => orphan.email === 'mallory@example.com')!;
      const person = await fixture.service.people.create({ tenantId, email: 'm.allory@corp.example', name: 'M. Allory', actor: 'operator' });
      expect((await viewer.get(`/console/people/${person.id}`)).text).not.toContain('<h2>Edit</h2>');
      expect((await viewer.post(`/console/people/${person.id}`, { name: 'X', email: 'x@example.com' })).status).toBe(403);
      const page = await admin.get(`/console/people/${person.id}`);
      expect(page.text).toContain('No account is linked to M. Allory.');
      const saved = await admin.post(`/console/people/${person.id}`, { name: 'M. Allory', email: 'm.allory@corp.example', aliases: 'Mallory@example.com' });
      expect(saved).toMatchObject({ status: 303, location: `/console/people/${person.id}?changed=saved` });
      const linked = await admin.get(saved.location!);
      expect(linked.text).toContain('Saved; the accounts of the emails concerned were relinked.');
      expect(linked.text).toMatch(/<td>mallory@example.com<\/td><td>&lt;script&gt;[^<]*<\/td><td>active<\/td><td>by email<\/td>/);
      const [ada] = (await fixture.service.people.list({ tenantId })).filter((one) => one.name === 'Ada the Person');
      const stolen = await admin.post(`/console/people/${person.id}`, { name: 'M. Allory', email: ada!.email, aliases: '' });
      expect(stolen.status).toBe(409);
      expect(stolen.text).toContain(`belongs to <a href="/console/people/${ada!.id}">Ada the Person</a>`);
      expect(stolen.text).toContain(`value="${ada!.email}"`);

      // Unlinked by hand from the person's page: an orphan again, marked so, and a sync keeps it.
      const unlinked = await admin.post(`/console/accounts/${mallory.accountId}/link`, { none: '1', back: person.id });
      expect(unlinked.location).toBe(`/console/people/${person.id}?changed=link`);
      expect((await admin.get(unlinked.location!)).text).toContain('No account is linked to M. Allory.');
      const orphans = await admin.get('/console/people/unlinked');
      expect(orphans.text).toContain('<td>unlinked by hand</td>');
      // Linked by hand from the unlinked accounts page, by the person's email.
      const relinked = await admin.post(`/console/accounts/${mallory.accountId}/link`, { personEmail: 'M.Allory@corp.example', back: 'unlinked' });
      expect(relinked.location).toBe('/console/people/unlinked?changed=link');
      expect((await admin.get(`/console/people/${person.id}`)).text).toMatch(/<td>mallory@example.com<\/td>.*<td>by hand<\/td>/s);
      expect((await admin.post(`/console/accounts/${mallory.accountId}/link`, { personEmail: 'nobody@example.com' })).status).toBe(404);
      const audit = await fixture.service.audit.list({ tenantId, limit: 5 });
      expect(audit.entries.slice(0, 2).map((entry) => entry.event)).toEqual(['account.linked', 'account.unlinked']);

      // Archiving waits for offboarding; once the account is given back and the alias dropped, it goes.
      await admin.get(`/console/people/${person.id}`);
      const refusedArchive = await admin.post(`/console/people/${person.id}/archive`);
      expect(refusedArchive.status).toBe(409);
      expect(refusedArchive.text).toContain('M. Allory still has 1 present account: offboard first');
      expect(refusedArchive.text).toContain(`<a href="/console/people/${person.id}/offboard">offboard first</a>`);
      await admin.post(`/console/accounts/${mallory.accountId}/link/clear`, { back: person.id });
      await admin.post(`/console/people/${person.id}`, { name: 'M. Allory', email: 'm.allory@corp.example', aliases: '' });
      const archived = await admin.post(`/console/people/${person.id}/archive`);
      expect(archived.location).toBe('/console/people?archived=1');
      expect((await admin.get(archived.location!)).text).not.toContain('M. Allory');
      expect((await fixture.service.people.orphans({ tenantId })).find((orphan) => orphan.accountId === mallory.accountId)).toMatchObject({ byHand: false });
    });

    it('shows the audit log newest first with the console’s acts, paged', async () => {
      // More entries than a page holds: the newest 50 are these.
      for (let index = 0; index < 50; index += 1)
        await fixture.service.sync.configure({ tenantId: tenant.tenant.id, integrationId, intervalSeconds: 3600 + index, actor: 'operator' });
      const newest = await viewer.get('/console/audit');
      expect(newest.status).toBe(200);
      expect(newest.text).toContain('<a href="/console/audit" aria-current="page">Audit log</a>');
      expect(newest.text).toMatch(
        /<tbody><tr><td><time[^>]*>[^<]*<\/time><\/td><td>sync\.configured<\/td><td>Incident platform \(PagerDuty\)<\/td><td>operator<\/td><td><code>\{&quot;intervalSeconds&quot;:3649,/,
      );
      expect(newest.text).not.toContain('>Newest</a>');
      const older = /<a href="(\/console\/audit\?before=\d+)">Older entries<\/a>/.exec(newest.text)?.[1];
      expect(older).toBeTruthy();
      const second = await viewer.get(older!);
      expect(second.status).toBe(200);
      expect(second.text).toContain('<a href="/console/audit">Newest</a>');
      expect(second.text).not.toContain('&quot;intervalSeconds&quot;:3649,');
      expect(second.text).toMatch(
        /<td>sync\.removals_approved<\/td><td>Incident platform \(PagerDuty\)<\/td><td>console token:[0-9a-f-]+ \(admin token\)<\/td>/,
      );
      expect((await viewer.get('/console/audit?before=soon')).status).toBe(400);
    });

    it('shows another tenant nothing of this one', async () => {
      const stranger = consoleClient(fixture.api.app, answers);
      await stranger.signIn(other.admin);
      expect((await stranger.get('/console/integrations')).text).toContain('No integrations yet.');
      for (const url of [
        `/console/integrations/${integrationId}`,
        `/console/integrations/${integrationId}/audit`,
        `/console/integrations/${integrationId}/audit.csv`,
        `/console/integrations/${integrationId}/add-user`,
      ]) {
        expect((await stranger.get(url)).status, url).toBe(404);
      }
      expect((await stranger.get('/console/access-grid')).text).not.toContain('Ada the Person');
      expect((await stranger.get('/console/people/unlinked')).text).not.toContain('mallory@example.com');
      expect((await stranger.get('/console/audit')).text).not.toContain(integrationId);
      expect((await stranger.post(`/console/integrations/${integrationId}/sync`)).status).toBe(404);
    });

    it('never sends a secret: no API token and no target key in any page, header or CSV', () => {
      expect(answers.length).toBeGreaterThan(40);
      for (const answer of answers) {
        for (const secret of [CANARY_KEY, tenant.admin, tenant.viewer, other.admin]) expect(answer).not.toContain(secret);
      }
    });
  });
}
