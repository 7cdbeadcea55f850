import { describe, expect, it } from 'vitest';
import { compileJqInProcess, JqCompileError, JqRuntimeError } from '../../../src/jq/index.js';
import { RegexUnsupported, translateRegex } from '../../../src/jq/regex.js';
import { runJq, type JqCase } from './run-jq.js';

const cases: JqCase[] = [
  { given: 'test("B"; "i")', input: 'abc', want: [true] },
  { given: '[match("a"; "g").offset]', input: 'banana', want: [[1, 3, 5]] },
  { given: 'test("a b c"; "x")', input: 'abc', want: [true] },
  { given: 'test("a.c")', input: 'a\nc', want: [false] },
  { given: 'test("a.c"; "p")', input: 'a\nc', want: [true] },
  { given: '[match("^b"; "g").offset]', input: 'a\nb', want: [[2]] },
  { given: '[match("x*"; "gn").offset]', input: 'axxb', want: [[1]] },
  { given: 'test("\\\\h+$")', input: 'beef', want: [true] },
  { given: '[match("\\\\w+"; "g").string]', input: 'ā two', want: [['ā', 'two']] },
  { given: 'capture("(?<year>\\\\d{4})-(?<month>\\\\d{2})")', input: 'on 2024-05-01', want: [{ year: '2024', month: '05' }] },
  { given: '[match("(a)|(b)").captures[] | .string]', input: 'b', want: [[null, 'b']] },
  { given: 'sub("(?<x>[a-z]+)"; "<\\(.x)>"; "g")', input: 'ab 12 cd', want: ['<ab> 12 <cd>'] },
  { given: '[sub("a"; "1", "2")]', input: 'xa', want: [['x1', 'x2']] },
  { given: 'gsub(""; "-")', input: 'ab', want: ['-a-b-'] },
  { given: 'split(", *"; null)', input: 'a, b,c', want: [['a', 'b', 'c']] },
  { given: 'test("[[:alpha:]]+")', input: 'abc', want: [true] },
  { given: 'test("a{,2}c")', input: 'aac', want: [true] },
  { given: 'test("x{")', input: 'x{', want: [true] },
];

describe('regular expressions (Oniguruma syntax on JavaScript RegExp)', () => {
  it.each(cases)('$given on $input', ({ given, input, want }) => {
    expect(runJq(given, input)).toEqual(want);
  });

  it.each(['a++', '(?>a)', '(?i)a', '\\Ga', 'a\\K', '[a-z&&[^b]]', '(a?)*', '(?<n>)?x'])('refuses %s', (pattern) => {
    expect(() => translateRegex(pattern, false)).toThrow(RegexUnsupported);
  });

  it('refuses a computed regex that JavaScript cannot honour at run time', () => {
    expect(() => runJq('test(.)', 'a++')).toThrow(JqRuntimeError);
    expect(() => runJq('test(.)', 'a++')).toThrow(/possessive/u);
  });

  it('reports invalid modifiers', () => {
    expect(() => runJq('test("a"; "q")', 'a')).toThrow('q is not a valid modifier string');
  });
});

// A group repeated without bound whose body also repeats without bound backtracks exponentially
// on a near-miss input (V8 would spend minutes on the first case); specs are untrusted.
describe('regular expressions that can backtrack catastrophically', () => {
  // The last ones start or end with a separator that a repeated part can also match.
  it.each(['(a+)+b', '(a*)*', '(?:a+)*', '(?<x>\\d+)+', '((a+)b)+', '(a+){2,}', '(a{2,})+', '([a-z]+)*x', '(a+?)+', '(\\w+\\s?)+$',
    '(,.+)*$', '(.+\\.)+', '(A[a-z]+)*', '(a+|,)+', '((,a+)+)+', '(,(ab)+)+'])(
    'refuses %s',
    (pattern) => {
      expect(() => translateRegex(pattern, false)).toThrow('nested quantifiers can backtrack catastrophically');
    },
  );

  // The last ones repeat a body that starts or ends with a separator its repeated parts cannot
  // match, so there is one way to split the input.
  it.each(['(a+){2}', '(a+)?', '(abc)+', '( )*', '(a)+(b+)', 'a+(b)+', '\\(a+\\)+', '(a[+*])+',
    '^([a-z0-9-]+\\.)+[a-z]{2,}$', '^\\w+(,\\w+)*$', '(,\\s*\\w+)*', '(\\.[^.]+)+', '(@[^@\\s]+)+'])('allows %s', (pattern) => {
    expect(() => translateRegex(pattern, false)).not.toThrow();
  });

  it('refuses a literal one at compile time, naming why', () => {
    let caught: unknown;
    try {
      compileJqInProcess('("a" * 30) | test("(a+)+b")');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(JqCompileError);
    expect(caught).toMatchObject({ kind: 'unsupported', construct: 'regex: nested quantifiers can backtrack catastrophically' });
  });

  it('refuses a computed one at run time', () => {
    const program = '.re as $re | (.s * 30) | test($re)';
    expect(() => runJq(program, { s: 'a', re: '(a+)+b' })).toThrow(JqRuntimeError);
    expect(() => runJq(program, { s: 'a', re: '(a+)+b' })).toThrow(/nested quantifiers can backtrack catastrophically/u);
    expect(runJq(program, { s: 'a', re: '(a+)b' })).toEqual([false]);
    expect(runJq('test("^([a-z0-9-]+\\\\.)+[a-z]{2,}$")', 'mail.example.com')).toEqual([true]);
  });
});
