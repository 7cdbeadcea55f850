import { describe, expect, it } from 'vitest';
import { comparesMessageText, findDecimalOnlyOutput, findOutOfScopeArea } from './classify-jq-case.js';

describe('findOutOfScopeArea', () => {
  const table: Array<{ given: string; want: string | undefined }> = [
    { given: '[., input]', want: 'input streams' },
    { given: 'reduce inputs as $x (0; . + $x)', want: 'input streams' },
    { given: '$ENV.PAGER', want: 'environment' },
    { given: 'env | type', want: 'environment' },
    { given: '{a,b,(.d):.a,e:.b} | $__loc__', want: 'environment' },
    { given: '"x" | strptime("%Y") | mktime', want: 'dates' },
    { given: 'todate', want: 'dates' },
    { given: 'import "a" as x; .', want: 'modules' },
    { given: 'modulemeta', want: 'modules' },
    // a field, a variable or a string of the same name is not the builtin
    { given: '.input, $input, "inputs and env", .env', want: undefined },
    { given: '[.[] | tostring]', want: undefined },
  ];
  for (const { given, want } of table) {
    it(`${given} -> ${want ?? 'in scope'}`, () => {
      expect(findOutOfScopeArea(given)).toBe(want);
    });
  }
});

describe('findDecimalOnlyOutput', () => {
  it('flags literals a double cannot hold', () => {
    expect(findDecimalOnlyOutput(['9E+999999999'])).toBe('decimal numbers');
    expect(findDecimalOnlyOutput(['1E-999999999'])).toBe('decimal numbers');
    expect(findDecimalOnlyOutput(['[100000000000000000000000000001]'])).toBe('decimal numbers');
  });
  it('keeps ordinary numbers and digits inside strings in scope', () => {
    expect(findDecimalOnlyOutput(['1e+17', '0.30000000000000004', '1.7976931348623157e+308', '"123456789012345678901234"'])).toBeUndefined();
  });
});

describe('comparesMessageText', () => {
  it('is true for catch programs and checked %%FAIL cases', () => {
    expect(comparesMessageText({ kind: 'run', file: 'f', line: 1, program: 'try error("x") catch .', input: 'null', expected: ['"x"'] })).toBe(true);
    expect(comparesMessageText({ kind: 'fail', file: 'f', line: 1, program: '{', checkMessage: true, message: 'm', messageContext: [] })).toBe(true);
  });
  it('is false otherwise', () => {
    expect(comparesMessageText({ kind: 'run', file: 'f', line: 1, program: '.catch, "catch"', input: 'null', expected: [] })).toBe(false);
    expect(comparesMessageText({ kind: 'fail', file: 'f', line: 1, program: '{', checkMessage: false, message: 'm', messageContext: [] })).toBe(false);
  });
});
