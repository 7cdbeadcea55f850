/**
 * Destructuring for `as`, `reduce` and `foreach`: `$x`, `[$a, $b]`, `{$a, b: [$c]}`,
 * `{(expr): $v}` and alternatives `?//`. Every variable named in any alternative gets a frame
 * (null when the chosen alternative does not bind it), in order of first appearance.
 */
import type { Pattern } from './ast.js';
import { compileNode } from './compile.js';
import { ownError } from './compile-control.js';
import { indexValue } from './path-ops.js';
import type { Env } from './runtime.js';
import { pushFrame, type Scope } from './scope.js';
import { describeValue, fail, type Json } from './values.js';

type Matcher = (value: Json, env: Env, slots: Json[], next: () => void) => void;

/** `owner` is set for all but the last `?//` alternative: errors of the body then try the next one. */
export type BindBody = (inner: Env, owner: object | undefined) => void;

export interface CompiledPatterns {
  scope: Scope;
  bind(value: Json, env: Env, body: BindBody): void;
}

function collectNames(pattern: Pattern, names: string[]): void {
  const add = (name: string): void => {
    if (!names.includes(name)) names.push(name);
  };
  if (pattern.type === 'VarPattern') add(pattern.name);
  else if (pattern.type === 'ArrayPattern') pattern.elements.forEach((p) => collectNames(p, names));
  else {
    for (const entry of pattern.entries) {
      if (entry.keyVar !== undefined) add(entry.keyVar);
      if (entry.value) collectNames(entry.value, names);
    }
  }
}

export function compilePatterns(patterns: Pattern[], scope: Scope): CompiledPatterns {
  const names: string[] = [];
  patterns.forEach((p) => collectNames(p, names));
  let inner = scope;
  for (const name of names) inner = pushFrame(inner, 'var', name);
  const first = patterns[0]!;
  if (patterns.length === 1 && first.type === 'VarPattern') {
    return { scope: inner, bind: (value, env, body) => body({ value, next: env }, undefined) };
  }
  const matchers = patterns.map((p) => compileMatcher(p, scope, names));
  const enter = (env: Env, slots: Json[], body: BindBody, owner: object | undefined): void => {
    let e = env;
    for (const slot of slots) e = { value: slot, next: e };
    body(e, owner);
  };
  return {
    scope: inner,
    bind(value, env, body) {
      for (let i = 0; i < matchers.length; i++) {
        const slots: Json[] = names.map(() => null);
        if (i === matchers.length - 1) {
          matchers[i]!(value, env, slots, () => enter(env, slots, body, undefined));
          return;
        }
        const owner = {};
        try {
          matchers[i]!(value, env, slots, () => enter(env, slots, body, owner));
          return;
        } catch (error) {
          ownError(error, owner);
        }
      }
    },
  };
}

function compileMatcher(pattern: Pattern, scope: Scope, names: string[]): Matcher {
  if (pattern.type === 'VarPattern') {
    const slot = names.indexOf(pattern.name);
    return (value, _env, slots, next) => {
      slots[slot] = value;
      next();
    };
  }
  if (pattern.type === 'ArrayPattern') {
    const elements = pattern.elements.map((p) => compileMatcher(p, scope, names));
    return (value, env, slots, next) => {
      if (value !== null && !Array.isArray(value)) fail(`Cannot index ${describeValue(value).split(' ')[0]} with number`);
      const step = (i: number): void => {
        if (i === elements.length) next();
        else elements[i]!(indexValue(value, i), env, slots, () => step(i + 1));
      };
      step(0);
    };
  }
  const entries = pattern.entries.map((entry) => ({
    key: compileNode(entry.key, scope),
    slot: entry.keyVar === undefined ? -1 : names.indexOf(entry.keyVar),
    value: entry.value && compileMatcher(entry.value, scope, names),
  }));
  return (value, env, slots, next) => {
    const step = (i: number): void => {
      if (i === entries.length) {
        next();
        return;
      }
      const entry = entries[i]!;
      entry.key.run(value, env, (key) => {
        if (typeof key !== 'string') fail(`Cannot index ${describeValue(value).split(' ')[0]} with ${describeValue(key)}`);
        const sub = indexValue(value, key);
        if (entry.slot >= 0) slots[entry.slot] = sub;
        if (entry.value) entry.value(sub, env, slots, () => step(i + 1));
        else step(i + 1);
      });
    };
    step(0);
  };
}
