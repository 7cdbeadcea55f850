/**
 * Lifecycle workflows through the service library against three loopback targets: the incident
 * platform simulator (prebuilt), a SCIM server, and the help desk of the build-your-own example
 * (which here creates agents suspended, so that activation has work to do). Time is the test's
 * clock: an activation a minute later is made due by moving the clock, never by waiting.
 * Shared by the embedded run (test/service/workflows) and the PostgreSQL run (test/postgres).
 */
import { readFileSync } from 'node:fs';
import { http, HttpResponse } from 'msw';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  DEMO_FULL_ACCESS_KEY,
  holdCreations,
  seedUsers,
  startIncidentPlatform,
  type IncidentPlatformSimulator,
} from '../../../src/simulators/incident-platform/index.js';
import { serveHandlers, type HandlerServer } from '../../../src/simulators/serve-handlers.js';
import type { Service, Tenant, Workflow } from '../../../src/service/index.js';
import { createDeskState, deskHandlers, type DeskState } from '../../targets/basic-page-number/handlers.js';
import { startScimServer, type ScimServer } from '../../targets/scim/server.js';
import { waitForRun } from '../sync/sync.cases.js';
import { waitUntil } from '../helpers/wait-until.js';

const actor = 'hr-ops@example.com';
const SCIM_TOKEN = 'scim-workflow-token-123';

/** The build-your-own example with one custom action, as a customer would paste it. */
export const DESK_SPEC = `${readFileSync(new URL('../../../specs/examples/basic-page-number.yaml', import.meta.url), 'utf8').replace(
  '  createUser:\n',
  '  createUser:\n    # This desk creates every agent suspended.\n    createsInactive: always\n',
)}
  custom:
    sendWelcome:
      label: Send the welcome email again
      plan: business
      method: POST
      path: /api/agents/{account.id}/welcome
      variables:
        actor: { type: string, description: The operator who asked (the service fills it in) }
      body: '{ "by": {{vars.actor}} }'
      success: [202]
`;

