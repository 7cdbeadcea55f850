/** Natives over arrays and objects: sorting, grouping, min/max, map, add, flatten, range. */
import { collect } from './compile-helpers.js';
import { defineGenerator, defineNative, definePure, defineWithArgs } from './builtin-helpers.js';
import { makeCompiled } from './compile-helpers.js';
import { addValues } from './operators.js';
import { indexValue, iterateValues } from './path-ops.js';
import { chargeElements, countStep, type Compiled, type Env } from './runtime.js';
import { nativeMaps } from './codegen.js';
import { compareValues, describeValue, fail, lengthOf, typeOf, type Json } from './values.js';

function requireArray(v: Json, what: string): Json[] {
  if (!Array.isArray(v)) return fail(`${describeValue(v)} cannot be ${what}, as it is not an array`);
  return v;
}

/** Each element with its sort key `[f]`, as jq's `map([f])`. */
function keyed(input: Json, f: Compiled, env: Env, what: string): Array<{ value: Json; key: Json }> {
  const values = requireArray(input, what);
  return values.map((value) => ({ value, key: collect(f, value, env) }));
}

/** A sort compares about n·log2(n) pairs: charged before sorting. */
function chargeSort(length: number): void {
  chargeElements(length * Math.log2(length + 1));
}

function sortKeyed(items: Array<{ value: Json; key: Json }>): Array<{ value: Json; key: Json }> {
  chargeSort(items.length);
  return items.slice().sort((a, b) => compareValues(a.key, b.key));
}

definePure('sort', (v) => {
  const items = requireArray(v, 'sorted');
  chargeSort(items.length);
  return items.slice().sort(compareValues);
});
defineNative('sort_by', 1, ({ args: [f] }) => makeCompiled({ single: (input, env) => sortKeyed(keyed(input, f!, env, 'sorted')).map((i) => i.value) }));

function groupKeyed(items: Array<{ value: Json; key: Json }>): Json[][] {
  const groups: Json[][] = [];
  let last: Json | undefined;
  for (const item of sortKeyed(items)) {
    if (last !== undefined && compareValues(last, item.key) === 0) groups[groups.length - 1]!.push(item.value);
    else groups.push([item.value]);
    last = item.key;
  }
  return groups;
}

defineNative('group_by', 1, ({ args: [f] }) => makeCompiled({ single: (input, env) => groupKeyed(keyed(input, f!, env, 'grouped')) }));
defineNative('unique_by', 1, ({ args: [f] }) => makeCompiled({ single: (input, env) => groupKeyed(keyed(input, f!, env, 'grouped')).map((g) => g[0]!) }));
definePure('unique', (v) => groupKeyed(requireArray(v, 'sorted').map((value) => ({ value, key: value }))).map((g) => g[0]!));

/** jq's minmax_by: the first minimum, the last maximum; null for an empty array. */
function pick(items: Array<{ value: Json; key: Json }>, isMin: boolean): Json {
  let best: { value: Json; key: Json } | undefined;
  for (const item of items) {
    if (!best) best = item;
    else {
      const c = compareValues(item.key, best.key);
      if (isMin ? c < 0 : c >= 0) best = item;
    }
  }
  return best ? best.value : null;
}
definePure('min', (v) =>
  pick(
    requireArray(v, 'iterated over').map((value) => ({ value, key: value })),
    true,
  ),
);
definePure('max', (v) =>
  pick(
    requireArray(v, 'iterated over').map((value) => ({ value, key: value })),
    false,
  ),
);
defineNative('min_by', 1, ({ args: [f] }) => makeCompiled({ single: (input, env) => pick(keyed(input, f!, env, 'iterated over'), true) }));
defineNative('max_by', 1, ({ args: [f] }) => makeCompiled({ single: (input, env) => pick(keyed(input, f!, env, 'iterated over'), false) }));

/**
 * jq 1.8.1's `def reverse: [.[length - 1 - range(0; length)]];`: an array reversed; anything of
 * length 0 (null, "", {}, 0) gives []; a string, a number or a non-empty object fails on its first
 * index ("Cannot index string with number"), a boolean on `length`.
 */
