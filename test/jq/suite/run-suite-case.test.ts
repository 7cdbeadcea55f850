import { describe, expect, it } from 'vitest';
import { JqCompileError, JqRuntimeError } from '../../../src/jq/index.js';
import type { SuiteEngine } from './load-in-process-engine.js';
import type { JqTestCase } from './parse-jq-test-file.js';
import { runSuiteCase } from './run-suite-case.js';

/** A fake engine: each program maps to what compiling and running it does. */
function fakeEngine(programs: Record<string, () => unknown[]>): SuiteEngine {
  return {
    compile(program) {
      if (program === 'refused') throw new JqCompileError('`input` is not supported', { kind: 'unsupported', construct: 'input' });
      const run = programs[program];
      if (!run) throw new JqCompileError(`syntax error: unexpected '${program}'`, { kind: 'syntax', offset: 0 });
      return { run: () => run() };
    },
  };
}

const engine = fakeEngine({
  '.[]': () => [1, { b: 2, a: 1 }],
  'try error("x") catch .': () => ['other wording'],
  error: () => {
    throw new JqRuntimeError('boom');
  },
  '1, error': () => {
    throw new JqRuntimeError('boom');
  },
  'try (1, error)': () => [1],
  '.a': () => [1],
});
const runCase = (program: string, input: string, expected: string[]): JqTestCase => ({ kind: 'run', file: 'f', line: 1, program, input, expected });
const failCase = (program: string, message: string): JqTestCase => ({
  kind: 'fail',
  file: 'f',
  line: 1,
  program,
  checkMessage: true,
  message,
  messageContext: [],
});

describe('runSuiteCase', () => {
  const table: Array<{ name: string; given: JqTestCase; want: string }> = [
    { name: 'same outputs, object keys in any order', given: runCase('.[]', '[]', ['1', '{"a":1,"b":2}']), want: 'pass' },
    { name: 'a different output', given: runCase('.[]', '[]', ['1', '{"a":1,"b":3}']), want: 'wrong' },
    { name: 'a missing output', given: runCase('.[]', '[]', ['1', '{"a":1,"b":2}', '3']), want: 'wrong' },
    { name: 'a superfluous output', given: runCase('.[]', '[]', ['1']), want: 'wrong' },
    { name: 'a refused construct', given: runCase('refused', 'null', ['1']), want: 'unsupported' },
    { name: 'a syntax error on a valid program', given: runCase('.b', 'null', ['null']), want: 'wrong' },
    { name: 'a runtime error where outputs are expected', given: runCase('error', 'null', ['1']), want: 'wrong' },
    { name: 'a runtime error after every expected output (jq harness)', given: runCase('error', 'null', []), want: 'pass' },
    { name: 'a runtime error after the expected outputs (checked with try)', given: runCase('1, error', 'null', ['1']), want: 'pass' },
    { name: 'only the caught message differs', given: runCase('try error("x") catch .', 'null', ['"x"']), want: 'message-differs' },
    {
      name: 'a compile error where jq has one, same message',
      given: failCase('{', "jq: error: syntax error: unexpected '{' at <top-level>, line 1, column 1:"),
      want: 'pass',
    },
    { name: 'a compile error, other wording', given: failCase('{', 'jq: error: syntax error, unexpected end of file'), want: 'message-differs' },
    { name: 'compiling what jq refuses', given: failCase('.a', 'jq: error: x'), want: 'wrong' },
  ];
  for (const { name, given, want } of table) {
    it(`${name} -> ${want}`, async () => {
      expect((await runSuiteCase(given, engine)).status).toBe(want);
    });
  }

  it('reports what happened and the out-of-scope area', async () => {
    const result = await runSuiteCase(runCase('.[]', '[]', ['2']), engine);
    expect(result.detail).toBe('actual: 1 | {"b":2,"a":1}');
    expect((await runSuiteCase(runCase('refused', 'null', []), engine)).detail).toBe('input');
    expect((await runSuiteCase(runCase('[inputs]', 'null', []), engine)).outOfScope).toBe('input streams');
  });
});
