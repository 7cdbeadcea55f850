import { describe, expect, it } from 'vitest';
import { JqRuntimeError } from '../../../src/jq/index.js';
import { runJq } from './run-jq.js';
import { runJqBounded } from './run-jq-bounded.js';

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

// Builtins that allocate, copy or compare are charged by size, and one array or string has a
// maximum length, so a single step cannot allocate gigabytes or run for minutes. Each probe runs in
// a child process with a timeout and a 256 MB heap, so a regression fails instead of hanging or
// killing the test run.
describe('work accounted by size', () => {
  it.each([
    { given: '.[1e8] = 1', limit: 'maxArrayLength', message: 'jq program exceeded its limit of 10000000 array elements (maxArrayLength)' },
    {
      given: '[limit(8; repeat(null | .[1e8] = 1))] | length',
      limit: 'maxArrayLength',
      message: 'jq program exceeded its limit of 10000000 array elements (maxArrayLength)',
    },
    { given: '[range(4e6)] - [range(4e6)]', limit: 'maxSteps', message: 'jq program exceeded its budget of 10000000 evaluation steps' },
    { given: 'reduce range(1e6) as $i ([]; . + [$i]) | length', limit: 'maxSteps', message: 'jq program exceeded its budget of 10000000 evaluation steps' },
    { given: '[range(1e5)] as $a | [$a | contains($a)]', limit: 'maxSteps', message: 'jq program exceeded its budget of 10000000 evaluation steps' },
    { given: '"ab" * 3e8 | length', limit: undefined, message: 'Repeat string result too long' },
    // Regex results are arrays too: splitting a 100-million-character string per character was OOM.
    {
      given: '"x" * 1e8 | [splits("")] | length',
      limit: 'maxArrayLength',
      message: 'jq program exceeded its limit of 10000000 array elements (maxArrayLength)',
    },
    {
      given: '"x" * 2e7 | gsub("x"; "y") | length',
      limit: 'maxArrayLength',
      message: 'jq program exceeded its limit of 10000000 array elements (maxArrayLength)',
    },
    { given: '"x" * 9e6 | [match("x"; "g")] | length', limit: 'maxSteps', message: 'jq program exceeded its budget of 10000000 evaluation steps' },
    { given: '"ab" * 6e7 | length', limit: 'maxStringLength', message: 'jq program exceeded its limit of 100000000 string characters (maxStringLength)' },
  ])('$given stops with a limit error', ({ given, limit, message }) => {
    expect(runJqBounded({ program: given, input: null, timeoutMs: 20_000 })).toEqual({ error: { name: 'JqRuntimeError', message, limit } });
  });

  it('still runs the same work at sizes a mapping uses', () => {
    expect(runJq('[range(1e5)] - [range(2; 1e5)] | length', null)).toEqual([2]);
    expect(runJq('reduce range(5000) as $i ([]; . + [$i]) | length', null)).toEqual([5000]);
    expect(runJq('reduce range(5000) as $i ([]; .[$i] = $i) | length', null)).toEqual([5000]);
    expect(runJq('[{a: 1}, 2, "x", [3]] - [[3], {a: 1}, "x"]', null)).toEqual([[2]]);
  });

  it('takes its limits from the caller', () => {
    const array = runtimeError(() => runJq('.[100] = 1', null, { maxArrayLength: 50 }));
    expect(array).toMatchObject({ message: 'jq program exceeded its limit of 50 array elements (maxArrayLength)', limit: 'maxArrayLength' });
    const text = runtimeError(() => runJq('"ab" * 10', null, { maxStringLength: 5 }));
    expect(text).toMatchObject({ message: 'jq program exceeded its limit of 5 string characters (maxStringLength)', limit: 'maxStringLength' });
    expect(runJq('.[49] = 1 | length', null, { maxArrayLength: 50 })).toEqual([50]);
    expect(runtimeError(() => runJq('[range(51)]', null, { maxArrayLength: 50 })).limit).toBe('maxArrayLength');
    expect(runJq('[range(50)] | length', null, { maxArrayLength: 50 })).toEqual([50]);
    expect(runtimeError(() => runJq('[range(100)] - [range(100)]', null, { maxSteps: 150 })).limit).toBe('maxSteps');
  });
});
