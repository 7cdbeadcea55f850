/**
 * jq for records paths and mappings. `compileJq` is the only entry point the rest of the project
 * uses; which engine runs the expression is decided here: the in-process engine, or the jq
 * binary for the few constructs the in-process engine refuses. That fallback is on only where the
 * host has a jq binary ($JQ_PATH, or `jq` on $PATH) and the caller passes the `trusted` policy (a
 * required parameter: see policy.ts); otherwise the refusal is thrown.
 * With a scope `{isolate}` (a customer's connector) programs run in the isolate's worker thread,
 * under its time and memory limits. With `{asts}` (a precompiled connector), a program whose text
 * has a stored AST is compiled from it without parsing.
 */
export { JqCompileError, JqRuntimeError, type JqFilter } from './engine.js';
export { compileJqAst, compileJqInProcess, parseJq, type InProcessFilter, type Limits } from './in-process-engine.js';
export { createJqIsolate, DEFAULT_ISOLATION_LIMITS, JqInputError, type IsolationLimits, type JqIsolate } from './isolate/jq-isolate.js';
export {
  DEFAULT_ANSWER_LIMITS,
  isAnswerRefusal,
  sampleAnswerText,
  type AnswerLimits,
  type AnswerRefusal,
  type AnswerSample,
  type Omission,
} from './isolate/answer-sample.js';
export { isJsonSafeAst, type JqAst, type JqCompileScope } from './precompiled.js';
export { allowsBinary, SAFE_JQ_POLICY, type JqPolicy } from './policy.js';
import { compileWithBinary, findJqBinary } from './binary-engine.js';
import { JqCompileError, type JqFilter } from './engine.js';
import { compileJqAst, parseJq } from './in-process-engine.js';
import type { JqCompileScope } from './precompiled.js';
import { allowsBinary, type JqPolicy } from './policy.js';

/**
 * Compiles a jq expression once; throws JqCompileError with the position of a syntax error.
 * `policy` says who wrote it (policy.ts): only a `trusted` program may fall back to a jq binary.
 * `scope`: where it runs and what is precompiled (precompiled.ts).
 */
export async function compileJq(expression: string, policy: JqPolicy, scope?: JqCompileScope): Promise<JqFilter> {
  const filter = await compileOnThisThread({ expression, scope, policy });
  const isolate = scope?.isolate;
  // Compiled here too, so a syntax error is reported as ever; the worker compiles the same text.
  if (isolate === undefined || filter.engine !== 'in-process') return filter;
  return {
    source: expression,
    engine: 'in-process',
    run: (input) => isolate.evaluate(expression, { value: input }),
    runText: (json, options) => isolate.evaluate(expression, typeof json === 'string' ? { json } : { bytes: json }, options),
  };
}

async function compileOnThisThread(input: { expression: string; scope: JqCompileScope | undefined; policy: JqPolicy }): Promise<JqFilter> {
  const { expression, scope, policy } = input;
  const stored = scope?.asts !== undefined && Object.hasOwn(scope.asts, expression) ? scope.asts[expression] : undefined;
  if (stored !== undefined) {
    try {
      return compileJqAst(stored, { source: expression, limits: scope?.limits });
    } catch {
      // A table from an older engine that no longer compiles: parsing the text decides (same errors as ever).
    }
  }
  try {
    const ast = parseJq(expression);
    const filter = compileJqAst(ast, { source: expression, limits: scope?.limits });
    scope?.onParsed?.(expression, ast);
    return filter;
  } catch (error) {
    if (error instanceof JqCompileError && error.kind === 'unsupported' && allowsBinary(policy) && findJqBinary()) {
      return { ...(await compileWithBinary(expression)), refused: error };
    }
    throw error;
  }
}
