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
  constructor(
    readonly error: JqThrow,
    readonly owner: object,
  ) {}
}

/** `break $label`, and the early stop of `limit`/`first`. */
export class BreakSignal {
  constructor(readonly label: object) {}
}

export class BudgetExceeded {
  /** `limit`: the name of the Limits field that was exceeded. */
  constructor(
    readonly message: string,
    readonly limit: keyof Limits,
  ) {}
}

export interface Limits {
  /**
   * Evaluation steps per run: function calls and loop iterations count one each, and builtins that
   * allocate, copy or compare count the elements they touch (see `chargeElements`).
   */
  maxSteps: number;
  /** Nested jq function calls. */
  maxDepth: number;
  /** Elements of one array a program builds (`.[1e8] = 1`, `[range(n)]`, `a + b`). */
  maxArrayLength: number;
  /** UTF-16 code units of one string a program builds (`"a" * n`, `a + b`, `join`). */
  maxStringLength: number;
}

/**
 * 10 million steps is about a second of work. Each nested jq call costs several JavaScript stack
 * frames, so a program that nests more than about a thousand calls may hit JavaScript's stack
 * before maxDepth; that is reported as the same recursion error.
 */
export const DEFAULT_LIMITS: Limits = { maxSteps: 10_000_000, maxDepth: 1_000, maxArrayLength: 10_000_000, maxStringLength: 100_000_000 };

/**
 * Elements a builtin may allocate, copy or compare per evaluation step: copying is far cheaper
 * than a step, so `reduce range(5000) as $i ([]; . + [$i])` (quadratic copying) still fits the
 * default budget while one step that would touch billions of elements does not.
 */
const ELEMENTS_PER_STEP = 16;

/** The running evaluation's counters (evaluation is synchronous, so one at a time per thread). */
export const budget = {
  steps: 0,
  maxSteps: DEFAULT_LIMITS.maxSteps,
  depth: 0,
  maxDepth: DEFAULT_LIMITS.maxDepth,
  maxArrayLength: DEFAULT_LIMITS.maxArrayLength,
  maxStringLength: DEFAULT_LIMITS.maxStringLength,
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

function stepsExceeded(): BudgetExceeded {
  return new BudgetExceeded(`jq program exceeded its budget of ${budget.maxSteps} evaluation steps`, 'maxSteps');
}

export function countStep(): void {
  if (++budget.steps > budget.maxSteps) throw stepsExceeded();
}

/**
 * Charges a builtin's work on `elements` array elements, object keys or compared pairs, before
 * it is done: a single step must not allocate gigabytes or run for minutes.
 */
export function chargeElements(elements: number): void {
  budget.steps += elements / ELEMENTS_PER_STEP;
  if (budget.steps > budget.maxSteps) throw stepsExceeded();
}

/** Charges `steps` whole steps at once: work as costly per element as a step (hashing, say). */
export function chargeSteps(steps: number): void {
  budget.steps += steps;
  if (budget.steps > budget.maxSteps) throw stepsExceeded();
}

/** Refuses, before allocating, an array of `length` elements beyond maxArrayLength (and charges it). */
export function checkArrayLength(length: number): void {
  if (length > budget.maxArrayLength) {
    throw new BudgetExceeded(`jq program exceeded its limit of ${budget.maxArrayLength} array elements (maxArrayLength)`, 'maxArrayLength');
  }
  chargeElements(length);
}

/** Refuses, before building it, a string of `length` UTF-16 units beyond maxStringLength. */
export function checkStringLength(length: number): void {
  if (length > budget.maxStringLength) {
    throw new BudgetExceeded(`jq program exceeded its limit of ${budget.maxStringLength} string characters (maxStringLength)`, 'maxStringLength');
  }
}

export function enterCall(): void {
  if (++budget.steps > budget.maxSteps) throw stepsExceeded();
  if (++budget.depth > budget.maxDepth) {
    budget.depth = 0;
    throw new BudgetExceeded(`jq program exceeded the recursion depth limit of ${budget.maxDepth}`, 'maxDepth');
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
