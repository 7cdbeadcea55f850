/** Tenant API tokens: prefixed random tokens, verified by hash, scoped to their tenant and role. */
import { describe, expect, it } from 'vitest';
import { generateToken, hashToken, TOKEN_PREFIX } from '../../../src/service/tokens/api-tokens.js';
import { embeddedStorage, useService } from '../helpers/service-fixture.js';

const fixture = useService(embeddedStorage('tokens'));

describe('API tokens', () => {
  it('are 32 random bytes behind the prefix, hashed with SHA-256', () => {
    const token = generateToken();
    expect(token).toMatch(new RegExp(`^${TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`));
    expect(Buffer.from(token.slice(TOKEN_PREFIX.length), 'base64url')).toHaveLength(32);
    expect(generateToken()).not.toBe(token);
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('verify gives the token’s tenant and role, and nothing for other text', async () => {
    const { service } = fixture;
    const tenant = await service.tenants.create({ name: 'T', plan: 'standard', actor: 'operator' });
    const created = await service.tokens.create({ tenantId: tenant.id, role: 'viewer', name: 'dashboards', actor: 'operator' });
    expect(await service.tokens.verify(created.token)).toEqual({ tokenId: created.tokenId, tenantId: tenant.id, role: 'viewer', name: 'dashboards' });
    for (const other of [generateToken(), created.token.slice(0, -1), `${created.token}x`, '', hashToken(created.token)])
      expect(await service.tokens.verify(other)).toBeUndefined();
    await expect(service.tokens.create({ tenantId: tenant.id, role: 'owner' as 'admin', actor: 'operator' })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(service.tokens.create({ tenantId: 'no-such-tenant', role: 'admin', actor: 'operator' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const audit = await service.audit.list({ tenantId: tenant.id });
    expect(audit.entries[0]).toMatchObject({ event: 'token.created', detail: { tokenId: created.tokenId, name: 'dashboards', role: 'viewer' } });
    expect(JSON.stringify(audit)).not.toContain(created.token);
  });

  it('liveCaller gives a token id’s caller until the token is revoked', async () => {
    const { service } = fixture;
    const tenant = await service.tenants.create({ name: 'L', plan: 'standard', actor: 'operator' });
    const created = await service.tokens.create({ tenantId: tenant.id, role: 'admin', name: 'console', actor: 'operator' });
    expect(await service.tokens.liveCaller(created.tokenId)).toEqual({ tokenId: created.tokenId, tenantId: tenant.id, role: 'admin', name: 'console' });
    for (const other of ['', 'not-an-id', created.token, '00000000-0000-0000-0000-000000000000'])
      expect(await service.tokens.liveCaller(other)).toBeUndefined();
    await service.tokens.revoke({ tenantId: tenant.id, tokenId: created.tokenId, actor: 'operator' });
    expect(await service.tokens.liveCaller(created.tokenId)).toBeUndefined();
  });
});
