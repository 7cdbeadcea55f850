/**
 * Compile-time scope: which variables, closure parameters, labels and functions are visible,
 * and at which runtime depth. Every variable, parameter and label owns one runtime Frame, so a
 * reference compiles to "skip N frames" (lexical addressing).
 */
import type { Node } from './ast.js';
import type { Compiled } from './runtime.js';
import { JqCompileError } from './engine.js';

export interface FunctionDef {
  name: string;
  params: string[];
  body: Node;
  /** Scope where the function is defined (its body sees this plus itself and its params). */
  scope: Scope;
  compiled: Compiled | undefined;
  compiling: boolean;
}

export type ScopeEntry =
  | { kind: 'var' | 'param' | 'label'; name: string; depth: number; next: ScopeEntry | null }
  | { kind: 'fn'; name: string; arity: number; def: FunctionDef; next: ScopeEntry | null };

export interface Scope {
  entries: ScopeEntry | null;
  /** Number of runtime frames in this scope. */
  depth: number;
  /** The whole expression, for `$__loc__` and messages. */
  source: string;
}

export function pushFrame(scope: Scope, kind: 'var' | 'param' | 'label', name: string): Scope {
  return {
    entries: { kind, name, depth: scope.depth, next: scope.entries },
    depth: scope.depth + 1,
    source: scope.source,
  };
}

export function pushFunction(scope: Scope, def: FunctionDef): Scope {
  return {
    entries: { kind: 'fn', name: def.name, arity: def.params.length, def, next: scope.entries },
    depth: scope.depth,
    source: scope.source,
  };
}

/** Frames to skip from `scope`'s innermost frame to reach the binding, or undefined. */
export function findFrame(scope: Scope, kind: 'var' | 'label', name: string): number | undefined {
  for (let entry = scope.entries; entry; entry = entry.next) {
    if (entry.kind === kind && entry.name === name) return scope.depth - entry.depth - 1;
  }
  return undefined;
}

export type FunctionBinding = { kind: 'param'; skip: number } | { kind: 'fn'; def: FunctionDef };

export function findFunction(scope: Scope, name: string, arity: number): FunctionBinding | undefined {
  for (let entry = scope.entries; entry; entry = entry.next) {
    if (entry.name !== name) continue;
    if (entry.kind === 'param' && arity === 0) return { kind: 'param', skip: scope.depth - entry.depth - 1 };
    if (entry.kind === 'fn' && entry.arity === arity) return { kind: 'fn', def: entry.def };
  }
  return undefined;
}

export function unsupported(construct: string, offset: number, why = 'is not supported by the in-process jq engine'): JqCompileError {
  return new JqCompileError(`${construct} ${why}`, { kind: 'unsupported', construct, offset });
}
