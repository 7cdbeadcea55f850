/**
 * AST -> closures. Each node becomes a `Compiled`: `run` (callback style: every output is passed
 * to `emit`, backtracking is just returning), `paths` (the same in path mode, for `path()`,
 * assignments and `del`), and `single` when the node always has exactly one output, so common
 * mappings (`.a`, `.a // ""`, `{id: .id}`, `==`, `or`) run as plain nested function calls.
 */
import type { Node } from './ast.js';
import { runtimeOps } from './compile-helpers.js';
import { compileIndex, compileIterate, compileRecurseAll, compileSlice } from './compile-access.js';
import { compileAlt, compileBind, compileBreak, compileLabel, compileTry } from './compile-control.js';
import { compileForeach, compileReduce } from './compile-fold.js';
import { compileAssign } from './compile-assign.js';
import { compileCall, compileFuncDef } from './compile-call.js';
import { compileArray, compileObject, compileString, compileFormat } from './compile-construct.js';
import { findFrame, unsupported, type Scope } from './scope.js';
import { checkFinite, lookup, type Compiled, type Emit, type Env, type Single } from './runtime.js';
import { makeCompiled } from './compile-helpers.js';
import { rememberCompiled } from './codegen.js';
import { isTruthy, type Json } from './values.js';
import { JqCompileError } from './engine.js';

export function compileNode(node: Node, scope: Scope): Compiled {
  return rememberCompiled(node, compileNodeType(node, scope));
}

function compileNodeType(node: Node, scope: Scope): Compiled {
  switch (node.type) {
    case 'Identity':
      return {
        run: (input, _env, emit) => emit(input),
        single: (input) => input,
        paths: (input, path, _env, emit) => emit(input, path),
      };
    case 'RecurseAll':
      return compileRecurseAll();
    case 'Literal': {
      const value = node.value as Json;
      if (typeof value === 'number' && !Number.isFinite(value)) return makeCompiled({ single: () => checkFinite(value) });
      return makeCompiled({ single: () => value });
    }
    case 'Var':
      return compileVar(node.name, node.start, scope);
    case 'Pipe':
      return compilePipe(compileNode(node.left, scope), compileNode(node.right, scope));
    case 'Comma':
      return compileComma(compileNode(node.left, scope), compileNode(node.right, scope));
    case 'Neg':
      return runtimeOps.unary(compileNode(node.body, scope), runtimeOps.negate);
    case 'Binary':
      return runtimeOps.binary(compileNode(node.left, scope), compileNode(node.right, scope), node.op);
    case 'And':
      return compileLogic(compileNode(node.left, scope), compileNode(node.right, scope), true);
    case 'Or':
      return compileLogic(compileNode(node.left, scope), compileNode(node.right, scope), false);
    case 'Array':
      return compileArray(node.body && compileNode(node.body, scope));
    case 'Object':
      return compileObject(node, scope);
    case 'Str':
      return compileString(node, scope);
    case 'Format':
      return compileFormat(node.name, node.start);
    case 'If':
      return compileIf(node, scope);
    case 'Index':
      return compileIndex(node, scope);
    case 'Slice':
      return compileSlice(node, scope);
    case 'Iterate':
      return compileIterate(node, scope);
    case 'Try':
      return compileTry(node, scope);
    case 'Alt':
      return compileAlt(compileNode(node.left, scope), compileNode(node.right, scope));
    case 'Label':
      return compileLabel(node, scope);
    case 'Break':
      return compileBreak(node, scope);
    case 'Reduce':
      return compileReduce(node, scope);
    case 'Foreach':
      return compileForeach(node, scope);
    case 'Bind':
      return compileBind(node, scope);
    case 'Assign':
      return compileAssign(node, scope);
    case 'FuncDef':
      return compileFuncDef(node, scope);
    case 'Call':
      return compileCall(node, scope);
    default: {
      const never: never = node;
      throw unsupported(String((never as Node).type), 0);
    }
  }
}

