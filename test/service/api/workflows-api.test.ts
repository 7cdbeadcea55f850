/**
 * The workflow routes over HTTP: the Idempotency-Key header (201 the first time, 200 with the same
 * workflow after, 409 with another request, 400 without one), Manage > Add User's message, the
 * workflow read back with its tasks, and the integration's workflow settings.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_FULL_ACCESS_KEY, seedUsers, startIncidentPlatform, type IncidentPlatformSimulator } from '../../../src/simulators/incident-platform/index.js';
import { INPUT_RULES, rangeText } from '../../../src/service/input-rules.js';
import { embeddedStorage } from '../helpers/service-fixture.js';
import { useApi, type TenantTokens } from './api-fixture.js';

const fixture = useApi(embeddedStorage('api-workflows'));
let incident: IncidentPlatformSimulator;
let tokens: TenantTokens;
let integrationId: string;
let personId: string;

beforeAll(async () => {
  incident = await startIncidentPlatform({ users: seedUsers({ count: 2 }) });
  tokens = await fixture.tenantWithTokens('standard');
  integrationId = (
    await fixture.call(tokens.admin, 'POST', '/v1/integrations', { type: 'prebuilt', connector: 'incident-platform', baseUrl: incident.server.origin })
  ).body.id;
  expect((await fixture.call(tokens.admin, 'PUT', `/v1/integrations/${integrationId}/auth`, { inputs: { token: DEMO_FULL_ACCESS_KEY } })).status).toBe(200);
  expect((await fixture.call(tokens.admin, 'PUT', `/v1/integrations/${integrationId}/actions/createUser`, { enabled: true })).status).toBe(200);
  personId = (await fixture.call(tokens.admin, 'POST', '/v1/people', { email: 'new.hire@example.com', name: 'New Hire' })).body.id;
  await fixture.service.startWorkers();
});
afterAll(async () => {
  await fixture.service.stopWorkers();
  await incident?.close();
});

it('Manage > Add User answers with the message and the workflow; the Idempotency-Key header makes a repeat harmless', async () => {
  const headers = { 'idempotency-key': 'add-new-hire-1' };
  const first = await fixture.call(tokens.admin, 'POST', `/v1/integrations/${integrationId}/add-users`, { personIds: [personId] }, headers);
  expect(first.status).toBe(201);
  expect(first.body.message).toBe('A workflow was created to add 1 person to Incident platform (PagerDuty)');
  const [workflow] = first.body.workflows;
  expect(workflow).toMatchObject({ kind: 'onboarding', personId, tasks: [{ integrationId, action: 'createUser' }] });

  const again = await fixture.call(tokens.admin, 'POST', `/v1/integrations/${integrationId}/add-users`, { personIds: [personId] }, headers);
  expect(again.body.workflows[0].id).toBe(workflow.id);

  let read = workflow;
  for (let tries = 0; tries < 100 && read.status === 'running'; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    read = (await fixture.call(tokens.viewer, 'GET', `/v1/workflows/${workflow.id}`)).body;
  }
  expect(read).toMatchObject({ status: 'succeeded', tasks: [{ status: 'succeeded', attempts: 1 }] });
  expect(incident.state.users.filter((user) => user.email === 'new.hire@example.com')).toHaveLength(1);
  const listed = await fixture.call(tokens.viewer, 'GET', '/v1/workflows?status=succeeded');
  expect(listed.body.workflows.map((item: { id: string }) => item.id)).toContain(workflow.id);
});

it('starts answer 201, then 200 for the same key and request, 409 for the key with another request, 400 without a key', async () => {
  const body = { personId, integrationIds: [integrationId] };
  const first = await fixture.call(tokens.admin, 'POST', '/v1/workflows/onboarding', body, { 'idempotency-key': 'onboard-2' });
  expect(first.status).toBe(201);
  const replay = await fixture.call(tokens.admin, 'POST', '/v1/workflows/onboarding', body, { 'idempotency-key': 'onboard-2' });
  expect(replay.status).toBe(200);
  expect(replay.body.id).toBe(first.body.id);
  const other = await fixture.call(
    tokens.admin,
    'POST',
    '/v1/workflows/onboarding',
    { ...body, activateAt: '2030-01-01T00:00:00Z' },
    { 'idempotency-key': 'onboard-2' },
  );
  expect(other.status).toBe(409);
  expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
  const keyless = await fixture.call(tokens.admin, 'POST', '/v1/workflows/offboarding', { personId });
  expect(keyless.status).toBe(400);
  expect(keyless.body.detail).toContain('Idempotency-Key');
  const badTime = await fixture.call(tokens.admin, 'POST', '/v1/workflows/onboarding', { ...body, activateAt: 'tomorrow' }, { 'idempotency-key': 'onboard-3' });
  expect(badTime.status).toBe(400);
  expect(badTime.text).toContain('activateAt');
});

it('an integration’s workflow settings: read, changed by an admin, refused for a viewer', async () => {
  expect((await fixture.call(tokens.viewer, 'GET', `/v1/integrations/${integrationId}/workflow-settings`)).body).toEqual({
    keepAccounts: false,
    maxConcurrency: null,
  });
  // Keep accounts needs Deactivate User, which the incident platform does not have: refused, nothing saved.
  const keep = await fixture.call(tokens.admin, 'PUT', `/v1/integrations/${integrationId}/workflow-settings`, { keepAccounts: true, maxConcurrency: 5 });
  expect(keep.status).toBe(409);
  expect(keep.body.code).toBe('DEACTIVATE_REQUIRED');
  const changed = await fixture.call(tokens.admin, 'PUT', `/v1/integrations/${integrationId}/workflow-settings`, { maxConcurrency: 5 });
  expect(changed.body).toEqual({ keepAccounts: false, maxConcurrency: 5 });
  expect((await fixture.call(tokens.viewer, 'PUT', `/v1/integrations/${integrationId}/workflow-settings`, { keepAccounts: false })).status).toBe(403);
  expect((await fixture.call(tokens.admin, 'PUT', `/v1/integrations/${integrationId}/workflow-settings`, { maxConcurrency: 0 })).status).toBe(400);
});

it('the concurrency rule, written once, bounds the route schema, the service and the OpenAPI document alike', async () => {
  const rule = INPUT_RULES.workflowConcurrency;
  const url = `/v1/integrations/${integrationId}/workflow-settings`;
  for (const [value, accepted] of [
    [rule.minimum, true],
    [rule.maximum, true],
    [rule.minimum - 1, false],
    [rule.maximum + 1, false],
  ] as const) {
    const answer = await fixture.call(tokens.admin, 'PUT', url, { maxConcurrency: value });
    if (accepted) expect(answer.body, String(value)).toMatchObject({ maxConcurrency: value });
    else expect(answer.body, String(value)).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ pointer: '/body/maxConcurrency' }] });
    const direct = fixture.service.workflows.setSettings({ tenantId: tokens.tenant.id, integrationId, maxConcurrency: value, actor: 'operator' });
    if (accepted) await expect(direct).resolves.toMatchObject({ maxConcurrency: value });
    else await expect(direct).rejects.toMatchObject({ code: 'INVALID_INPUT', message: `maxConcurrency must be a whole number from ${rangeText(rule)}` });
  }
  const document = (await fixture.call(undefined, 'GET', '/openapi.json')).body;
  expect(
    document.paths['/v1/integrations/{integrationId}/workflow-settings'].put.requestBody.content['application/json'].schema.properties.maxConcurrency,
  ).toMatchObject({ minimum: rule.minimum, maximum: rule.maximum });
});
