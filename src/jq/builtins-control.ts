/**
 * Natives that drive their closure arguments: select, recurse, limit, skip, first, last.
 * Native so they stop their generator early without recursion (`limit(n; repeat(...))`).
 */
import { defineGenerator, defineNative } from './builtin-helpers.js';
import { compileRecurseAll } from './compile-access.js';
import { makeCompiled } from './compile-helpers.js';
import { BreakSignal, countStep, type Compiled, type Emit, type Env, type PathEmit } from './runtime.js';
import { fail, isTruthy, type Json } from './values.js';

defineNative('select', 1, ({ args: [f] }) => {
  const fs = f!.single;
  return makeCompiled({
    run: fs
      ? (input, env, emit) => {
          if (isTruthy(fs(input, env))) emit(input);
        }
      : (input, env, emit) =>
          f!.run(input, env, (c) => {
            if (isTruthy(c)) emit(input);
          }),
    paths: (input, path, env, emit) =>
      f!.run(input, env, (c) => {
        if (isTruthy(c)) emit(input, path);
      }),
  });
});

defineNative('recurse', 0, () => compileRecurseAll());
defineNative('recurse', 1, ({ args: [f] }) => {
  const walk = (value: Json, env: Env, emit: Emit): void => {
    countStep();
    emit(value);
    f!.run(value, env, (child) => walk(child, env, emit));
  };
  const walkPaths = (value: Json, path: Json[] | null, env: Env, emit: PathEmit): void => {
    countStep();
    emit(value, path);
    f!.paths(value, path, env, (child, childPath) => walkPaths(child, childPath, env, emit));
  };
  return makeCompiled({ run: walk, paths: walkPaths });
});

/** Runs `f`, stopping it early once `take` returns false. */
export function runUntil(f: Compiled, input: Json, env: Env, take: (v: Json) => boolean): void {
  const stop = new BreakSignal({});
  try {
    f.run(input, env, (v) => {
      if (!take(v)) throw stop;
    });
  } catch (error) {
    if (error !== stop) throw error;
  }
}

function runPathsUntil(f: Compiled, input: Json, path: Json[] | null, env: Env, take: (v: Json, p: Json[] | null) => boolean): void {
  const stop = new BreakSignal({});
  try {
    f.paths(input, path, env, (v, p) => {
      if (!take(v, p)) throw stop;
    });
  } catch (error) {
    if (error !== stop) throw error;
  }
}

function checkCount(n: Json, name: string): number {
  if (typeof n !== 'number') return fail(`Invalid ${name} count`);
  if (n < 0) return fail(`${name} doesn't support negative count`);
  return n;
}

const limitNative = defineGenerator(
  'limit',
  2,
  (input, [count, f], env, emit) =>
    count!.run(input, env, (n) => {
      let left = checkCount(n, 'limit');
      if (left <= 0) return;
      // One output at most: no need to stop `f` early (stopping costs a thrown signal).
      const fs = f!.single;
      if (fs) {
        emit(fs(input, env));
        return;
      }
      runUntil(f!, input, env, (v) => {
        emit(v);
        return --left > 0;
      });
    }),
  ([count, f]) =>
    (input, path, env, emit) =>
      count!.run(input, env, (n) => {
        let left = checkCount(n, 'limit');
        if (left <= 0) return;
        runPathsUntil(f!, input, path, env, (v, p) => {
          emit(v, p);
          return --left > 0;
        });
      }),
);

/** `limit(n; f)` with a literal n >= 1 and a one-output f is just f (common: `[limit(1; expr)]`). */
defineNative('limit', 2, (context) => {
  const [countNode] = context.node.args;
  const fs = context.args[1]!.single;
  if (fs && countNode?.type === 'Literal' && typeof countNode.value === 'number' && countNode.value >= 1) {
    return makeCompiled({ single: fs, paths: context.args[1]!.paths });
  }
  return limitNative(context);
});

defineGenerator('skip', 2, (input, [count, f], env, emit) =>
  count!.run(input, env, (n) => {
    let skip = checkCount(n, 'skip');
    f!.run(input, env, (v) => {
      if (skip > 0) skip--;
      else emit(v);
    });
  }),
);

defineGenerator(
  'first',
  1,
  (input, [f], env, emit) => {
    let found = false;
    let value: Json = null;
    runUntil(f!, input, env, (v) => {
      found = true;
      value = v;
      return false;
    });
    if (found) emit(value);
  },
  ([f]) =>
    (input, path, env, emit) => {
      let found: [Json, Json[] | null] | undefined;
      runPathsUntil(f!, input, path, env, (v, p) => {
        found = [v, p];
        return false;
      });
      if (found) emit(found[0], found[1]);
    },
);

defineGenerator(
  'last',
  1,
  (input, [f], env, emit) => {
    let found = false;
    let value: Json = null;
    f!.run(input, env, (v) => {
      found = true;
      value = v;
    });
    if (found) emit(value);
  },
  ([f]) =>
    (input, path, env, emit) => {
      let found: [Json, Json[] | null] | undefined;
      f!.paths(input, path, env, (v, p) => {
        found = [v, p];
      });
      if (found) emit(found[0], found[1]);
    },
);
