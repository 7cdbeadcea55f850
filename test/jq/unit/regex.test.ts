import { describe, expect, it } from 'vitest';
import { compileJqInProcess, JqCompileError, JqRuntimeError } from '../../../src/jq/index.js';
import { RegexUnsupported, translateRegex } from '../../../src/jq/regex.js';
import { runJq, type JqCase } from './run-jq.js';
import { runJqBounded } from './run-jq-bounded.js';

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

describe('regular expressions (Oniguruma syntax on RE2)', () => {
  it.each(cases)('$given on $input', ({ given, input, want }) => {
    expect(runJq(given, input)).toEqual(want);
  });

  it.each(['a++', '(?>a)', '(?i)a', '\\Ga', 'a\\K', '[a-z&&[^b]]', '(a?)*', '(?<n>)?x'])('refuses %s', (pattern) => {
    expect(() => translateRegex(pattern, false)).toThrow(RegexUnsupported);
  });

  it('refuses a computed regex that RE2 cannot honour at run time', () => {
    expect(() => runJq('test(.)', 'a++')).toThrow(JqRuntimeError);
    expect(() => runJq('test(.)', 'a++')).toThrow(/possessive/u);
  });

  it('reports invalid modifiers', () => {
    expect(() => runJq('test("a"; "q")', 'a')).toThrow('q is not a valid modifier string');
  });
});

// Regexes run on RE2 (re2js), which matches in time linear in the input: patterns that make a
// backtracking engine take exponential time on a near-miss input are answered at once. Each runs in
// a child process with a timeout, so a regression fails the test rather than hanging the run.
describe('regular expressions run in linear time', () => {
  it.each([
    { given: '("a" * 30) | test("(a|a)*b")', want: [false] },
    { given: '("a" * 100) | test("a*a*a*a*a*b")', want: [false] },
    { given: '("a" * 5000) | [match("(a+)+b")] | length', want: [0] },
    { given: '("a" * 5000 + "!") | [scan("(\\\\s?\\\\w+)+$")] | length', want: [0] },
    { given: '("a" * 40) | sub("(a|aa)+b"; "x")', want: ['a'.repeat(40)] },
  ])('$given', ({ given, want }) => {
    expect(runJqBounded({ program: given, input: null, timeoutMs: 10_000 })).toEqual({ outputs: want });
  });

  it.each(['(a+)+b', '(?:a+)*', '(?<x>\\d+)+', '((a+)b)+', '(a+){2,}', '([a-z]+)*x', '(.+\\.)+', '(a+|,)+'])('accepts the nested repeat %s', (pattern) => {
    expect(() => translateRegex(pattern, false)).not.toThrow();
  });

  it('matches nested repeats as jq does', () => {
    expect(runJq('[match("(a+)+b"; "g") | .string]', 'aab xab b')).toEqual([['aab', 'ab']]);
    expect(runJq('capture("^(?<host>([a-z0-9-]+\\\\.)+[a-z]{2,})$")', 'mail.example.com')).toEqual([{ host: 'mail.example.com' }]);
  });
});

// What only a backtracking engine can do is refused at compile time, naming the construct.
describe('regex constructs that need backtracking', () => {
  it.each([
    { pattern: '(a)\\\\1', construct: 'regex: a backreference (\\1) needs a backtracking engine; regexes run in linear time (RE2), so it is not supported' },
    {
      pattern: '(?<n>a)\\\\k<n>',
      construct: 'regex: a backreference (\\k) needs a backtracking engine; regexes run in linear time (RE2), so it is not supported',
    },
    { pattern: 'a(?=b)', construct: 'regex: a lookahead (?=...) needs a backtracking engine; regexes run in linear time (RE2), so it is not supported' },
    { pattern: 'a(?!b)', construct: 'regex: a lookahead (?!...) needs a backtracking engine; regexes run in linear time (RE2), so it is not supported' },
    { pattern: '(?<=a)b', construct: 'regex: a lookbehind (?<=...) needs a backtracking engine; regexes run in linear time (RE2), so it is not supported' },
    { pattern: '(?<!a)b', construct: 'regex: a lookbehind (?<!...) needs a backtracking engine; regexes run in linear time (RE2), so it is not supported' },
  ])('refuses $pattern at compile time', ({ pattern, construct }) => {
    let caught: unknown;
    try {
      compileJqInProcess(`test("${pattern}")`);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(JqCompileError);
    expect(caught).toMatchObject({ kind: 'unsupported', construct });
  });

  it('refuses a computed one at run time', () => {
    expect(() => runJq('.re as $re | .s | test($re)', { s: 'aa', re: '(a)\\1' })).toThrow(JqRuntimeError);
    expect(() => runJq('.re as $re | .s | test($re)', { s: 'aa', re: '(a)\\1' })).toThrow(/backreference \(\\1\)/u);
  });

  // RE2's \b looks at ASCII word characters, Oniguruma's at Unicode ones: refused rather than wrong.
  it.each(['\\\\bab', 'a\\\\B'])('refuses the word boundary in %s at compile time', (pattern) => {
    expect(() => compileJqInProcess(`test("${pattern}")`)).toThrow('a word boundary (\\b, \\B) is not supported');
  });
});
