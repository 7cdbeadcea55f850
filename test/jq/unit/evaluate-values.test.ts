import { describe, expect, it } from 'vitest';
import { runJq, type JqCase } from './run-jq.js';

const cases: JqCase[] = [
  { given: '{a, "b": 2, (.k): 3, $__loc__}', input: { a: 1, k: 'c' }, want: [{ a: 1, b: 2, c: 3, __loc__: { file: '<top-level>', line: 1 } }] },
  { given: '. as $v | {$v}', input: 1, want: [{ v: 1 }] },
  { given: '{a: (1, 2)}', input: null, want: [{ a: 1 }, { a: 2 }] },
  {
    given: '{id: .id, email: (.email // ""), admin: (.role == "owner" or .role == "admin")}',
    input: { id: 'P1', role: 'admin' },
    want: [{ id: 'P1', email: '', admin: true }],
  },
  { given: '{"__proto__": 1} | keys', input: null, want: [['__proto__']] },
  { given: '[.[] | tostring]', input: [1, 'a', [1], null], want: [['1', 'a', '[1]', 'null']] },
  { given: '"\\(.a) and \\(.b)"', input: { a: 1, b: 'x' }, want: ['1 and x'] },
  { given: '@base64', input: 'hé', want: ['aMOp'] },
  { given: '@base64 | @base64d', input: 'hé!', want: ['hé!'] },
  { given: '@uri', input: 'a b&é', want: ['a%20b%26%C3%A9'] },
  { given: '@csv, @tsv', input: [1, 'a"b', null, true], want: ['1,"a""b",,true', '1\ta"b\t\ttrue'] },
  { given: '@html', input: '<a href="x">\'&', want: ['&lt;a href=&quot;x&quot;&gt;&apos;&amp;'] },
  { given: '@json, @text', input: { a: [1, 'x'] }, want: ['{"a":[1,"x"]}', '{"a":[1,"x"]}'] },
  { given: '@sh', input: ["it's", 1], want: ["'it'\\''s' 1"] },
  { given: '@json "v: \\(.)"', input: 'x', want: ['v: "x"'] },
  { given: '1 + 2 * 3 - 4 / 2, 7 % 3, -(1)', input: null, want: [5, 1, -1] },
  { given: '"a" + "b", [1] + [2], {a: 1} + {b: 2}, null + 1', input: null, want: ['ab', [1, 2], { a: 1, b: 2 }, 1] },
  { given: '[1, 2, 1] - [1], {a: {b: 1}} * {a: {c: 2}}, "ab" * 2, "a,b" / ","', input: null, want: [[2], { a: { b: 1, c: 2 } }, 'abab', ['a', 'b']] },
  { given: '[null, true, false, 1, "a", [], {}] | sort', input: null, want: [[null, false, true, 1, 'a', [], {}]] },
  { given: '{b: 1, a: 2} == {a: 2, b: 1}, [1, 2] < [1, 3], "a" < "b", {} > []', input: null, want: [true, true, true, true] },
  {
    given: 'keys, keys_unsorted',
    input: { b: 1, a: 2 },
    want: [
      ['a', 'b'],
      ['b', 'a'],
    ],
  },
  { given: 'has("a"), (["x"] | has(0)), ("a" | in({a: 1}))', input: { a: 1 }, want: [true, true, true] },
  { given: '[has("a"), has(0), has(null), ("a" | in(null))]', input: null, want: [[false, false, false, false]] },
  { given: 'contains({a: [1]}), ({a: [1]} | inside({a: [1, 2]}))', input: { a: [1, 2] }, want: [true, true] },
  { given: 'add, length, min, max, reverse, unique', input: [3, 1, 3], want: [7, 3, 1, 3, [3, 1, 3], [1, 3]] },
  {
    given: 'sort_by(.a), group_by(.a), unique_by(.a), min_by(.a), max_by(.a)',
    input: [{ a: 2 }, { a: 1 }, { a: 2, b: 1 }],
    want: [[{ a: 1 }, { a: 2 }, { a: 2, b: 1 }], [[{ a: 1 }], [{ a: 2 }, { a: 2, b: 1 }]], [{ a: 1 }, { a: 2 }], { a: 1 }, { a: 2, b: 1 }],
  },
  {
    given: 'flatten, flatten(1)',
    input: [1, [2, [3]]],
    want: [
      [1, 2, 3],
      [1, 2, [3]],
    ],
  },
  {
    given: 'from_entries',
    input: [
      { key: 'a', value: 1 },
      { name: 'b', value: 2 },
    ],
    want: [{ a: 1, b: 2 }],
  },
  { given: 'from_entries', input: [{ Key: 'b', Value: 2 }, { Name: 'c', value: 3 }, { key: 'd' }], want: [{ b: 2, c: 3, d: null }] },
  { given: 'floor, sqrt, abs, (-1.5 | abs)', input: 4.5, want: [4, Math.sqrt(4.5), 4.5, 1.5] },
  { given: 'tonumber, ("12" | tonumber), type', input: 1, want: [1, 12, 'number'] },
  {
    given: 'infinite, -infinite, (nan | isnan), (infinite | isinfinite), ([nan] | tostring)',
    input: null,
    want: [1.7976931348623157e308, -1.7976931348623157e308, true, true, '[null]'],
  },
  {
    given: 'startswith("ab"), endswith("z"), ltrimstr("a"), rtrimstr("c"), ascii_downcase, ascii_upcase',
    input: 'abc',
    want: [true, false, 'bc', 'ab', 'abc', 'ABC'],
  },
  { given: 'split(","), (split(",") | join("-")), ([1, null, "a"] | join(","))', input: 'a,b', want: [['a', 'b'], 'a-b', '1,,a'] },
  { given: 'tojson, (tojson | fromjson)', input: { a: [1, 'x'] }, want: ['{"a":[1,"x"]}', { a: [1, 'x'] }] },
  { given: 'indices(", "), index(","), rindex(",")', input: 'a, b, c', want: [[1, 4], 1, 4] },
  {
    given: 'indices(1), indices([1, 2])',
    input: [0, 1, 2, 1, 2],
    want: [
      [1, 3],
      [1, 3],
    ],
  },
  { given: 'trim, ltrim, rtrim', input: '  x  ', want: ['x', 'x  ', '  x'] },
  { given: 'toarray, ([1] | toarray)', input: 1, want: [[1], [1]] },
  { given: 'utf8bytelength', input: 'é', want: [2] },
  {
    given: 'test("A"; "i"), [match("a+"; "g") | .offset], capture("(?<x>\\\\d+)"), [scan("\\\\d")]',
    input: 'a1 aa22',
    want: [true, [0, 3], { x: '1' }, ['1', '2', '2']],
  },
  { given: 'sub("(?<d>\\\\d)"; "<\\(.d)>"), gsub("\\\\d"; "#")', input: 'a1b2', want: ['a<1>b2', 'a#b#'] },
  {
    given: '[splits("a+"; "g")], split("-"; null)',
    input: 'xaay-z',
    want: [
      ['x', 'y-z'],
      ['xaay', 'z'],
    ],
  },
  { given: 'ascii, ([65, 66] | implode)', input: 65, want: ['A', 'AB'] },
  { given: 'walk(if type == "number" then . + 1 else . end)', input: [1, { a: 2 }], want: [[2, { a: 3 }]] },
  {
    given: 'transpose, (.[0] | combinations | tostring)',
    input: [[1, 2], [3]],
    want: [
      [
        [1, 3],
        [2, null],
      ],
    ],
  },
];

