/** The jq checker: verdicts per expression, cached once per process. */
import { describe, expect, it } from 'vitest';
import { jqChecker, MAX_JQ_LENGTH } from '../../../src/compiler/rules/jq-checker.js';

describe('jqChecker', () => {
  it.each([
    { given: '.users', want: undefined },
    { given: '.email // ""', want: undefined },
    { given: '.users[', want: 'syntax' },
    { given: '.a | | .b', want: 'syntax' },
    { given: `.${'a'.repeat(MAX_JQ_LENGTH)}`, want: 'too-long' },
  ])('$given -> $want', async ({ given, want }) => {
    // Several times: the binary engine's first answer can be wrong (EPIPE race), the checker's must not.
    for (let i = 0; i < 3; i++) expect((await jqChecker.check(`${given}${' '.repeat(i)}`))?.kind).toBe(want);
  });

  it('compiles each distinct expression once', () => {
    expect(jqChecker.check('.cached')).toBe(jqChecker.check('.cached'));
  });
});
