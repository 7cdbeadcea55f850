/** Core natives: types, lengths, keys, JSON text, paths, errors. */
import { collectPaths } from './compile-assign.js';
import { defineGenerator, definePure, defineWithArgs } from './builtin-helpers.js';
import { dumpJson } from './json-text.js';
import { parseJsonText } from './json-parse.js';
import { deletePaths, getPath, setPath } from './path-ops.js';
import { budget, chargeElements, checkFinite, JqThrow } from './runtime.js';
import { toText } from './formats.js';
import { DEPTH_EXCEEDED, describeValue, equalValues, fail, guardDepth, isObject, lengthOf, MAX_DEPTH, sortedKeys, typeOf, type Json } from './values.js';

definePure('type', typeOf);
definePure('not', (v) => v === null || v === false);
definePure('tostring', toText);
definePure('tojson', dumpJson);
definePure('fromjson', (v) => {
  if (typeof v !== 'string') return fail(`${describeValue(v)} cannot be parsed as JSON`);
  budget.nonFinite = true; // the text may hold 1e1000 or NaN
  return parseJsonText(v);
});
definePure('infinite', () => checkFinite(Infinity));
definePure('nan', () => checkFinite(NaN));
// jq 1.8.1 answers false for anything that is not a number (checked against the binary).
definePure('isinfinite', (v) => v === Infinity || v === -Infinity);
definePure('isnan', (v) => typeof v === 'number' && Number.isNaN(v));
definePure('isnormal', (v) => typeof v === 'number' && Number.isFinite(v) && v !== 0 && Math.abs(v) >= 2.2250738585072014e-308);
definePure('env', () => ({}));
definePure('have_literal_numbers', () => true);
definePure('have_decnum', () => false);
definePure('debug', (v) => v);
definePure('stderr', (v) => v);

definePure('length', lengthOf);

definePure('utf8bytelength', (v) => {
  if (typeof v !== 'string') return fail(`${describeValue(v)} only strings have UTF-8 byte length`);
  return Buffer.byteLength(v, 'utf8');
});

function keysOf(v: Json, sorted: boolean): Json {
  if (isObject(v)) return sorted ? sortedKeys(v) : Object.keys(v);
  if (Array.isArray(v)) return v.map((_, i) => i);
  return fail(`${describeValue(v)} has no keys`);
}
definePure('keys', (v) => keysOf(v, true));
definePure('keys_unsorted', (v) => keysOf(v, false));

// jq's jv_has answers false for null whatever the key, like `.a` on null yields null.
defineWithArgs('has', 1, (v, key) => {
  if (v === null) return false;
  if (isObject(v) && typeof key === 'string') return Object.hasOwn(v, key);
  if (Array.isArray(v) && typeof key === 'number') return key >= 0 && key < v.length;
  return fail(`Cannot check whether ${typeOf(v)} has a ${typeOf(key)} key`);
});

/** jq's jv_contains: values of different kinds inside containers simply do not contain each other. */
export function containsValue(a: Json, b: Json): boolean {
  return guardDepth('Containment check too deep', () => containsAt(a, b, 0));
}

function containsAt(a: Json, b: Json, depth: number): boolean {
  if (depth > MAX_DEPTH) throw DEPTH_EXCEEDED;
  if (isObject(a) && isObject(b)) {
    return Object.keys(b).every((key) => Object.hasOwn(a, key) && containsAt(a[key]!, b[key]!, depth + 1));
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    chargeElements(a.length * b.length);
    return b.every((y) => a.some((x) => containsAt(x, y, depth + 1)));
  }
  if (typeof a === 'string' && typeof b === 'string') return a.includes(b);
  return typeOf(a) === typeOf(b) && equalValues(a, b);
}
defineWithArgs('contains', 1, (a, b) => {
  if (typeOf(a) !== typeOf(b)) return fail(`${describeValue(a)} and ${describeValue(b)} cannot have their containment checked`);
  return containsValue(a, b);
});

definePure('tonumber', (v) => {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && /^[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/u.test(v)) {
    return checkFinite(Number(v));
  }
  return fail(`${describeValue(v)} cannot be parsed as a number`);
});

definePure('toboolean', (v) => {
  if (typeof v === 'boolean') return v;
  if (v === 'true') return true;
  if (v === 'false') return false;
  return fail(`${describeValue(v)} cannot be parsed as a boolean`);
});

definePure('toarray', (v) => (Array.isArray(v) ? v : [v]));

defineGenerator(
  'empty',
  0,
  () => undefined,
  () => () => undefined,
);
defineGenerator('error', 0, (input) => {
  throw new JqThrow(input);
});
defineGenerator('error', 1, (input, [message], env) =>
  message!.run(input, env, (m) => {
    throw new JqThrow(m);
  }),
);
defineGenerator('debug', 1, (input, [message], env, emit) => {
  message!.run(input, env, () => undefined);
  emit(input);
});

defineGenerator('path', 1, (input, [f], env, emit) => {
  for (const path of collectPaths(f!, input, env)) emit(path);
});

defineGenerator(
  'getpath',
  1,
  (input, [p], env, emit) => p!.run(input, env, (path) => emit(getPath(input, path))),
  ([p]) =>
    (input, path, env, emit) =>
      p!.run(input, env, (sub) => {
        if (path === null) fail(`Invalid path expression with result ${dumpJson(input)}`);
        if (!Array.isArray(sub)) fail('Path must be specified as an array');
        emit(getPath(input, sub), path.concat(sub));
      }),
);
defineWithArgs('setpath', 2, (input, path, value) => setPath(input, path, value));
defineWithArgs('delpaths', 1, (input, paths) => deletePaths(input, paths));

definePure('to_entries', (v) => {
  if (isObject(v)) return Object.keys(v).map((key) => ({ key, value: v[key]! }));
  if (Array.isArray(v)) return v.map((value, key) => ({ key, value }));
  return fail(`${describeValue(v)} has no keys`);
});