definePure('reverse', (v) => {
  if (Array.isArray(v)) return v.slice().reverse();
  const length = lengthOf(v);
  if (length <= 0) return [];
  indexValue(v, length - 1);
  return fail(`Cannot index ${typeOf(v)} with number`);
});

definePure('add', (v) => {
  let acc: Json = null;
  for (const item of iterateValues(v)) acc = addValues(acc, item);
  return acc;
});
defineNative('add', 1, ({ args: [f] }) =>
  makeCompiled({
    single: (input, env) => {
      let acc: Json = null;
      f!.run(input, env, (item) => {
        acc = addValues(acc, item);
      });
      return acc;
    },
  }),
);

/** Iterative (an explicit stack), so arrays nested thousands deep flatten without recursion. */
function flatten(v: Json, depth: number): Json[] {
  const out: Json[] = [];
  const stack: Array<{ items: Json[]; at: number; depth: number }> = [{ items: iterateValues(v), at: 0, depth }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (top.at === top.items.length) {
      stack.pop();
      continue;
    }
    const item = top.items[top.at++]!;
    if (Array.isArray(item) && top.depth !== 0) stack.push({ items: item, at: 0, depth: top.depth - 1 });
    else out.push(item);
  }
  return out;
}
definePure('flatten', (v) => flatten(v, -1));
defineWithArgs('flatten', 1, (v, depth) => {
  if (typeof depth !== 'number') return fail('flatten depth must not be negative');
  if (depth < 0) return fail('flatten depth must not be negative');
  return flatten(v, depth);
});

/** `map(f)` is `[.[] | f]`; native so mapping a page of records is one loop. */
defineNative('map', 1, ({ args: [f] }) => {
  const fs = f!.single;
  return markNativeMap(
    makeCompiled({
      single: fs
        ? (input, env) => {
            const values = iterateValues(input);
            const out: Json[] = new Array<Json>(values.length);
            for (let i = 0; i < values.length; i++) {
              countStep();
              out[i] = fs(values[i]!, env);
            }
            return out;
          }
        : (input, env) => {
            const out: Json[] = [];
            const push = (v: Json): void => {
              out.push(v);
            };
            for (const value of iterateValues(input)) {
              countStep();
              f!.run(value, env, push);
            }
            return out;
          },
    }),
  );
});

function markNativeMap(compiled: Compiled): Compiled {
  nativeMaps.add(compiled);
  return compiled;
}

function rangeLoop(from: Json, upto: Json, by: Json, emit: (v: Json) => void): void {
  if (typeof from !== 'number' || typeof upto !== 'number' || typeof by !== 'number') fail('Range bounds must be numeric');
  if (by > 0) {
    for (let x = from; x < upto; x += by) {
      countStep();
      emit(x);
    }
  } else if (by < 0) {
    for (let x = from; x > upto; x += by) {
      countStep();
      emit(x);
    }
  }
}
defineGenerator('range', 1, (input, [upto], env, emit) => upto!.run(input, env, (n) => rangeLoop(0, n, 1, emit)));
defineGenerator('range', 2, (input, [from, upto], env, emit) => from!.run(input, env, (f) => upto!.run(input, env, (u) => rangeLoop(f, u, 1, emit))));
defineGenerator('range', 3, (input, [from, upto, by], env, emit) =>
  from!.run(input, env, (f) => upto!.run(input, env, (u) => by!.run(input, env, (b) => rangeLoop(f, u, b, emit)))),
);

definePure('transpose', (v) => {
  const rows = requireArray(v, 'transposed');
  const width = rows.reduce<number>((m, row) => Math.max(m, Array.isArray(row) ? row.length : 0), 0);
  const out: Json[] = [];
  for (let j = 0; j < width; j++) out.push(rows.map((row) => (Array.isArray(row) ? (row[j] ?? null) : null)));
  return out;
});
