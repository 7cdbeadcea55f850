/**
 * Issue 27, finding 3, through the service: the Access Grid's CSV export goes through the one
 * neutraliser (csv.ts), so a person named like a formula is exported as text. A person's name is
 * stored without its leading whitespace, so the tab- and space-led spellings reach the export as
 * = + - @ led ones; csv-formulas.test.ts covers the neutraliser cell by cell, tab and CR included.
 */
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../../src/service/access/csv.js';
import { embeddedStorage, useService } from '../helpers/service-fixture.js';

const fixture = useService(embeddedStorage('csv-exports-formulas'));
const NAMES = ['=1+1 Ann', '+1+1 Bo', '-1+1 Cy', '@SUM(A1) Di', ' =1+1 Ed', '\t=1+1 Flo'];

describe('the Access Grid CSV neutralises formula-led cells', () => {
  it('exports every such person name with a leading quote', async () => {
    const { service } = fixture;
    const tenant = await service.tenants.create({ name: 'Formulas', plan: 'standard', actor: 'ops' });
    const stored: string[] = [];
    for (const [index, name] of NAMES.entries()) {
      const person = await service.people.create({ tenantId: tenant.id, email: `p${index}@example.com`, name, actor: 'ops' });
      stored.push(person.name);
    }
    const rows = parseCsv(await service.access.gridCsv({ tenantId: tenant.id }));
    const exported = rows.slice(1).map(([name]) => name);
    expect(exported).toHaveLength(NAMES.length);
    // Whatever the service keeps of a name, its export is never led by a formula character.
    for (const name of exported) expect(name).toMatch(/^(?!\s*[=+\-@]|[\t\r])/u);
    expect(exported.sort()).toEqual(stored.map((name) => `'${name}`).sort());
  });
});
