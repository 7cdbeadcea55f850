/** The authentication step's fields from the spec's inputs (secrets write-only), and the prebuilt catalogue. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prebuiltCatalogue } from '../../../src/service/integrations/auth-inputs.js';
import { DEMO_FULL_ACCESS_KEY, seedUsers, startIncidentPlatform, type IncidentPlatformSimulator } from '../../../src/simulators/incident-platform/index.js';
import { embeddedStorage, useService } from '../helpers/service-fixture.js';

const fixture = useService(embeddedStorage('auth-inputs'));
let incident: IncidentPlatformSimulator;
beforeAll(async () => {
  incident = await startIncidentPlatform({ users: seedUsers({ count: 2 }) });
});
afterAll(() => incident?.close());

describe('authInputs', () => {
  it('lists the spec’s inputs; a secret shows only whether it is saved, a setting its value', async () => {
    const { service } = fixture;
    const tenant = await service.tenants.create({ name: 'T', plan: 'standard', actor: 'operator' });
    const ref = { tenantId: tenant.id, actor: 'operator' };
    const pager = await service.integrations.create({ ...ref, type: 'prebuilt', connector: 'incident-platform', baseUrl: incident.server.origin });
    const before = await service.integrations.authInputs({ tenantId: tenant.id, integrationId: pager.id });
    expect(before).toEqual([
      expect.objectContaining({
        name: 'token',
        label: 'API key',
        kind: 'string',
        secret: true,
        required: true,
        saved: false,
        help: expect.stringContaining('shown once'),
      }),
      { name: 'fromEmail', label: 'Requester email (optional)', kind: 'email', secret: false, required: false, help: expect.any(String) },
    ]);
    expect(
      (await service.integrations.configureAuth({ ...ref, integrationId: pager.id, inputs: { token: DEMO_FULL_ACCESS_KEY, fromEmail: 'ops@example.com' } })).ok,
    ).toBe(true);
    const after = await service.integrations.authInputs({ tenantId: tenant.id, integrationId: pager.id });
    expect(after.map(({ name, saved, value }) => ({ name, saved, value }))).toEqual([
      { name: 'token', saved: true, value: undefined },
      { name: 'fromEmail', saved: undefined, value: 'ops@example.com' },
    ]);
    expect(JSON.stringify(after)).not.toContain(DEMO_FULL_ACCESS_KEY);
    const scim = await service.integrations.create({ ...ref, type: 'scim', scimBaseUrl: 'https://scim.example.test/v2' });
    expect(await service.integrations.authInputs({ tenantId: tenant.id, integrationId: scim.id })).toContainEqual(
      expect.objectContaining({ name: 'baseUrl', value: 'https://scim.example.test/v2', secret: false }),
    );
    await expect(service.integrations.authInputs({ tenantId: tenant.id, integrationId: 'no-such' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('prebuiltCatalogue', () => {
  it('names every prebuilt connector with the standard actions its spec supports', () => {
    const catalogue = prebuiltCatalogue();
    expect(catalogue.find((entry) => entry.id === 'incident-platform')).toMatchObject({
      name: 'Incident platform (PagerDuty)',
      actions: ['importUsers', 'createUser', 'deleteUser'],
    });
    expect(catalogue.every((entry) => entry.actions.length > 0 && entry.description.length > 0)).toBe(true);
    expect(catalogue.map((entry) => entry.id)).not.toContain('scim-2-0');
  });
});
