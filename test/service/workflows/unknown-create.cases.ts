/**
 * A creation is never sent twice blindly (issue 23 point 8). Each case loses a creation's answer
 * after the target carried it out: the worker "dies" (the answer never comes, the task's lease
 * runs out on the test's clock and the tick fails it with WORKER_LOST), or the connection is reset
 * after the request was sent. Retrying then looks the account up on the target first: found, it is
 * linked and the task succeeds without a second creation; when the lookup fails, the task fails
 * (CREATE_UNVERIFIED) and nothing is sent. Against a SCIM server and the prebuilt incident platform.
 * Shared by the embedded run and the PostgreSQL run.
 */
import { getResponse, http, HttpResponse } from 'msw';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  DEMO_FULL_ACCESS_KEY,
  incidentPlatformHandlers,
  seedUsers,
  startIncidentPlatform,
  type IncidentPlatformSimulator,
} from '../../../src/simulators/incident-platform/index.js';
import { DEFAULT_WORKFLOW_POLICY } from '../../../src/service/workflows/workflow-operations.js';
import type { Service, Tenant, Workflow } from '../../../src/service/index.js';
import { startScimServer, type ScimServer } from '../../targets/scim/server.js';
import { waitForWorkflow, type TestClock } from './workflows.cases.js';

const actor = 'hr-ops@example.com';
const SCIM_TOKEN = 'scim-unknown-create-token';
const settled = (workflow: Workflow) => workflow.status !== 'running';

