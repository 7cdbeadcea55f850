/**
 * Correcting an integration through the HTTP API (issue 23 points 2 and 6), shared by the embedded
 * run and test/postgres/: names (SCIM ones from their host, the OAuth SCIM variant choosable),
 * rename, re-point and new credentials saved only after a passing connection test, disable (no
 * sync, no action; a workflow task fails with INTEGRATION_DISABLED and is retried once enabled),
 * delete with confirmation (accounts kept as history, gone from the Access Grid and from
 * offboarding), Keep accounts only with Deactivate User, and a custom action's declared
 * variables checked before a run starts and on retry.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_FULL_ACCESS_KEY, seedUsers, startIncidentPlatform, type IncidentPlatformSimulator } from '../../../src/simulators/incident-platform/index.js';
import type { ApiFixture, TenantTokens } from './api-fixture.js';

/** A customer's spec for the incident platform simulator with Deactivate User and a custom action that declares variables. */
export const VARIABLES_SPEC = `specVersion: 1
id: acme-tags
name: Acme tags
type: custom
inputs:
  baseUrl: {label: Base URL, type: url, required: true}
  token: {label: API key, secret: true, required: true}
auth:
  type: apiKey
  in: header
  name: Authorization
  value: "Token token={{ .Key }}"
  key: token
headers:
  Accept: application/vnd.pagerduty+json;version=2
actions:
  importUsers:
    path: /users
    records: .users
    mapping: {id: .id, email: '.email // ""', name: '.name // ""'}
  deleteUser:
    method: DELETE
    path: /users/{account.id}
    success: [204]
  deactivateUser:
    method: DELETE
    path: /users/{account.id}
    success: [204]
  custom:
    tagUser:
      label: Tag a user
      method: GET
      path: /users
      query: {tag: "{{vars.assetTag}}", count: "{{vars.quantity}}"}
      variables:
        assetTag: {type: string, required: true, description: Asset tag}
        quantity: {type: number, description: How many}
        urgent: {type: boolean}
`;

