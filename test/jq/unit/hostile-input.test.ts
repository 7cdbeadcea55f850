import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileJqInProcess, JqCompileError, JqRuntimeError } from '../../../src/jq/index.js';

/** Pieces of jq text, glued at random: mostly nonsense, sometimes a valid program. */
const PIECES = [
  '.',
  '.a',
  '.[]',
  '.[0]',
  '[',
  ']',
  '{',
  '}',
  '(',
  ')',
  '|',
  ',',
  '//',
  '?',
  'as $x',
  '$x',
  '1',
  '"s"',
  '"\\(.)"',
  '+',
  '-',
  '*',
  '/',
  '%',
  '==',
  '<',
  'and',
  'or',
  'not',
  'if',
  'then',
  'else',
  'end',
  'reduce',
  'foreach',
  ';',
  'def f: .;',
  'f',
  'map(.)',
  'select(.)',
  'path(..)',
  'try',
  'catch',
  'label $l',
  'break $l',
  'limit(2; .[])',
  '|=',
  '=',
  '+=',
  'del(.a)',
  'to_entries',
  'tostring',
  'length',
  'keys',
  'add',
  'range(3)',
  '@base64',
  ':',
  'null',
  'test("a")',
  'sub("a"; "b")',
  'getpath(["a"])',
  'paths',
  '..',
  'first(.[])',
  'error',
  'empty',
  '$__loc__',
];

const json = fc.jsonValue({ maxDepth: 3 });

describe('hostile jq text and data', () => {
  it('only ever throws JqCompileError or JqRuntimeError', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 8 }), json, (pieces, input) => {
        const program = pieces.join(' ');
        let filter;
        try {
          filter = compileJqInProcess(program, { maxSteps: 20_000 });
        } catch (error) {
          expect(error, program).toBeInstanceOf(JqCompileError);
          return;
        }
        try {
          const outputs = filter.runSync(input);
          expect(Array.isArray(outputs)).toBe(true);
        } catch (error) {
          expect(error, `${program} on ${JSON.stringify(input)}`).toBeInstanceOf(JqRuntimeError);
        }
      }),
      { numRuns: 1500, seed: 42 },
    );
  });

  it('reports syntax errors at an offset inside the expression', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (program) => {
        try {
          compileJqInProcess(program);
        } catch (error) {
          if (!(error instanceof JqCompileError)) throw error;
          if (error.offset !== undefined) {
            expect(error.offset).toBeGreaterThanOrEqual(0);
            expect(error.offset).toBeLessThanOrEqual(program.length);
          }
        }
      }),
      { numRuns: 1000, seed: 7 },
    );
  });
});
