import { describe, expect, it } from 'vitest';
import { findUnclosedFlowCollections } from '../../src/compiler/unclosed-flow.js';

describe('findUnclosedFlowCollections', () => {
  it('finds the opening bracket of an unclosed map or sequence, nested too', () => {
    const text = 'a: { b: 1\nc: [1, {d: 2}\n';
    expect(findUnclosedFlowCollections(text).map(({ offset, bracket }) => [text.slice(offset, offset + 1), bracket])).toEqual([
      ['{', '{'],
      ['[', '['],
    ]);
    expect(findUnclosedFlowCollections('x: [1, {y: 2}\n')).toEqual([{ offset: 3, bracket: '[' }]);
  });

  it('ignores brackets inside quoted strings, block scalars and comments, and closed collections', () => {
    const text = 'body: \'{"a": [\'\nq: "{"\nr: |\n  { [\n# { [\ns: {a: [1, 2]}\n';
    expect(findUnclosedFlowCollections(text)).toEqual([]);
  });
});
