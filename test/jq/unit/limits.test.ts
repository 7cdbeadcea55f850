import { describe, expect, it } from 'vitest';
import { JqRuntimeError } from '../../../src/jq/index.js';
import { runJq } from './run-jq.js';

function runtimeError(run: () => unknown): JqRuntimeError {
  try {
    run();
  } catch (error) {
    if (error instanceof JqRuntimeError) return error;
    throw error;
  }
  throw new Error('expected a JqRuntimeError');
}

describe('evaluation limits', () => {
  it('stops an infinite loop at the step budget with a clear error', () => {
    const error = runtimeError(() => runJq('[repeat(1)]', null, { maxSteps: 10_000 }));
    expect(error.message).toBe('jq program exceeded its budget of 10000 evaluation steps');
  });

  it('stops a runaway recursion at the depth limit', () => {
    const error = runtimeError(() => runJq('def f: 1 + f; f', null, { maxDepth: 100 }));
    expect(error.message).toBe('jq program exceeded the recursion depth limit of 100');
  });

  it('counts steps per evaluation, not per compiled filter', () => {
    expect(runJq('[range(50)] | length', null, { maxSteps: 100 })).toEqual([50]);
    expect(() => runJq('[range(500)] | length', null, { maxSteps: 100 })).toThrow(JqRuntimeError);
  });

  it('still runs infinite generators lazily under limit, first and label', () => {
    expect(runJq('[limit(5; repeat("x"))]', null)).toEqual([['x', 'x', 'x', 'x', 'x']]);
    expect(runJq('first(range(infinite) | select(. > 1000))', null)).toEqual([1001]);
    expect(runJq('[label $l | range(infinite) | if . == 3 then break $l else . end]', null)).toEqual([[0, 1, 2]]);
  });

  it('allows deep but bounded recursion under the default limits', () => {
    expect(runJq('def count($n): if $n == 0 then 0 else 1 + count($n - 1) end; count(400)', null)).toEqual([400]);
    expect(runJq('def f: if . == 0 then 0 else (. - 1 | f) + 1 end; f', 400)).toEqual([400]);
  });

  it('turns a JavaScript stack overflow into a runtime error', () => {
    const error = runtimeError(() => runJq('def f: [f]; f', null, { maxDepth: 1_000_000 }));
    expect(error.message).toMatch(/recursion depth/u);
  });
});

describe('runtime errors', () => {
  it('keep the outputs produced before the error, as jq prints them first', () => {
    const error = runtimeError(() => runJq('.[] | if . == 3 then error("three") else . end', [1, 2, 3, 4]));
    expect(error.message).toBe('three');
    expect(error.outputs).toEqual([1, 2]);
  });

  it('word error(null) as jq does', () => {
    expect(runtimeError(() => runJq('error(null)', 1)).message).toBe('null (null) not a string');
  });
});
