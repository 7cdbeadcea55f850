/**
 * Where the engine once answered otherwise than jq 1.8.1 (issue 9): `//` lets errors of its left
 * side through, a `?` after an access covers that access only, `reverse` is jq's
 * `[.[length - 1 - range(0; length)]]`, `isnan` and friends are false on non-numbers, `null[null]`
 * fails, `from_entries` reads only key/name/Name/Key and value/Value and never turns a key into text. Each answer was read off the jq 1.8.1 binary (npm run conformance checks them all again);
 * message wording follows jq's own test suite (`with string ("a")`), which the 1.8.1 binary words
 * `with string "a"`.
 */
import { describe, expect, it } from 'vitest';
import { compileJq, JqRuntimeError } from '../../../src/jq/index.js';
import { runJq } from './run-jq.js';

describe('answers equal to jq 1.8.1', () => {
  it.each([
    { given: '[.a // 1]', input: { a: null }, want: [[1]] },
    { given: '[.[] // 3]', input: [null, false], want: [[3]] },
    { given: '[(null, 2) // 3]', input: null, want: [[2]] },
    { given: '[.a[]?]', input: { a: 'text' }, want: [[]] },
    { given: '[.a[]?]', input: { a: null }, want: [[]] },
    { given: '[.a?.b]', input: 'x', want: [[]] },
    { given: '[(.a.b)?]', input: 'x', want: [[]] },
    { given: '[.a.b?]', input: { a: 5 }, want: [[]] },
    { given: '[.a[.k]?]', input: { a: 5, k: 'x' }, want: [[]] },
    { given: '[.a[1:]?]', input: { a: 5 }, want: [[]] },
    { given: '[.a[.k:]?]', input: { a: 'abc', k: 1 }, want: [['bc']] },
    {
      given: '[path(.a[]?)]',
      input: { a: [7, 8] },
      want: [
        [
          ['a', 0],
          ['a', 1],
        ],
      ],
    },
    { given: '.a[]? |= . + 1', input: { a: [1, 2] }, want: [{ a: [2, 3] }] },
    { given: 'reverse', input: [1, 2, 3], want: [[3, 2, 1]] },
    { given: '[null, "", {}, 0] | map(reverse)', input: null, want: [[[], [], [], []]] },
    {
      given: '[.[] | isnan, isinfinite, isnormal]',
      input: ['x', null, [], 1],
      want: [[false, false, false, false, false, false, false, false, false, false, false, true]],
    },
    { given: '[null | .[{}]]', input: null, want: [[null]] },
    {
      given: 'from_entries',
      input: [
        { Key: 'a', Value: 1 },
        { key: false, name: 'n' },
        { key: 'b', value: false, v: 2 },
      ],
      want: [{ a: 1, n: null, b: false }],
    },
  ])('$given on $input', ({ given, input, want }) => {
    expect(runJq(given, input)).toEqual(want);
  });

  it.each([
    { given: '(error("x")) // 1', input: null, want: 'x' },
    { given: '.a // 1', input: 5, want: 'Cannot index number with string ("a")' },
    { given: '[(1, error("x"), 2) // 3]', input: null, want: 'x' },
    { given: '.a[]?', input: 'x', want: 'Cannot index string with string ("a")' },
    { given: '.a.b?', input: 'x', want: 'Cannot index string with string ("a")' },
    { given: '.a[]?.b', input: { a: [1] }, want: 'Cannot index number with string ("b")' },
    { given: '.a.b.c?', input: { a: 5 }, want: 'Cannot index number with string ("b")' },
    { given: 'reverse', input: 'abc', want: 'Cannot index string with number' },
    { given: 'reverse', input: { a: 1 }, want: 'Cannot index object with number' },
    { given: 'reverse', input: 5, want: 'Cannot index number with number' },
    { given: 'reverse', input: true, want: 'boolean (true) has no length' },
    { given: '.[null]', input: null, want: 'Cannot index null with null' },
    { given: 'from_entries', input: [{ key: 0, value: 1 }], want: 'Cannot use number (0) as object key' },
    { given: 'from_entries', input: [{ k: 'a', v: 1 }], want: 'Cannot use null (null) as object key' },
    { given: 'with_entries(.)', input: [1, 2], want: 'Cannot use number (0) as object key' },
  ])('$given on $input fails: $want', ({ given, input, want }) => {
    expect(() => runJq(given, input)).toThrow(want);
  });

  it('lets the error of a `//` left side through in a generated one-output mapping too', async () => {
    const filter = await compileJq('{email: (.profile.email // "")}', 'customer');
    await expect(filter.run({ profile: 'text' })).rejects.toBeInstanceOf(JqRuntimeError);
    expect(await filter.run({ profile: {} })).toEqual([{ email: '' }]);
  });
});
