import { describe, expect, it } from 'vitest';
import { runJq, type JqCase } from './run-jq.js';

const unicode: JqCase[] = [
  { given: 'length', input: '😀é', want: [2] },
  { given: 'utf8bytelength', input: '😀é', want: [6] },
  { given: 'explode', input: '😀a', want: [[128512, 97]] },
  { given: 'explode | implode', input: '😀a', want: ['😀a'] },
  { given: '.[1:], .[:1]', input: '😀ab', want: ['ab', '😀'] },
  { given: 'indices("b"), index("b")', input: '😀ab', want: [[2], 2] },
  { given: '[match("b").offset]', input: '😀😀b', want: [[2]] },
  { given: 'sort', input: ['\uffff', '😀'], want: [['\uffff', '😀']] },
  { given: '. < "😀"', input: '\uffff', want: [true] },
  { given: 'ascii_downcase', input: 'ÀB', want: ['Àb'] },
  { given: '"\\u00e9\\ud83d\\ude00"', input: null, want: ['é😀'] },
  { given: 'test("^\\\\w+$")', input: 'straße', want: [true] },
  { given: '@uri', input: '😀', want: ['%F0%9F%98%80'] },
];

const numbers: JqCase[] = [
  { given: 'tojson', input: 1.0, want: ['1'] },
  { given: '[1e1000, -1e1000] | tojson', input: null, want: ['[1.7976931348623157e+308,-1.7976931348623157e+308]'] },
  { given: '1e1000', input: null, want: [1.7976931348623157e308] },
  { given: '[., -.] | tojson', input: 0, want: ['[0,-0]'] },
  { given: 'tostring', input: 1e17, want: ['1e+17'] },
  { given: 'tostring', input: 123456789012, want: ['123456789012'] },
  { given: 'tostring', input: 0.00001, want: ['1e-05'] },
  { given: 'tostring', input: 0.0001, want: ['0.0001'] },
  { given: 'tostring', input: 1.5, want: ['1.5'] },
  { given: 'tostring', input: 3.0e-7, want: ['3e-07'] },
  { given: '[nan] | tojson', input: null, want: ['[null]'] },
  { given: '[infinite, nan]', input: null, want: [[1.7976931348623157e308, null]] },
  { given: '.[0] / .[1]', input: [1, 3], want: [1 / 3] },
  { given: '5 % 3, -5 % 3, 5 % -3, 5.9 % 3', input: null, want: [2, -2, 2, 2] },
  { given: '"x" * 0, "x" * -1, "ab" * 2.5', input: null, want: ['', null, 'abab'] },
];

describe('Unicode strings count code points', () => {
  it.each(unicode)('$given on $input', ({ given, input, want }) => {
    expect(runJq(given, input)).toEqual(want);
  });
});

describe('numbers print the way jq prints them', () => {
  it.each(numbers)('$given on $input', ({ given, input, want }) => {
    expect(runJq(given, input)).toEqual(want);
  });
});