function compileVar(name: string, start: number, scope: Scope): Compiled {
  const skip = findFrame(scope, 'var', name);
  if (skip === undefined) {
    if (name === '__loc__') {
      const line = scope.source.slice(0, start).split('\n').length;
      return makeCompiled({ single: () => ({ file: '<top-level>', line }) });
    }
    if (name === 'ENV') return makeCompiled({ single: () => ({}) });
    if (name === '__prog_args' || name === '__prog_name') throw unsupported(`$${name}`, start);
    throw notDefined(`$${name}`, start);
  }
  const single: Single =
    skip === 0 ? (_input, env) => env!.value as Json : skip === 1 ? (_input, env) => env!.next!.value as Json : (_input, env) => lookup(env, skip) as Json;
  return makeCompiled({ single });
}

/** jq reports unknown names as compile errors; they are mistakes in the expression, like syntax errors. */
export function notDefined(name: string, offset: number): JqCompileError {
  return new JqCompileError(`${name} is not defined`, { kind: 'syntax', offset });
}

export function compilePipe(left: Compiled, right: Compiled): Compiled {
  const leftSingle = left.single;
  const rightSingle = right.single;
  const run = right.run;
  if (leftSingle && rightSingle) {
    return {
      single: (input, env) => rightSingle(leftSingle(input, env), env),
      run: (input, env, emit) => emit(rightSingle(leftSingle(input, env), env)),
      paths: (input, path, env, emit) => left.paths(input, path, env, (v, p) => right.paths(v, p, env, emit)),
    };
  }
  const iterated = left.iterates;
  return {
    eachOf: iterated && rightSingle ? { target: iterated, map: rightSingle } : undefined,
    single: undefined,
    run: leftSingle ? (input, env, emit) => run(leftSingle(input, env), env, emit) : (input, env, emit) => left.run(input, env, (v) => run(v, env, emit)),
    paths: (input, path, env, emit) => left.paths(input, path, env, (v, p) => right.paths(v, p, env, emit)),
  };
}

function compileComma(left: Compiled, right: Compiled): Compiled {
  const leftList = left.list ?? (left.single && [left.single]);
  const rightList = right.list ?? (right.single && [right.single]);
  return {
    list: leftList && rightList ? [...leftList, ...rightList] : undefined,
    single: undefined,
    run: (input, env, emit) => {
      left.run(input, env, emit);
      right.run(input, env, emit);
    },
    paths: (input, path, env, emit) => {
      left.paths(input, path, env, emit);
      right.paths(input, path, env, emit);
    },
  };
}

/** `and` / `or`: the left side is the outer loop; the right side runs only when needed. */
function compileLogic(left: Compiled, right: Compiled, isAnd: boolean): Compiled {
  const ls = left.single;
  const rs = right.single;
  if (ls && rs) {
    return makeCompiled({
      single: isAnd
        ? (input, env) => isTruthy(ls(input, env)) && isTruthy(rs(input, env))
        : (input, env) => isTruthy(ls(input, env)) || isTruthy(rs(input, env)),
    });
  }
  const decide = (l: Json, input: Json, env: Env, emit: Emit): void => {
    if (isTruthy(l) !== isAnd) emit(!isAnd);
    else right.run(input, env, (r) => emit(isTruthy(r)));
  };
  return makeCompiled({
    // With a one-output left side, skip the callback: fewer stack frames per nested call.
    run: ls ? (input, env, emit) => decide(ls(input, env), input, env, emit) : (input, env, emit) => left.run(input, env, (l) => decide(l, input, env, emit)),
  });
}

function compileIf(node: Extract<Node, { type: 'If' }>, scope: Scope): Compiled {
  const cond = compileNode(node.cond, scope);
  const then = compileNode(node.then, scope);
  const otherwise = node.otherwise ? compileNode(node.otherwise, scope) : compileNode({ type: 'Identity', start: node.start }, scope);
  const cs = cond.single;
  const ts = then.single;
  const os = otherwise.single;
  const single: Single | undefined = cs && ts && os ? (input, env) => (isTruthy(cs(input, env)) ? ts(input, env) : os(input, env)) : undefined;
  return {
    single,
    run: single
      ? (input, env, emit) => emit(single(input, env))
      : cs
        ? (input, env, emit) => (isTruthy(cs(input, env)) ? then : otherwise).run(input, env, emit)
        : (input, env, emit) => cond.run(input, env, (c) => (isTruthy(c) ? then : otherwise).run(input, env, emit)),
    paths: (input, path, env, emit) => cond.run(input, env, (c) => (isTruthy(c) ? then : otherwise).paths(input, path, env, emit)),
  };
}
