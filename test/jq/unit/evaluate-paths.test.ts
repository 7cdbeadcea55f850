import { describe, expect, it } from 'vitest';
import { runJq, type JqCase } from './run-jq.js';

const cases: JqCase[] = [
  { given: '.', input: { a: 1 }, want: [{ a: 1 }] },
  { given: '.a.b', input: { a: { b: 2 } }, want: [2] },
  { given: '."a-b"', input: { 'a-b': 3 }, want: [3] },
  { given: '.["a"]', input: { a: 4 }, want: [4] },
  { given: '.[0], .[-1]', input: [1, 2, 3], want: [1, 3] },
  { given: '.[1:], .[:-1], .[5:]', input: [1, 2, 3], want: [[2, 3], [1, 2], []] },
  { given: '.[]', input: { a: 1, b: 2 }, want: [1, 2] },
  { given: '[..]', input: [1, [2]], want: [[[1, [2]], 1, [2], 2]] },
  { given: '[.[] | .a?]', input: [1, { a: 2 }], want: [[2]] },
  { given: '.a // "none"', input: { a: false }, want: ['none'] },
  { given: '(.a | error)? // "x"', input: { a: 'boom' }, want: ['x'] },
  { given: '[.[] // 9]', input: [null, false, 1], want: [[1]] },
  { given: '.missing', input: null, want: [null] },
  { given: '.constructor, .__proto__', input: {}, want: [null, null] },
  { given: 'path(.a[0].b)', input: null, want: [['a', 0, 'b']] },
  { given: '[paths]', input: { a: [1] }, want: [[['a'], ['a', 0]]] },
  { given: 'del(.a, .c[0])', input: { a: 1, b: 2, c: [3, 4] }, want: [{ b: 2, c: [4] }] },
  { given: 'to_entries', input: { a: 1 }, want: [[{ key: 'a', value: 1 }]] },
  { given: 'with_entries(.value += 1)', input: { a: 1 }, want: [{ a: 2 }] },
  { given: 'getpath(["a","b"]), setpath(["a","b"]; 5), delpaths([["a"]])', input: { a: { b: 1 } }, want: [1, { a: { b: 5 } }, {}] },
  { given: '.a = 1', input: {}, want: [{ a: 1 }] },
  { given: '.a |= . + 1', input: { a: 1 }, want: [{ a: 2 }] },
  { given: '.[] |= select(. > 1)', input: [1, 2, 3], want: [[2, 3]] },
  { given: '.a += 1, .a -= 1, .a *= 2, .a /= 2, .a %= 2', input: { a: 3 }, want: [{ a: 4 }, { a: 2 }, { a: 6 }, { a: 1.5 }, { a: 1 }] },
  { given: '.a //= 5, .b //= 5', input: { a: 1 }, want: [{ a: 1 }, { a: 1, b: 5 }] },
  { given: '.a = (1, 2)', input: {}, want: [{ a: 1 }, { a: 2 }] },
  { given: 'map_values(. * 10)', input: { a: 1, b: 2 }, want: [{ a: 10, b: 20 }] },
  { given: 'try path(1) catch .', input: null, want: ['Invalid path expression with result 1'] },
  { given: 'pick(.a.b)', input: { a: { b: 1, c: 2 }, d: 3 }, want: [{ a: { b: 1 } }] },
  { given: '[tostream]', input: { a: [1] }, want: [[[['a', 0], 1], [['a', 0]], [['a']]]] },
  { given: 'fromstream(tostream)', input: { a: [1, { b: 2 }] }, want: [{ a: [1, { b: 2 }] }] },
];

describe('jq paths, indexing and assignment', () => {
  it.each(cases)('$given', ({ given, input, want }) => {
    expect(runJq(given, input)).toEqual(want);
  });
});
