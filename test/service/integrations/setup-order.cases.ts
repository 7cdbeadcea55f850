/**
 * The setup order (docs/contributors/product-rules.md "What the service does" 4-6) through the service library, against
 * the incident platform simulator and a real SCIM server on 127.0.0.1. Shared by the embedded run
 * (test/service/) and the PostgreSQL run (test/postgres/): the same cases on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FULL_ACCESS_KEY, seedUsers, startIncidentPlatform, type IncidentPlatformSimulator } from '../../../src/simulators/incident-platform/index.js';
import type { IntegrationChoice, Service, Tenant } from '../../../src/service/index.js';
import { startScimServer, type ScimServer } from '../../targets/scim/server.js';
import { seedScimUsers } from '../../targets/scim/user-store.js';
import { BROKEN_SPEC, BYO_SPEC } from './byo-specs.js';

const actor = 'ops@example.com';
const SCIM_TOKEN = 'scim-token-7c21e0';
const USERS = 7;

export function describeSetupOrder(fixture: { service: Service }): void {
  let incident: IncidentPlatformSimulator;
  let scim: ScimServer;
  const tenants = {} as Record<'none' | 'standard' | 'business' | 'other', Tenant>;
  const service = () => fixture.service;

  beforeAll(async () => {
    incident = await startIncidentPlatform({ users: seedUsers({ count: USERS }) });
    scim = await startScimServer({ token: SCIM_TOKEN, users: seedScimUsers({ count: 3 }) });
    for (const plan of ['none', 'standard', 'business'] as const) tenants[plan] = await service().tenants.create({ name: `Tenant ${plan}`, plan, actor });
    tenants.other = await service().tenants.create({ name: 'Other tenant', plan: 'business', actor });
  });
  afterAll(async () => {
    await incident?.close();
    await scim?.close();
  });

  const createIncident = (tenantId: string) =>
    service().integrations.create({ tenantId, actor, type: 'prebuilt', connector: 'incident-platform', baseUrl: incident.server.origin });

  describe('choose the type', () => {
    it('refuses any integration without a subscription, naming the plan needed', async () => {
      await expect(createIncident(tenants.none.id)).rejects.toMatchObject({ code: 'PLAN_REQUIRED', requiredPlan: 'standard' });
      expect(await service().integrations.list({ tenantId: tenants.none.id })).toEqual([]);
    });

    it.each([
      { given: 'an unknown prebuilt', choice: { type: 'prebuilt', connector: 'no-such-app' }, message: 'no-such-app' },
      { given: 'a SCIM connector as prebuilt', choice: { type: 'prebuilt', connector: 'scim-2-0' }, message: 'not a prebuilt' },
      { given: 'a SCIM base URL that is not a URL', choice: { type: 'scim', scimBaseUrl: 'scim.example.com' }, message: 'scimBaseUrl' },
      { given: 'an unknown type', choice: { type: 'magic' }, message: 'prebuilt, scim, build-your-own' },
    ])('refuses $given', async ({ choice, message }) => {
      await expect(service().integrations.create({ tenantId: tenants.standard.id, actor, ...(choice as IntegrationChoice) })).rejects.toMatchObject({
        code: 'INVALID_INPUT',
        message: expect.stringContaining(message),
      });
    });

    it('refuses a build-your-own spec with its located diagnostics, and saves nothing', async () => {
      const before = await service().integrations.list({ tenantId: tenants.standard.id });
      const error = await service()
        .integrations.create({ tenantId: tenants.standard.id, actor, type: 'build-your-own', spec: BROKEN_SPEC })
        .catch((caught: unknown) => caught);
      expect(error).toMatchObject({ code: 'INVALID_SPEC' });
      const diagnostics = (error as { diagnostics: { code: string; line: number; column: number }[] }).diagnostics;
      expect(diagnostics).toEqual(expect.arrayContaining([expect.objectContaining({ line: 5, column: 1, file: '<integration spec>' })]));
      expect(await service().integrations.list({ tenantId: tenants.standard.id })).toEqual(before);
    });
  });

  describe('prebuilt: the incident platform', () => {
    it('offers nothing and enables nothing before authentication is configured', async () => {
      const integration = await createIncident(tenants.standard.id);
      expect(integration).toMatchObject({
        type: 'prebuilt',
        connector: 'incident-platform',
        name: 'Incident platform (PagerDuty)',
        authConfigured: false,
        credentialFields: [],
      });
      const ref = { tenantId: tenants.standard.id, integrationId: integration.id };
      expect(await service().integrations.listActions(ref)).toEqual([]);
      await expect(service().integrations.setAction({ ...ref, action: 'importUsers', enabled: true, actor })).rejects.toMatchObject({
        code: 'AUTH_NOT_CONFIGURED',
      });
    });

    it('a failed connection test saves nothing and returns the redacted answer and a hint', async () => {
      const integration = await createIncident(tenants.standard.id);
      const ref = { tenantId: tenants.standard.id, integrationId: integration.id };
      const badKey = 'wrong-key-5d0c81f2e9';
      const result = await service().integrations.configureAuth({ ...ref, inputs: { token: badKey }, actor });
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.failure).toMatchObject({ code: 'AUTH_FAILED', status: 401, hint: expect.stringContaining('API key') });
      expect(JSON.stringify(result)).not.toContain(badKey);
      expect(result.integration).toEqual(integration);
      expect(await service().integrations.get(ref)).toEqual(integration);
      expect(await service().integrations.listActions(ref)).toEqual([]);
    });

    it('saves a tested key, offers only the three supported actions, and enables them one by one', async () => {
      const integration = await createIncident(tenants.standard.id);
      const ref = { tenantId: tenants.standard.id, integrationId: integration.id };
      const result = await service().integrations.configureAuth({ ...ref, inputs: { token: DEMO_FULL_ACCESS_KEY }, actor });
      expect(result).toMatchObject({
        ok: true,
        check: { ok: true, via: 'importUsers', status: 200, records: USERS },
        integration: { authConfigured: true, credentialFields: ['token'] },
      });
      expect(JSON.stringify(result)).not.toContain(DEMO_FULL_ACCESS_KEY);
      const names = (await service().integrations.listActions(ref)).map((action) => action.name);
      expect(names).toEqual(['importUsers', 'createUser', 'deleteUser']);
      await expect(service().integrations.setAction({ ...ref, action: 'deactivateUser', enabled: true, actor })).rejects.toMatchObject({
        code: 'ACTION_NOT_OFFERED',
        hint: expect.stringContaining('importUsers, createUser, deleteUser'),
      });
      const enabled = await service().integrations.setAction({ ...ref, action: 'importUsers', enabled: true, actor });
      expect(enabled).toEqual([
        { name: 'importUsers', kind: 'standard', enabled: true },
        { name: 'createUser', kind: 'standard', enabled: false },
        { name: 'deleteUser', kind: 'standard', enabled: false },
      ]);
      const disabled = await service().integrations.setAction({ ...ref, action: 'importUsers', enabled: false, actor });
      expect(disabled.every((action) => !action.enabled)).toBe(true);
    });

    it('runs on the saved, decrypted credentials', async () => {
      const integration = await createIncident(tenants.standard.id);
      const ref = { tenantId: tenants.standard.id, integrationId: integration.id };
      await service().integrations.configureAuth({ ...ref, inputs: { token: DEMO_FULL_ACCESS_KEY }, actor });
      const client = await service().integrations.connect(ref);
      try {
        expect(await client.importUsers().collect()).toHaveLength(USERS);
      } finally {
        await client.close();
      }
    });

    it('refuses inputs the connector does not have', async () => {
      const integration = await createIncident(tenants.standard.id);
      await expect(
        service().integrations.configureAuth({ tenantId: tenants.standard.id, integrationId: integration.id, inputs: { password: 'x' }, actor }),
      ).rejects.toMatchObject({
        code: 'INVALID_INPUT',
        hint: expect.stringContaining('token'),
      });
    });
  });

  describe('SCIM', () => {
    it('connects to the tenant SCIM base URL and offers the standard set', async () => {
      const integration = await service().integrations.create({ tenantId: tenants.standard.id, actor, type: 'scim', scimBaseUrl: scim.baseUrl });
      expect(integration).toMatchObject({ type: 'scim', connector: 'scim-2-0', settings: { baseUrl: scim.baseUrl } });
      const ref = { tenantId: tenants.standard.id, integrationId: integration.id };
      expect(await service().integrations.configureAuth({ ...ref, inputs: { token: 'not-the-token' }, actor })).toMatchObject({
        ok: false,
        failure: { code: 'AUTH_FAILED', status: 401 },
      });
      expect(await service().integrations.configureAuth({ ...ref, inputs: { token: SCIM_TOKEN }, actor })).toMatchObject({ ok: true, check: { records: 3 } });
      const names = (await service().integrations.listActions(ref)).map((action) => action.name);
      expect(names).toEqual(['importUsers', 'createUser', 'activateUser', 'deleteUser', 'deactivateUser']);
    });
  });

  describe('build-your-own', () => {
    const createByo = (tenantId: string) => service().integrations.create({ tenantId, actor, type: 'build-your-own', spec: BYO_SPEC, name: 'Pager (ours)' });
    const configure = (tenantId: string, integrationId: string) =>
      service().integrations.configureAuth({ tenantId, integrationId, inputs: { baseUrl: incident.server.origin, token: DEMO_FULL_ACCESS_KEY }, actor });

    it('offers the actions its spec defines; its custom action is refused below Business, naming the plan', async () => {
      const integration = await createByo(tenants.standard.id);
      expect(integration).toMatchObject({ type: 'build-your-own', connector: 'acme-pager', name: 'Pager (ours)' });
      const ref = { tenantId: tenants.standard.id, integrationId: integration.id };
      expect(await configure(ref.tenantId, ref.integrationId)).toMatchObject({
        ok: true,
        integration: { settings: { baseUrl: incident.server.origin }, credentialFields: ['token'] },
      });
      expect((await service().integrations.listActions(ref)).map((action) => action.name)).toEqual(['importUsers', 'deleteUser']);
      await expect(service().integrations.setAction({ ...ref, action: 'orderAsset', enabled: true, actor })).rejects.toMatchObject({
        code: 'PLAN_REQUIRED',
        requiredPlan: 'business',
      });
    });

    it('offers and enables the custom action on Business', async () => {
      const integration = await createByo(tenants.business.id);
      const ref = { tenantId: tenants.business.id, integrationId: integration.id };
      await configure(ref.tenantId, ref.integrationId);
      const actions = await service().integrations.setAction({ ...ref, action: 'orderAsset', enabled: true, actor });
      expect(actions).toEqual([
        { name: 'importUsers', kind: 'standard', enabled: false },
        { name: 'deleteUser', kind: 'standard', enabled: false },
        { name: 'orderAsset', kind: 'custom', enabled: true },
      ]);
    });
  });

  describe('audit log', () => {
    it('records every change and test with actor, tenant, integration, time and a redacted detail', async () => {
      const tenant = await service().tenants.create({ name: 'Audited', plan: 'standard', actor: 'admin@acme.test' });
      const integration = await createIncident(tenant.id);
      const ref = { tenantId: tenant.id, integrationId: integration.id };
      const badKey = 'bad-key-0e7d41a9';
      await service().integrations.configureAuth({ ...ref, inputs: { token: badKey }, actor });
      await service().integrations.configureAuth({ ...ref, inputs: { token: DEMO_FULL_ACCESS_KEY }, actor });
      await service().integrations.setAction({ ...ref, action: 'importUsers', enabled: true, actor });
      // Refused: records nothing.
      await expect(service().integrations.setAction({ ...ref, action: 'deactivateUser', enabled: true, actor })).rejects.toMatchObject({
        code: 'ACTION_NOT_OFFERED',
      });
      await service().integrations.setAction({ ...ref, action: 'importUsers', enabled: false, actor });
      await service().tenants.setPlan({ tenantId: tenant.id, plan: 'business', actor: 'billing@acme.test' });

      const { entries, next } = await service().audit.list({ tenantId: tenant.id });
      expect(next).toBeUndefined();
      expect(entries.map((entry) => [entry.event, entry.actor, entry.integrationId])).toEqual([
        ['tenant.plan_changed', 'billing@acme.test', null],
        ['integration.action_disabled', actor, integration.id],
        ['integration.action_enabled', actor, integration.id],
        ['integration.auth_configured', actor, integration.id],
        ['integration.auth_test_failed', actor, integration.id],
        ['integration.created', actor, integration.id],
        ['tenant.created', 'admin@acme.test', null],
      ]);
      for (const entry of entries) {
        expect(entry.tenantId).toBe(tenant.id);
        expect(Date.parse(entry.at)).not.toBeNaN();
      }
      const byEvent = new Map(entries.map((entry) => [entry.event, entry.detail]));
      expect(byEvent.get('tenant.plan_changed')).toEqual({ from: 'standard', to: 'business' });
      expect(byEvent.get('integration.action_enabled')).toEqual({ action: 'importUsers', kind: 'standard' });
      expect(byEvent.get('integration.auth_test_failed')).toMatchObject({ inputs: ['token'], failure: { code: 'AUTH_FAILED', status: 401 } });
      expect(byEvent.get('integration.auth_configured')).toMatchObject({ secretsSet: ['token'], check: { via: 'importUsers', records: USERS } });
      const text = JSON.stringify(entries);
      expect(text).not.toContain(badKey);
      expect(text).not.toContain(DEMO_FULL_ACCESS_KEY);
    });

    it('reads by integration, pages by cursor, and keeps tenants apart', async () => {
      const tenant = await service().tenants.create({ name: 'Paged', plan: 'standard', actor });
      const integration = await createIncident(tenant.id);
      const ref = { tenantId: tenant.id, integrationId: integration.id };
      await service().integrations.configureAuth({ ...ref, inputs: { token: DEMO_FULL_ACCESS_KEY }, actor });
      for (const enabled of [true, false, true]) await service().integrations.setAction({ ...ref, action: 'createUser', enabled, actor });

      const onlyIntegration = await service().audit.list({ ...ref });
      expect(onlyIntegration.entries.map((entry) => entry.event)).toEqual([
        'integration.action_enabled',
        'integration.action_disabled',
        'integration.action_enabled',
        'integration.auth_configured',
        'integration.created',
      ]);
      const first = await service().audit.list({ tenantId: tenant.id, limit: 4 });
      const second = await service().audit.list({ tenantId: tenant.id, limit: 4, before: first.next });
      expect(first.next).toBeDefined();
      expect(second.next).toBeUndefined();
      expect([...first.entries, ...second.entries].map((entry) => entry.id)).toEqual(
        (await service().audit.list({ tenantId: tenant.id })).entries.map((entry) => entry.id),
      );
      const others = await service().audit.list({ tenantId: tenants.other.id, limit: 500 });
      expect(others.entries.some((entry) => entry.integrationId === integration.id)).toBe(false);
      expect(await service().audit.list({ tenantId: tenants.other.id, integrationId: integration.id })).toEqual({ entries: [] });
      await expect(service().audit.list({ tenantId: tenant.id, limit: 0 })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    });
  });

  describe('tenant isolation', () => {
    it('another tenant can neither see nor change an integration', async () => {
      const integration = await createIncident(tenants.business.id);
      const foreign = { tenantId: tenants.other.id, integrationId: integration.id };
      await expect(service().integrations.get(foreign)).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(service().integrations.listActions(foreign)).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(service().integrations.configureAuth({ ...foreign, inputs: { token: DEMO_FULL_ACCESS_KEY }, actor })).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
      await expect(service().integrations.setAction({ ...foreign, action: 'importUsers', enabled: true, actor })).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(service().integrations.connect(foreign)).rejects.toMatchObject({ code: 'NOT_FOUND' });
      expect((await service().integrations.list({ tenantId: tenants.other.id })).map((item) => item.id)).not.toContain(integration.id);
      expect((await service().integrations.get({ tenantId: tenants.business.id, integrationId: integration.id })).id).toBe(integration.id);
    });
  });
}
