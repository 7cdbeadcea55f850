/**
 * The in-process jq engine: parse once, compile to closures once, run synchronously per input
 * under a step budget and a recursion limit.
 */
import { compileNode } from './compile.js';
import { generateSingle } from './codegen.js';
import { JqCompileError, JqRuntimeError, type JqFilter } from './engine.js';
import { dumpJson, normalizeOutput } from './json-text.js';
import { parseExpression } from './parser.js';
import { preludeScope } from './prelude.js';
import { budget, BudgetExceeded, DEFAULT_LIMITS, JqThrow, PassThrough, type Compiled, type Limits, type Single } from './runtime.js';
import type { Json } from './values.js';
import type { Node } from './ast.js';

export interface InProcessFilter extends JqFilter {
  readonly engine: 'in-process';
  /** Every output for one input, computed synchronously (for hot paths). */
  runSync(input: unknown): unknown[];
}

export type { Limits };

/** Compiles `expression`; throws JqCompileError (kind 'syntax' with offset, or 'unsupported' naming the construct). */
export function compileJqInProcess(expression: string, limits: Partial<Limits> = {}): InProcessFilter {
  return compileJqAst(parseJq(expression), { source: expression, limits });
}

/** Parses `expression` into the AST `compileJqAst` takes; throws JqCompileError (kind 'syntax'). */
export function parseJq(expression: string): Node {
  return guardNesting(() => parseExpression(expression));
}

/**
 * Compiles an already parsed program (e.g. one `connector compile` stored in a generated module),
 * so no parsing happens at run time. `source` is the expression text the AST was parsed from: it
 * becomes the filter's `source`, and `$__loc__` counts lines in it. Throws JqCompileError
 * (kind 'unsupported') for constructs the engine refuses, exactly as compiling the text would.
 */
export function compileJqAst(ast: Node, options: { source: string; limits?: Partial<Limits> }): InProcessFilter {
  const code = guardNesting(() => compileParsed(ast, options.source));
  const limits: Limits = { ...DEFAULT_LIMITS, ...definedLimits(options.limits) };
  const single = code.single;
  const runSync = single
    ? (input: unknown): unknown[] => (budget.active ? evaluate(code, input as Json, limits) : runSingle(single, input as Json, limits))
    : (input: unknown): unknown[] => evaluate(code, input as Json, limits);
  return {
    source: options.source,
    engine: 'in-process',
    runSync,
    run: async (input) => runSync(input),
  };
}

/** The limits a caller set, without keys set to undefined (which would hide the defaults). */
function definedLimits(limits: Partial<Limits> | undefined): Partial<Limits> {
  return Object.fromEntries(Object.entries(limits ?? {}).filter(([, value]) => value !== undefined));
}

/** Puts `limits` into the running budget and returns what was there, to restore. */
function applyLimits(limits: Limits): Limits {
  const saved = { maxSteps: budget.maxSteps, maxDepth: budget.maxDepth, maxArrayLength: budget.maxArrayLength, maxStringLength: budget.maxStringLength };
  budget.maxSteps = limits.maxSteps;
  budget.maxDepth = limits.maxDepth;
  budget.maxArrayLength = limits.maxArrayLength;
  budget.maxStringLength = limits.maxStringLength;
  return saved;
}

function compileParsed(ast: Node, source: string): Compiled {
  const compiled = compileNode(ast, preludeScope(source));
  const generated = generateSingle(ast);
  return generated ? { ...compiled, single: generated } : compiled;
}

function guardNesting<T>(make: () => T): T {
  try {
    return make();
  } catch (error) {
    // Thousands of nested parentheses exhaust the parser's stack: still a compile error, not a crash.
    if (error instanceof RangeError) {
      throw new JqCompileError('syntax error: the expression is nested too deeply', { kind: 'syntax', offset: 0 });
    }
    throw error;
  }
}

/** jq's wording for an uncaught `error(v)`. */
function errorMessage(value: Json): string {
  if (typeof value === 'string') return value;
  if (value === null) return 'null (null) not a string';
  return `${dumpJson(value)} (not a string)`;
}

/** The hot path (a mapping per record): one output, no evaluation already running. */
function runSingle(single: Single, input: Json, limits: Limits): unknown[] {
  budget.active = true;
  budget.steps = 0;
  budget.depth = 0;
  applyLimits(limits);
  budget.nonFinite = false;
  try {
    const value = single(input, null);
    return [budget.nonFinite ? normalizeOutput(value) : value];
  } catch (error) {
    throw toRuntimeError(error, []);
  } finally {
    budget.active = false;
  }
}

function evaluate(code: Compiled, input: Json, limits: Limits): unknown[] {
  // Saved and restored so a nested evaluation (a callback running jq) cannot corrupt the outer one.
  const savedSteps = budget.steps;
  const savedDepth = budget.depth;
  const savedLimits = applyLimits(limits);
  const savedNonFinite = budget.nonFinite;
  const savedActive = budget.active;
  budget.active = true;
  budget.steps = 0;
  budget.depth = 0;
  budget.nonFinite = false;
  const outputs: Json[] = [];
  try {
    const single = code.single;
    if (single) outputs.push(single(input, null));
    else {
      code.run(input, null, (v) => {
        outputs.push(v);
      });
    }
    // Infinity/NaN only exist when computed (or in the input, which JSON.parse gives finite
    // numbers except for literals beyond 1e308): only then rewrite them as jq prints them.
    return budget.nonFinite ? outputs.map(normalizeOutput) : outputs;
  } catch (error) {
    throw toRuntimeError(error, budget.nonFinite ? outputs.map(normalizeOutput) : outputs);
  } finally {
    budget.steps = savedSteps;
    budget.depth = savedDepth;
    applyLimits(savedLimits);
    budget.nonFinite = savedNonFinite;
    budget.active = savedActive;
  }
}

function toRuntimeError(error: unknown, outputs: Json[]): unknown {
  const inner = error instanceof PassThrough ? error.error : error;
  if (inner instanceof JqThrow) return new JqRuntimeError(errorMessage(inner.value), normalizeOutput(inner.value), outputs);
  if (inner instanceof BudgetExceeded) return new JqRuntimeError(inner.message, undefined, outputs, inner.limit);
  if (inner instanceof RangeError && /call stack/u.test(inner.message)) {
    return new JqRuntimeError('jq program exceeded the maximum recursion depth (too deeply nested calls or data)', undefined, outputs);
  }
  return inner;
}
