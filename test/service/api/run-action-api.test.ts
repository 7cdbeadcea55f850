/**
 * One path runs a write action and reflects it in the Accounts list, whoever calls it: a Create
 * User and a Delete User run through `POST /v1/integrations/:id/actions/:action/run` show in the
 * Accounts list as the same actions run by workflow tasks do (added, linked to the person, then
 * removed), each account event naming who ran it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_FULL_ACCESS_KEY, seedUsers, startIncidentPlatform, type IncidentPlatformSimulator } from '../../../src/simulators/incident-platform/index.js';
import { embeddedStorage } from '../helpers/service-fixture.js';
import { useApi, type TenantTokens } from './api-fixture.js';

const fixture = useApi(embeddedStorage('api-run-action'));
let incident: IncidentPlatformSimulator;
let tokens: TenantTokens;
let other: TenantTokens;
let integrationId: string;

beforeAll(async () => {
  incident = await startIncidentPlatform({ users: seedUsers({ count: 2 }) });
  tokens = await fixture.tenantWithTokens('standard', 'Runs');
  other = await fixture.tenantWithTokens('standard', 'Other');
  integrationId = (
    await fixture.call(tokens.admin, 'POST', '/v1/integrations', { type: 'prebuilt', connector: 'incident-platform', baseUrl: incident.server.origin })
  ).body.id;
  expect((await fixture.call(tokens.admin, 'PUT', `/v1/integrations/${integrationId}/auth`, { inputs: { token: DEMO_FULL_ACCESS_KEY } })).status).toBe(200);
  for (const action of ['createUser', 'deleteUser']) {
    expect((await fixture.call(tokens.admin, 'PUT', `/v1/integrations/${integrationId}/actions/${action}`, { enabled: true })).status).toBe(200);
  }
  await fixture.service.startWorkers();
});
afterAll(async () => {
  await fixture.service.stopWorkers();
  await incident?.close();
});

interface ListedAccount {
  id: string;
  externalId: string;
  email: string;
  state: string;
  admin: boolean;
  link: string;
  personId: string | null;
}

async function accountOf(email: string): Promise<ListedAccount | undefined> {
  const listed = await fixture.call(tokens.viewer, 'GET', `/v1/integrations/${integrationId}/accounts`);
  expect(listed.status).toBe(200);
  return (listed.body.accounts as ListedAccount[]).find((account) => account.email === email);
}

async function settled(workflowId: string): Promise<{ status: string }> {
  let read = (await fixture.call(tokens.viewer, 'GET', `/v1/workflows/${workflowId}`)).body;
  for (let tries = 0; tries < 200 && read.status === 'running'; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    read = (await fixture.call(tokens.viewer, 'GET', `/v1/workflows/${workflowId}`)).body;
  }
  return read;
}

/** What the Accounts list says of an account, without what differs between two accounts. */
const shown = (account: ListedAccount | undefined) => account && { state: account.state, admin: account.admin, link: account.link };

it('a Create User and a Delete User run through the API change the Accounts list as the workflow tasks do', { timeout: 60_000 }, async () => {
  const byApi = (await fixture.call(tokens.admin, 'POST', '/v1/people', { email: 'api.run@example.com', name: 'Api Run' })).body;
  const byWorkflow = (await fixture.call(tokens.admin, 'POST', '/v1/people', { email: 'task.run@example.com', name: 'Task Run' })).body;

  // Created: by the API's run, and by an onboarding workflow's task.
  const created = await fixture.call(tokens.admin, 'POST', `/v1/integrations/${integrationId}/actions/createUser/run`, {
    user: { email: 'api.run@example.com', name: 'Api Run' },
  });
  expect(created.status).toBe(200);
  const createdId: string = created.body.result.account.id;
  const onboarding = await fixture.call(
    tokens.admin,
    'POST',
    '/v1/workflows/onboarding',
    { personId: byWorkflow.id, integrationIds: [integrationId] },
    { 'idempotency-key': 'onboard-task-run' },
  );
  expect(await settled(onboarding.body.id)).toMatchObject({ status: 'succeeded' });

  const apiAccount = await accountOf('api.run@example.com');
  const taskAccount = await accountOf('task.run@example.com');
  expect(apiAccount).toMatchObject({ externalId: createdId, personId: byApi.id, link: 'linked' });
  expect(taskAccount).toMatchObject({ personId: byWorkflow.id, link: 'linked' });
  expect(shown(apiAccount)).toEqual(shown(taskAccount));
  const apiEvents = (await fixture.call(tokens.viewer, 'GET', `/v1/accounts/${apiAccount!.id}/events`)).body.events;
  const taskEvents = (await fixture.call(tokens.viewer, 'GET', `/v1/accounts/${taskAccount!.id}/events`)).body.events;
  expect(apiEvents.map((event: { kind: string }) => event.kind)).toEqual(taskEvents.map((event: { kind: string }) => event.kind));
  expect(apiEvents[0]).toMatchObject({ kind: 'added', detail: { email: 'api.run@example.com', actor: expect.any(String) } });
  expect(taskEvents[0]).toMatchObject({ kind: 'added', detail: { email: 'task.run@example.com', workflowId: onboarding.body.id } });

  // Deleted: by the API's run, and by an offboarding workflow's task.
  const deleted = await fixture.call(tokens.admin, 'POST', `/v1/integrations/${integrationId}/actions/deleteUser/run`, { account: { id: createdId } });
  expect(deleted.status).toBe(200);
  const offboarding = await fixture.call(
    tokens.admin,
    'POST',
    '/v1/workflows/offboarding',
    { personId: byWorkflow.id },
    { 'idempotency-key': 'offboard-task-run' },
  );
  expect(await settled(offboarding.body.id)).toMatchObject({ status: 'succeeded' });
  expect(incident.state.users.map((user) => user.email)).not.toContain('api.run@example.com');

  const apiRemoved = await accountOf('api.run@example.com');
  const taskRemoved = await accountOf('task.run@example.com');
  expect(apiRemoved).toMatchObject({ state: 'removed' });
  expect(shown(apiRemoved)).toEqual(shown(taskRemoved));
  const removal = (await fixture.call(tokens.viewer, 'GET', `/v1/accounts/${apiRemoved!.id}/events`)).body.events.at(-1);
  expect(removal).toMatchObject({ kind: 'removed', detail: { state: 'removed', actor: expect.any(String) } });

  // Another tenant sees neither the integration nor its accounts.
  expect((await fixture.call(other.viewer, 'GET', `/v1/integrations/${integrationId}/accounts`)).status).toBe(404);
  expect((await fixture.call(other.viewer, 'GET', `/v1/accounts/${apiAccount!.id}/events`)).body).toEqual({ events: [] });
});
