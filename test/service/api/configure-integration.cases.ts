/**
 * Generate Config (proposal, then confirmed save) and per-action configuration through the HTTP
 * API, shared by the embedded run and test/postgres/: a proposal saves nothing and explains each
 * field; applying it or editing an action re-validates the build-your-own spec (422 with located
 * diagnostics, nothing saved); prebuilt integrations are refused with CONFIG_NOT_EDITABLE; every
 * save is audited and viewers are refused.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_FULL_ACCESS_KEY, seedUsers, startIncidentPlatform, type IncidentPlatformSimulator } from '../../../src/simulators/incident-platform/index.js';
import { BYO_SPEC } from '../integrations/byo-specs.js';
import type { ApiFixture, TenantTokens } from './api-fixture.js';

/** The customer's spec with a mapping that misses the name, so Generate Config has something to improve. */
const WEAK_SPEC = BYO_SPEC.replace(`mapping: {id: .id, email: '.email // ""', name: '.name // ""'}`, `mapping: {id: .id, email: '.email // ""', name: '""'}`);

const firstError = (diagnostics: Array<{ severity: string }>) => diagnostics.find((diagnostic) => diagnostic.severity === 'error');

export function describeConfigureIntegration(fixture: ApiFixture): void {
  let incident: IncidentPlatformSimulator;
  let tokens: TenantTokens;
  let byo: string;
  let prebuilt: string;
  const call = (token: string | undefined, method: string, url: string, body?: unknown) => fixture.call(token, method, url, body);
  const auditEvents = async () =>
    (await call(tokens.viewer, 'GET', `/v1/audit?limit=500&integrationId=${byo}`)).body.entries as Array<{ event: string; detail: Record<string, unknown> }>;

  beforeAll(async () => {
    incident = await startIncidentPlatform({ users: seedUsers({ count: 4 }) });
    tokens = await fixture.tenantWithTokens('business', 'Configuring tenant');
    byo = (await call(tokens.admin, 'POST', '/v1/integrations', { type: 'build-your-own', spec: WEAK_SPEC })).body.id;
    expect(
      (await call(tokens.admin, 'PUT', `/v1/integrations/${byo}/auth`, { inputs: { baseUrl: incident.server.origin, token: DEMO_FULL_ACCESS_KEY } })).status,
    ).toBe(200);
    prebuilt = (await call(tokens.admin, 'POST', '/v1/integrations', { type: 'prebuilt', connector: 'incident-platform', baseUrl: incident.server.origin }))
      .body.id;
    expect((await call(tokens.admin, 'PUT', `/v1/integrations/${prebuilt}/auth`, { inputs: { token: DEMO_FULL_ACCESS_KEY } })).status).toBe(200);
  });
  afterAll(() => incident?.close());

  it('Generate Config proposes records and mapping with reasons, saves nothing, and is audited', async () => {
    const proposal = await call(tokens.admin, 'POST', `/v1/integrations/${byo}/generate-config`, {});
    expect(proposal.status, proposal.text).toBe(200);
    expect(proposal.body).toMatchObject({
      integrationId: byo,
      status: 200,
      applicable: true,
      records: { expression: '.users', count: 4 },
      current: { records: '.users', mapping: { name: '""' } },
    });
    const fields = proposal.body.fields as Array<{ field: string; expression: string; explanation: string }>;
    expect(fields.map((field) => field.field)).toEqual(expect.arrayContaining(['id', 'email', 'name']));
    for (const field of fields) expect(field.explanation.length, field.field).toBeGreaterThan(10);
    expect(proposal.body.mapping.name).toContain('.name');
    expect(proposal.body.preview).toHaveLength(4);
    expect(proposal.body.preview[0].account.name).not.toBe('');

    // Nothing saved: the configuration still has the weak mapping.
    expect((await call(tokens.viewer, 'GET', `/v1/integrations/${byo}/actions/importUsers/config`)).body.config.mapping.name).toBe('""');
    expect((await auditEvents()).filter((entry) => entry.event === 'integration.config_generated')).toHaveLength(1);

    const forced = await call(tokens.admin, 'POST', `/v1/integrations/${byo}/generate-config`, { records: '.limit' });
    expect(forced.status).toBe(400);
    expect(forced.body.code).toBe('VALIDATION_FAILED');
  });

  it('applying the (edited) proposal re-validates and saves it; Import Users then maps names', async () => {
    const proposal = (await call(tokens.admin, 'POST', `/v1/integrations/${byo}/generate-config`, {})).body;
    const broken = await call(tokens.admin, 'POST', `/v1/integrations/${byo}/generate-config/apply`, {
      records: proposal.records,
      mapping: { ...proposal.mapping, email: '.email | (' },
    });
    expect(broken.status).toBe(422);
    expect(broken.body.code).toBe('INVALID_SPEC');
    expect(broken.body.diagnostics.length).toBeGreaterThan(0);
    expect(firstError(broken.body.diagnostics)).toMatchObject({
      line: expect.any(Number),
      column: expect.any(Number),
      pointer: expect.stringContaining('/actions/importUsers/mapping'),
    });
    expect((await call(tokens.viewer, 'GET', `/v1/integrations/${byo}/actions/importUsers/config`)).body.config.mapping.name).toBe('""');

    const applied = await call(tokens.admin, 'POST', `/v1/integrations/${byo}/generate-config/apply`, { records: proposal.records, mapping: proposal.mapping });
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body.importUsers).toMatchObject({ records: '.users', mapping: proposal.mapping, path: '/users' });
    expect((await auditEvents()).filter((entry) => entry.event === 'integration.config_applied')).toHaveLength(1);

    expect((await call(tokens.admin, 'PUT', `/v1/integrations/${byo}/actions/importUsers`, { enabled: true })).status).toBe(200);
    const run = await call(tokens.admin, 'POST', `/v1/integrations/${byo}/actions/importUsers/run`, {});
    expect(run.status, run.text).toBe(200);
    expect(run.body.accounts.every((account: { name: string }) => account.name !== '')).toBe(true);
  });

  it('an action is edited per action: located diagnostics and nothing saved on error; saved and audited otherwise', async () => {
    const url = `/v1/integrations/${byo}/actions/deleteUser/config`;
    const before = (await call(tokens.viewer, 'GET', url)).body;
    expect(before).toMatchObject({
      action: 'deleteUser',
      kind: 'standard',
      defined: true,
      editable: true,
      config: { method: 'DELETE', path: '/users/{account.id}' },
    });

    const bad = await call(tokens.admin, 'PUT', url, { path: 'users/{account.id}' });
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe('INVALID_SPEC');
    expect(firstError(bad.body.diagnostics)).toMatchObject({
      code: 'SPEC_INVALID_PATH',
      pointer: '/actions/deleteUser/path',
      line: expect.any(Number),
      column: 11,
    });
    expect((await call(tokens.viewer, 'GET', url)).body.config).toEqual(before.config);

    const saved = await call(tokens.admin, 'PUT', url, { path: '/v2/users/{account.id}', success: [200, 204] });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.config).toMatchObject({ method: 'DELETE', path: '/v2/users/{account.id}', success: [200, 204] });
    expect(saved.body.actions.map((action: { name: string }) => action.name)).toContain('deleteUser');
    expect((await auditEvents()).find((entry) => entry.event === 'integration.action_configured')?.detail).toEqual({
      action: 'deleteUser',
      changed: ['path', 'success'],
    });

    // A standard action the spec lacks is configured into existence, then offered.
    const created = await call(tokens.admin, 'PUT', `/v1/integrations/${byo}/actions/createUser/config`, {
      method: 'POST',
      path: '/users',
      body: '{"user": {"name": {{user.name}}, "email": {{user.email}}}}',
    });
    expect(created.status, created.text).toBe(200);
    expect(created.body.actions.map((action: { name: string }) => action.name)).toContain('createUser');

    expect((await call(tokens.viewer, 'PUT', url, { path: '/x' })).status).toBe(403);
    expect((await call(tokens.admin, 'PUT', `/v1/integrations/${byo}/actions/noSuchAction/config`, { path: '/x' })).body.code).toBe('ACTION_NOT_OFFERED');
  });

  it('a custom action is configured on Business only, as it is enabled', async () => {
    const standard = await fixture.tenantWithTokens('standard', 'Standard tenant');
    const theirs = (await call(standard.admin, 'POST', '/v1/integrations', { type: 'build-your-own', spec: BYO_SPEC })).body.id;
    const refused = await call(standard.admin, 'PUT', `/v1/integrations/${theirs}/actions/orderAsset/config`, { path: '/v2/orders' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'PLAN_REQUIRED', requiredPlan: 'business' });
    expect((await call(standard.viewer, 'GET', `/v1/integrations/${theirs}/actions/orderAsset/config`)).body.config.path).toBe('/orders');

    const saved = await call(tokens.admin, 'PUT', `/v1/integrations/${byo}/actions/orderAsset/config`, { path: '/v2/orders' });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ action: 'orderAsset', kind: 'custom', config: { method: 'POST', path: '/v2/orders' } });
  });

  it('prebuilt integrations run the shipped configuration: proposals yes, saves refused', async () => {
    const proposal = await call(tokens.admin, 'POST', `/v1/integrations/${prebuilt}/generate-config`, {});
    expect(proposal.status, proposal.text).toBe(200);
    expect(proposal.body.applicable).toBe(false);
    const apply = await call(tokens.admin, 'POST', `/v1/integrations/${prebuilt}/generate-config/apply`, { records: '.users', mapping: proposal.body.mapping });
    expect(apply.status).toBe(409);
    expect(apply.body.code).toBe('CONFIG_NOT_EDITABLE');
    const edit = await call(tokens.admin, 'PUT', `/v1/integrations/${prebuilt}/actions/importUsers/config`, { records: '.users' });
    expect(edit.body.code).toBe('CONFIG_NOT_EDITABLE');
    expect((await call(tokens.viewer, 'GET', `/v1/integrations/${prebuilt}/actions/importUsers/config`)).body).toMatchObject({
      editable: false,
      config: { path: '/users', records: '.users' },
    });
  });
}
