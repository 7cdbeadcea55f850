/**
 * What compiled closures share at run time: the environment chain, the error and control-flow
 * signals (cheap plain objects, not Error, because `?` and `//` throw them in hot loops), and the
 * per-evaluation budget that stops runaway programs.
 */
import type { Json } from './values.js';

/** One variable, closure argument or label per frame; compile time knows each one's depth. */
export interface Frame {
  value: unknown;
  next: Env;
}
export type Env = Frame | null;

export type Emit = (value: Json) => void;
/** A path-mode output: the value and where it is in the root input (null: not a path). */
export type PathEmit = (value: Json, path: Json[] | null) => void;

export type Run = (input: Json, env: Env, emit: Emit) => void;
export type RunPaths = (input: Json, path: Json[] | null, env: Env, emit: PathEmit) => void;
export type Single = (input: Json, env: Env) => Json;

/** A compiled expression: every output, path-mode outputs, and for one-output expressions a direct function. */
export interface Compiled {
  run: Run;
  paths: RunPaths;
  single: Single | undefined;
  /** For `a, b, c` where each part has one output: the parts, so `[a, b, c]` is built directly. */
  list?: Single[];
  /** For `T[] | f` with one-output T and f: so `[T[] | f]` (what `map` is) runs as one loop. */
  eachOf?: { target: Single; map: Single } | undefined;
  /** For `T[]` with one-output T: T. */
  iterates?: Single | undefined;
}

/** A closure argument (`def f(g)`): the argument's code and the environment of the call site. */
export interface Closure {
  code: Compiled;
  env: Env;
}

/** A jq error (`error(v)`, `.a` on a number). Caught by `try`, `?`, `//`. */
export class JqThrow {
  constructor(readonly value: Json) {}
}

/** An error raised downstream of a `try` body, travelling through that `try` untouched. */
export class PassThrough {
  constructor(readonly error: JqThrow, readonly owner: object) {}
}

/** `break $label`, and the early stop of `limit`/`first`. */
export class BreakSignal {
  constructor(readonly label: object) {}
}

export class BudgetExceeded {
  constructor(readonly message: string) {}
}

export interface Limits {
  /** Evaluation steps (function calls, loop iterations) per run. */
  maxSteps: number;
  /** Nested jq function calls. */
  maxDepth: number;
}

/**
 * 10 million steps is about a second of work. Each nested jq call costs several JavaScript stack
 * frames, so a program that nests more than about a thousand calls may hit JavaScript's stack
 * before maxDepth; that is reported as the same recursion error.
 */
export const DEFAULT_LIMITS: Limits = { maxSteps: 10_000_000, maxDepth: 1_000 };

/** The running evaluation's counters (evaluation is synchronous, so one at a time per thread). */
export const budget = {
  steps: 0,
  maxSteps: DEFAULT_LIMITS.maxSteps,
  depth: 0,
  maxDepth: DEFAULT_LIMITS.maxDepth,
  /** Set when the evaluation computed Infinity or NaN: only then are outputs rewritten as jq prints them. */
  nonFinite: false,
  /** An evaluation is running (a nested one must save and restore these counters). */
  active: false,
};

/** Returns `n`, noting when it is not finite (so the outputs get normalized). */
export function checkFinite(n: number): number {
  if (!Number.isFinite(n)) budget.nonFinite = true;
  return n;
}

export function countStep(): void {
  if (++budget.steps > budget.maxSteps) {
    throw new BudgetExceeded(`jq program exceeded its budget of ${budget.maxSteps} evaluation steps`);
  }
}

export function enterCall(): void {
  if (++budget.steps > budget.maxSteps) {
    throw new BudgetExceeded(`jq program exceeded its budget of ${budget.maxSteps} evaluation steps`);
  }
  if (++budget.depth > budget.maxDepth) {
    budget.depth = 0;
    throw new BudgetExceeded(`jq program exceeded the recursion depth limit of ${budget.maxDepth}`);
  }
}

export function throwJq(value: Json): never {
  throw new JqThrow(value);
}

export function lookup(env: Env, depth: number): unknown {
  let frame = env!;
  for (let i = 0; i < depth; i++) frame = frame.next!;
  return frame.value;
}

export function runFromSingle(single: Single): Run {
  return (input, env, emit) => emit(single(input, env));
}
