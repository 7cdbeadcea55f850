import { describe, expect, it } from 'vitest';
import { generateSingle } from '../../../src/jq/codegen.js';
import { compileNode } from '../../../src/jq/compile.js';
import { parseExpression } from '../../../src/jq/parser.js';
import { preludeScope } from '../../../src/jq/prelude.js';
import { JqThrow } from '../../../src/jq/runtime.js';
import type { Json } from '../../../src/jq/values.js';

/** Result or jq error of a Single, comparable with toEqual. */
function outcome(run: () => Json): unknown {
  try {
    return { value: run() };
  } catch (error) {
    if (error instanceof JqThrow) return { error: error.value };
    throw error;
  }
}

const programs = [
  '{id: .id, email: (.email // ""), name: (.name // ""), admin: (.role == "owner" or .role == "admin"), role: .role}',
  '.a.b // "none"',
  '[.[] | .x]',
  '[.a, .b, .c]',
  'if .n > 1 then "big" else "small" end',
  '(.n | -.) + 1',
  '.n and (.m or false)',
  'try .a.b catch "caught: \\(.)"',
  '{"__proto__": .a, constructor: .b}',
  '[.["k"], .[0]]',
  '[limit(1; .id)]',
  'map(.x // 0)',
  'def map(f): 7; [map(.x)]',
  'def f: .x // 0; [.[]? | f]',
  '1e1000',
];
const inputs: Json[] = [
  { id: 'P1', email: null, name: 'Ann', role: 'admin', a: { b: 1 }, n: 2, m: null, x: 1, k: 'v' },
  { a: 5, n: 0, b: [1] },
  [{ x: 1 }, { x: 2 }],
  'text',
  null,
  3,
];

describe('generated single-output functions', () => {
  it.each(programs)('%s behaves exactly like the closures', (program) => {
    const ast = parseExpression(program);
    const closures = compileNode(ast, preludeScope(program));
    const generated = generateSingle(ast);
    expect(generated).toBeTypeOf('function');
    for (const input of inputs) {
      expect(
        outcome(() => generated!(input, null)),
        JSON.stringify(input),
      ).toEqual(outcome(() => closures.single!(input, null)));
    }
  });

  it('is not built for expressions with several outputs', () => {
    const ast = parseExpression('.[]');
    compileNode(ast, preludeScope('.[]'));
    expect(generateSingle(ast)).toBeUndefined();
  });
});
