/**
 * Control flow: `try`/`?`, `//`, `label`/`break` and `as` bindings.
 *
 * Because outputs are passed to continuations, code *after* a `try` body runs inside the body's
 * JavaScript call. Errors raised there are wrapped in PassThrough on their way through so the
 * `try` does not catch them (jq 1.7: `try` only catches errors of its own body).
 */
import type { Node } from './ast.js';
import { compileNode, notDefined } from './compile.js';
import { makeCompiled } from './compile-helpers.js';
import { compilePatterns } from './patterns.js';
import { BreakSignal, JqThrow, lookup, PassThrough, type Compiled, type Emit, type Env, type PathEmit } from './runtime.js';
import { pushFrame, type Scope } from './scope.js';
import { isTruthy, type Json } from './values.js';

/** Wraps `emit` so errors raised downstream pass through the `try` identified by `owner`. */
export function guardEmit(emit: Emit, owner: object): Emit {
  return (value) => {
    try {
      emit(value);
    } catch (error) {
      if (error instanceof JqThrow) throw new PassThrough(error, owner);
      throw error;
    }
  };
}

function guardPathEmit(emit: PathEmit, owner: object): PathEmit {
  return (value, path) => {
    try {
      emit(value, path);
    } catch (error) {
      if (error instanceof JqThrow) throw new PassThrough(error, owner);
      throw error;
    }
  };
}

/** The error a `try` caught, or rethrows anything that is not its own. */
export function ownError(error: unknown, owner: object): JqThrow {
  if (error instanceof PassThrough && error.owner === owner) throw error.error;
  if (error instanceof JqThrow) return error;
  throw error;
}

export function compileTry(node: Extract<Node, { type: 'Try' }>, scope: Scope): Compiled {
  const body = compileNode(node.body, scope);
  const handler = node.handler && compileNode(node.handler, scope);
  const bs = body.single;
  const hs = handler?.single;
  const single =
    bs && hs
      ? (input: Json, env: Env): Json => {
          try {
            return bs(input, env);
          } catch (error) {
            if (!(error instanceof JqThrow)) throw error;
            return hs(error.value, env);
          }
        }
      : undefined;
  return makeCompiled({
    single,
    run: single
      ? (input, env, emit) => emit(single(input, env))
      : (input, env, emit) => {
          const owner = {};
          try {
            body.run(input, env, guardEmit(emit, owner));
          } catch (error) {
            const caught = ownError(error, owner);
            if (handler) handler.run(caught.value, env, emit);
          }
        },
    paths: (input, path, env, emit) => {
      const owner = {};
      try {
        body.paths(input, path, env, guardPathEmit(emit, owner));
      } catch (error) {
        const caught = ownError(error, owner);
        if (handler) handler.run(caught.value, env, (v) => emit(v, null));
      }
    },
  });
}

/** `a // b`: the truthy outputs of `a` (its errors suppressed), or else the outputs of `b`. */
/**
 * `a // b`: the truthy outputs of `a`, or all of `b` when there is none. An error raised by `a`
 * propagates: jq compiles `//` with FORK, not the FORK_OPT of `try` (jq 1.6 to 1.8.1 alike), so
 * `(error("x")) // 1` fails and `.a // 1` on a number fails as `.a` does.
 */
export function compileAlt(left: Compiled, right: Compiled): Compiled {
  const ls = left.single;
  const rs = right.single;
  const single =
    ls && rs
      ? (input: Json, env: Env): Json => {
          const value = ls(input, env);
          return isTruthy(value) ? value : rs(input, env);
        }
      : undefined;
  return makeCompiled({
    single,
    run: single
      ? (input, env, emit) => emit(single(input, env))
      : (input, env, emit) => {
          let found = false;
          left.run(input, env, (v) => {
            if (!isTruthy(v)) return;
            found = true;
            emit(v);
          });
          if (!found) right.run(input, env, emit);
        },
    paths: (input, path, env, emit) => {
      let found = false;
      left.paths(input, path, env, (v, p) => {
        if (!isTruthy(v)) return;
        found = true;
        emit(v, p);
      });
      if (!found) right.paths(input, path, env, emit);
    },
  });
}

export function compileLabel(node: Extract<Node, { type: 'Label' }>, scope: Scope): Compiled {
  const body = compileNode(node.body, pushFrame(scope, 'label', node.name));
  const catchBreak = (error: unknown, token: object): void => {
    if (!(error instanceof BreakSignal && error.label === token)) throw error;
  };
  return makeCompiled({
    run: (input, env, emit) => {
      const token = {};
      try {
        body.run(input, { value: token, next: env }, emit);
      } catch (error) {
        catchBreak(error, token);
      }
    },
    paths: (input, path, env, emit) => {
      const token = {};
      try {
        body.paths(input, path, { value: token, next: env }, emit);
      } catch (error) {
        catchBreak(error, token);
      }
    },
  });
}

export function compileBreak(node: Extract<Node, { type: 'Break' }>, scope: Scope): Compiled {
  const skip = findLabel(scope, node.name);
  if (skip === undefined) throw notDefined(`$*label-${node.name}`, node.start);
  const run = (_input: Json, env: Env): void => {
    throw new BreakSignal(lookup(env, skip) as object);
  };
  return makeCompiled({ run, paths: (input, _path, env) => run(input, env) });
}

function findLabel(scope: Scope, name: string): number | undefined {
  for (let entry = scope.entries; entry; entry = entry.next) {
    if (entry.kind === 'label' && entry.name === name) return scope.depth - entry.depth - 1;
  }
  return undefined;
}

export function compileBind(node: Extract<Node, { type: 'Bind' }>, scope: Scope): Compiled {
  const source = compileNode(node.source, scope);
  const patterns = compilePatterns(node.patterns, scope);
  const body = compileNode(node.body, patterns.scope);
  return makeCompiled({
    run: (input, env, emit) =>
      source.run(input, env, (value) => patterns.bind(value, env, (inner, owner) => body.run(input, inner, owner ? guardEmit(emit, owner) : emit))),
    paths: (input, path, env, emit) =>
      source.run(input, env, (value) => patterns.bind(value, env, (inner, owner) => body.paths(input, path, inner, owner ? guardPathEmit(emit, owner) : emit))),
  });
}
