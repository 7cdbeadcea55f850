/**
 * Finding the array of user records in a response, and the records path proposed for it.
 */
import { describe, expect, it } from 'vitest';
import { chooseRecords } from '../../src/generate/choose-records.js';
import { generateConfig, NoUserArrayError } from '../../src/generate/generate-config.js';

const user = (n: number): Record<string, unknown> => ({ id: `u${n}`, email: `user${n}@example.com`, name: `User ${n}` });

describe('chooseRecords', () => {
  it.each([
    { name: 'top-level array', given: [user(1), user(2)], want: '.' },
    { name: 'users', given: { users: [user(1)], total: 1 }, want: '.users' },
    { name: 'data', given: { data: [user(1)], links: { next: null } }, want: '.data' },
    { name: 'SCIM Resources', given: { schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], Resources: [user(1)] }, want: '.Resources' },
    { name: 'nested data.users', given: { data: { users: [user(1)], cursor: 'x' } }, want: '.data.users' },
    { name: 'key needing quotes', given: { 'user-list': [user(1)] }, want: '."user-list"' },
    {
      name: 'users beat teams',
      given: {
        teams: [
          { id: 't1', name: 'Ops' },
          { id: 't2', name: 'Dev' },
        ],
        users: [user(1)],
      },
      want: '.users',
    },
    {
      name: 'users beat a longer list of roles',
      given: {
        roles: [
          { id: 'r1', name: 'Admin' },
          { id: 'r2', name: 'User' },
          { id: 'r3', name: 'Guest' },
        ],
        members: [user(1), user(2)],
      },
      want: '.members',
    },
  ])('$name -> $want', ({ given, want }) => {
    expect(chooseRecords(given).chosen?.expression).toBe(want);
  });

  it('says why each other array was passed over', () => {
    const search = chooseRecords({ schemas: ['a'], empty: [], teams: [{ id: 't1', name: 'Ops' }], users: [user(1), user(2)], matrix: [[1, 2]] });
    const reasons = Object.fromEntries(search.rejected.map((rejected) => [rejected.expression, rejected.reason]));
    expect(reasons['.schemas']).toBe('items are not objects (string)');
    expect(reasons['.empty']).toBe('empty array');
    expect(reasons['.matrix']).toBe('items are not objects (array)');
    expect(reasons['.teams']).toMatch(/^less user-like \(score [\d.]+: 1 object, id-like key in 1\/1, name key in 1\/1\) than \.users \(score [\d.]+\)$/u);
    expect(search.chosen?.evidence).toEqual(['2 objects', 'email-shaped values in 2/2', 'id-like key in 2/2', 'name key in 2/2']);
  });

  it('rejects arrays of objects without any user trait', () => {
    const search = chooseRecords({ items: [{ sku: 'A-1', price: 3 }] });
    expect(search.chosen).toBeUndefined();
    expect(search.rejected).toEqual([{ expression: '.items', reason: 'objects without email-shaped values, id-like keys or name keys' }]);
  });

  it.each([
    { name: 'an object without arrays', given: { ok: true, count: 3 }, seen: 'an object with keys ok, count, with no array inside' },
    { name: 'a string', given: 'hello', seen: 'a string, with no array inside' },
    { name: 'only a list of strings', given: { ids: ['a', 'b'] }, seen: 'an object with keys ids; arrays: .ids (items are not objects (string))' },
  ])('finds nothing in $name and says what it saw', ({ given, seen }) => {
    const search = chooseRecords(given);
    expect(search.chosen).toBeUndefined();
    expect(search.seen).toBe(seen);
    expect(() => generateConfig(given)).toThrow(NoUserArrayError);
  });
});
