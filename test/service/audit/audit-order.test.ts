/**
 * The audit log pages newest first by entry id, numerically: with ids of one and two digits side
 * by side, entry 10 comes before entry 9 (the query once sorted the ids as text), and the `next`
 * cursor continues exactly where a page ended.
 */
import { describe, expect, it } from 'vitest';
import { embeddedStorage, useService } from '../helpers/service-fixture.js';

const fixture = useService(embeddedStorage('audit-order'));

describe('audit log order', () => {
  it('is newest first across ids of different lengths, and pages without gaps or repeats', async () => {
    const { service } = fixture;
    const tenant = await service.tenants.create({ name: 'Ordered', plan: 'standard', actor: 'operator' });
    // tenant.created is the first entry; 14 more carry their order in the token name.
    for (let index = 1; index <= 14; index += 1) await service.tokens.create({ tenantId: tenant.id, role: 'viewer', name: `t${index}`, actor: 'operator' });
    const all = await service.audit.list({ tenantId: tenant.id, limit: 100 });
    const ids = all.entries.map((entry) => Number(entry.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(all.entries.slice(0, 3).map((entry) => entry.detail.name)).toEqual(['t14', 't13', 't12']);
    const seen: string[] = [];
    for (let before: string | undefined, pages = 0; pages < 20; pages += 1) {
      const page = await service.audit.list({ tenantId: tenant.id, limit: 4, before });
      seen.push(...page.entries.map((entry) => entry.id));
      if (!page.next) break;
      before = page.next;
    }
    expect(seen).toEqual(all.entries.map((entry) => entry.id));
  });
});
