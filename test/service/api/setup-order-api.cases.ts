/**
 * The whole setup order through the HTTP API, against the incident platform simulator on
 * 127.0.0.1: every refusal with its problem code, the read-only key, pagination, roles, the audit
 * log, and a canary secret that no answer, log line or audit entry contains. Shared by the
 * embedded run (test/service/api/) and the PostgreSQL run (test/postgres/).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import {
  DEMO_FULL_ACCESS_KEY,
  DEMO_READ_ONLY_KEY,
  seedUsers,
  startIncidentPlatform,
  type IncidentPlatformSimulator,
} from '../../../src/simulators/incident-platform/index.js';
import { BROKEN_SPEC, BYO_SPEC } from '../integrations/byo-specs.js';
import type { ApiFixture, TenantTokens } from './api-fixture.js';

export const CANARY = 'canary-key-api-6e1f0b93d2a7c845';
const USERS = 5;

export function describeApiSetupOrder(fixture: ApiFixture): void {
  let incident: IncidentPlatformSimulator;
  const tenants = {} as Record<'none' | 'standard' | 'business', TenantTokens>;
  const call = (...args: Parameters<ApiFixture['call']>) => fixture.call(...args);

  beforeAll(async () => {
    incident = await startIncidentPlatform({
      users: seedUsers({ count: USERS }),
      keys: { [DEMO_FULL_ACCESS_KEY]: 'full', [DEMO_READ_ONLY_KEY]: 'read-only', [CANARY]: 'full' },
    });
    for (const plan of ['none', 'standard', 'business'] as const) tenants[plan] = await fixture.tenantWithTokens(plan);
  });
  afterAll(() => incident?.close());

  const createIncident = (token: string) =>
    call(token, 'POST', '/v1/integrations', { type: 'prebuilt', connector: 'incident-platform', baseUrl: incident.server.origin });
  const expectProblem = (answer: { status: number; contentType: string; body: any }, status: number, code: string) => {
    expect(answer.contentType).toContain('application/problem+json');
    expect(answer.body).toMatchObject({
      status,
      code,
      type: expect.stringContaining(code.toLowerCase().replaceAll('_', '-')),
      title: expect.any(String),
      detail: expect.any(String),
    });
    expect(JSON.stringify(answer.body)).not.toMatch(/\n\s+at /);
    expect(answer.status).toBe(status);
  };

  it('walks the setup order: type, tested authentication, offered actions, enabled one by one', async () => {
    const { admin } = tenants.standard;
    const created = await createIncident(admin);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ type: 'prebuilt', connector: 'incident-platform', authConfigured: false, credentialFields: [], importOnly: null });
    const id = created.body.id as string;

    // No action offered, none enabled, before authentication.
    expect((await call(admin, 'GET', `/v1/integrations/${id}/actions`)).body).toEqual({ actions: [] });
    expectProblem(await call(admin, 'PUT', `/v1/integrations/${id}/actions/importUsers`, { enabled: true }), 409, 'AUTH_NOT_CONFIGURED');

    // A failed test saves nothing and answers the redacted target answer and a hint.
    const failed = await call(admin, 'PUT', `/v1/integrations/${id}/auth`, { inputs: { token: `${CANARY}-wrong` } });
    expectProblem(failed, 422, 'AUTH_TEST_FAILED');
    expect(failed.body).toMatchObject({ failure: { code: 'AUTH_FAILED', status: 401 }, hint: expect.stringContaining('API key') });
    expect((await call(admin, 'GET', `/v1/integrations/${id}`)).body).toEqual(created.body);

    const saved = await call(admin, 'PUT', `/v1/integrations/${id}/auth`, { inputs: { token: CANARY } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      integration: { authConfigured: true, credentialFields: ['token'] },
      check: { ok: true, via: 'importUsers', records: USERS },
    });

    const offered = await call(admin, 'GET', `/v1/integrations/${id}/actions`);
    expect(offered.body.actions.map((action: { name: string }) => action.name)).toEqual(['importUsers', 'createUser', 'deleteUser']);
    const unsupported = await call(admin, 'PUT', `/v1/integrations/${id}/actions/deactivateUser`, { enabled: true });
    expectProblem(unsupported, 409, 'ACTION_NOT_OFFERED');
    expect(unsupported.body.hint).toContain('importUsers, createUser, deleteUser');

    const enabled = await call(admin, 'PUT', `/v1/integrations/${id}/actions/importUsers`, { enabled: true });
    expect(enabled.body.actions).toEqual([
      { name: 'importUsers', kind: 'standard', enabled: true },
      { name: 'createUser', kind: 'standard', enabled: false },
      { name: 'deleteUser', kind: 'standard', enabled: false },
    ]);
    const ran = await call(admin, 'POST', `/v1/integrations/${id}/actions/importUsers/run`, {});
    expect(ran.status).toBe(200);
    expect(ran.body.accounts).toHaveLength(USERS);
    expectProblem(
      await call(admin, 'POST', `/v1/integrations/${id}/actions/createUser/run`, { user: { email: 'a@b.test', name: 'A' } }),
      409,
      'ACTION_NOT_ENABLED',
    );
  });

  it('refuses integrations without a subscription, naming the plan', async () => {
    const answer = await createIncident(tenants.none.admin);
    expectProblem(answer, 403, 'PLAN_REQUIRED');
    expect(answer.body.requiredPlan).toBe('standard');
    expect((await call(tenants.none.admin, 'GET', '/v1/integrations')).body).toEqual({ integrations: [] });
  });

  it('refuses a build-your-own spec with located diagnostics; its custom action needs Business', async () => {
    const broken = await call(tenants.standard.admin, 'POST', '/v1/integrations', { type: 'build-your-own', spec: BROKEN_SPEC });
    expectProblem(broken, 422, 'INVALID_SPEC');
    expect(broken.body.diagnostics).toEqual(
      expect.arrayContaining([expect.objectContaining({ line: 5, column: 1, file: '<integration spec>', code: expect.any(String) })]),
    );

    for (const plan of ['standard', 'business'] as const) {
      const { admin } = tenants[plan];
      const byo = await call(admin, 'POST', '/v1/integrations', { type: 'build-your-own', spec: BYO_SPEC, name: 'Pager (ours)' });
      expect(byo.status).toBe(201);
      const configured = await call(admin, 'PUT', `/v1/integrations/${byo.body.id}/auth`, {
        inputs: { baseUrl: incident.server.origin, token: DEMO_FULL_ACCESS_KEY },
      });
      expect(configured.status).toBe(200);
      const custom = await call(admin, 'PUT', `/v1/integrations/${byo.body.id}/actions/orderAsset`, { enabled: true });
      if (plan === 'standard') {
        expectProblem(custom, 403, 'PLAN_REQUIRED');
        expect(custom.body.requiredPlan).toBe('business');
      } else {
        expect(custom.body.actions).toContainEqual({ name: 'orderAsset', kind: 'custom', enabled: true });
      }
    }
  });

  it('a read-only key is import-only from the first save: the probe changes nothing, the reason is shown, write actions are not offered', async () => {
    const { admin, viewer } = tenants.standard;
    const id = (await createIncident(admin)).body.id as string;
    const before = incident.server.requests.length;
    const saved = await call(admin, 'PUT', `/v1/integrations/${id}/auth`, { inputs: { token: DEMO_READ_ONLY_KEY } });
    expect(saved.status).toBe(200);
    expect(saved.body.capabilities).toMatchObject({ writes: 'readOnly', status: 403, request: { method: 'POST' } });
    expect(saved.body.integration.importOnly).toEqual({ reason: expect.stringContaining('read-only'), since: expect.any(String) });
    // The connection test (GET) and the probe (a POST refused for its rights): nothing created.
    expect(incident.server.requests.slice(before).map((request) => request.method)).toEqual(['GET', 'POST']);
    expect(incident.state.users).toHaveLength(USERS);

    const actions = (await call(viewer, 'GET', `/v1/integrations/${id}/actions`)).body.actions;
    expect(actions).toEqual([
      { name: 'importUsers', kind: 'standard', enabled: false },
      { name: 'createUser', kind: 'standard', enabled: false, unavailable: expect.stringContaining('read-only') },
      { name: 'deleteUser', kind: 'standard', enabled: false, unavailable: expect.stringContaining('read-only') },
    ]);
    const refused = await call(admin, 'PUT', `/v1/integrations/${id}/actions/createUser`, { enabled: true });
    expectProblem(refused, 409, 'IMPORT_ONLY');
    expect(refused.body.hint).toContain('full-access');
    expect((await call(admin, 'PUT', `/v1/integrations/${id}/actions/importUsers`, { enabled: true })).status).toBe(200);
    expect((await call(admin, 'POST', `/v1/integrations/${id}/actions/importUsers/run`, {})).body.accounts).toHaveLength(USERS);
    const trail = (await call(viewer, 'GET', `/v1/audit?integrationId=${id}&limit=4`)).body.entries;
    expect(trail.map((entry: { event: string }) => entry.event)).toEqual([
      'integration.action_run',
      'integration.action_enabled',
      'integration.import_only',
      'integration.auth_configured',
    ]);
    expect(trail[2].detail).toMatchObject({ disabled: ['createUser', 'deleteUser'], probe: { writes: 'readOnly', status: 403 } });

    // Re-saving with a full-access key offers the write actions again.
    const again = await call(admin, 'PUT', `/v1/integrations/${id}/auth`, { inputs: { token: DEMO_FULL_ACCESS_KEY } });
    expect(again.body.capabilities).toMatchObject({ writes: 'writeAllowed', status: 400 });
    expect(again.body.integration.importOnly).toBeNull();
    expect(incident.state.users).toHaveLength(USERS);
    expect((await call(viewer, 'GET', `/v1/integrations/${id}/actions`)).body.actions).toContainEqual({ name: 'createUser', kind: 'standard', enabled: false });
    expect((await call(admin, 'PUT', `/v1/integrations/${id}/actions/createUser`, { enabled: true })).status).toBe(200);
  });

  it('a key that turns read-only later: a write refused as read-only makes the integration import-only, with the reason', async () => {
    const { admin, viewer } = tenants.standard;
    const key = 'full-key-turning-read-only-1';
    incident.state.keys.set(key, 'full');
    const id = (await createIncident(admin)).body.id as string;
    expect((await call(admin, 'PUT', `/v1/integrations/${id}/auth`, { inputs: { token: key } })).body.capabilities).toMatchObject({ writes: 'writeAllowed' });
    for (const action of ['importUsers', 'createUser', 'deleteUser'])
      expect((await call(admin, 'PUT', `/v1/integrations/${id}/actions/${action}`, { enabled: true })).status).toBe(200);
    incident.state.keys.set(key, 'read-only');

    const refused = await call(admin, 'POST', `/v1/integrations/${id}/actions/createUser/run`, { user: { email: 'new@acme.test', name: 'New Person' } });
    expectProblem(refused, 409, 'IMPORT_ONLY');
    expect(refused.body.failure).toMatchObject({ code: 'FORBIDDEN', status: 403 });
    expect(refused.body.hint).toContain('full-access');
    expect(incident.state.users).toHaveLength(USERS);

    const integration = (await call(viewer, 'GET', `/v1/integrations/${id}`)).body;
    expect(integration.importOnly).toEqual({ reason: expect.stringContaining('read-only'), since: expect.any(String) });
    expect((await call(viewer, 'GET', `/v1/integrations/${id}/actions`)).body.actions).toEqual([
      { name: 'importUsers', kind: 'standard', enabled: true },
      { name: 'createUser', kind: 'standard', enabled: false, unavailable: expect.stringContaining('read-only') },
      { name: 'deleteUser', kind: 'standard', enabled: false, unavailable: expect.stringContaining('read-only') },
    ]);
    expectProblem(await call(admin, 'PUT', `/v1/integrations/${id}/actions/deleteUser`, { enabled: true }), 409, 'IMPORT_ONLY');
    expect((await call(admin, 'POST', `/v1/integrations/${id}/actions/importUsers/run`, {})).status).toBe(200);
    const trail = (await call(viewer, 'GET', `/v1/audit?integrationId=${id}&limit=2`)).body.entries;
    expect(trail.map((entry: { event: string }) => entry.event)).toEqual(['integration.action_run', 'integration.import_only']);
    expect(trail[1].detail).toMatchObject({ action: 'createUser', disabled: ['createUser', 'deleteUser'] });
  });

  it('a probe that cannot tell (the target fails with 5xx) grants no writes: import-only, the reason says unknown', async () => {
    const { admin } = tenants.standard;
    const id = (await createIncident(admin)).body.id as string;
    incident.server.use(http.post('*/users', () => HttpResponse.json({ error: { message: 'Internal Server Error' } }, { status: 503 })));
    try {
      const saved = await call(admin, 'PUT', `/v1/integrations/${id}/auth`, { inputs: { token: DEMO_FULL_ACCESS_KEY } });
      expect(saved.status).toBe(200);
      expect(saved.body.capabilities).toMatchObject({ writes: 'unknown', status: 503 });
      expect(saved.body.integration.importOnly.reason).toMatch(/unknown.*save the authentication again/u);
      expectProblem(await call(admin, 'PUT', `/v1/integrations/${id}/actions/createUser`, { enabled: true }), 409, 'IMPORT_ONLY');
    } finally {
      incident.server.reset();
    }
    // Once the target answers, saving again probes again and offers the writes.
    const again = await call(admin, 'PUT', `/v1/integrations/${id}/auth`, { inputs: { token: DEMO_FULL_ACCESS_KEY } });
    expect(again.body.capabilities).toMatchObject({ writes: 'writeAllowed' });
    expect(again.body.integration.importOnly).toBeNull();
  });

  it('a viewer reads and may not configure; no token or a wrong one is UNAUTHORIZED', async () => {
    const { admin, viewer } = tenants.standard;
    expectProblem(await createIncident(viewer), 403, 'FORBIDDEN');
    expect((await call(viewer, 'GET', '/v1/integrations')).status).toBe(200);
    expect((await call(viewer, 'GET', '/v1/tenant')).body).toMatchObject({ id: tenants.standard.tenant.id, plan: 'standard' });
    const none = await call(undefined, 'GET', '/v1/integrations');
    expectProblem(none, 401, 'UNAUTHORIZED');
    expectProblem(await call(`${admin.slice(0, -2)}xx`, 'GET', '/v1/integrations'), 401, 'UNAUTHORIZED');
    expectProblem(await call('not-a-token', 'GET', '/v1/integrations'), 401, 'UNAUTHORIZED');
  });

  it('refuses invalid bodies with field-level errors, and never echoes a value', async () => {
    const { admin } = tenants.standard;
    const answer = await call(admin, 'POST', '/v1/integrations', { type: 'scim', scimBaseUrl: 42, colour: CANARY });
    expectProblem(answer, 400, 'VALIDATION_FAILED');
    expect(answer.body.errors).toEqual(
      expect.arrayContaining([
        { pointer: '/body/colour', message: 'is not a known field' },
        { pointer: '/body/scimBaseUrl', message: 'must be string' },
      ]),
    );
    const missing = await call(admin, 'POST', '/v1/integrations', { type: 'prebuilt' });
    expect(missing.body.errors).toEqual([{ pointer: '/body/connector', message: 'is required' }]);
    const badType = await call(admin, 'POST', '/v1/integrations', { type: 'magic' });
    expect(badType.body.errors).toEqual([{ pointer: '/body/type', message: expect.any(String) }]);
    const authBody = await call(admin, 'PUT', `/v1/integrations/${(await createIncident(admin)).body.id}/auth`, { inputs: { token: 7 } });
    expect(authBody.body.errors).toEqual([{ pointer: '/body/inputs/token', message: 'must be string' }]);
    const query = await call(admin, 'GET', '/v1/integrations?limit=0');
    expect(query.body.errors).toEqual([{ pointer: '/querystring/limit', message: expect.stringContaining('>= 1') }]);
    const semantic = await call(admin, 'POST', '/v1/integrations', { type: 'scim', scimBaseUrl: 'not a url' });
    expectProblem(semantic, 400, 'VALIDATION_FAILED');
    expect(semantic.body.detail).toContain('scimBaseUrl');
    const unknownRoute = await call(admin, 'GET', '/v1/nothing-here');
    expectProblem(unknownRoute, 404, 'NOT_FOUND');
    const notJson = await fixture.api.app.inject({
      method: 'POST',
      url: '/v1/integrations',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      payload: `{"token": "${CANARY}`,
    });
    fixture.answers.push(notJson.body);
    expect(notJson.statusCode).toBe(400);
    expect(JSON.parse(notJson.body)).toMatchObject({ code: 'MALFORMED_REQUEST' });
    expect(notJson.body).not.toContain(CANARY);
  });

  it('lists integrations by cursor, in creation order, every one once', async () => {
    const { tenant, admin } = await fixture.tenantWithTokens('standard', 'Paged');
    const ids: string[] = [];
    for (let index = 0; index < 7; index += 1)
      ids.push(
        (await call(admin, 'POST', '/v1/integrations', { type: 'scim', scimBaseUrl: `https://scim${index}.example.com/v2`, name: `S${index}` })).body.id,
      );
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await call(admin, 'GET', `/v1/integrations?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.integrations.map((item: { id: string; tenantId: string }) => (expect(item.tenantId).toBe(tenant.id), item.id)));
      cursor = page.body.next;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(ids);
    expectProblem(await call(admin, 'GET', '/v1/integrations?cursor=bm90LWEtY3Vyc29y'), 400, 'VALIDATION_FAILED');
  });

  it('keeps the canary secret out of every answer, log line and audit entry', async () => {
    const audit = await call(tenants.standard.viewer, 'GET', '/v1/audit?limit=500');
    expect(audit.status).toBe(200);
    expect(audit.body.entries.some((entry: { event: string }) => entry.event === 'integration.auth_test_failed')).toBe(true);
    expect(fixture.answers.length).toBeGreaterThan(30);
    for (const text of fixture.answers) expect(text).not.toContain(CANARY);
    expect(JSON.stringify(fixture.logs)).not.toContain(CANARY);
    expect(fixture.logs.length).toBe(fixture.answers.length);
  });
}
