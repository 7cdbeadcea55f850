/** The random-program generator reaches the constructs where jq 1.8.1 and older engines part ways. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileJqInProcess, JqCompileError } from '../../../src/jq/index.js';
import { arbitraryJqExpression } from './generate-jq-expression.js';

const programs = fc.sample(arbitraryJqExpression(3, []), { seed: 7, numRuns: 600 });

describe('arbitraryJqExpression', () => {
  it.each([
    { given: 'an error-raising left side of //', want: /\| error\) \/\/ |, error\("e"\)\) \/\/ / },
    { given: '? inside an indexing chain', want: /(?:\.[a-z"]+|\])\?(?:\.|\[)/ },
    { given: 'try without catch', want: /try \((?:(?!catch).)*$/ },
    { given: 'reverse on any input', want: /\| reverse\)/ },
    { given: 'tostring on any input', want: /\| tostring\)/ },
    { given: 'ascii_downcase on any input', want: /\| ascii_downcase\)/ },
  ])('generates $given', ({ want }) => {
    expect(programs.some((program) => want.test(program))).toBe(true);
  });

  it('generates no construct the in-process engine refuses as unsupported', () => {
    // Some programs are syntax errors on purpose (`a >= b == c`, in jq too); none may be refused.
    const refused = programs.filter((program) => {
      try {
        compileJqInProcess(program);
        return false;
      } catch (error) {
        return error instanceof JqCompileError && error.kind === 'unsupported';
      }
    });
    expect(refused).toEqual([]);
  });
});
