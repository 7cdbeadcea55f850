/** People over the API: the list paged by cursor, and the CSV import answering the ids it created. Shared by the embedded run and test/postgres/. */
import { expect, it } from 'vitest';
import type { ApiFixture } from './api-fixture.js';

export function describePeopleApi(fixture: ApiFixture): void {
  it('imports a CSV answering the count and the id of each person in row order, and pages the list by cursor within the tenant', async () => {
    const a = await fixture.tenantWithTokens('standard', 'People A');
    const b = await fixture.tenantWithTokens('standard', 'People B');
    const rows = ['Eve Five', 'Cy Three', 'Al One', 'Di Four', 'Bo Two'].map((name) => ({ name, email: `${name.split(' ')[0]!.toLowerCase()}@example.com` }));
    const imported = await fixture.call(a.admin, 'POST', '/v1/people/import', {
      csv: `email,name\n${rows.map((row) => `${row.email},${row.name}`).join('\n')}\n`,
    });
    expect(imported.status).toBe(200);
    expect(imported.body.created).toBe(5);
    expect(imported.body.ids).toHaveLength(5);
    expect((await fixture.call(b.admin, 'POST', '/v1/people', { email: 'only-b@example.com', name: 'Aa Only B' })).status).toBe(201);

    const seen: { id: string; name: string; email: string }[] = [];
    const pages: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await fixture.call(a.viewer, 'GET', `/v1/people?limit=2${cursor === undefined ? '' : `&cursor=${encodeURIComponent(cursor)}`}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.people);
      pages.push(page.body.people.length);
      cursor = page.body.next;
    } while (cursor !== undefined);
    expect(pages).toEqual([2, 2, 1]);
    expect(seen.map((person) => person.name)).toEqual(['Al One', 'Bo Two', 'Cy Three', 'Di Four', 'Eve Five']);
    const idByEmail = new Map(seen.map((person) => [person.email, person.id]));
    expect(imported.body.ids).toEqual(rows.map((row) => idByEmail.get(row.email)));

    const all = await fixture.call(a.viewer, 'GET', '/v1/people');
    expect(all.body.people).toHaveLength(5);
    expect(all.body.next).toBeUndefined();
  });

  it('refuses a cursor that is not one of the list’s, and a page size out of range, naming the field', async () => {
    const { viewer } = await fixture.tenantWithTokens('standard', 'People C');
    const bad = await fixture.call(viewer, 'GET', `/v1/people?cursor=${Buffer.from('no-such-person').toString('base64url')}`);
    expect(bad).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    const big = await fixture.call(viewer, 'GET', '/v1/people?limit=100000');
    expect(big).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', errors: [{ pointer: '/querystring/limit' }] } });
  });
}
