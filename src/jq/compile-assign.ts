/**
 * Assignment operators, as jq 1.7 defines them in builtin.jq:
 *   `p |= f`  : for each path of p, replace with the first output of f (no output: delete it);
 *   `p = v`   : for each output $v of v (on `.`), set every path of p to $v;
 *   `p op= v` : for each output $v of v, set every path to `getpath(path) op $v`.
 */
import type { Node } from './ast.js';
import { compileNode } from './compile.js';
import { makeCompiled, runtimeOps } from './compile-helpers.js';
import { deletePaths, getPath, setPath } from './path-ops.js';
import { BreakSignal, countStep, type Compiled, type Env } from './runtime.js';
import type { Scope } from './scope.js';
import { fail, isTruthy, truncateDump, type Json } from './values.js';

/** Every path `code` designates in `input` (`path(code)`). */
export function collectPaths(code: Compiled, input: Json, env: Env): Json[][] {
  const out: Json[][] = [];
  code.paths(input, [], env, (value, path) => {
    if (path === null) fail(`Invalid path expression with result ${truncateDump(value)}`);
    out.push(path);
  });
  return out;
}

/** The first output of `code`, or undefined when it has none. */
export function firstOutput(code: Compiled, input: Json, env: Env): Json | undefined {
  if (code.single) return code.single(input, env);
  const stop = new BreakSignal({});
  let result: Json | undefined;
  try {
    code.run(input, env, (v) => {
      result = v;
      throw stop;
    });
  } catch (error) {
    if (error !== stop) throw error;
  }
  return result;
}

export function compileAssign(node: Extract<Node, { type: 'Assign' }>, scope: Scope): Compiled {
  const lhs = compileNode(node.left, scope);
  const rhs = compileNode(node.right, scope);
  if (node.op === '|=') {
    return makeCompiled({
      single: (input, env) => {
        let acc = input;
        const deletions: Json[][] = [];
        for (const path of collectPaths(lhs, input, env)) {
          countStep();
          const next = firstOutput(rhs, getPath(acc, path), env);
          if (next === undefined) deletions.push(path);
          else acc = setPath(acc, path, next);
        }
        return deletions.length > 0 ? deletePaths(acc, deletions) : acc;
      },
    });
  }
  const combine = combiner(node.op);
  const plain = node.op === '=';
  return makeCompiled({
    run: (input, env, emit) => {
      let paths: Json[][] | undefined;
      rhs.run(input, env, (value) => {
        paths ??= collectPaths(lhs, input, env);
        let acc = input;
        for (const path of paths) {
          countStep();
          acc = setPath(acc, path, plain ? value : combine(getPath(acc, path), value));
        }
        emit(acc);
      });
    },
  });
}

function combiner(op: Exclude<Extract<Node, { type: 'Assign' }>['op'], '|='>): (old: Json, value: Json) => Json {
  switch (op) {
    case '=':
      return (_old, value) => value;
    case '//=':
      return (old, value) => (isTruthy(old) ? old : value);
    default:
      return runtimeOps.binaryFn(op.slice(0, 1) as '+' | '-' | '*' | '/' | '%');
  }
}
