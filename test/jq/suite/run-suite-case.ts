/**
 * Runs one case of jq's test suite on an engine and judges it the way jq's harness does: every
 * expected output in order, nothing more; an error after the last expected output is tolerated
 * (jq's harness stops reading there too).
 */
import { JqCompileError } from '../../../src/jq/index.js';
import { comparesMessageText, findDecimalOnlyOutput, findOutOfScopeArea, type OutOfScopeArea } from './classify-jq-case.js';
import { equalJqValues, parseJqJson, showJqValue } from './jq-json-values.js';
import type { JqFailCase, JqRunCase, JqTestCase } from './parse-jq-test-file.js';
import type { SuiteEngine } from './load-in-process-engine.js';

export type CaseStatus = 'pass' | 'unsupported' | 'message-differs' | 'wrong';

export interface CaseResult {
  testCase: JqTestCase;
  status: CaseStatus;
  /** Set when the program uses a construct outside the engine's scope. */
  outOfScope: OutOfScopeArea | undefined;
  messageText: boolean;
  /** What happened, for anything but a pass: the refusal, the actual outputs, the error. */
  detail: string;
}

/** Same shape and same values, except that any string may differ from any string. */
function equalExceptStrings(a: unknown, b: unknown): boolean {
  if (typeof a === 'string' && typeof b === 'string') return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => equalExceptStrings(item, b[index]));
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const aObject = a as Record<string, unknown>;
    const bObject = b as Record<string, unknown>;
    const keys = Object.keys(aObject);
    return keys.length === Object.keys(bObject).length && keys.every((key) => Object.hasOwn(bObject, key) && equalExceptStrings(aObject[key], bObject[key]));
  }
  return equalJqValues(a, b);
}

const describeError = (error: unknown): string => (error instanceof Error ? `${error.name}: ${error.message}` : `thrown ${String(error)}`);

/** jq's compile-error text without the `jq: error:` prefix and the ` at <top-level>, line 1, column N:` tail. */
function coreMessage(message: string): string {
  return message
    .replace(/^jq: error:\s*/u, '')
    .replace(/\s+at <top-level>, line \d+, column \d+:?$/u, '')
    .replace(/^jq: \d+ compile errors?$/u, '')
    .trim();
}

function judgeFailCase(testCase: JqFailCase, engine: SuiteEngine): Pick<CaseResult, 'status' | 'detail'> {
  try {
    engine.compile(testCase.program);
  } catch (error) {
    if (!(error instanceof JqCompileError)) return { status: 'wrong', detail: `compile crashed: ${describeError(error)}` };
    if (!testCase.checkMessage) return { status: 'pass', detail: '' };
    const same = coreMessage(error.message) === coreMessage(testCase.message);
    return same ? { status: 'pass', detail: '' } : { status: 'message-differs', detail: `message: ${error.message}` };
  }
  return { status: 'wrong', detail: 'compiled a program jq refuses to compile' };
}

/**
 * run() reports an error without the outputs before it; `try (program)` keeps them (jq 1.7
 * semantics: try stops at the first error), so they can still be compared with what jq expects.
 */
async function producedBeforeError({
  program,
  engine,
  input,
  expected,
}: {
  program: string;
  engine: SuiteEngine;
  input: unknown;
  expected: unknown[];
}): Promise<boolean> {
  try {
    const outputs = await engine.compile(`try (${program})`).run(input);
    return outputs.length === expected.length && outputs.every((value, index) => equalJqValues(value, expected[index]));
  } catch {
    return false;
  }
}

async function judgeRunCase({
  testCase,
  engine,
  messageText,
}: {
  testCase: JqRunCase;
  engine: SuiteEngine;
  messageText: boolean;
}): Promise<Pick<CaseResult, 'status' | 'detail'>> {
  let filter;
  try {
    filter = engine.compile(testCase.program);
  } catch (error) {
    if (error instanceof JqCompileError && error.kind === 'unsupported') {
      return { status: 'unsupported', detail: error.construct ?? error.message };
    }
    return { status: 'wrong', detail: `does not compile: ${describeError(error)}` };
  }
  const input = parseJqJson(testCase.input);
  const expected = testCase.expected.map((line) => parseJqJson(line));
  let actual: unknown[];
  try {
    actual = await filter.run(input);
  } catch (error) {
    // jq's harness reads expected outputs only; an error once they are all produced is not checked.
    if (expected.length === 0) return { status: 'pass', detail: '' };
    if (await producedBeforeError({ program: testCase.program, engine, input, expected })) return { status: 'pass', detail: '' };
    return { status: 'wrong', detail: `error: ${describeError(error)}` };
  }
  if (!Array.isArray(actual)) return { status: 'wrong', detail: `run() returned ${showJqValue(actual)}, not an array` };
  const shown = `actual: ${actual.map(showJqValue).join(' | ') || '(no output)'}`;
  if (actual.length === expected.length && actual.every((value, index) => equalJqValues(value, expected[index]))) {
    return { status: 'pass', detail: '' };
  }
  // Only strings differ, in a program that catches errors: jq's message wording, reported apart.
  const onlyStringsDiffer = equalExceptStrings(actual, expected);
  return { status: messageText && onlyStringsDiffer ? 'message-differs' : 'wrong', detail: shown };
}

/** Runs and judges one case; never throws (an engine crash is a 'wrong' result). */
export async function runSuiteCase(testCase: JqTestCase, engine: SuiteEngine): Promise<CaseResult> {
  const outOfScope = findOutOfScopeArea(testCase.program) ?? (testCase.kind === 'run' ? findDecimalOnlyOutput(testCase.expected) : undefined);
  const messageText = comparesMessageText(testCase);
  let verdict: Pick<CaseResult, 'status' | 'detail'>;
  try {
    verdict = testCase.kind === 'fail' ? judgeFailCase(testCase, engine) : await judgeRunCase({ testCase, engine, messageText });
  } catch (error) {
    verdict = { status: 'wrong', detail: `harness: ${describeError(error)}` };
  }
  return { testCase, ...verdict, outOfScope, messageText };
}
