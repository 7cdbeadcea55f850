/**
 * Onboarding with an activation time, through the HTTP API, against the SCIM server and the Okta
 * simulator: each account is created inactive on the target (SCIM `"active": false`, Okta
 * `activate=false`: STAGED), so the person has no access before the chosen time; until then the
 * Accounts list, the Access Grid and the Application Audit (JSON and CSV) show it `invited` with
 * the due time. At the time the activation runs, and the account is active. An application that
 * cannot hold the account inactive is refused (ACTIVATION_NOT_POSSIBLE), for one person and for
 * Add User; a SCIM server that creates the account active anyway fails the activation
 * (ACTIVATED_EARLY) instead of the workflow succeeding. Time is the test's clock, never waited for.
 * Shared by the embedded run and the PostgreSQL run.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OKTA_DEMO_TOKEN, startOkta, type OktaSimulator } from '../../../src/simulators/okta/index.js';
import { DEMO_FULL_ACCESS_KEY, seedUsers, startIncidentPlatform, type IncidentPlatformSimulator } from '../../../src/simulators/incident-platform/index.js';
import { startScimServer, type ScimServer } from '../../targets/scim/server.js';
import { TestClock } from '../workflows/workflows.cases.js';
import type { ApiFixture, TenantTokens } from './api-fixture.js';

const SCIM_TOKEN = 'scim-activation-token-42';

export function describeActivationStates(fixture: ApiFixture, clock: TestClock): void {
  let scim: ScimServer;
  let okta: OktaSimulator;
  let incident: IncidentPlatformSimulator;
  let tokens: TenantTokens;
  const apps = { scim: '', okta: '', incident: '' };
  let keys = 0;
  const call = (method: string, url: string, body?: unknown) =>
    fixture.call(tokens.admin, method, url, body, method === 'POST' ? { 'idempotency-key': `activation-${(keys += 1)}` } : {});
  const enable = async (integrationId: string, actions: string[]) => {
    for (const action of actions) expect((await call('PUT', `/v1/integrations/${integrationId}/actions/${action}`, { enabled: true })).status).toBe(200);
  };
  const person = async (email: string, name: string) => (await call('POST', '/v1/people', { email, name })).body.id as string;
  const workflowUntil = async (id: string, done: (workflow: any) => boolean) => {
    for (let tries = 0; tries < 600; tries += 1) {
      const workflow = (await call('GET', `/v1/workflows/${id}`)).body;
      if (done(workflow)) return workflow;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`workflow ${id} did not get there: ${JSON.stringify((await call('GET', `/v1/workflows/${id}`)).body)}`);
  };
  const accountOf = async (integrationId: string, email: string, query = '') =>
    (await call('GET', `/v1/integrations/${integrationId}/accounts?limit=500${query}`)).body.accounts.find((account: any) => account.email === email);

  beforeAll(async () => {
    scim = await startScimServer({ token: SCIM_TOKEN });
    okta = await startOkta([]);
    incident = await startIncidentPlatform({ users: seedUsers({ count: 2 }) });
    tokens = await fixture.tenantWithTokens('standard', 'Activation tenant');
    apps.scim = (await call('POST', '/v1/integrations', { type: 'scim', scimBaseUrl: scim.baseUrl })).body.id;
    expect((await call('PUT', `/v1/integrations/${apps.scim}/auth`, { inputs: { token: SCIM_TOKEN } })).status).toBe(200);
    await enable(apps.scim, ['createUser', 'activateUser']);
    const created = await call('POST', '/v1/integrations', { type: 'prebuilt', connector: 'okta', baseUrl: okta.server.origin });
    expect(created.status).toBe(201);
    apps.okta = created.body.id;
    expect((await call('PUT', `/v1/integrations/${apps.okta}/auth`, { inputs: { baseUrl: okta.server.origin, token: OKTA_DEMO_TOKEN } })).status).toBe(200);
    await enable(apps.okta, ['createUser', 'activateUser']);
    apps.incident = (await call('POST', '/v1/integrations', { type: 'prebuilt', connector: 'incident-platform', baseUrl: incident.server.origin })).body.id;
    expect((await call('PUT', `/v1/integrations/${apps.incident}/auth`, { inputs: { token: DEMO_FULL_ACCESS_KEY } })).status).toBe(200);
    await enable(apps.incident, ['createUser']);
    await fixture.service.startWorkers();
  });
  afterAll(async () => {
    await fixture.service.stopWorkers();
    await Promise.all([scim?.close(), okta?.close(), incident?.close()]);
  });

  it('creates the accounts inactive, shows them invited with the due time everywhere, and activates them at that time', { timeout: 120_000 }, async () => {
    const email = 'sam.staggered@example.com';
    const personId = await person(email, 'Sam Staggered');
    const activateAt = new Date(clock.now().getTime() + 3_600_000).toISOString();
    const started = await call('POST', '/v1/workflows/onboarding', { personId, integrationIds: [apps.scim, apps.okta], activateAt });
    expect(started.status).toBe(201);
    const waiting = await workflowUntil(started.body.id, (workflow) =>
      workflow.tasks.filter((task: any) => task.action === 'createUser').every((task: any) => task.status === 'succeeded'),
    );
    expect(waiting.status).toBe('running');
    expect(waiting.tasks.filter((task: any) => task.action === 'activateUser')).toEqual([
      expect.objectContaining({ integrationId: apps.scim, status: 'scheduled', runAt: activateAt }),
      expect.objectContaining({ integrationId: apps.okta, status: 'scheduled', runAt: activateAt }),
    ]);

    // No access before the time: SCIM was sent "active": false, Okta activate=false (STAGED).
    const scimPost = scim.requests.find((request) => request.method === 'POST' && JSON.stringify(request.body).includes(email));
    expect(scimPost?.body).toMatchObject({ active: false });
    expect([...scim.store.users.values()].find((user) => user.userName === email)).toMatchObject({ active: false });
    const oktaPost = okta.server.requests.find((request) => request.method === 'POST' && request.body.includes(email));
    expect(oktaPost?.url).toContain('activate=false');
    expect(okta.state.users.find((user) => user.profile.email === email)?.status).toBe('STAGED');

    // The Accounts list (and its state filter), the Access Grid and the Application Audit: invited, with the due time.
    for (const integrationId of [apps.scim, apps.okta]) {
      expect(await accountOf(integrationId, email)).toMatchObject({ state: 'invited', activationDueAt: activateAt, personId });
      expect(await accountOf(integrationId, email, '&state=invited')).toMatchObject({ state: 'invited' });
      const audit = (await call('GET', `/v1/integrations/${integrationId}/audit`)).body.accounts;
      expect(audit.find((line: any) => line.email === email)).toMatchObject({ state: 'invited', activationDueAt: activateAt });
      const auditCsv = (await call('GET', `/v1/integrations/${integrationId}/audit?format=csv`)).text.split('\r\n');
      expect(auditCsv[0]).toContain(',state,last seen,synced at,activation due');
      expect(auditCsv.find((line) => line.includes(email))).toMatch(new RegExp(`,invited,[^,]+,[^,]*,${activateAt.replace(/[.]/g, '\\.')}$`));
    }
    const grid = (await call('GET', `/v1/access-grid?search=${encodeURIComponent(email)}`)).body;
    const row = grid.rows.find((candidate: any) => candidate.person.id === personId);
    expect(row.cells[apps.scim]).toEqual({ state: 'invited', admin: false, activationDueAt: activateAt });
    expect(row.cells[apps.okta]).toEqual({ state: 'invited', admin: false, activationDueAt: activateAt });
    const gridCsv = (await call('GET', `/v1/access-grid?format=csv&search=${encodeURIComponent(email)}`)).text;
    expect(gridCsv).toContain(`invited (activation due ${activateAt})`);
    expect((await call('GET', `/v1/access-grid?state=invited&search=${encodeURIComponent(email)}`)).body.rows).toHaveLength(1);

    // At the time: activated, once; no due time any more.
    clock.advance(3_601_000);
    await fixture.service.workflows.tick();
    const done = await workflowUntil(started.body.id, (workflow) => workflow.status !== 'running');
    expect(done.status).toBe('succeeded');
    expect([...scim.store.users.values()].find((user) => user.userName === email)).toMatchObject({ active: true });
    expect(okta.state.users.find((user) => user.profile.email === email)?.status).not.toBe('STAGED');
    const activated = await accountOf(apps.scim, email);
    expect(activated.state).toBe('active');
    expect(activated.activationDueAt).toBeUndefined();
    expect((await accountOf(apps.okta, email)).activationDueAt).toBeUndefined();
  });

  it('refuses an activation time where the account would be usable at once, for one person and for Add User; nothing starts', async () => {
    const email = 'ira.early@example.com';
    const personId = await person(email, 'Ira Early');
    const activateAt = new Date(clock.now().getTime() + 3_600_000).toISOString();
    const refused = await call('POST', '/v1/workflows/onboarding', { personId, integrationIds: [apps.scim, apps.incident], activateAt });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'ACTIVATION_NOT_POSSIBLE' });
    expect(refused.body.detail).toContain('Incident platform (PagerDuty): the application has no Activate User');
    const bulk = await call('POST', `/v1/integrations/${apps.incident}/add-users`, { personIds: [personId], activateAt });
    expect(bulk.status).toBe(409);
    expect(bulk.body).toMatchObject({ code: 'ACTIVATION_NOT_POSSIBLE' });
    expect((await call('GET', `/v1/workflows?personId=${personId}`)).body.workflows).toEqual([]);
    expect(scim.requests.some((request) => JSON.stringify(request.body ?? '').includes(email))).toBe(false);
    expect(incident.server.requests.some((request) => request.body.includes(email))).toBe(false);
  });

  it('Add User for many people takes the activation time: each account inactive until then', { timeout: 60_000 }, async () => {
    const people = [await person('bulk.one@example.com', 'Bulk One'), await person('bulk.two@example.com', 'Bulk Two')];
    const activateAt = new Date(clock.now().getTime() + 7_200_000).toISOString();
    const added = await call('POST', `/v1/integrations/${apps.scim}/add-users`, { personIds: people, activateAt });
    expect(added.status).toBe(201);
    expect(added.body.workflows).toHaveLength(2);
    for (const workflow of added.body.workflows) {
      const waiting = await workflowUntil(workflow.id, (current) => current.tasks[0].status === 'succeeded');
      expect(waiting.tasks[1]).toMatchObject({ action: 'activateUser', status: 'scheduled', runAt: activateAt });
    }
    for (const email of ['bulk.one@example.com', 'bulk.two@example.com']) {
      expect([...scim.store.users.values()].find((user) => user.userName === email)).toMatchObject({ active: false });
      expect(await accountOf(apps.scim, email)).toMatchObject({ state: 'invited', activationDueAt: activateAt });
    }
  });

  it('a SCIM server that creates the account active although asked not to: the activation fails ACTIVATED_EARLY, the workflow needs attention', async () => {
    const email = 'eve.eager@example.com';
    const personId = await person(email, 'Eve Eager');
    const activateAt = new Date(clock.now().getTime() + 3_600_000).toISOString();
    // The server ignores "active": false on create (some do): every user it creates is active.
    const create = scim.store.users.set.bind(scim.store.users);
    scim.store.users.set = (id, user) => {
      // The same object is the server's answer: it says active too.
      user.active = true;
      return create(id, user);
    };
    try {
      const started = await call('POST', '/v1/workflows/onboarding', { personId, integrationIds: [apps.scim], activateAt });
      expect(started.status).toBe(201);
      const settled = await workflowUntil(started.body.id, (workflow) => workflow.status !== 'running');
      expect(settled.status).toBe('needs_attention');
      expect(settled.tasks).toEqual([
        expect.objectContaining({ action: 'createUser', status: 'succeeded' }),
        expect.objectContaining({
          action: 'activateUser',
          status: 'failed',
          error: expect.objectContaining({ code: 'ACTIVATED_EARLY', message: expect.stringContaining('the person has access before the activation time') }),
        }),
      ]);
      expect(await accountOf(apps.scim, email)).toMatchObject({ state: 'active' });
    } finally {
      scim.store.users.set = create;
    }
  });
}