async function until<T>(what: string, probe: () => T | undefined): Promise<T> {
  for (let tries = 0; tries < 300; tries += 1) {
    const value = probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never happened: ${what}`);
}

export function describeUnknownCreates(fixture: { service: Service }, clock: TestClock): void {
  const service = () => fixture.service;
  let tenant: Tenant;
  let incident: IncidentPlatformSimulator;
  let scim: ScimServer;
  const apps = { incident: '', scim: '' };
  const ref = (integrationId: string) => ({ tenantId: tenant.id, integrationId });
  let keys = 0;
  const key = () => `unknown-create-${(keys += 1)}`;

  beforeAll(async () => {
    tenant = await service().tenants.create({ name: 'Unknown creates', plan: 'business', actor });
    await service().startWorkers();
    incident = await startIncidentPlatform({ users: seedUsers({ count: 3 }) });
    scim = await startScimServer({ token: SCIM_TOKEN });
    apps.incident = (
      await service().integrations.create({ tenantId: tenant.id, actor, type: 'prebuilt', connector: 'incident-platform', baseUrl: incident.server.origin })
    ).id;
    expect(await service().integrations.configureAuth({ ...ref(apps.incident), inputs: { token: DEMO_FULL_ACCESS_KEY }, actor })).toMatchObject({ ok: true });
    for (const action of ['createUser', 'deleteUser']) await service().integrations.setAction({ ...ref(apps.incident), action, enabled: true, actor });
    apps.scim = (await service().integrations.create({ tenantId: tenant.id, actor, type: 'scim', scimBaseUrl: scim.baseUrl })).id;
    expect(await service().integrations.configureAuth({ ...ref(apps.scim), inputs: { token: SCIM_TOKEN }, actor })).toMatchObject({ ok: true });
    await service().integrations.setAction({ ...ref(apps.scim), action: 'createUser', enabled: true, actor });
  });
  afterAll(async () => {
    await service().stopWorkers();
    await Promise.all([incident?.close(), scim?.close()]);
  });

  const person = (name: string) => service().people.create({ tenantId: tenant.id, email: `${name.toLowerCase().replace(/ /g, '.')}@example.com`, name, actor });
  const onboard = async (personId: string, integrationId: string) =>
    (await service().workflows.startOnboarding({ tenantId: tenant.id, personId, integrationIds: [integrationId], idempotencyKey: key(), actor })).workflow;
  const retry = (workflow: Workflow) => service().workflows.retryTask({ tenantId: tenant.id, workflowId: workflow.id, taskId: workflow.tasks[0]!.id, actor });
  const scimUsers = (email: string) => [...scim.store.users.values()].filter((user) => user.userName === email);
  const scimPosts = (email: string) =>
    scim.requests.filter((request) => request.method === 'POST' && request.url.endsWith('/Users') && JSON.stringify(request.body).includes(email));
  const incidentUsers = (email: string) => incident.state.users.filter((user) => user.email === email);
  const incidentPosts = () => incident.server.requests.filter((request) => request.method === 'POST' && request.url.startsWith('/users')).length;
  const accountOf = async (integrationId: string, email: string) =>
    (await service().sync.listAccounts({ ...ref(integrationId), limit: 500 })).accounts.find((account) => account.email === email);
  const audited = async (event: string) => (await service().audit.list({ tenantId: tenant.id, limit: 500 })).entries.filter((entry) => entry.event === event);

  /** The worker "dies": its request is never answered; the lease runs out on the clock and the tick fails the task. */
  async function loseWorker(workflow: Workflow): Promise<Workflow> {
    clock.advance((DEFAULT_WORKFLOW_POLICY.taskLeaseSeconds + 60) * 1000);
    await service().workflows.tick();
    return waitForWorkflow(service(), tenant.id, workflow.id, settled);
  }

  it('SCIM: a creation whose worker died is looked up on Retry, found, and linked; the target holds one account', async () => {
    const joiner = await person('Lost Scim');
    scim.quirks.loseCreateAnswer = 'hang';
    let workflow: Workflow;
    try {
      workflow = await onboard(joiner.id, apps.scim);
      await until('the SCIM server holding the user', () => scimUsers(joiner.email)[0]);
    } finally {
      scim.quirks.loseCreateAnswer = undefined;
    }
    const lost = await loseWorker(workflow);
    expect(lost.status).toBe('needs_attention');
    expect(lost.tasks[0]).toMatchObject({ status: 'failed', error: { code: 'WORKER_LOST' } });

    const retried = await waitForWorkflow(service(), tenant.id, (await retry(lost)).id, settled);
    const stored = scimUsers(joiner.email);
    expect(stored).toHaveLength(1);
    expect(scimPosts(joiner.email)).toHaveLength(1);
    expect(retried.status).toBe('succeeded');
    expect(retried.tasks[0]).toMatchObject({ status: 'succeeded', attempts: 2, reason: 'found on target, not re-created', accountId: stored[0]!.id });
    expect(await accountOf(apps.scim, joiner.email)).toMatchObject({ externalId: stored[0]!.id, personId: joiner.id });
    expect(await audited('workflow.create_found_on_target')).toContainEqual(
      expect.objectContaining({ integrationId: apps.scim, detail: expect.objectContaining({ workflowId: workflow.id, accountId: stored[0]!.id }) }),
    );
  });

  it('incident platform (prebuilt): a creation whose worker died is found on Retry; one account, one POST', async () => {
    const joiner = await person('Lost Incident');
    // The target creates the user, and the answer never comes.
    incident.server.use(
      http.post('*/users', async ({ request }) => {
        await getResponse(incidentPlatformHandlers(incident.state), request);
        return new HttpResponse(null, { headers: { 'x-simulate-hang': '1' } });
      }),
    );
    const workflow = await onboard(joiner.id, apps.incident);
    await until('the incident platform holding the user', () => incidentUsers(joiner.email)[0]);
    incident.server.reset(); // also forgets the requests recorded so far
    const lost = await loseWorker(workflow);
    expect(lost.tasks[0]).toMatchObject({ status: 'failed', error: { code: 'WORKER_LOST' } });

    const retried = await waitForWorkflow(service(), tenant.id, (await retry(lost)).id, settled);
    const users = incidentUsers(joiner.email);
    expect(users).toHaveLength(1);
    expect(incidentPosts()).toBe(0);
    expect(retried.tasks[0]).toMatchObject({ status: 'succeeded', attempts: 2, reason: 'found on target, not re-created', accountId: users[0]!.id });
    expect(await accountOf(apps.incident, joiner.email)).toMatchObject({ externalId: users[0]!.id, personId: joiner.id });
  });

  it('a connection reset after the creation was sent: the task fails with its outcome unknown, and Retry finds the account', async () => {
    const joiner = await person('Reset Scim');
    scim.quirks.loseCreateAnswer = 'reset';
    let failed: Workflow;
    try {
      failed = await waitForWorkflow(service(), tenant.id, (await onboard(joiner.id, apps.scim)).id, settled);
    } finally {
      scim.quirks.loseCreateAnswer = undefined;
    }
    expect(failed.tasks[0]).toMatchObject({ status: 'failed', error: { code: 'ACTION_FAILED', failure: { code: 'NETWORK' } } });
    expect(scimUsers(joiner.email)).toHaveLength(1);
    const retried = await waitForWorkflow(service(), tenant.id, (await retry(failed)).id, settled);
    expect(retried.tasks[0]).toMatchObject({ status: 'succeeded', reason: 'found on target, not re-created' });
    expect(scimUsers(joiner.email)).toHaveLength(1);
    expect(scimPosts(joiner.email)).toHaveLength(1);
  });

  it('when the lookup fails, the task fails loudly and nothing is sent; when the account is not there, Retry creates it once', async () => {
    const joiner = await person('Unchecked Incident');
    incident.server.use(http.post('*/users', () => new HttpResponse(null, { headers: { 'x-simulate-hang': '1' } })));
    const workflow = await onboard(joiner.id, apps.incident);
    await until('the creation sent', () =>
      incident.server.requests.some((request) => request.method === 'POST' && request.body.includes(joiner.email)) ? true : undefined,
    );
    incident.server.reset();
    const lost = await loseWorker(workflow);
    expect(lost.tasks[0]).toMatchObject({ status: 'failed', error: { code: 'WORKER_LOST' } });

    // The lookup (Import Users) fails: not created, failed with the reason, audited.
    incident.server.use(http.get('*/users', () => HttpResponse.json({ error: { message: 'Internal error', code: 2001 } }, { status: 500 })));
    const unverified = await waitForWorkflow(service(), tenant.id, (await retry(lost)).id, settled);
    expect(unverified.tasks[0]).toMatchObject({ status: 'failed', attempts: 2, error: { code: 'CREATE_UNVERIFIED' } });
    expect(incident.server.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
    expect(await audited('workflow.create_unverified')).toContainEqual(
      expect.objectContaining({ detail: expect.objectContaining({ workflowId: workflow.id }) }),
    );
    incident.server.reset();

    // The target answers: the account is not there (the lost request never created it), so it is created, once.
    const created = await waitForWorkflow(service(), tenant.id, (await retry(unverified)).id, settled);
    expect(created.tasks[0]).toMatchObject({ status: 'succeeded', attempts: 3 });
    expect(created.tasks[0]!.reason).toBeUndefined();
    expect(incidentUsers(joiner.email)).toHaveLength(1);
    expect(incident.server.requests.filter((request) => request.method === 'POST' && request.body.includes(joiner.email))).toHaveLength(1);
  });
}
