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
    // Several times, with the cache defeated by trailing spaces: every verdict must be the same.
    for (let i = 0; i < 3; i++) expect((await jqChecker.check(`${given}${' '.repeat(i)}`))?.kind).toBe(want);
  });

  it('compiles each distinct expression once', () => {
    expect(jqChecker.check('.cached')).toBe(jqChecker.check('.cached'));
  });
});

describe('jqChecker with a construct only the jq binary runs', () => {
  it('reports the fallback and names the construct', async () => {
    expect(await jqChecker.check('[inputs]')).toMatchObject({ kind: 'binary-fallback', construct: 'inputs', offset: 1 });
  });
});