export function describeIntegrationLifecycle(fixture: ApiFixture): void {
  let incident: IncidentPlatformSimulator;
  let moved: IncidentPlatformSimulator;
  let tokens: TenantTokens;
  const call = (token: string | undefined, method: string, url: string, body?: unknown, headers?: Record<string, string>) =>
    fixture.call(token, method, url, body, headers);
  const auditOf = async (integrationId: string) =>
    (await call(tokens.viewer, 'GET', `/v1/audit?limit=500&integrationId=${integrationId}`)).body.entries as Array<{
      event: string;
      detail: Record<string, unknown>;
    }>;
  const settled = async (workflowId: string) => {
    let read = (await call(tokens.viewer, 'GET', `/v1/workflows/${workflowId}`)).body;
    for (let tries = 0; tries < 300 && read.status === 'running'; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      read = (await call(tokens.viewer, 'GET', `/v1/workflows/${workflowId}`)).body;
    }
    return read;
  };
  const prebuilt = async (origin: string, name?: string) => {
    const created = await call(tokens.admin, 'POST', '/v1/integrations', {
      type: 'prebuilt',
      connector: 'incident-platform',
      baseUrl: origin,
      ...(name ? { name } : {}),
    });
    expect(created.status, created.text).toBe(201);
    expect((await call(tokens.admin, 'PUT', `/v1/integrations/${created.body.id}/auth`, { inputs: { token: DEMO_FULL_ACCESS_KEY } })).status).toBe(200);
    return created.body.id as string;
  };
  const byo = async () => {
    const created = await call(tokens.admin, 'POST', '/v1/integrations', { type: 'build-your-own', spec: VARIABLES_SPEC });
    expect(created.status, created.text).toBe(201);
    const auth = await call(tokens.admin, 'PUT', `/v1/integrations/${created.body.id}/auth`, {
      inputs: { baseUrl: incident.server.origin, token: DEMO_FULL_ACCESS_KEY },
    });
    expect(auth.status, auth.text).toBe(200);
    return created.body.id as string;
  };

  beforeAll(async () => {
    incident = await startIncidentPlatform({ users: seedUsers({ count: 3, withoutEmailEvery: 100 }) });
    moved = await startIncidentPlatform({ users: seedUsers({ count: 2, withoutEmailEvery: 100 }) });
    tokens = await fixture.tenantWithTokens('business', 'Correcting tenant');
    await fixture.service.startWorkers();
  });
  afterAll(async () => {
    await fixture.service.stopWorkers();
    await incident?.close();
    await moved?.close();
  });

  it('names every integration: SCIM ones after their host, the OAuth SCIM variant included; a rename is audited', async () => {
    const first = await call(tokens.admin, 'POST', '/v1/integrations', { type: 'scim', scimBaseUrl: 'https://acme.example.com/scim/v2' });
    expect(first.body).toMatchObject({ name: 'SCIM 2.0 (acme.example.com)', connector: 'scim-2-0', disabled: null });
    const oauth = await call(tokens.admin, 'POST', '/v1/integrations', {
      type: 'scim',
      connector: 'scim-2-0-oauth',
      scimBaseUrl: 'https://hr.example.org/scim',
    });
    expect(oauth.status, oauth.text).toBe(201);
    expect(oauth.body).toMatchObject({ connector: 'scim-2-0-oauth', name: 'SCIM 2.0 (OAuth 2.0 client credentials) (hr.example.org)' });
    const unknown = await call(tokens.admin, 'POST', '/v1/integrations', { type: 'scim', connector: 'okta', scimBaseUrl: 'https://x.example.com/scim' });
    expect(unknown.status).toBe(400);

    const renamed = await call(tokens.admin, 'PATCH', `/v1/integrations/${first.body.id}`, { name: 'Chat (SCIM)' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.name).toBe('Chat (SCIM)');
    expect((await call(tokens.viewer, 'GET', `/v1/integrations/${first.body.id}`)).body.name).toBe('Chat (SCIM)');
    expect((await auditOf(first.body.id)).find((entry) => entry.event === 'integration.renamed')?.detail).toEqual({
      from: 'SCIM 2.0 (acme.example.com)',
      to: 'Chat (SCIM)',
    });
    expect((await call(tokens.viewer, 'PATCH', `/v1/integrations/${first.body.id}`, { name: 'x' })).status).toBe(403);
    expect((await call(tokens.admin, 'PATCH', `/v1/integrations/${first.body.id}`, {})).status).toBe(400);
    // Before authentication, a new SCIM base URL is saved as given (the authentication step tests it).
    const repointed = await call(tokens.admin, 'PATCH', `/v1/integrations/${first.body.id}`, { baseUrl: 'https://chat.example.com/scim/v2' });
    expect(repointed.body.settings.baseUrl).toBe('https://chat.example.com/scim/v2');
  });

  it('re-points and re-keys only after a passing connection test; a failing one saves nothing, not even the name', async () => {
    const id = await prebuilt(incident.server.origin);
    const before = (await call(tokens.viewer, 'GET', `/v1/integrations/${id}`)).body;
    const unreachable = await call(tokens.admin, 'PATCH', `/v1/integrations/${id}`, { name: 'Pager', baseUrl: 'http://127.0.0.1:9' });
    expect(unreachable.status).toBe(422);
    expect(unreachable.body).toMatchObject({ code: 'AUTH_TEST_FAILED', failure: { code: expect.any(String) } });
    const wrongKey = await call(tokens.admin, 'PATCH', `/v1/integrations/${id}`, { inputs: { token: 'not-a-key' } });
    expect(wrongKey.status).toBe(422);
    expect(wrongKey.text).not.toContain('not-a-key');
    const after = (await call(tokens.viewer, 'GET', `/v1/integrations/${id}`)).body;
    expect({ name: after.name, baseUrl: after.baseUrl, authConfiguredAt: after.authConfiguredAt }).toEqual({
      name: before.name,
      baseUrl: before.baseUrl,
      authConfiguredAt: before.authConfiguredAt,
    });

    // The saved key, tested against the new address, then used there.
    const repointed = await call(tokens.admin, 'PATCH', `/v1/integrations/${id}`, { baseUrl: moved.server.origin, name: 'Pager (moved)' });
    expect(repointed.status, repointed.text).toBe(200);
    expect(repointed.body).toMatchObject({ baseUrl: moved.server.origin, name: 'Pager (moved)' });
    expect((await call(tokens.admin, 'PUT', `/v1/integrations/${id}/actions/importUsers`, { enabled: true })).status).toBe(200);
    const seenBefore = moved.server.requests.length;
    const run = await call(tokens.admin, 'POST', `/v1/integrations/${id}/actions/importUsers/run`, {});
    expect(run.status, run.text).toBe(200);
    expect(run.body.accounts).toHaveLength(2);
    expect(moved.server.requests.length).toBeGreaterThan(seenBefore);
    const events = (await auditOf(id)).map((entry) => entry.event);
    expect(events).toEqual(expect.arrayContaining(['integration.auth_test_failed', 'integration.auth_configured', 'integration.renamed']));
    expect((await auditOf(id)).find((entry) => entry.event === 'integration.auth_configured' && entry.detail.baseUrl)?.detail.baseUrl).toBe(
      moved.server.origin,
    );
  });

  it('a disabled integration is kept and shown, runs no sync and no action; its workflow task fails loudly and is retried once enabled', async () => {
    const id = await prebuilt(incident.server.origin, 'Pager (to disable)');
    expect((await call(tokens.admin, 'PUT', `/v1/integrations/${id}/actions/createUser`, { enabled: true })).status).toBe(200);
    const disabled = await call(tokens.admin, 'POST', `/v1/integrations/${id}/disable`);
    expect(disabled.status, disabled.text).toBe(200);
    expect(disabled.body.disabled).toMatchObject({ since: expect.any(String), by: expect.stringContaining('token') });
    expect(
      (await call(tokens.viewer, 'GET', '/v1/integrations?limit=500')).body.integrations.find((item: { id: string }) => item.id === id).disabled,
    ).not.toBeNull();
    expect((await call(tokens.admin, 'POST', `/v1/integrations/${id}/disable`)).status).toBe(200);

    for (const [method, url, body] of [
      ['POST', `/v1/integrations/${id}/sync`, undefined],
      ['POST', `/v1/integrations/${id}/actions/importUsers/run`, {}],
      ['PUT', `/v1/integrations/${id}/actions/importUsers`, { enabled: true }],
    ] as const) {
      const refused = await call(tokens.admin, method, url, body);
      expect(refused.status, url).toBe(409);
      expect(refused.body.code, url).toBe('INTEGRATION_DISABLED');
    }

    const person = (await call(tokens.admin, 'POST', '/v1/people', { email: 'dee.sabled@example.com', name: 'Dee Sabled' })).body;
    const started = await call(
      tokens.admin,
      'POST',
      '/v1/workflows/onboarding',
      { personId: person.id, integrationIds: [id] },
      { 'idempotency-key': 'disabled-1' },
    );
    expect(started.status, started.text).toBe(201);
    const failed = await settled(started.body.id);
    expect(failed.status).toBe('needs_attention');
    const task = failed.tasks.find((item: { action: string }) => item.action === 'createUser');
    expect(task).toMatchObject({ status: 'failed', error: { code: 'INTEGRATION_DISABLED' } });
    expect(incident.state.users.some((user) => user.email === 'dee.sabled@example.com')).toBe(false);

    expect((await call(tokens.admin, 'POST', `/v1/integrations/${id}/enable`)).body.disabled).toBeNull();
    expect((await call(tokens.admin, 'POST', `/v1/workflows/${started.body.id}/tasks/${task.id}/retry`)).status).toBe(200);
    expect((await settled(started.body.id)).status).toBe('succeeded');
    expect(incident.state.users.some((user) => user.email === 'dee.sabled@example.com')).toBe(true);
    expect((await auditOf(id)).map((entry) => entry.event)).toEqual(expect.arrayContaining(['integration.disabled', 'integration.enabled']));
  });

  it('deletes only with its name as confirmation; its accounts stay as history but leave the Access Grid and offboarding', async () => {
    const id = await prebuilt(incident.server.origin, 'Pager (typo)');
    const keep = await prebuilt(incident.server.origin, 'Pager (kept)');
    for (const integration of [id, keep]) {
      expect((await call(tokens.admin, 'PUT', `/v1/integrations/${integration}/actions/importUsers`, { enabled: true })).status).toBe(200);
      expect((await call(tokens.admin, 'PUT', `/v1/integrations/${integration}/actions/deleteUser`, { enabled: true })).status).toBe(200);
    }
    // Enabling Import Users synced each at once: wait for both Accounts lists.
    for (const integration of [id, keep]) {
      let runs = (await call(tokens.viewer, 'GET', `/v1/integrations/${integration}/sync/runs`)).body.runs;
      for (let tries = 0; tries < 300 && runs[0]?.status !== 'succeeded'; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        runs = (await call(tokens.viewer, 'GET', `/v1/integrations/${integration}/sync/runs`)).body.runs;
      }
      expect(runs[0]?.status).toBe('succeeded');
    }
    const user = incident.state.users.find((candidate) => candidate.email)!;
    const imported = incident.state.users.length;
    const person = (await call(tokens.admin, 'POST', '/v1/people', { email: user.email, name: user.name })).body;
    const grid = async () => (await call(tokens.viewer, 'GET', '/v1/access-grid?limit=500')).body;
    expect((await grid()).applications.map((application: { id: string }) => application.id)).toEqual(expect.arrayContaining([id, keep]));

    for (const confirm of [undefined, 'Pager']) {
      const refused = await call(tokens.admin, 'DELETE', `/v1/integrations/${id}${confirm ? `?confirm=${encodeURIComponent(confirm)}` : ''}`);
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('CONFIRMATION_REQUIRED');
    }
    expect((await call(tokens.viewer, 'DELETE', `/v1/integrations/${id}?confirm=${encodeURIComponent('Pager (typo)')}`)).status).toBe(403);
    const deleted = await call(tokens.admin, 'DELETE', `/v1/integrations/${id}?confirm=${encodeURIComponent('Pager (typo)')}`);
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body).toEqual({ id, name: 'Pager (typo)', accountsKept: imported });

    expect((await call(tokens.viewer, 'GET', `/v1/integrations/${id}`)).status).toBe(404);
    expect((await call(tokens.admin, 'POST', `/v1/integrations/${id}/sync`)).status).toBe(404);
    expect((await call(tokens.viewer, 'GET', '/v1/integrations?limit=500')).text).not.toContain(id);
    const after = await grid();
    expect(after.applications.map((application: { id: string }) => application.id)).not.toContain(id);
    expect(after.applications.map((application: { id: string }) => application.id)).toContain(keep);
    expect((await call(tokens.viewer, 'GET', '/v1/access-grid?format=csv')).text).not.toContain('Pager (typo)');

    const offboarding = await call(tokens.admin, 'POST', '/v1/workflows/offboarding', { personId: person.id }, { 'idempotency-key': 'deleted-1' });
    expect(offboarding.status, offboarding.text).toBe(201);
    const targeted = offboarding.body.tasks.map((task: { integrationId: string }) => task.integrationId);
    expect(targeted).toContain(keep);
    expect(targeted).not.toContain(id);
    expect((await auditOf(id)).find((entry) => entry.event === 'integration.deleted')?.detail).toMatchObject({ name: 'Pager (typo)', accountsKept: imported });
  });

  it('Keep accounts only where Deactivate User is enabled; Deactivate User stays while it is on', async () => {
    const id = await byo();
    const settings = `/v1/integrations/${id}/workflow-settings`;
    const refused = await call(tokens.admin, 'PUT', settings, { keepAccounts: true });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'DEACTIVATE_REQUIRED', hint: 'enable Deactivate User first' });
    expect((await call(tokens.admin, 'PUT', `/v1/integrations/${id}/actions/deactivateUser`, { enabled: true })).status).toBe(200);
    expect((await call(tokens.admin, 'PUT', settings, { keepAccounts: true })).body.keepAccounts).toBe(true);
    const stays = await call(tokens.admin, 'PUT', `/v1/integrations/${id}/actions/deactivateUser`, { enabled: false });
    expect(stays.status).toBe(409);
    expect(stays.body.code).toBe('DEACTIVATE_REQUIRED');
    expect((await call(tokens.admin, 'PUT', settings, { keepAccounts: false })).body.keepAccounts).toBe(false);
    expect((await call(tokens.admin, 'PUT', `/v1/integrations/${id}/actions/deactivateUser`, { enabled: false })).status).toBe(200);
  });

  it('a custom action’s declared variables are listed, checked before the run starts, and a retry gets them again', async () => {
    const id = await byo();
    expect((await call(tokens.admin, 'PUT', `/v1/integrations/${id}/actions/tagUser`, { enabled: true })).status).toBe(200);
    const offered = (await call(tokens.viewer, 'GET', `/v1/integrations/${id}/actions`)).body.actions.find(
      (action: { name: string }) => action.name === 'tagUser',
    );
    expect(offered.variables).toEqual([
      { name: 'assetTag', label: 'Asset tag', type: 'string', required: true },
      { name: 'quantity', label: 'How many', type: 'number', required: false },
      { name: 'urgent', label: 'urgent', type: 'boolean', required: false },
    ]);
    const person = (await call(tokens.admin, 'POST', '/v1/people', { email: 'tia.tagged@example.com', name: 'Tia Tagged' })).body;
    const start = (vars: unknown, key: string) =>
      call(
        tokens.admin,
        'POST',
        '/v1/workflows/provisioner-action',
        { personId: person.id, integrationId: id, action: 'tagUser', vars },
        { 'idempotency-key': key },
      );

    const missing = await start({}, 'vars-1');
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({
      code: 'ACTION_VARIABLES_INVALID',
      failure: { variables: [{ name: 'assetTag', problem: 'is required (Asset tag)' }] },
    });
    const mistyped = await start({ assetTag: 'LAPTOP-1', quantity: 'many', urgent: 'maybe', colour: 'red' }, 'vars-2');
    expect(mistyped.status).toBe(422);
    expect(mistyped.body.failure.variables.map((problem: { name: string }) => problem.name).sort()).toEqual(['colour', 'quantity', 'urgent']);
    expect((await call(tokens.viewer, 'GET', `/v1/workflows?personId=${person.id}`)).body.workflows).toEqual([]);

    // Disabled while it starts: the task fails with INTEGRATION_DISABLED; the retry is checked against the variables again.
    expect((await call(tokens.admin, 'POST', `/v1/integrations/${id}/disable`)).status).toBe(200);
    const started = await start({ assetTag: 'LAPTOP-1', quantity: '3', urgent: 'true' }, 'vars-3');
    expect(started.status, started.text).toBe(201);
    const failed = await settled(started.body.id);
    const task = failed.tasks[0];
    expect(task).toMatchObject({ status: 'failed', error: { code: 'INTEGRATION_DISABLED' } });
    expect((await call(tokens.admin, 'POST', `/v1/integrations/${id}/enable`)).status).toBe(200);
    const retryUrl = `/v1/workflows/${started.body.id}/tasks/${task.id}/retry`;
    const badRetry = await call(tokens.admin, 'POST', retryUrl, { vars: { quantity: 2 } });
    expect(badRetry.status).toBe(422);
    expect(badRetry.body.code).toBe('ACTION_VARIABLES_INVALID');
    expect((await call(tokens.viewer, 'GET', `/v1/workflows/${started.body.id}`)).body.tasks[0].status).toBe('failed');
    const retried = await call(tokens.admin, 'POST', retryUrl, { vars: { assetTag: 'LAPTOP-2', quantity: 5 } });
    expect(retried.status, retried.text).toBe(200);
    expect((await settled(started.body.id)).status).toBe('succeeded');
    expect(
      incident.server.requests.some((request) => request.method === 'GET' && request.url.includes('tag=LAPTOP-2') && request.url.includes('count=5')),
    ).toBe(true);
  });
}
