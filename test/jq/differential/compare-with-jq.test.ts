/**
 * The differential machinery itself: batching on the jq binary, and what counts as agreement.
 * Known jq 1.6 vs 1.7 differences serve as cases where the two must disagree.
 */
import { describe, expect, it } from 'vitest';
import { buildSampleInputs } from './collect-spec-expressions.js';
import { compareWithJq } from './compare-with-jq.js';
import { runJqBinary } from './run-jq-binary.js';

describe('runJqBinary', () => {
  it('runs many expressions and inputs in one batch, each output as jq -c prints it', () => {
    expect(
      runJqBinary([
        { expression: '.a', input: { a: 1e17 } },
        { expression: '.[]', input: [1, 'x', { b: null }] },
        { expression: 'empty', input: null },
        { expression: '.a', input: 5 },
      ]),
    ).toEqual([{ outputs: ['1e+17'] }, { outputs: ['1', '"x"', '{"b":null}'] }, { outputs: [] }, { error: expect.stringContaining('Cannot index number') }]);
  });

  it('finds the one expression jq refuses to compile and still runs the others', () => {
    const [good, bad] = runJqBinary([
      { expression: '. + 1', input: 1 },
      { expression: '1 / 0', input: null },
    ]);
    expect(good).toEqual({ outputs: ['2'] });
    expect(bad).toMatchObject({ error: expect.stringContaining('Division by zero') });
  });
});

describe('compareWithJq', () => {
  it('agrees on equal outputs and on an error in both; disagrees otherwise', async () => {
    const report = await compareWithJq([
      { expression: '[.[] | . * 2]', input: [1, 2.5] },
      { expression: '.a', input: 5 },
      // jq 1.6: limit(0) emits one output, isnan of a string is false (jq 1.7+: nothing, an error)
      { expression: '[limit(0; 1, 2)]', input: null },
      { expression: 'isnan', input: 'x' },
    ]);
    expect(report.compared).toBe(4);
    expect(report.disagreements.map((item) => item.expression)).toEqual(['[limit(0; 1, 2)]', 'isnan']);
    expect(report.disagreements[0]).toMatchObject({ engine: '[]', jq: '[1]' });
  });

  it('lists outputs equal in value but printed differently apart', async () => {
    const report = await compareWithJq([{ expression: '{b: 1, "1": 2}', input: null }]);
    // Equal as values whatever the key order; jq prints keys in insertion order.
    expect(report.disagreements).toEqual([]);
    expect(report.compared).toBe(1);
    for (const item of report.textDiffers) expect(item).toMatchObject({ jq: '{"b":1,"1":2}', engine: '{"1":2,"b":1}' });
  });
});

describe('buildSampleInputs', () => {
  it('shapes inputs after the fields an expression reads', () => {
    const inputs = buildSampleInputs('.error.errors // [] | join(" ")');
    expect(inputs).toContainEqual({ error: { errors: 42 } });
    expect(inputs).toContainEqual({ error: { errors: ['Email has already been taken.', 'offset too large'] } });
    expect(inputs).toContainEqual(null);
  });
});
