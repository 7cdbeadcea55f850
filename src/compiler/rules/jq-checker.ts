/**
 * Compiles jq expressions for the validator, once per distinct expression (and fallback setting) per process: the
 * binary engine spawns a process per compile, and 200 specs share most of their expressions.
 */
import { compileJq, JqCompileError, type JqPolicy } from '../../jq/index.js';

/** Longer than any real mapping; also keeps the jq binary's argument under the OS limit. */
export const MAX_JQ_LENGTH = 32 * 1024;

export type JqProblem =
  | { kind: 'syntax' | 'unsupported'; message: string; offset?: number }
  | { kind: 'too-long'; message: string }
  /** The in-process engine refused a construct; the expression runs on the jq binary instead. */
  | { kind: 'binary-fallback'; message: string; construct: string; offset?: number };

export interface JqChecker {
  /** `policy`: who wrote the spec (a customer's refused construct is an error, a trusted one's a fallback). */
  check(expression: string, policy: JqPolicy): Promise<JqProblem | undefined>;
}

const cache = new Map<string, Promise<JqProblem | undefined>>();
const CACHE_LIMIT = 5000;

async function checkUncached(expression: string, policy: JqPolicy): Promise<JqProblem | undefined> {
  if (expression.length > MAX_JQ_LENGTH) {
    return { kind: 'too-long', message: `the jq expression is ${expression.length} characters; the limit is ${MAX_JQ_LENGTH}` };
  }
  try {
    const filter = await compileJq(expression, policy);
    if (filter.refused) {
      const { refused } = filter;
      return {
        kind: 'binary-fallback',
        message: refused.message,
        construct: refused.construct ?? 'a construct',
        ...(refused.offset === undefined ? {} : { offset: refused.offset }),
      };
    }
    return undefined;
  } catch (error) {
    if (error instanceof JqCompileError) {
      return { kind: error.kind, message: error.message, ...(error.offset === undefined ? {} : { offset: error.offset }) };
    }
    return { kind: 'syntax', message: error instanceof Error ? error.message.split('\n')[0]! : String(error) };
  }
}

export const jqChecker: JqChecker = {
  check(expression, policy) {
    // A customer's spec (no binary fallback) and a trusted one get different answers for one expression.
    const key = `${policy}\u0000${expression}`;
    let result = cache.get(key);
    if (!result) {
      if (cache.size >= CACHE_LIMIT) cache.clear();
      result = checkUncached(expression, policy);
      cache.set(key, result);
    }
    return result;
  },
};
