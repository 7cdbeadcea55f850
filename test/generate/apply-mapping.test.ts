/**
 * Applying a proposal with the project's jq follows the spec format's mapping rules.
 */
import { describe, expect, it } from 'vitest';
import { applyMapping, applyRecordsPath, MappingApplyError } from '../../src/generate/apply-mapping.js';

describe('applyRecordsPath', () => {
  it('returns the array the records path yields', async () => {
    expect(await applyRecordsPath({ expression: '.data.users', response: { data: { users: [{ id: 1 }] } }, policy: 'customer' })).toEqual([{ id: 1 }]);
    expect(await applyRecordsPath({ expression: '.', response: [1, 2], policy: 'customer' })).toEqual([1, 2]);
  });

  it.each([
    { expression: '.users', given: { users: { id: 1 } }, want: 'records path .users yields object, not an array' },
    { expression: '.missing', given: {}, want: 'records path .missing yields null, not an array' },
    { expression: 'empty', given: {}, want: 'records path empty yields nothing, not an array' },
  ])('refuses $expression when it is not an array', async ({ expression, given, want }) => {
    await expect(applyRecordsPath({ expression, response: given, policy: 'customer' })).rejects.toThrow(MappingApplyError);
    await expect(applyRecordsPath({ expression, response: given, policy: 'customer' })).rejects.toThrow(want);
  });
});

describe('applyMapping', () => {
  it('names the field whose expression does not compile', async () => {
    // The in-process engine refuses at compile time; the jq binary only when it runs: either way
    // the message starts with the field.
    let message: string;
    try {
      const mapped = await applyMapping({ records: [{}], mapping: { email: '.email //' }, limit: 1, policy: 'customer' });
      message = mapped[0]?.errors[0] ?? '';
    } catch (error) {
      expect(error).toBeInstanceOf(MappingApplyError);
      message = (error as Error).message;
    }
    expect(message).toMatch(/^email: /u);
  });
  it('coerces id, email and name to strings and keeps extras typed', async () => {
    const mapped = await applyMapping({
      records: [
        { id: 42, email: null, admin: true, tags: ['a'] },
        { id: 'x', name: 'Ann' },
      ],
      mapping: { id: '.id', email: '.email', name: '.name', admin: '.admin', tags: '.tags' },
      limit: 5,
      policy: 'customer',
    });
    expect(mapped).toEqual([
      { index: 0, account: { id: '42', email: '', name: '', admin: true, tags: ['a'] }, errors: [] },
      { index: 1, account: { id: 'x', email: '', name: 'Ann', admin: null, tags: null }, errors: [] },
    ]);
  });

  it('takes the first output and stops at the limit', async () => {
    const mapped = await applyMapping({ records: [{ a: [1, 2] }, { a: [3] }, { a: [4] }], mapping: { id: '.a[]' }, limit: 2, policy: 'customer' });
    expect(mapped.map((record) => record.account.id)).toEqual(['1', '3']);
  });

  it('reports a field that fails on one record without losing the others', async () => {
    const mapped = await applyMapping({
      records: [
        { name: 'Ann', id: 'a' },
        { name: 5, id: 'b' },
      ],
      mapping: { id: '.id', name: '.name | ascii_downcase' },
      limit: 2,
      policy: 'customer',
    });
    expect(mapped[0]).toEqual({ index: 0, account: { id: 'a', name: 'ann' }, errors: [] });
    expect(mapped[1]?.account).toEqual({ id: 'b', name: '' });
    expect(mapped[1]?.errors[0]).toMatch(/^name: /u);
  });
});
