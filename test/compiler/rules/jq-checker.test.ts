/** The jq checker: verdicts per expression, cached once per process. */
import { describe, expect, it } from 'vitest';
import { jqChecker, MAX_JQ_LENGTH } from '../../../src/compiler/rules/jq-checker.js';
import { installFakeJq, restoreJqEnvAfterEach } from '../../jq/fake-jq-binary.js';

describe('jqChecker', () => {
  it.each([
    { given: '.users', want: undefined },
    { given: '.email // ""', want: undefined },
    { given: '.users[', want: 'syntax' },
    { given: '.a | | .b', want: 'syntax' },
    { given: `.${'a'.repeat(MAX_JQ_LENGTH)}`, want: 'too-long' },
  ])('$given -> $want', async ({ given, want }) => {
    // Several times, with the cache defeated by trailing spaces: every verdict must be the same.
    for (let i = 0; i < 3; i++) expect((await jqChecker.check(`${given}${' '.repeat(i)}`, 'trusted'))?.kind).toBe(want);
  });

  it('compiles each distinct expression once', () => {
    expect(jqChecker.check('.cached', 'customer')).toBe(jqChecker.check('.cached', 'customer'));
  });
});

describe('jqChecker with a construct only the jq binary runs', () => {
  restoreJqEnvAfterEach();

  it('reports the fallback and names the construct when a jq binary is there', async () => {
    process.env.JQ_PATH = installFakeJq({ '[inputs]': {} }).binary;
    expect(await jqChecker.check('[inputs]', 'trusted')).toMatchObject({ kind: 'binary-fallback', construct: 'inputs', offset: 1 });
  });

  it('reports the construct as unsupported for a customer spec even with a jq binary there', async () => {
    process.env.JQ_PATH = installFakeJq({ '[inputs]': {} }).binary;
    expect(await jqChecker.check('[inputs]', 'customer')).toMatchObject({ kind: 'unsupported', offset: 1 });
  });

  it('reports the construct as unsupported where there is no jq binary (the fallback is off)', async () => {
    delete process.env.JQ_PATH;
    process.env.PATH = '/nonexistent';
    expect(await jqChecker.check('[input]', 'trusted')).toMatchObject({ kind: 'unsupported', offset: 1 });
  });
});
