/** `.a`, `.[e]`, `.[a:b]`, `.[]` and `..`, in value and path mode. */
import type { Node } from './ast.js';
import { compileNode } from './compile.js';
import { makeCompiled } from './compile-helpers.js';
import { indexValue, iterateValues, sliceValue } from './path-ops.js';
import { countStep, type Compiled, type PathEmit, type Single } from './runtime.js';
import type { Scope } from './scope.js';
import { fail, isObject, truncateDump, type Json } from './values.js';

function appendPath(path: Json[], key: Json): Json[] {
  const out = path.slice();
  out.push(key);
  return out;
}

function notAPath(what: string, value: Json): never {
  return fail(`Invalid path expression near attempt to ${what} ${truncateDump(value)}`);
}

/** A static field name that is safe to read with `object[key]` (not on Object.prototype). */
function plainField(key: string): boolean {
  return !(key in Object.prototype);
}

export function compileIndex(node: Extract<Node, { type: 'Index' }>, scope: Scope): Compiled {
  const target = compileNode(node.target, scope);
  const index = compileNode(node.index, scope);
  const paths = (input: Json, path: Json[] | null, env: Parameters<Compiled['run']>[1], emit: PathEmit): void =>
    index.run(input, env, (key) =>
      target.paths(input, path, env, (value, valuePath) => {
        if (valuePath === null) notAPath(`access element ${truncateDump(key)} of`, value);
        emit(indexValue(value, key), appendPath(valuePath, key));
      }),
    );
  const ts = target.single;
  if (node.index.type === 'Literal' && typeof node.index.value === 'string' && ts) {
    const key = node.index.value;
    let single: Single;
    if (plainField(key)) {
      single =
        node.target.type === 'Identity'
          ? (input) => {
              if (typeof input === 'object' && input !== null && !Array.isArray(input)) {
                const v = input[key];
                return v === undefined ? null : v;
              }
              return indexValue(input, key);
            }
          : (input, env) => {
              const t = ts(input, env);
              if (typeof t === 'object' && t !== null && !Array.isArray(t)) {
                const v = t[key];
                return v === undefined ? null : v;
              }
              return indexValue(t, key);
            };
    } else {
      single = (input, env) => indexValue(ts(input, env), key);
    }
    return makeCompiled({ single, paths });
  }
  const is = index.single;
  if (ts && is) {
    return makeCompiled({
      single: (input, env) => {
        const key = is(input, env);
        return indexValue(ts(input, env), key);
      },
      paths,
    });
  }
  return makeCompiled({
    run: is
      ? (input, env, emit) => {
          const key = is(input, env);
          target.run(input, env, (t) => emit(indexValue(t, key)));
        }
      : (input, env, emit) => index.run(input, env, (key) => target.run(input, env, (t) => emit(indexValue(t, key)))),
    paths,
  });
}

export function compileSlice(node: Extract<Node, { type: 'Slice' }>, scope: Scope): Compiled {
  const target = compileNode(node.target, scope);
  const nullNode: Node = { type: 'Literal', value: null, start: node.start };
  const from = compileNode(node.from ?? nullNode, scope);
  const to = compileNode(node.to ?? nullNode, scope);
  const eachBound = (input: Json, env: Parameters<Compiled['run']>[1], fn: (f: Json, t: Json) => void): void =>
    from.run(input, env, (f) => to.run(input, env, (t) => fn(f, t)));
  return makeCompiled({
    run: (input, env, emit) => eachBound(input, env, (f, t) => target.run(input, env, (value) => emit(sliceValue(value, f, t)))),
    paths: (input, path, env, emit) =>
      eachBound(input, env, (f, t) =>
        target.paths(input, path, env, (value, valuePath) => {
          if (valuePath === null) notAPath('access element', value);
          emit(sliceValue(value, f, t), appendPath(valuePath, { start: f, end: t }));
        }),
      ),
  });
}

export function compileIterate(node: Extract<Node, { type: 'Iterate' }>, scope: Scope): Compiled {
  const target = compileNode(node.target, scope);
  const ts = target.single;
  const compiled = makeCompiled({
    run: ts
      ? (input, env, emit) => {
          const values = iterateValues(ts(input, env));
          for (let i = 0; i < values.length; i++) {
            countStep();
            emit(values[i]!);
          }
        }
      : (input, env, emit) =>
          target.run(input, env, (t) => {
            for (const v of iterateValues(t)) {
              countStep();
              emit(v);
            }
          }),
    paths: (input, path, env, emit) =>
      target.paths(input, path, env, (value, valuePath) => {
        if (valuePath === null) notAPath('iterate through', value);
        emitChildPaths(value, valuePath, emit);
      }),
  });
  return { ...compiled, iterates: ts };
}

function emitChildPaths(value: Json, path: Json[], emit: PathEmit): void {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      countStep();
      emit(value[i]!, appendPath(path, i));
    }
  } else if (isObject(value)) {
    for (const key of Object.keys(value)) {
      countStep();
      emit(value[key]!, appendPath(path, key));
    }
  } else {
    iterateValues(value);
  }
}

/** `..`: the input and everything inside it, depth first, parents before children. */
export function compileRecurseAll(): Compiled {
  const walk = (value: Json, emit: (v: Json) => void): void => {
    countStep();
    emit(value);
    if (Array.isArray(value)) for (const v of value) walk(v, emit);
    else if (isObject(value)) for (const key of Object.keys(value)) walk(value[key]!, emit);
  };
  const walkPaths = (value: Json, path: Json[], emit: PathEmit): void => {
    countStep();
    emit(value, path);
    if (Array.isArray(value)) value.forEach((v, i) => walkPaths(v, appendPath(path, i), emit));
    else if (isObject(value)) for (const key of Object.keys(value)) walkPaths(value[key]!, appendPath(path, key), emit);
  };
  return makeCompiled({
    run: (input, _env, emit) => walk(input, emit),
    paths: (input, path, _env, emit) => {
      if (path === null) notAPath('iterate through', input);
      walkPaths(input, path, emit);
    },
  });
}
