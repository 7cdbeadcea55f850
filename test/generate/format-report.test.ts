import { describe, expect, it } from 'vitest';
import { formatReport, formatTable } from '../../src/generate/format-report.js';
import { generateConfig } from '../../src/generate/generate-config.js';
import { renderConfigYaml } from '../../src/generate/render-yaml.js';

describe('formatTable', () => {
  it('aligns columns, shows empty strings as "" and cuts long cells', () => {
    const lines = formatTable([
      { index: 0, account: { id: '1', email: '', name: 'Ann Lee', admin: true }, errors: [] },
      { index: 1, account: { id: '22', email: 'b@x.com', name: 'B'.repeat(50), admin: false }, errors: [] },
    ]);
    expect(lines).toEqual([
      'ID  EMAIL    NAME                                      ADMIN',
      '1   ""       Ann Lee                                   true',
      `22  b@x.com  ${'B'.repeat(39)}…  false`,
    ]);
  });

  it('says when there are no records', () => {
    expect(formatTable([])).toEqual(['(no records)']);
  });
});

describe('renderConfigYaml', () => {
  it('prints records and mapping, quoting only what YAML needs', () => {
    expect(renderConfigYaml({ records: '."user-list"', mapping: { id: '(.id // "") | tostring', name: '[.a, .b | strings] | join(" ")' } })).toBe(
      'records: ."user-list"\nmapping:\n  id: (.id // "") | tostring\n  name: \'[.a, .b | strings] | join(" ")\'\n',
    );
  });
});

describe('formatReport', () => {
  const config = generateConfig({ users: [{ id: 'u1', email: 'ann@x.com', name: 'Ann Lee', role: 'admin' }], teams: [] });
  const mapped = [{ index: 0, account: { id: 'u1', email: 'ann@x.com', name: 'Ann Lee', admin: true }, errors: [] }];
  const yaml = renderConfigYaml({ records: config.records.expression, mapping: config.mapping });

  it('explains the records, each field, the skipped ones, shows the table and the YAML to paste', () => {
    const text = formatReport({ config, mapped, yaml });
    expect(text).toContain('Records: the array at .users (1 object');
    expect(text).toContain('  passed over .teams: empty array');
    expect(text).toContain('  email: .email // ""\n    Email: key `email`, email-shaped in 1/1.');
    expect(text).toContain('  active: not proposed (');
    expect(text).toContain('First 1 of 1 records, mapped:\n  ID  EMAIL      NAME     ADMIN\n  u1  ann@x.com  Ann Lee  true\n');
    expect(text.endsWith(`Paste under actions.importUsers of your spec (or run again with --write <spec.yaml>):\n\n${yaml}`)).toBe(true);
  });

  it('lists at most ten passed-over arrays', () => {
    const response: Record<string, unknown> = { users: [{ id: 'u1', email: 'ann@x.com', name: 'Ann Lee' }] };
    for (let n = 0; n < 12; n += 1) response[`list${n}`] = ['x'];
    const text = formatReport({ config: generateConfig(response), mapped, yaml });
    expect(text.match(/ {2}passed over /gu)).toHaveLength(10);
    expect(text).toContain('  ... and 2 more arrays (all listed with --json)\n');
  });

  it('lists what was written instead of the YAML when writing into a spec', () => {
    const text = formatReport({ config, mapped, yaml, specFile: 'specs/x.yaml', changes: ['set actions.importUsers.records: .users'] });
    expect(text).toContain('Wrote into specs/x.yaml:\n  set actions.importUsers.records: .users\n');
    expect(text).not.toContain('Paste under');
  });
});
