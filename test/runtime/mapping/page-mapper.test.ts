import { describe, expect, it, vi } from 'vitest';
import { createPageMapper, describeShape } from '../../../src/runtime/mapping/page-mapper.js';
import { ConnectorError } from '../../../src/runtime/errors.js';

const counter = vi.hoisted(() => ({ runs: 0, compiles: 0 }));
vi.mock('../../../src/jq/index.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src/jq/index.js')>();
  return {
    ...actual,
    compileJq: async (expression: string) => {
      counter.compiles += 1;
      const filter = await actual.compileJq(expression, 'customer');
      return { ...filter, run: (input: unknown) => ((counter.runs += 1), filter.run(input)) };
    },
  };
});

const mapping = { id: '.id', email: '.email // ""', name: '.name // ""', admin: '.role == "owner" or .role == "admin"', tags: '.tags[]' };

describe('page mapper', () => {
  it('maps a whole page with one jq run, whatever the number of records and fields', async () => {
    const mapper = await createPageMapper({ records: '.users', mapping, extras: [['total', '.total']], action: 'importUsers', policy: 'customer' });
    counter.runs = 0;
    const users = Array.from({ length: 50 }, (_, i) => ({ id: i, email: `u${i}@x.test`, name: `U${i}`, role: i === 0 ? 'owner' : 'user', tags: ['a', 'b'] }));
    const page = await mapper.map({ users, total: 50 }, { action: 'importUsers' });
    expect(counter.runs).toBe(1);
    expect(page.records).toHaveLength(50);
    expect(page.records[0]?.account).toEqual({ id: '0', email: 'u0@x.test', name: 'U0', admin: true, tags: 'a' });
    expect(page.extras.total).toEqual({ value: 50 });
  });

  it('coerces id, email and name to strings, falls back to "" and keeps extras typed', async () => {
    const mapper = await createPageMapper({
      records: '.',
      mapping: { id: '.id', email: '.email', name: '.name', n: '.n' },
      action: 'importUsers',
      policy: 'customer',
    });
    const page = await mapper.map([{ id: 12.5, email: 7, name: null, n: { deep: [1] } }], { action: 'importUsers' });
    expect(page.records[0]?.account).toEqual({ id: '12.5', email: '7', name: '', n: { deep: [1] } });
  });

  it('notes the id and name values it coerced, and nothing for strings', async () => {
    const mapper = await createPageMapper({ records: '.', mapping: { id: '.id', email: '.email', name: '.name' }, action: 'importUsers', policy: 'customer' });
    const page = await mapper.map(
      [
        { id: 7, email: 8, name: { n: 1 } },
        { id: 's', name: 'S' },
      ],
      { action: 'importUsers' },
    );
    expect(page.records[0]?.coerced).toEqual([
      { field: 'id', type: 'number', text: '7' },
      { field: 'name', type: 'object', text: '{"n":1}' },
    ]);
    expect(page.records[1]).not.toHaveProperty('coerced');
  });

  it('reports a record without a usable id and never imports it', async () => {
    const mapper = await createPageMapper({
      records: '.',
      mapping: { id: '.id', email: '.email // ""', name: '.name // ""' },
      action: 'importUsers',
      policy: 'customer',
    });
    const page = await mapper.map([{ email: 'a@x.test' }, { id: '' }, { id: true }, { id: 'ok' }], { action: 'importUsers' });
    expect(page.records.map((record) => record.account?.id)).toEqual([undefined, undefined, undefined, 'ok']);
    expect(page.records.slice(0, 3).map((record) => record.problems[0]?.kind)).toEqual(['without id', 'empty id', 'non-string id']);
    expect(page.records.slice(0, 3).map((record) => record.problems[0]?.message)).toEqual([
      'record 0 has no id; it is not imported',
      'record 1 has an empty id; it is not imported',
      'record 2 has an id of type boolean; it is not imported',
    ]);
  });

  it('reports a failing field for its record without failing the page', async () => {
    const mapper = await createPageMapper({
      records: '.',
      mapping: { id: '.id', email: '.profile.email', name: '.name // ""' },
      action: 'importUsers',
      policy: 'customer',
    });
    const page = await mapper.map(
      [
        { id: 'a', profile: 5 },
        { id: 'b', profile: { email: 'b@x.test' } },
      ],
      { action: 'importUsers' },
    );
    expect(page.records[0]?.account).toEqual({ id: 'a', email: '', name: '' });
    expect(page.records[0]?.problems[0]).toMatchObject({ kind: 'mapping failed', id: 'a', field: 'email', imported: true });
    expect(page.records[1]?.account?.email).toBe('b@x.test');
  });

  it('takes the first output of a field expression', async () => {
    const mapper = await createPageMapper({
      records: '.',
      mapping: { id: '.ids[]', email: 'empty', name: '.name, error("second")' },
      action: 'importUsers',
      policy: 'customer',
    });
    const page = await mapper.map([{ ids: ['first', 'second'], name: 'n' }], { action: 'importUsers' });
    expect(page.records[0]?.account).toEqual({ id: 'first', email: '', name: 'n' });
    expect(page.records[0]?.problems).toEqual([]);
  });

  it.each([
    {
      body: { data: { users: [] }, total: 3 },
      want: /records path "\.users" gave null, not an array; the response is an object with keys data \(object\), total \(number\)/,
    },
    { body: { users: { a: 1 } }, want: /gave object, not an array/ },
    { body: [1, 2], want: /failed: .*; the response is an array of 2 items/ },
  ])('a records path that does not give an array is BAD_RESPONSE describing the shape ($want)', async ({ body, want }) => {
    const mapper = await createPageMapper({
      records: '.users',
      mapping: { id: '.id', email: '.email', name: '.name' },
      action: 'importUsers',
      policy: 'customer',
    });
    const error = await mapper.map(body, { action: 'importUsers' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConnectorError);
    expect(error).toMatchObject({ code: 'BAD_RESPONSE', message: expect.stringMatching(want) });
  });

  it('describes shapes', () => {
    expect(describeShape('x')).toBe('a string');
    expect(describeShape({})).toBe('an empty object');
    expect(describeShape(undefined)).toBe('empty (no body)');
    expect(describeShape(null)).toBe('null');
  });
});
