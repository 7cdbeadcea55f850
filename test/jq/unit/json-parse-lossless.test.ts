import { describe, expect, it } from 'vitest';
import { parseJsonLossless } from '../../../src/jq/json-parse.js';

describe('lossless JSON parsing (64-bit ids keep their digits)', () => {
  it.each([
    { given: '[1234567890123456789, 1234567890123456790]', want: ['1234567890123456789', '1234567890123456790'] },
    { given: '{"id": -9223372036854775808}', want: { id: '-9223372036854775808' } },
    {
      given: '[9007199254740991, 9007199254740992, 12.5, 1e20, 1234567890123456789.5]',
      want: [9007199254740991, '9007199254740992', 12.5, 1e20, 1234567890123456789.5],
    },
    { given: '["1234567890123456789 in a string", {"n": [18446744073709551615]}]', want: ['1234567890123456789 in a string', { n: ['18446744073709551615'] }] },
    { given: '{"a": 1, "b": "x"}', want: { a: 1, b: 'x' } },
    {
      given: '[0.12345678901234567890, 1.5e12345678901234567, 2E-10000000000000000000, 12345678901234567890]',
      want: [0.12345678901234568, Infinity, 0, '12345678901234567890'],
    },
  ])('$given', ({ given, want }) => {
    expect(parseJsonLossless(given)).toEqual(want);
  });

  it('leaves a string that looks like the marker alone and rejects invalid JSON as JSON.parse does', () => {
    expect(parseJsonLossless('["\\u0000abc:1", 12345678901234567890]')).toEqual(['\u0000abc:1', '12345678901234567890']);
    expect(() => parseJsonLossless('[012345678901234567890]')).toThrow(SyntaxError);
    expect(() => parseJsonLossless('[1234567890123456789')).toThrow(SyntaxError);
  });

  it('finds an integer beyond 2^53 wherever it sits in the text (the digit-run scan skips ahead)', () => {
    for (let padding = 0; padding < 40; padding++) {
      const pad = ' '.repeat(padding);
      expect(parseJsonLossless(`${pad}9007199254740993`)).toBe('9007199254740993');
      expect(parseJsonLossless(`[${pad}"ab12",${pad}9007199254740993${pad}]`)).toEqual(['ab12', '9007199254740993']);
      expect(parseJsonLossless(`[${pad}123456789012345,${pad}12345678901234567]`)).toEqual([123456789012345, '12345678901234567']);
    }
  });
});
