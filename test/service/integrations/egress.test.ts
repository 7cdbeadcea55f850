/**
 * The service's strict egress default: a tenant's base URL on a loopback address (here the
 * simulator's) is refused by the connection test, nothing is saved, and the hint tells the
 * operator how to allow an on-premises target.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FULL_ACCESS_KEY, seedUsers, startIncidentPlatform, type IncidentPlatformSimulator } from '../../../src/simulators/incident-platform/index.js';
import { embeddedStorage, useService } from '../helpers/service-fixture.js';

const fixture = useService(embeddedStorage('service-egress'), { egress: {} });
let incident: IncidentPlatformSimulator;
beforeAll(async () => {
  incident = await startIncidentPlatform({ users: seedUsers({ count: 2 }) });
});
afterAll(() => incident?.close());

describe('the service egress default', () => {
  it('refuses a loopback base URL at the connection test, saving nothing', async () => {
    const { service } = fixture;
    const tenant = await service.tenants.create({ name: 'Egress', plan: 'standard', actor: 'ops' });
    const integration = await service.integrations.create({
      tenantId: tenant.id,
      actor: 'ops',
      type: 'prebuilt',
      connector: 'incident-platform',
      baseUrl: incident.server.origin,
    });
    const ref = { tenantId: tenant.id, integrationId: integration.id };
    const result = await service.integrations.configureAuth({ ...ref, inputs: { token: DEMO_FULL_ACCESS_KEY }, actor: 'ops' });
    expect(result).toMatchObject({ ok: false, failure: { code: 'EGRESS_DENIED', hint: expect.stringContaining('--allow-egress') } });
    expect(incident.server.requests).toEqual([]);
    expect(await service.integrations.listActions(ref)).toEqual([]);
  });
});
