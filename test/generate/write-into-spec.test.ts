/**
 * Writing a generated config into a spec: only the importUsers values change, every other byte of
 * the file (comments, folded scalars, flow lists) stays as written; bad specs get a located message.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { SpecWriteError, writeConfigIntoSpec } from '../../src/generate/write-into-spec.js';

const SPEC = readFileSync(new URL('fixtures/custom-spec.yaml', import.meta.url), 'utf8');
const mapping = { id: '.id // ""', email: '.email // ""', name: '[.first_name, .last_name | strings] | join(" ")', admin: '.role == "admin"' };

function write(text: string, path?: string): ReturnType<typeof writeConfigIntoSpec> {
  return writeConfigIntoSpec({ text, file: 'spec.yaml', records: '.users', mapping, path });
}

function errorOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(SpecWriteError);
    return (error as Error).message;
  }
  throw new Error('expected a SpecWriteError');
}

describe('writeConfigIntoSpec', () => {
  it('replaces records and mapping in place and keeps everything else byte for byte', () => {
    const result = write(SPEC);
    const doc = parseDocument(result.text);
    expect(doc.getIn(['actions', 'importUsers', 'records'])).toBe('.users');
    for (const [key, value] of Object.entries(mapping)) expect(doc.getIn(['actions', 'importUsers', 'mapping', key])).toBe(value);
    expect(doc.getIn(['actions', 'importUsers', 'mapping', 'team'])).toBe('.team.name');
    const before = SPEC.split('\n');
    const after = result.text.split('\n');
    const changedBefore = before.filter((line) => !after.includes(line));
    expect(changedBefore).toEqual([
      '    records: .items',
      '      id: .uid # stable id',
      '      email: >-',
      '        .contact.mail',
      '        // ""',
      '      name: .display',
    ]);
    for (const kept of [
      '  Imports and removes the user accounts of Acme People through its REST API, with',
      '  token: {label: API token, secret: true, required: true}',
      '    path: /v2/people   # paginated by page number',
      '    # Where the people are in the response.',
      '    success: [200]',
      '      # Kept: not something Generate Config proposes.',
    ]) {
      expect(after).toContain(kept);
    }
    expect(after).toContain('      id: .id // "" # stable id');
    expect(after).toContain('      name: \'[.first_name, .last_name | strings] | join(" ")\'');
  });

  it('reports each change, what it replaced and the mapping keys it kept', () => {
    expect(write(SPEC).changes).toEqual([
      'set actions.importUsers.records: .users (was .items)',
      'set actions.importUsers.mapping.id: .id // "" (was .uid)',
      'set actions.importUsers.mapping.email: .email // "" (was .contact.mail // "")',
      'set actions.importUsers.mapping.name: [.first_name, .last_name | strings] | join(" ") (was .display)',
      'set actions.importUsers.mapping.admin: .role == "admin"',
      'kept mapping team (not generated; check them against this response)',
    ]);
  });

  it('changes nothing when the spec already holds the config', () => {
    const once = write(SPEC).text;
    const twice = write(once);
    expect(twice.text).toBe(once);
    expect(twice.changes).toEqual(['kept mapping team (not generated; check them against this response)']);
  });

  it.each([
    {
      name: 'adds records and mapping to an importUsers without them',
      given: 'actions:\n  importUsers:\n    path: /users\n    success: [200]\n',
      want: 'actions:\n  importUsers:\n    path: /users\n    success: [200]\n    records: .users\n    mapping:\n      id: .id // ""\n      email: .email // ""\n      name: \'[.first_name, .last_name | strings] | join(" ")\'\n      admin: .role == "admin"\n',
    },
    {
      name: 'fills an empty records value',
      given:
        'actions:\n  importUsers:\n    path: /users\n    records: # fill me\n    mapping:\n      id: .id // ""\n      email: .email // ""\n      name: \'[.first_name, .last_name | strings] | join(" ")\'\n      admin: .role == "admin"\n',
      want: 'actions:\n  importUsers:\n    path: /users\n    records: .users # fill me\n    mapping:\n      id: .id // ""\n      email: .email // ""\n      name: \'[.first_name, .last_name | strings] | join(" ")\'\n      admin: .role == "admin"\n',
    },
  ])('$name', ({ given, want }) => {
    expect(write(given).text).toBe(want);
  });

  it('creates importUsers with --path when the spec has none, after the other actions', () => {
    const result = write('id: x\nactions:\n  deleteUser:\n    method: DELETE\n    path: /users/{account.id}\n', '/users');
    expect(result.text).toBe(
      'id: x\nactions:\n  deleteUser:\n    method: DELETE\n    path: /users/{account.id}\n  importUsers:\n    path: /users\n    records: .users\n    mapping:\n      id: .id // ""\n      email: .email // ""\n      name: \'[.first_name, .last_name | strings] | join(" ")\'\n      admin: .role == "admin"\n',
    );
    expect(result.changes).toEqual(['created actions.importUsers with path /users, records and mapping']);
  });

  it('creates actions when the spec has none', () => {
    const text = write('id: x\nname: X', '/people').text;
    expect(parseDocument(text).getIn(['actions', 'importUsers', 'path'])).toBe('/people');
    expect(text.startsWith('id: x\nname: X\nactions:\n  importUsers:\n')).toBe(true);
  });

  it('sets the path given with --path over the existing one', () => {
    const result = write(SPEC, '/v3/people');
    expect(parseDocument(result.text).getIn(['actions', 'importUsers', 'path'])).toBe('/v3/people');
    expect(result.text).toContain('    path: /v3/people   # paginated by page number\n');
    expect(result.changes[0]).toBe('set actions.importUsers.path: /v3/people (was /v2/people)');
  });

  it.each([
    {
      name: 'no importUsers and no --path',
      given: 'id: x\nactions:\n  deleteUser:\n    path: /u/{account.id}\n',
      want: 'spec.yaml: has no actions.importUsers; pass --path <endpoint> (the path that returned this response, e.g. /users) to create it',
    },
    {
      name: 'importUsers without a path',
      given: 'id: x\nactions:\n  importUsers:\n    records: .data\n',
      want: 'spec.yaml:4:5: actions.importUsers has no path; add `path:` (the endpoint that returned this response) or pass --path <endpoint>',
    },
    { name: 'importUsers not a mapping', given: 'actions:\n  importUsers: yes\n', want: 'spec.yaml:2:16: actions.importUsers must be a block mapping' },
    {
      name: 'mapping in flow style',
      given: 'actions:\n  importUsers:\n    path: /u\n    mapping: {id: .id}\n',
      want: 'spec.yaml:4:14: actions.importUsers.mapping must be a block mapping (one `field: jq` per line) to be updated',
    },
    { name: 'not YAML', given: 'id: x\nactions:\n  importUsers:\n    path: [/users\n', want: 'spec.yaml:5:1: not valid YAML: ' },
    { name: 'not a mapping', given: '- a\n- b\n', want: 'spec.yaml: a spec must be a YAML mapping (id, name, auth, actions...)' },
  ])('refuses $name with a located message', ({ given, want }) => {
    expect(errorOf(() => write(given)).startsWith(want)).toBe(true);
  });
});