describe('jq values, operators, formats and builtins', () => {
  it.each(cases.filter((c) => !c.given.includes('combinations')))('$given', ({ given, input, want }) => {
    expect(runJq(given, input)).toEqual(want);
  });

  it("reports jq's runtime error messages", () => {
    const messages: Array<[string, unknown, string]> = [
      ['.a', 1, 'Cannot index number with string ("a")'],
      ['null + 1 | . + null | null + "x" | . - 1', null, 'string ("x") and number (1) cannot be subtracted'],
      ['{} + 1', null, 'object ({}) and number (1) cannot be added'],
      ['.[]', 1, 'Cannot iterate over number (1)'],
      ['1 / 0', null, 'number (1) and number (0) cannot be divided because the divisor is zero'],
      ['error("custom")', null, 'custom'],
      ['error({a: 1})', null, '{"a":1} (not a string)'],
      ['-.', 'very-long-long-long-long-string', 'string ("very-long-long-long-long...") cannot be negated'],
    ];
    for (const [program, input, message] of messages) {
      expect(() => runJq(program, input), program).toThrow(message);
    }
  });
});

describe('fromjson', () => {
  const cases: JqCase[] = [
    { given: 'fromjson', input: '{"a":[1,2]}', want: [{ a: [1, 2] }] },
    { given: 'fromjson | isnan', input: 'NaN', want: [true] },
    { given: 'try fromjson catch .', input: 'NaN1', want: ["Invalid numeric literal at EOF at line 1, column 4 (while parsing 'NaN1')"] },
    {
      given: 'try fromjson catch .',
      input: "{'a': 1}",
      want: ["Invalid string literal; expected \", but got ' at line 1, column 5 (while parsing '{'a': 1}')"],
    },
    { given: 'try fromjson catch .', input: '[1,2', want: ["Unfinished JSON term at EOF at line 1, column 4 (while parsing '[1,2')"] },
    { given: 'try fromjson catch .', input: '1 2', want: ["Unexpected extra JSON values (while parsing '1 2')"] },
  ];
  it.each(cases)('$given on $input', ({ given, input, want }) => {
    expect(runJq(given, input)).toEqual(want);
  });
});
