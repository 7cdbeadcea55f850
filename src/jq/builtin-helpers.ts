/** How native builtins are declared: pure functions of their input and argument values, or custom code. */
import type { Node } from './ast.js';
import { makeCompiled } from './compile-helpers.js';
import type { Compiled, Env, Emit, RunPaths } from './runtime.js';
import type { Scope } from './scope.js';
import type { Json } from './values.js';

export interface NativeContext {
  args: Compiled[];
  node: Extract<Node, { type: 'Call' }>;
  scope: Scope;
}
export type Native = (context: NativeContext) => Compiled;

export const NATIVES = new Map<string, Native>();

export function defineNative(name: string, arity: number, native: Native): void {
  NATIVES.set(`${name}/${arity}`, native);
}

/** A builtin computed from its input alone (one output). */
export function definePure(name: string, fn: (input: Json) => Json): void {
  const compiled = makeCompiled({ single: (input) => fn(input) });
  NATIVES.set(`${name}/0`, () => compiled);
}

/**
 * A builtin computed from its input and the values of its arguments. Like jq's C builtins, it
 * runs once per combination of argument outputs, the last argument being the outermost loop.
 */
export function defineWithArgs(name: string, arity: number, fn: (input: Json, ...args: Json[]) => Json): void {
  NATIVES.set(`${name}/${arity}`, ({ args }) => {
    const singles = args.map((a) => a.single);
    if (singles.every((s) => s !== undefined)) {
      if (arity === 1) {
        const a0 = singles[0]!;
        return makeCompiled({ single: (input, env) => fn(input, a0(input, env)) });
      }
      return makeCompiled({
        single: (input, env) => {
          const values: Json[] = new Array<Json>(arity);
          for (let i = arity - 1; i >= 0; i--) values[i] = singles[i]!(input, env);
          return fn(input, ...values);
        },
      });
    }
    return makeCompiled({
      run: (input, env, emit) => {
        const values: Json[] = new Array<Json>(arity);
        const loop = (i: number): void => {
          if (i < 0) emit(fn(input, ...values));
          else {
            args[i]!.run(input, env, (v) => {
              values[i] = v;
              loop(i - 1);
            });
          }
        };
        loop(arity - 1);
      },
    });
  });
}

/** A builtin with its own control flow over its (closure) arguments. */
export function defineGenerator(
  name: string,
  arity: number,
  run: (input: Json, args: Compiled[], env: Env, emit: Emit) => void,
  paths?: (args: Compiled[]) => RunPaths,
): Native {
  const native: Native = ({ args }) => makeCompiled({ run: (input, env, emit) => run(input, args, env, emit), ...(paths ? { paths: paths(args) } : {}) });
  NATIVES.set(`${name}/${arity}`, native);
  return native;
}