/** A clock the tests move; the service reads it for due times. */
export class TestClock {
  private offsetMs = 0;
  now = (): Date => new Date(Date.now() + this.offsetMs);
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export async function waitForWorkflow(service: Service, tenantId: string, workflowId: string, done: (workflow: Workflow) => boolean): Promise<Workflow> {
  for (let tries = 0; tries < 600; tries += 1) {
    const workflow = await service.workflows.get({ tenantId, workflowId });
    if (done(workflow)) return workflow;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const last = await service.workflows.get({ tenantId, workflowId });
  throw new Error(`workflow ${workflowId} did not get there: ${JSON.stringify(last)}`);
}

const settled = (workflow: Workflow) => workflow.status !== 'running';

export interface WorkflowCaseOptions {
  /**
   * People in the bulk onboarding against the target's limit of 50 concurrent creations (default
   * 500). The embedded run takes 120: more than twice the limit keeps every queue on the way (the
   * engine's claims, the action's cap, the connection's sockets) full for several rounds, as 500
   * do, for a quarter of the database work; PostgreSQL with two workers runs the full 500.
   */
  bulkPeople?: number;
}

export function describeWorkflows(fixture: { service: Service }, clock: TestClock, options: WorkflowCaseOptions = {}): void {
  const bulkPeople = options.bulkPeople ?? 500;
  const service = () => fixture.service;
  let tenant: Tenant;
  let incident: IncidentPlatformSimulator;
  let scim: ScimServer;
  let deskState: DeskState;
  let desk: HandlerServer;
  const apps = { incident: '', scim: '', desk: '' };
  const ref = (integrationId: string) => ({ tenantId: tenant.id, integrationId });
  let keys = 0;
  const key = () => `key-${(keys += 1)}`;

  async function enable(integrationId: string, actions: string[]) {
    for (const action of actions) await service().integrations.setAction({ ...ref(integrationId), action, enabled: true, actor });
  }

  beforeAll(async () => {
    tenant = await service().tenants.create({ name: 'Workflow tenant', plan: 'business', actor });
    await service().startWorkers();
    incident = await startIncidentPlatform({ users: seedUsers({ count: 5 }) });
    scim = await startScimServer({ token: SCIM_TOKEN });
    deskState = { ...createDeskState(3), createSuspended: true };
    desk = await serveHandlers(...deskHandlers(deskState));

    apps.incident = (
      await service().integrations.create({ tenantId: tenant.id, actor, type: 'prebuilt', connector: 'incident-platform', baseUrl: incident.server.origin })
    ).id;
    expect(await service().integrations.configureAuth({ ...ref(apps.incident), inputs: { token: DEMO_FULL_ACCESS_KEY }, actor })).toMatchObject({ ok: true });
    await enable(apps.incident, ['importUsers', 'createUser', 'deleteUser']);

    apps.scim = (await service().integrations.create({ tenantId: tenant.id, actor, type: 'scim', scimBaseUrl: scim.baseUrl })).id;
    expect(await service().integrations.configureAuth({ ...ref(apps.scim), inputs: { token: SCIM_TOKEN }, actor })).toMatchObject({ ok: true });
    await enable(apps.scim, ['createUser', 'activateUser', 'deactivateUser', 'deleteUser']);

    apps.desk = (await service().integrations.create({ tenantId: tenant.id, actor, type: 'build-your-own', spec: DESK_SPEC, baseUrl: desk.origin })).id;
    expect(
      await service().integrations.configureAuth({ ...ref(apps.desk), inputs: { username: deskState.username, password: deskState.password }, actor }),
    ).toMatchObject({ ok: true });
    await enable(apps.desk, ['createUser', 'activateUser', 'deactivateUser', 'deleteUser', 'sendWelcome']);

    // The incident platform's accounts are in the Accounts list before any workflow (the immediate sync).
    const [run] = await service().sync.listRuns(ref(apps.incident));
    expect((await waitForRun(service(), ref(apps.incident), run!.id)).status).toBe('succeeded');
  });
  afterAll(async () => {
    await service().stopWorkers();
    await Promise.all([incident?.close(), scim?.close(), desk?.close()]);
  });

  const person = (name: string) => service().people.create({ tenantId: tenant.id, email: `${name.toLowerCase().replace(/ /g, '.')}@example.com`, name, actor });
  const accountsOf = async (integrationId: string) => (await service().sync.listAccounts({ ...ref(integrationId), limit: 500 })).accounts;
  const deskRequests = (method: string, pattern: RegExp) => desk.requests.filter((request) => request.method === method && pattern.test(request.url));

  it('onboards into three applications, links the accounts at once, and activates a minute later exactly once', async () => {
    const joiner = await person('Jo Iner');
    const activateAt = new Date(clock.now().getTime() + 60_000).toISOString();
    // The incident platform has no Activate User: its account would be usable at once, so an
    // activation time that names it is refused, and nothing starts anywhere.
    await expect(
      service().workflows.startOnboarding({
        tenantId: tenant.id,
        personId: joiner.id,
        integrationIds: [apps.incident, apps.scim, apps.desk],
        activateAt,
        idempotencyKey: key(),
        actor,
      }),
    ).rejects.toMatchObject({
      code: 'ACTIVATION_NOT_POSSIBLE',
      message: expect.stringContaining('Incident platform (PagerDuty): the application has no Activate User'),
    });
    expect(await service().workflows.list({ tenantId: tenant.id, personId: joiner.id })).toMatchObject({ workflows: [] });
    const atOnce = await service().workflows.startOnboarding({
      tenantId: tenant.id,
      personId: joiner.id,
      integrationIds: [apps.incident],
      idempotencyKey: key(),
      actor,
    });
    expect((await waitForWorkflow(service(), tenant.id, atOnce.workflow.id, settled)).status).toBe('succeeded');
    const { workflow: started, created } = await service().workflows.startOnboarding({
      tenantId: tenant.id,
      personId: joiner.id,
      integrationIds: [apps.scim, apps.desk],
      activateAt,
      idempotencyKey: key(),
      actor,
    });
    expect(created).toBe(true);
    expect(started.kind).toBe('onboarding');

    const waiting = await waitForWorkflow(service(), tenant.id, started.id, (workflow) =>
      workflow.tasks.every((task) => task.status !== 'pending' && task.status !== 'running'),
    );
    expect(waiting.status).toBe('running');
    const byApp = (workflow: Workflow, integrationId: string, action: string) =>
      workflow.tasks.find((task) => task.integrationId === integrationId && task.action === action);
    expect(byApp(waiting, apps.scim, 'createUser')).toMatchObject({ status: 'succeeded', attempts: 1 });
    // SCIM is asked for an inactive user ("active": false) and activated at the chosen time.
    expect(byApp(waiting, apps.scim, 'activateUser')).toMatchObject({ status: 'scheduled', runAt: activateAt });
    const scimUser = [...scim.store.users.values()].find((user) => user.userName === joiner.email);
    expect(scimUser).toMatchObject({ active: false });
    expect(byApp(waiting, apps.desk, 'createUser')).toMatchObject({ status: 'succeeded' });
    expect(byApp(waiting, apps.desk, 'activateUser')).toMatchObject({ status: 'scheduled', runAt: activateAt });

    // The Accounts list shows each created account at once, linked to the person: invited, with the activation's due time.
    const incidentAccount = (await accountsOf(apps.incident)).find((account) => account.email === joiner.email);
    expect(incidentAccount).toMatchObject({ state: 'active', personId: joiner.id });
    expect(incidentAccount?.activationDueAt).toBeUndefined();
    expect(incident.state.users.some((user) => user.email === joiner.email)).toBe(true);
    const deskAccount = (await accountsOf(apps.desk)).find((account) => account.email === joiner.email);
    expect(deskAccount).toMatchObject({ state: 'invited', activationDueAt: activateAt, personId: joiner.id });
    const scimAccount = (await accountsOf(apps.scim)).find((account) => account.email === joiner.email);
    expect(scimAccount).toMatchObject({ state: 'invited', activationDueAt: activateAt, personId: joiner.id });
    expect(deskRequests('PUT', /\/api\/agents\//)).toHaveLength(0);

    // Not yet due: a tick finds nothing ready (every other task of this service has settled).
    expect(byApp(waiting, apps.desk, 'activateUser')).toMatchObject({ status: 'scheduled', runAt: activateAt });
    expect(await service().workflows.tick()).toBe(0);
    expect(deskRequests('PUT', /\/api\/agents\//)).toHaveLength(0);

    clock.advance(61_000);
    await service().workflows.tick();
    const done = await waitForWorkflow(service(), tenant.id, started.id, settled);
    expect(done.status).toBe('succeeded');
    expect(byApp(done, apps.desk, 'activateUser')).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(deskState.agents.find((agent) => agent.email === joiner.email)?.suspended).toBe(false);
    expect((await accountsOf(apps.desk)).find((account) => account.email === joiner.email)?.state).toBe('active');
    expect(byApp(done, apps.scim, 'activateUser')).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect([...scim.store.users.values()].find((user) => user.userName === joiner.email)).toMatchObject({ active: true });
    const activated = (await accountsOf(apps.scim)).find((account) => account.email === joiner.email);
    expect(activated?.state).toBe('active');
    expect(activated?.activationDueAt).toBeUndefined();

    // More ticks never send it again: they find nothing ready.
    expect(await service().workflows.tick()).toBe(0);
    expect(await service().workflows.tick()).toBe(0);
    expect(deskRequests('PUT', /\/api\/agents\//)).toHaveLength(1);
  });

  it('one idempotency key starts one workflow; the key with another request is refused', async () => {
    const joiner = await person('Ida Empotent');
    const request = { tenantId: tenant.id, personId: joiner.id, integrationIds: [apps.scim], idempotencyKey: 'onboard-ida', actor };
    const first = await service().workflows.startOnboarding(request);
    const again = await service().workflows.startOnboarding(request);
    expect(again).toMatchObject({ created: false, workflow: { id: first.workflow.id } });
    await expect(service().workflows.startOnboarding({ ...request, integrationIds: [apps.desk] })).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    await waitForWorkflow(service(), tenant.id, first.workflow.id, settled);
    const posts = scim.requests.filter(
      (request) => request.method === 'POST' && request.url.endsWith('/Users') && JSON.stringify(request.body).includes(joiner.email),
    );
    expect(posts).toHaveLength(1);
  });

  it('an account the last import found is linked, not created again', async () => {
    const existing = incident.state.users.find((user) => user.email)!;
    const known = await service().people.create({ tenantId: tenant.id, email: existing.email!.toUpperCase(), name: existing.name, actor });
    const before = incident.server.requests.filter((request) => request.method === 'POST').length;
    const { workflow } = await service().workflows.startOnboarding({
      tenantId: tenant.id,
      personId: known.id,
      integrationIds: [apps.incident],
      idempotencyKey: key(),
      actor,
    });
    expect(workflow.status).toBe('succeeded');
    expect(workflow.tasks).toEqual([
      expect.objectContaining({ action: 'createUser', status: 'skipped', accountId: existing.id, reason: expect.stringContaining('already exists') }),
    ]);
    expect(incident.server.requests.filter((request) => request.method === 'POST').length).toBe(before);
  });

  it('offboards from every application; one failing target leaves needs_attention, and that task alone is retried', async () => {
    const leaver = await person('Lee Aver');
    const onboarded = await service().workflows.startOnboarding({
      tenantId: tenant.id,
      personId: leaver.id,
      integrationIds: [apps.incident, apps.scim, apps.desk],
      idempotencyKey: key(),
      actor,
    });
    expect((await waitForWorkflow(service(), tenant.id, onboarded.workflow.id, settled)).status).toBe('succeeded');
    // The SCIM application keeps accounts: offboarding deactivates there.
    expect(await service().workflows.setSettings({ ...ref(apps.scim), keepAccounts: true, actor })).toEqual({ keepAccounts: true, maxConcurrency: null });
    // The help desk refuses the delete once.
    desk.use(http.delete('*/api/agents/:id', () => HttpResponse.json({ error: { message: 'Agent deletion is locked' } }, { status: 403 }), { once: true }));
    const deskDeletesBefore = deskRequests('DELETE', /\/api\/agents\//).length;

    const { workflow: started } = await service().workflows.startOffboarding({ tenantId: tenant.id, personId: leaver.id, idempotencyKey: key(), actor });
    expect(started.tasks.map((task) => `${task.integrationId}:${task.action}`).sort()).toEqual(
      [`${apps.desk}:deleteUser`, `${apps.incident}:deleteUser`, `${apps.scim}:deactivateUser`].sort(),
    );
    const attention = await waitForWorkflow(service(), tenant.id, started.id, settled);
    expect(attention.status).toBe('needs_attention');
    const failed = attention.tasks.find((task) => task.status === 'failed')!;
    expect(failed).toMatchObject({ integrationId: apps.desk, action: 'deleteUser', error: { code: 'ACTION_FAILED' } });
    expect(attention.tasks.filter((task) => task.status === 'succeeded')).toHaveLength(2);
    expect(incident.state.users.some((user) => user.email === leaver.email)).toBe(false);
    expect((await accountsOf(apps.incident)).find((account) => account.email === leaver.email)?.state).toBe('removed');
    expect((await accountsOf(apps.scim)).find((account) => account.email === leaver.email)?.state).toBe('deactivated');
    expect((await accountsOf(apps.desk)).find((account) => account.email === leaver.email)?.state).not.toBe('removed');

    const scimPatches = scim.requests.filter((request) => request.method === 'PATCH').length;
    const incidentDeletes = incident.server.requests.filter((request) => request.method === 'DELETE').length;
    const retried = await service().workflows.retryTask({ tenantId: tenant.id, workflowId: started.id, taskId: failed.id, actor });
    expect(retried.status).toBe('running');
    const done = await waitForWorkflow(service(), tenant.id, started.id, settled);
    expect(done.status).toBe('succeeded');
    expect(done.tasks.find((task) => task.id === failed.id)).toMatchObject({ status: 'succeeded', attempts: 2 });
    // Only the failed task ran again.
    expect(deskRequests('DELETE', /\/api\/agents\//).length).toBe(deskDeletesBefore + 2);
    expect(scim.requests.filter((request) => request.method === 'PATCH').length).toBe(scimPatches);
    expect(incident.server.requests.filter((request) => request.method === 'DELETE').length).toBe(incidentDeletes);
    expect((await accountsOf(apps.desk)).find((account) => account.email === leaver.email)?.state).toBe('removed');
    await expect(service().workflows.retryTask({ tenantId: tenant.id, workflowId: started.id, taskId: failed.id, actor })).rejects.toMatchObject({
      code: 'WORKFLOW_STATE',
    });
    await service().workflows.setSettings({ ...ref(apps.scim), keepAccounts: false, actor });
  });

  it('offboarding counts an account the target says is gone as done, and lists a manual task where no removal is enabled', async () => {
    const gone = await person('Al Ready Gone');
    const onboarded = await service().workflows.startOnboarding({
      tenantId: tenant.id,
      personId: gone.id,
      integrationIds: [apps.incident, apps.desk],
      idempotencyKey: key(),
      actor,
    });
    expect((await waitForWorkflow(service(), tenant.id, onboarded.workflow.id, settled)).status).toBe('succeeded');
    // Someone removed the user in the incident platform by hand; the desk may not delete or deactivate.
    incident.state.users.splice(
      incident.state.users.findIndex((user) => user.email === gone.email),
      1,
    );
    await service().integrations.setAction({ ...ref(apps.desk), action: 'deleteUser', enabled: false, actor });
    await service().integrations.setAction({ ...ref(apps.desk), action: 'deactivateUser', enabled: false, actor });
    try {
      const { workflow } = await service().workflows.startOffboarding({ tenantId: tenant.id, personId: gone.id, idempotencyKey: key(), actor });
      const manual = workflow.tasks.find((task) => task.integrationId === apps.desk)!;
      expect(manual).toMatchObject({
        action: 'manual',
        status: 'manual',
        reason: expect.stringContaining('neither Delete User nor Deactivate User is enabled'),
      });
      const done = await waitForWorkflow(service(), tenant.id, workflow.id, settled);
      expect(done.status).toBe('needs_attention');
      expect(done.tasks.find((task) => task.integrationId === apps.incident)).toMatchObject({
        status: 'succeeded',
        reason: expect.stringContaining('already absent'),
      });
    } finally {
      await enable(apps.desk, ['deleteUser', 'deactivateUser']);
    }
  });

  it('runs a provisioner action (custom, on Business) with the person and the operator as variables', async () => {
    const member = await person('Wel Come');
    const onboarded = await service().workflows.startOnboarding({
      tenantId: tenant.id,
      personId: member.id,
      integrationIds: [apps.desk],
      idempotencyKey: key(),
      actor,
    });
    const agentId = (await waitForWorkflow(service(), tenant.id, onboarded.workflow.id, settled)).tasks[0]!.accountId!;
    const { workflow } = await service().workflows.startProvisionerAction({
      tenantId: tenant.id,
      personId: member.id,
      integrationId: apps.desk,
      action: 'sendWelcome',
      idempotencyKey: key(),
      actor,
    });
    expect(workflow.kind).toBe('provisioner_action');
    expect((await waitForWorkflow(service(), tenant.id, workflow.id, settled)).status).toBe('succeeded');
    expect(deskState.welcomes).toContainEqual({ id: agentId, by: actor });
  });

  it('refuses a custom action below Business, naming the plan', async () => {
    const standard = await service().tenants.create({ name: 'Standard tenant', plan: 'standard', actor });
    const app = await service().integrations.create({ tenantId: standard.id, actor, type: 'build-your-own', spec: DESK_SPEC, baseUrl: desk.origin });
    await service().integrations.configureAuth({
      tenantId: standard.id,
      integrationId: app.id,
      inputs: { username: deskState.username, password: deskState.password },
      actor,
    });
    const someone = await service().people.create({ tenantId: standard.id, email: 'std@example.com', name: 'Std Person', actor });
    await expect(
      service().workflows.startProvisionerAction({
        tenantId: standard.id,
        personId: someone.id,
        integrationId: app.id,
        action: 'sendWelcome',
        idempotencyKey: key(),
        actor,
      }),
    ).rejects.toMatchObject({ code: 'PLAN_REQUIRED', requiredPlan: 'business' });
  });

  it('Manage > Add User: a workflow per person, and the message says how many people were added', async () => {
    const one = await person('Ad Duser');
    const added = await service().workflows.addUsers({ tenantId: tenant.id, integrationId: apps.incident, personIds: [one.id], idempotencyKey: key(), actor });
    expect(added.message).toBe('A workflow was created to add 1 person to Incident platform (PagerDuty)');
    expect(added.workflows).toHaveLength(1);
    const two = [await person('Tw Oone'), await person('Tw Otwo')];
    const more = await service().workflows.addUsers({
      tenantId: tenant.id,
      integrationId: apps.incident,
      personIds: two.map((p) => p.id),
      idempotencyKey: key(),
      actor,
    });
    expect(more.message).toBe('2 workflows were created to add 2 people to Incident platform (PagerDuty)');
    for (const workflow of [...added.workflows, ...more.workflows])
      expect((await waitForWorkflow(service(), tenant.id, workflow.id, settled)).status).toBe('succeeded');
  });

  it('cancels a workflow while its activation waits: the activation never runs', async () => {
    const later = await person('Can Celled');
    const { workflow } = await service().workflows.startOnboarding({
      tenantId: tenant.id,
      personId: later.id,
      integrationIds: [apps.desk],
      activateAt: new Date(clock.now().getTime() + 3_600_000).toISOString(),
      idempotencyKey: key(),
      actor,
    });
    await waitForWorkflow(service(), tenant.id, workflow.id, (current) => current.tasks[0]!.status === 'succeeded');
    const cancelled = await service().workflows.cancel({ tenantId: tenant.id, workflowId: workflow.id, actor });
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.tasks[1]).toMatchObject({ action: 'activateUser', status: 'skipped', reason: `cancelled by ${actor}` });
    clock.advance(3_601_000);
    // Due now: the tick finds nothing ready (the activation was skipped), and it stays skipped.
    expect(await service().workflows.tick()).toBe(0);
    expect((await service().workflows.get({ tenantId: tenant.id, workflowId: workflow.id })).tasks[1]).toMatchObject({ status: 'skipped' });
    const agent = deskState.agents.find((candidate) => candidate.email === later.email)!;
    expect(agent.suspended).toBe(true);
    await expect(service().workflows.cancel({ tenantId: tenant.id, workflowId: workflow.id, actor })).rejects.toMatchObject({ code: 'WORKFLOW_STATE' });
  });

  it(`bulk onboarding of ${bulkPeople} people against a target that refuses the 51st concurrent creation: all created, none refused`, async () => {
    const csv = ['email,name', ...Array.from({ length: bulkPeople }, (_, index) => `bulk${index}@example.com,Bulk Person ${index}`)].join('\n');
    await service().people.importCsv({ tenantId: tenant.id, csv, actor });
    const people = (await service().people.list({ tenantId: tenant.id })).filter((candidate) => candidate.email.startsWith('bulk'));
    expect(people).toHaveLength(bulkPeople);
    // The creations are held until two are in flight at once: the tasks run side by side, however slow the machine.
    const gate = incident.state.createConcurrency;
    const release = holdCreations(incident.state);
    gate.peak = 0;
    gate.refused = 0;
    // Each creation is two requests (the From lookup and the POST): give the key a budget for those
    // and more, so that this test is about concurrent creations, not the per-minute request budget.
    incident.state.rateLimit.remaining += bulkPeople * 2 + 200;
    const before = incident.state.users.length;
    const { workflows, message } = await service().workflows.addUsers({
      tenantId: tenant.id,
      integrationId: apps.incident,
      personIds: people.map((p) => p.id),
      idempotencyKey: key(),
      actor,
    });
    expect(message).toBe(`${bulkPeople} workflows were created to add ${bulkPeople} people to Incident platform (PagerDuty)`);
    await waitUntil(
      'two creations in flight at once',
      async () => gate.inFlight,
      (inFlight) => inFlight >= 2,
      { intervalMs: 20 },
    );
    release();
    const failures = [];
    for (const workflow of workflows) {
      const done = await waitForWorkflow(service(), tenant.id, workflow.id, settled);
      if (done.status !== 'succeeded') failures.push(done.tasks);
    }
    expect(failures).toEqual([]);
    expect(incident.state.users.length).toBe(before + bulkPeople);
    expect(gate.refused).toBe(0);
    expect(gate.peak).toBeLessThanOrEqual(50);
    expect(gate.peak).toBeGreaterThan(1);
  }, 240_000);
}
