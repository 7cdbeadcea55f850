import { describe, expect, it } from 'vitest';
import { compileJqInProcess, JqCompileError } from '../../../src/jq/index.js';

function compileError(program: string): JqCompileError {
  try {
    compileJqInProcess(program);
  } catch (error) {
    if (error instanceof JqCompileError) return error;
    throw error;
  }
  throw new Error(`expected ${program} not to compile`);
}

describe('syntax errors carry the 0-based offset of the offending token', () => {
  const cases: Array<{ given: string; offset: number; message: RegExp }> = [
    { given: '.a | ', offset: 5, message: /unexpected end of expression/u },
    // An unclosed bracket: reported where it opens, not at the end of the expression.
    { given: '{a: 1', offset: 0, message: /unclosed '\{'/u },
    { given: '[.a, (.b', offset: 5, message: /unclosed '\('/u },
    { given: '.a b', offset: 3, message: /unexpected 'b'/u },
    { given: '.name | "abc', offset: 8, message: /unterminated string/u },
    { given: '"a\\qb"', offset: 2, message: /invalid escape/u },
    { given: '.[1', offset: 1, message: /unclosed '\[': the expression ends before its closing '\]'/u },
    { given: 'if . then 1', offset: 11, message: /expecting 'end'/u },
    { given: '.a[]]', offset: 4, message: /unexpected '\]'/u },
    { given: '1 == 2 == 3', offset: 7, message: /precedence/u },
    { given: '. as [] | 1', offset: 6, message: /pattern/u },
    { given: '{(1): 2}', offset: 2, message: /Cannot use number \(1\) as object key/u },
    { given: 'nosuchfn(1)', offset: 0, message: /nosuchfn\/1 is not defined/u },
    { given: '.x | $nope', offset: 5, message: /\$nope is not defined/u },
    { given: '@nosuch', offset: 0, message: /not a valid format/u },
    { given: 'break $x', offset: 0, message: /not defined/u },
    { given: '.a ^ 2', offset: 3, message: /unexpected character/u },
    { given: '"\\(.a"', offset: 5, message: /unterminated string literal/u },
    { given: '"x\\(.a', offset: 6, message: /unterminated string interpolation/u },
  ];
  it.each(cases)('$given', ({ given, offset, message }) => {
    const error = compileError(given);
    expect(error.kind).toBe('syntax');
    expect(error.offset).toBe(offset);
    expect(error.message).toMatch(message);
  });
});

describe('constructs the engine does not implement are refused at compile time', () => {
  const cases: Array<{ given: string; construct: string | RegExp; offset: number }> = [
    { given: 'input', construct: 'input', offset: 0 },
    { given: '[inputs]', construct: 'inputs', offset: 1 },
    { given: '.a | input_filename', construct: 'input_filename', offset: 5 },
    { given: 'import "m" as m; .', construct: 'import', offset: 0 },
    { given: 'include "m"; .', construct: 'include', offset: 0 },
    { given: 'module {a: 1}; .', construct: 'module', offset: 0 },
    { given: 'm::f', construct: 'module', offset: 0 },
    { given: '.[] | localtime', construct: 'localtime', offset: 6 },
    { given: 'halt_error', construct: 'halt_error', offset: 0 },
    { given: '$__prog_args', construct: '$__prog_args', offset: 0 },
    { given: 'test("(?>a)")', construct: /regex/u, offset: 0 },
    { given: 'test("a++")', construct: /possessive/u, offset: 0 },
    { given: 'test("a"; "l")', construct: /longest/u, offset: 0 },
    { given: 'capture("(?<x>a?)?b")', construct: /empty string/u, offset: 0 },
  ];
  it.each(cases)('$given', ({ given, construct, offset }) => {
    const error = compileError(given);
    expect(error.kind).toBe('unsupported');
    expect(error.offset).toBe(offset);
    if (typeof construct === 'string') expect(error.construct).toBe(construct);
    else expect(error.construct).toMatch(construct);
  });
});

describe('hostile expressions', () => {
  it('reports absurdly deep nesting as a syntax error, not a crash', () => {
    const error = compileError(`${'('.repeat(20_000)}1${')'.repeat(20_000)}`);
    expect(error.kind).toBe('syntax');
    expect(error.message).toMatch(/nested too deeply/u);
  });

  it('never lets object keys inject code into generated functions', () => {
    const program = '{"a\\"}; throw 1; ({": 1, "__proto__": 2, "constructor": 3}';
    expect(compileJqInProcess(program).runSync(null)).toEqual([JSON.parse('{"a\\"}; throw 1; ({": 1, "__proto__": 2, "constructor": 3}')]);
  });
});
