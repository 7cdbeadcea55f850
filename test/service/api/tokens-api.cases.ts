/**
 * Token revocation through the API: the list shows ids, names and roles but never a token or its
 * hash; a revoked token is refused at once (401); another tenant's token is 404 and stays live;
 * viewers may neither list nor revoke; each revocation is in the audit log. Shared by the embedded
 * run and test/postgres/.
 */
import { expect, it } from 'vitest';
import { hashToken } from '../../../src/service/tokens/api-tokens.js';
import type { ApiFixture } from './api-fixture.js';

export function describeTokenRevocation(fixture: ApiFixture): void {
  it('lists without secrets, revokes at once, and keeps tenants apart', async () => {
    const a = await fixture.tenantWithTokens('standard', 'Tenant A');
    const b = await fixture.tenantWithTokens('standard', 'Tenant B');
    const spare = await fixture.service.tokens.create({ tenantId: a.tenant.id, role: 'admin', name: 'ci robot', actor: 'operator' });

    const listed = await fixture.call(a.admin, 'GET', '/v1/tokens');
    expect(listed.status).toBe(200);
    // The admin token was just used; the others never were.
    expect(
      listed.body.tokens.map((token: { name: string; role: string; revokedAt: null; lastUsedAt: string | null }) => [
        token.name,
        token.role,
        token.revokedAt,
        token.lastUsedAt !== null,
      ]),
    ).toEqual([
      ['admin token', 'admin', null, true],
      ['viewer token', 'viewer', null, false],
      ['ci robot', 'admin', null, false],
    ]);
    for (const secret of [a.admin, a.viewer, spare.token, hashToken(spare.token)]) expect(listed.text).not.toContain(secret);
    expect((await fixture.call(a.viewer, 'GET', '/v1/tokens')).status).toBe(403);
    expect((await fixture.call(a.viewer, 'DELETE', `/v1/tokens/${spare.tokenId}`)).status).toBe(403);

    // B cannot revoke A's token, nor learn that it exists.
    const foreign = await fixture.call(b.admin, 'DELETE', `/v1/tokens/${spare.tokenId}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('NOT_FOUND');
    expect((await fixture.call(spare.token, 'GET', '/v1/tenant')).status).toBe(200);
    expect((await fixture.call(b.admin, 'GET', '/v1/tokens')).text).not.toContain(spare.tokenId);

    const revoked = await fixture.call(a.admin, 'DELETE', `/v1/tokens/${spare.tokenId}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ tokenId: spare.tokenId, revokedAt: expect.any(String) });
    const refused = await fixture.call(spare.token, 'GET', '/v1/tenant');
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('UNAUTHORIZED');
    expect(await fixture.service.tokens.verify(spare.token)).toBeUndefined();

    // Revoking again keeps the first time.
    expect((await fixture.call(a.admin, 'DELETE', `/v1/tokens/${spare.tokenId}`)).body.revokedAt).toBe(revoked.body.revokedAt);
    const audit = (await fixture.call(a.viewer, 'GET', '/v1/audit?limit=500')).body.entries.filter(
      (entry: { event: string }) => entry.event === 'token.revoked',
    );
    expect(audit[0]).toMatchObject({ tenantId: a.tenant.id, detail: { tokenId: spare.tokenId, name: 'ci robot', role: 'admin' } });

    // A token may revoke itself: its next request is refused.
    expect((await fixture.call(b.admin, 'DELETE', `/v1/tokens/${(await fixture.call(b.admin, 'GET', '/v1/tokens')).body.tokens[0].tokenId}`)).status).toBe(200);
    expect((await fixture.call(b.admin, 'GET', '/v1/tokens')).status).toBe(401);
  });

  it('pages the tokens by cursor, oldest first, each once, and refuses a cursor that is not a `next`', async () => {
    const a = await fixture.tenantWithTokens('standard', 'Token Pages');
    for (const name of ['t1', 't2', 't3']) await fixture.service.tokens.create({ tenantId: a.tenant.id, role: 'viewer', name, actor: 'operator' });
    const seen: { id: string; name: string; createdAt: string }[] = [];
    const sizes: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await fixture.call(a.admin, 'GET', `/v1/tokens?limit=2${cursor === undefined ? '' : `&cursor=${encodeURIComponent(cursor)}`}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.tokens);
      sizes.push(page.body.tokens.length);
      cursor = page.body.next;
    } while (cursor !== undefined);
    expect(sizes).toEqual([2, 2, 1]);
    // Each once, oldest first. Not the creation order itself: the embedded database's now() has
    // millisecond resolution, so tokens made within one millisecond share created_at (ties go by id).
    expect(seen.map((token) => token.name).sort()).toEqual(['admin token', 't1', 't2', 't3', 'viewer token']);
    const ages = seen.map((token) => Date.parse(token.createdAt));
    expect(ages).toEqual([...ages].sort((x, y) => x - y));
    for (const bad of [Buffer.from('no-such-token').toString('base64url'), Buffer.from('["x"]').toString('base64url')]) {
      expect(await fixture.call(a.admin, 'GET', `/v1/tokens?cursor=${bad}`)).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    }
  });
}
