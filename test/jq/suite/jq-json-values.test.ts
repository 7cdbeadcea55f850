import { describe, expect, it } from 'vitest';
import { equalJqValues, JqJsonParseError, parseJqJson, showJqValue } from './jq-json-values.js';

describe('parseJqJson', () => {
  const table: Array<{ given: string; want: unknown }> = [
    { given: '{"a":[1,2.5,"x"]}', want: { a: [1, 2.5, 'x'] } },
    { given: '\uFEFF"byte order mark"', want: 'byte order mark' },
    { given: '[1,null,Infinity,-Infinity,NaN,-NaN]', want: [1, null, Infinity, -Infinity, NaN, NaN] },
    { given: '{"a":nan, "b" : [ true ]}', want: { a: NaN, b: [true] } },
    { given: '9E+999999999', want: Infinity },
  ];
  for (const { given, want } of table) {
    it(`reads ${given}`, () => {
      expect(parseJqJson(given)).toEqual(want);
    });
  }

  it('rejects text that is not one value, naming the column', () => {
    expect(() => parseJqJson('[1,]x')).toThrow(JqJsonParseError);
    expect(() => parseJqJson('1 2')).toThrow('column 3');
  });
});

describe('equalJqValues', () => {
  const table: Array<{ a: unknown; b: unknown; want: boolean }> = [
    { a: { a: 1, b: [2, 3] }, b: { b: [2, 3], a: 1 }, want: true },
    { a: 1, b: 1.0, want: true },
    { a: [1, 2], b: [2, 1], want: false },
    { a: { a: 1 }, b: { a: 1, b: null }, want: false },
    { a: { a: undefined }, b: { b: undefined }, want: false },
    { a: null, b: false, want: false },
    { a: '1', b: 1, want: false },
    { a: [], b: {}, want: false },
    { a: NaN, b: NaN, want: true },
    { a: Infinity, b: 1.7976931348623157e308, want: true },
    { a: -Infinity, b: 1.7976931348623157e308, want: false },
  ];
  for (const { a, b, want } of table) {
    it(`${showJqValue(a)} ${want ? '==' : '!='} ${showJqValue(b)}`, () => {
      expect(equalJqValues(a, b)).toBe(want);
      expect(equalJqValues(b, a)).toBe(want);
    });
  }
});
