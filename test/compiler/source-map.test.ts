/** Positions inside string values, for jq and template errors. */
import { describe, expect, it } from 'vitest';
import { parseSpecYaml } from '../../src/compiler/parse-yaml.js';

const text = ['plain: abc def', 'double: "abc def"', 'block: |', '  line one', '  line {{two', 'nested:', '  key: value'].join('\n');
const { sourceMap } = parseSpecYaml({ text, file: 'x.yaml' });

describe('source map', () => {
  it.each([
    { pointer: '/plain', offset: 4, want: { line: 1, column: 12 } },
    { pointer: '/double', offset: 4, want: { line: 2, column: 14 } },
    { pointer: '/block', offset: 'line one\nline '.length, want: { line: 5, column: 8 } },
  ])('offset $offset in $pointer is at $want.line:$want.column', ({ pointer, offset, want }) => {
    expect(sourceMap!.locateInValue(pointer, offset)).toEqual(want);
  });

  it.each([
    { pointer: '/nested/key', target: 'key' as const, want: { line: 7, column: 3 } },
    { pointer: '/nested/key', target: 'value' as const, want: { line: 7, column: 8 } },
    { pointer: '/nested/missing/deeper', target: 'key' as const, want: { line: 6, column: 1 } },
  ])('$pointer ($target) is at $want.line:$want.column', ({ pointer, target, want }) => {
    expect(sourceMap!.locate(pointer, target)).toEqual(want);
  });
});
