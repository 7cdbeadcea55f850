/** Building blocks shared by the node compilers: defaults for `run`/`paths`, operators. */
import type { BinaryOp } from './ast.js';
import type { Compiled, Emit, Env, Run, RunPaths, Single } from './runtime.js';
import { addValues, divideValues, moduloValues, multiplyValues, negateValue, subtractValues } from './operators.js';
import { compareValues, equalValues, type Json } from './values.js';

/** Path mode for expressions that are not paths: outputs are marked "not a path" (null). */
export function notPaths(run: Run): RunPaths {
  return (input, _path, env, emit) => run(input, env, (v) => emit(v, null));
}

export function makeCompiled(parts: { run?: Run; single?: Single; paths?: RunPaths }): Compiled {
  const single = parts.single;
  const run: Run = parts.run ?? ((input, env, emit) => emit(single!(input, env)));
  return { run, single, paths: parts.paths ?? notPaths(run) };
}

type BinaryFn = (a: Json, b: Json) => Json;

const BINARY: Record<BinaryOp, BinaryFn> = {
  '+': addValues,
  '-': subtractValues,
  '*': multiplyValues,
  '/': divideValues,
  '%': moduloValues,
  '==': (a, b) => equalValues(a, b),
  '!=': (a, b) => !equalValues(a, b),
  '<': (a, b) => compareValues(a, b) < 0,
  '<=': (a, b) => compareValues(a, b) <= 0,
  '>': (a, b) => compareValues(a, b) > 0,
  '>=': (a, b) => compareValues(a, b) >= 0,
};

export const runtimeOps = {
  negate: negateValue,
  binaryFn(op: BinaryOp): BinaryFn {
    return BINARY[op];
  },
  unary(body: Compiled, fn: (v: Json) => Json): Compiled {
    const bs = body.single;
    if (bs) return makeCompiled({ single: (input, env) => fn(bs(input, env)) });
    return makeCompiled({ run: (input, env, emit) => body.run(input, env, (v) => emit(fn(v))) });
  },
  /** jq evaluates the right operand in the outer loop, the left in the inner one. */
  binary(left: Compiled, right: Compiled, op: BinaryOp): Compiled {
    const fn = BINARY[op];
    const ls = left.single;
    const rs = right.single;
    if (ls && rs) {
      return makeCompiled({
        single: (input, env) => {
          const r = rs(input, env);
          return fn(ls(input, env), r);
        },
      });
    }
    // A one-output side is evaluated directly: fewer stack frames per nested jq call.
    if (rs) {
      return makeCompiled({
        run: (input, env, emit) => {
          const r = rs(input, env);
          left.run(input, env, (l) => emit(fn(l, r)));
        },
      });
    }
    if (ls) return makeCompiled({ run: (input, env, emit) => right.run(input, env, (r) => emit(fn(ls(input, env), r))) });
    return makeCompiled({
      run: (input, env, emit) => right.run(input, env, (r) => left.run(input, env, (l) => emit(fn(l, r)))),
    });
  },
};

/** Runs `code` and collects its outputs. */
export function collect(code: Compiled, input: Json, env: Env): Json[] {
  const out: Json[] = [];
  code.run(input, env, (v) => {
    out.push(v);
  });
  return out;
}

export type { Emit };
