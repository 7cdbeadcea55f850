/**
 * The one small interface every jq engine implements, so the runtime and the validator never
 * depend on which engine runs an expression (the in-process compiler, or a jq binary the host
 * provides, as a fallback for constructs the in-process engine does not support).
 */

/** A compiled jq program. Compile once per connector, run once per page. */
export interface JqFilter {
  /** The expression as written in the spec. */
  readonly source: string;
  /** Which engine runs it: 'in-process' or 'binary'. */
  readonly engine: 'in-process' | 'binary';
  /** Every output of the program for one input, in order (jq's `-c` stream). */
  run(input: unknown): Promise<unknown[]>;
  /**
   * Every output for the JSON document `json` (text, or its UTF-8 bytes), parsed (losslessly)
   * where the program runs: an isolated program gets the document, which crosses to its worker far
   * cheaper than the parsed value, and the calling thread never parses it. A document that does
   * not parse rejects with JqInputError. Absent where `run` on the parsed value is as cheap.
   * `sliceKey`: the first output's long array under that key may come back in slices, so
   * receiving it never holds the event loop for long. `compactRows`: that array's rows of cells
   * come back compact (src/jq/isolate/protocol.ts, EvaluateRequest.compactRows).
   */
  runText?(json: string | Uint8Array, options?: { sliceKey?: string; compactRows?: boolean }): Promise<unknown[]>;
  /**
   * For engine 'binary': why the in-process engine refused the expression (kind 'unsupported',
   * with `construct` and `offset`), so a validator can still report it.
   */
  readonly refused?: JqCompileError;
}

export type JqCompileErrorKind = 'syntax' | 'unsupported';

/** The expression does not compile. `offset` is the 0-based UTF-16 index inside the expression. */
export class JqCompileError extends Error {
  override readonly name = 'JqCompileError';
  readonly kind: JqCompileErrorKind;
  readonly offset: number | undefined;
  /** For `unsupported`: the construct the engine does not implement, e.g. `input`, `$__loc__`. */
  readonly construct: string | undefined;

  constructor(message: string, details: { kind: JqCompileErrorKind; offset?: number; construct?: string }) {
    super(message);
    this.kind = details.kind;
    this.offset = details.offset;
    this.construct = details.construct;
  }
}

/** The program failed on an input (jq's exit 5): `.a` on a number, `error("x")`, a budget exceeded. */
export class JqRuntimeError extends Error {
  override readonly name = 'JqRuntimeError';
  /** The value passed to `error/1`, when that is what failed. */
  readonly value: unknown;
  /** Outputs the program produced before failing (jq prints these before its error message). */
  readonly outputs: readonly unknown[];
  /** When a limit stopped the program: the name of that limit (`maxSteps`, `maxArrayLength`, ...). */
  readonly limit: string | undefined;

  constructor(message: string, value?: unknown, outputs: readonly unknown[] = [], limit?: string) {
    super(message);
    this.value = value;
    this.outputs = outputs;
    this.limit = limit;
  }
}
