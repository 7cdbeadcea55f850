import { describe, expect, it } from 'vitest';
import { compileJqInProcess, JqCompileError, JqRuntimeError } from '../../../src/jq/index.js';
import { runJq, type JqCase } from './run-jq.js';

function compileError(program: string): JqCompileError {
  try {
    compileJqInProcess(program);
  } catch (error) {
    if (error instanceof JqCompileError) return error;
    throw error;
  }
  throw new Error(`expected ${program} not to compile`);
}

// jq 1.8 accepts any expression without `,` as an object value (jq.test: `{x: 1 + 2, y: false or
// true, z: null // 3}`), joined by `|`; jq 1.6 and 1.7 accepted only terms. `as`, `def` and `label`
// run to the end of the pipe, commas included, so jq rejects them there (checked with
// /usr/bin/jq 1.6 and in jq's grammar, where they are not terms).
describe('object values follow jq grammar', () => {
  const rejected: Array<{ given: string; offset: number; unexpected: string }> = [
    { given: '{a: .x as $v | $v}', offset: 7, unexpected: "'as'" },
    { given: '{a: 1, b: .c as [$d] | $d}', offset: 13, unexpected: "'as'" },
    { given: '{(.k): 1 + 2 as $v | $v}', offset: 13, unexpected: "'as'" },
    { given: '{a: def f: 1; f}', offset: 4, unexpected: "'def'" },
    { given: '{a: 1 | def f: 1; f}', offset: 8, unexpected: "'def'" },
    { given: '{a: label $f | 1}', offset: 4, unexpected: "'label'" },
  ];
  it.each(rejected)('rejects $given at offset $offset', ({ given, offset, unexpected }) => {
    const error = compileError(given);
    expect(error.kind).toBe('syntax');
    expect(error.offset).toBe(offset);
    expect(error.message).toMatch(new RegExp(`unexpected ${unexpected}, expecting`, 'u'));
    expect(error.message).toMatch(/parentheses/u);
  });

  const accepted: JqCase[] = [
    { given: '{a: (1 + 2)}', input: null, want: [{ a: 3 }] },
    { given: '{x: 1 + 2, y: false or true, z: null // 3}', input: null, want: [{ x: 3, y: true, z: 3 }] },
    { given: '{a: .b == 1 | not, c: (.x as $v | $v), d: (def f: 2; f), e: (label $out | 4)}', input: { b: 1, x: 5 }, want: [{ a: false, c: 5, d: 2, e: 4 }] },
    { given: '{a: .b | .c}', input: { b: { c: 5 } }, want: [{ a: 5 }] },
    { given: '{a: -1}', input: null, want: [{ a: -1 }] },
    { given: '{x: -. | abs}', input: 2, want: [{ x: 2 }] },
    { given: '{a: -1 | -(2), b: 3}', input: null, want: [{ a: -2, b: 3 }] },
    { given: '{a: (.x // 1)}', input: {}, want: [{ a: 1 }] },
    { given: '{a: .x?, b: "s" | ascii_upcase}', input: {}, want: [{ a: null, b: 'S' }] },
    { given: '{x: try 1, y: try error catch 2, z: if true then 3 end}', input: null, want: [{ x: 1, y: 2, z: 3 }] },
    { given: '{a: reduce (1, 2) as $i (0; . + $i)}', input: null, want: [{ a: 3 }] },
  ];
  it.each(accepted)('accepts $given', ({ given, input, want }) => {
    expect(runJq(given, input)).toEqual(want);
  });
});

// jq inserts each pair after computing its value and checks the key there, so a value with no
// output means no error; a literal non-string key is a compile error whatever the value.
describe('computed object keys', () => {
  it('yields nothing, without an error, when the value yields nothing', () => {
    expect(runJq('{(.): empty}', 1)).toEqual([]);
    expect(runJq('{(.[]): empty}', [1, 2])).toEqual([]);
    expect(runJq('{(.a): empty, b: error("never reached")}', { a: 1 })).toEqual([]);
  });

  it('fails on a non-string key once a value is produced', () => {
    expect(() => runJq('{(.): 2}', 1)).toThrow(JqRuntimeError);
    expect(() => runJq('{(.): (empty, 2)}', 1)).toThrow('Cannot use number (1) as object key');
    expect(() => runJq('{(.k): 1, b: error("later")}', { k: null })).toThrow('Cannot use null (null) as object key');
  });

  it('still refuses a literal non-string key at compile time, as jq does', () => {
    expect(compileError('{(1): empty}').message).toMatch(/Cannot use number \(1\) as object key/u);
  });
});
