/**
 * The differential machinery itself: batching on the reference jq, and what counts as agreement.
 * jq 1.8.1's answers where jq 1.6 (/usr/bin/jq) answered otherwise show that the reference is 1.8.1.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { checkReferenceJq } from '../reference-jq.js';
import { compareWithJq, runInProcessEngine, type EngineOutcome } from './compare-with-jq.js';
import { runJqBinary } from './run-jq-binary.js';

beforeAll(checkReferenceJq);

describe('runJqBinary', () => {
  it('runs many expressions and inputs in one batch, each output as jq -c prints it', () => {
    expect(
      runJqBinary([
        { expression: '.a * 1', input: { a: 1e17 } },
        { expression: '.[]', input: [1, 'x', { b: null }] },
        { expression: 'empty', input: null },
        { expression: '.a', input: 5 },
      ]),
    ).toEqual([{ outputs: ['1e+17'] }, { outputs: ['1', '"x"', '{"b":null}'] }, { outputs: [] }, { error: expect.stringContaining('Cannot index number') }]);
  });

  it('finds the one expression jq refuses to compile and still runs the others', () => {
    const [good, bad] = runJqBinary([
      { expression: '. + 1', input: 1 },
      { expression: '.a | | .b', input: null },
    ]);
    expect(good).toEqual({ outputs: ['2'] });
    expect(bad).toMatchObject({ error: expect.stringContaining('syntax error') });
  });
});

describe('compareWithJq', () => {
  it('agrees on equal outputs and on an error in both; disagrees otherwise', async () => {
    const report = await compareWithJq([
      { expression: '[.[] | . * 2]', input: [1, 2.5] },
      { expression: '.a', input: 5 },
      // jq 1.6 gives [1] (1.7 changed limit(0)); 1.8.1 and the engine give [].
      { expression: '[limit(0; 1, 2)]', input: null },
    ]);
    expect(report.compared).toBe(3);
    expect(report.disagreements).toEqual([]);
    expect(report.refused).toEqual([]);
  });

  it('reports an engine that answers otherwise, fails where jq does not, or crashes', async () => {
    const wrongEngine = async (expression: string, input: unknown): Promise<EngineOutcome> => {
      if (expression === '.a') return { outputs: ['2'] };
      if (expression === '.b') return { error: 'crash: TypeError: boom' };
      return runInProcessEngine(expression, input);
    };
    const report = await compareWithJq(
      [
        { expression: '.a', input: { a: 1 } },
        { expression: '.b', input: { b: 1 } },
        { expression: '.c', input: { c: 1 } },
      ],
      wrongEngine,
    );
    expect(report.disagreements).toEqual([
      { expression: '.a', input: { a: 1 }, engine: '2', jq: '1' },
      { expression: '.b', input: { b: 1 }, engine: 'error: crash: TypeError: boom', jq: '1' },
    ]);
  });

  it('lists outputs equal in value but printed differently apart', async () => {
    const report = await compareWithJq([{ expression: '{b: 1, "1": 2}', input: null }]);
    // Equal as values whatever the key order; jq prints keys in insertion order.
    expect(report.disagreements).toEqual([]);
    expect(report.compared).toBe(1);
    for (const item of report.textDiffers) expect(item).toMatchObject({ jq: '{"b":1,"1":2}', engine: '{"1":2,"b":1}' });
  });
});
