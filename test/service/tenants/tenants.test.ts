/** Tenants through the service library on the embedded database. */
import { describe, expect, it } from 'vitest';
import { embeddedStorage, useService } from '../helpers/service-fixture.js';

const fixture = useService(embeddedStorage('tenants'));
const actor = 'ops@example.com';

describe('tenants', () => {
  it('creates tenants with a plan, reads and lists them, and changes the plan', async () => {
    const { tenants } = fixture.service;
    const acme = await tenants.create({ name: 'Acme', plan: 'standard', actor });
    const globex = await tenants.create({ name: 'Globex', plan: 'none', actor });
    expect(acme).toEqual({ id: expect.any(String), name: 'Acme', plan: 'standard', createdAt: expect.any(String) });
    expect(await tenants.get(acme.id)).toEqual(acme);
    expect((await tenants.list()).map((tenant) => tenant.name)).toEqual(expect.arrayContaining(['Acme', 'Globex']));
    expect(await tenants.setPlan({ tenantId: globex.id, plan: 'business', actor })).toMatchObject({ id: globex.id, plan: 'business' });
    expect((await tenants.get(acme.id)).plan).toBe('standard');
  });

  it.each([
    { given: 'an unknown plan', input: { name: 'X', plan: 'gold', actor }, field: 'plan' },
    { given: 'an empty name', input: { name: ' ', plan: 'standard', actor }, field: 'name' },
    { given: 'no actor', input: { name: 'X', plan: 'standard', actor: '' }, field: 'actor' },
  ])('refuses $given, naming the field', async ({ input, field }) => {
    await expect(fixture.service.tenants.create(input as never)).rejects.toMatchObject({ code: 'INVALID_INPUT', message: expect.stringContaining(field) });
  });

  it('answers NOT_FOUND for a tenant that does not exist', async () => {
    await expect(fixture.service.tenants.get('no-such-tenant')).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringContaining('no-such-tenant'),
    });
    await expect(fixture.service.tenants.setPlan({ tenantId: 'no-such-tenant', plan: 'standard', actor })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
