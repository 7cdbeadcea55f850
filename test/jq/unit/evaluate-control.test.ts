import { describe, expect, it } from 'vitest';
import { runJq, type JqCase } from './run-jq.js';

const cases: JqCase[] = [
  { given: '1, 2 | . * 10', input: null, want: [10, 20] },
  { given: '[.[] | select(. > 1)]', input: [1, 2, 3], want: [[2, 3]] },
  { given: 'if . > 1 then "big" elif . == 1 then "one" else "small" end', input: 1, want: ['one'] },
  { given: 'if . then "yes" end', input: false, want: [false] },
  { given: 'try error("x") catch "caught \\(.)"', input: null, want: ['caught x'] },
  { given: '[.[] | try (if . == 2 then error("e") else . end)]', input: [1, 2, 3], want: [[1, 3]] },
  { given: 'try error({a: 1}) catch .a', input: null, want: [1] },
  { given: '(try (1, 2) catch 0) | . * 2', input: null, want: [2, 4] },
  { given: 'reduce .[] as $x (0; . + $x)', input: [1, 2, 3], want: [6] },
  { given: '[foreach .[] as $x (0; . + $x)]', input: [1, 2, 3], want: [[1, 3, 6]] },
  {
    given: '[foreach .[] as $x (0; . + $x; [$x, .])]',
    input: [1, 2],
    want: [
      [
        [1, 1],
        [2, 3],
      ],
    ],
  },
  { given: '[label $out | .[] | if . > 2 then break $out else . end]', input: [1, 2, 3, 4], want: [[1, 2]] },
  { given: '. as [$a, {b: $c}] | [$a, $c]', input: [1, { b: 2 }], want: [[1, 2]] },
  { given: '. as {$a, b: [$c]} | $a + $c', input: { a: 1, b: [2] }, want: [3] },
  { given: '.[] as [$a] ?// $a | $a', input: [[1], 2], want: [1, 2] },
  { given: '1 + 2 as $x | $x * 2', input: null, want: [6] },
  { given: 'def f: . * 2; map(f)', input: [1, 2], want: [[2, 4]] },
  { given: 'def f(g): [g, g]; f(. + 1)', input: 1, want: [[2, 2]] },
  { given: 'def f($a; $b): $a - $b; f(10; 3)', input: null, want: [7] },
  { given: 'def fac: if . <= 1 then 1 else . * (. - 1 | fac) end; fac', input: 5, want: [120] },
  { given: '. as $x | def f: $x; 9 | f', input: 3, want: [3] },
  { given: 'def f(x): x * 2; def g: f(.); 4 | g', input: null, want: [8] },
  { given: '[limit(3; repeat(1))]', input: null, want: [[1, 1, 1]] },
  { given: '[limit(3; range(infinite))]', input: null, want: [[0, 1, 2]] },
  { given: 'first(range(10; 20)), last(range(3)), nth(2; range(10))', input: null, want: [10, 2, 2] },
  {
    given: '[range(0; 10; 3)], [range(5; 0; -2)]',
    input: null,
    want: [
      [0, 3, 6, 9],
      [5, 3, 1],
    ],
  },
  { given: '[.[] | until(. > 100; . * 2)]', input: [1, 50], want: [[128, 200]] },
  { given: '[while(. < 10; . + 3)]', input: 1, want: [[1, 4, 7]] },
  { given: '[recurse(if . < 3 then . + 1 else empty end)]', input: 0, want: [[0, 1, 2, 3]] },
  { given: 'isempty(empty), isempty(1)', input: null, want: [true, false] },
  { given: 'any, all, any(. > 2), all(. > 0)', input: [1, 2, 3], want: [true, true, true, true] },
  { given: '[.[] | (1, 2) as $x | $x]', input: [0], want: [[1, 2]] },
  { given: '$__loc__', input: null, want: [{ file: '<top-level>', line: 1 }] },
  { given: 'env, $ENV', input: null, want: [{}, {}] },
  { given: '[splits(", *")]', input: 'a, b,c', want: [['a', 'b', 'c']] },
  { given: '[.[] as $x | $x | (1 / $x)?]', input: [1, 0], want: [[1]] },
];

describe('jq control flow, bindings and functions', () => {
  it.each(cases)('$given', ({ given, input, want }) => {
    expect(runJq(given, input)).toEqual(want);
  });

  it('does not let try catch errors raised after its body produced a value', () => {
    expect(() => runJq('(try 1 catch "no") | error("later")', null)).toThrow('later');
  });
});
