/** Indexing, slicing, iteration and `getpath`/`setpath`/`delpaths`, with jq's errors. */
import { compareValues, describeValue, fail, getField, isObject, setField, truncateDump, type Json, type JsonObject } from './values.js';
import { sliceCodePoints } from './strings.js';
import { codePointLength, hasAstral } from './values.js';
import { chargeElements, checkArrayLength } from './runtime.js';

function indexError(target: Json, key: Json): never {
  return fail(`Cannot index ${target === null ? 'null' : describeType(target)} with ${describeValue(key)}`);
}

function describeType(value: Json): string {
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'string') return 'string';
  return Array.isArray(value) ? 'array' : 'object';
}

export function isSliceKey(key: Json): key is JsonObject {
  return isObject(key) && (Object.hasOwn(key, 'start') || Object.hasOwn(key, 'end'));
}

/** `.[key]` for any key: field, element, slice object, or the indices of a sub-array. */
export function indexValue(target: Json, key: Json): Json {
  if (typeof key === 'string') {
    if (isObject(target)) return getField(target, key);
    if (target === null) return null;
    return indexError(target, key);
  }
  if (typeof key === 'number') {
    if (Array.isArray(target)) {
      if (Number.isNaN(key)) return null;
      let i = Math.floor(key);
      if (i < 0) i += target.length;
      return i >= 0 && i < target.length ? target[i]! : null;
    }
    if (target === null) return null;
    return indexError(target, key);
  }
  if (isSliceKey(key) && (target === null || Array.isArray(target) || typeof target === 'string')) {
    return sliceValue(target, getField(key, 'start'), getField(key, 'end'));
  }
  if (Array.isArray(key) && Array.isArray(target)) return arrayIndices(target, key);
  // jq 1.8.1: null[{...}] is null, null[null] an error ("Cannot index null with null").
  if (target === null && isObject(key)) return null;
  return indexError(target, key);
}

export function arrayIndices(target: Json[], needle: Json[]): Json {
  if (needle.length === 0) return null;
  chargeElements(target.length * needle.length);
  const out: number[] = [];
  for (let i = 0; i + needle.length <= target.length; i++) {
    let match = true;
    for (let j = 0; j < needle.length; j++) {
      if (compareValues(target[i + j]!, needle[j]!) !== 0) {
        match = false;
        break;
      }
    }
    if (match) out.push(i);
  }
  return out;
}

/** Clamped [start, end) of a slice over `length` items, as jq computes it. */
export function sliceBounds(length: number, from: Json, to: Json): [number, number] {
  if ((from !== null && typeof from !== 'number') || (to !== null && typeof to !== 'number')) {
    fail('Start and end indices of an array slice must be numbers');
  }
  let start = from === null || Number.isNaN(from) ? 0 : from;
  let end = to === null || Number.isNaN(to) ? length : to;
  if (start < 0) start += length;
  if (end < 0) end += length;
  start = Math.min(Math.max(start, 0), length);
  end = Math.min(Math.max(end, 0), length);
  start = Math.floor(start);
  end = Math.min(Math.ceil(end), length);
  if (end < start) end = start;
  return [start, end];
}

export function sliceValue(target: Json, from: Json, to: Json): Json {
  if (target === null) return null;
  if (typeof target === 'string') {
    const length = hasAstral(target) ? codePointLength(target) : target.length;
    const [start, end] = sliceBounds(length, from, to);
    return sliceCodePoints(target, start, end);
  }
  if (Array.isArray(target)) {
    const [start, end] = sliceBounds(target.length, from, to);
    return target.slice(start, end);
  }
  return fail(`Cannot index ${describeType(target)} with object`);
}

/** Values of `.[]`. */
export function iterateValues(target: Json): Json[] {
  if (Array.isArray(target)) return target;
  if (isObject(target)) return Object.values(target);
  return fail(`Cannot iterate over ${describeValue(target)}`);
}

const MAX_PATH = 10_000;

export function getPath(root: Json, path: Json): Json {
  if (!Array.isArray(path)) fail('Path must be specified as an array');
  if (path.length > MAX_PATH) fail('Path too deep');
  let current = root;
  for (const key of path) {
    if (current === null) return null;
    current = indexValue(current, key);
  }
  return current;
}

export function setPath(root: Json, path: Json, value: Json): Json {
  if (!Array.isArray(path)) fail('Path must be specified as an array');
  if (path.length > MAX_PATH) fail('Path too deep');
  return setAt(root, path, 0, value);
}

/** Walks down the path checking each step, then rebuilds copies bottom-up (no recursion). */
function setAt(root: Json, path: Json[], from: number, value: Json): Json {
  const parents: Json[] = [];
  let current = root;
  for (let at = from; at < path.length; at++) {
    parents.push(current);
    current = childForUpdate(current, path[at]!);
  }
  let result = value;
  for (let at = path.length - 1; at >= from; at--) result = withChild(parents[at - from]!, path[at]!, result);
  return result;
}

/** The child an update at `key` starts from, with jq's errors for keys that cannot be set. */
function childForUpdate(root: Json, key: Json): Json {
  if (typeof key === 'string') {
    if (root !== null && !isObject(root)) indexError(root, key);
    return root === null ? null : getField(root, key);
  }
  if (typeof key === 'number') {
    if (root !== null && !Array.isArray(root)) indexError(root, key);
    if (Number.isNaN(key)) fail('Cannot set array element at NaN index');
    const array = root ?? [];
    let i = Math.floor(key);
    if (i < 0) {
      i += array.length;
      if (i < 0) fail('Out of bounds negative array index');
    }
    if (i > 100_000_000) fail('Array index too large');
    return i < array.length ? array[i]! : null;
  }
  if (isSliceKey(key)) {
    if (typeof root === 'string') fail('Cannot update string slices');
    if (root !== null && !Array.isArray(root)) indexError(root, key);
    const array = root ?? [];
    const [start, end] = sliceBounds(array.length, getField(key, 'start'), getField(key, 'end'));
    return array.slice(start, end);
  }
  if (Array.isArray(key) && Array.isArray(root)) fail('Cannot update field at array index of array');
  return indexError(root, key);
}

function withChild(root: Json, key: Json, child: Json): Json {
  if (typeof key === 'string') {
    if (root !== null) chargeElements(Object.keys(root as JsonObject).length);
    const object: JsonObject = root === null ? {} : { ...(root as JsonObject) };
    setField(object, key, child);
    return object;
  }
  const array = root === null ? [] : (root as Json[]).slice();
  if (typeof key === 'number') {
    let i = Math.floor(key);
    if (i < 0) i += array.length;
    // Checked before growing: `.[1e8] = 1` would otherwise allocate gigabytes in one step.
    checkArrayLength(Math.max(array.length, i + 1));
    while (array.length < i) array.push(null);
    array[i] = child;
    return array;
  }
  const [start, end] = sliceBounds(array.length, getField(key as JsonObject, 'start'), getField(key as JsonObject, 'end'));
  if (!Array.isArray(child)) fail('A slice of an array can only be assigned another array');
  checkArrayLength(array.length - (end - start) + child.length);
  return [...array.slice(0, start), ...child, ...array.slice(end)];
}

/** `delpaths`: deletes the longest/last paths first so earlier deletions don't shift later ones. */
export function deletePaths(root: Json, paths: Json): Json {
  if (!Array.isArray(paths)) fail('Paths must be specified as an array');
  const resolved = paths.map((path) => resolveNegative(root, path));
  const sorted = resolved.sort(compareValues).reverse();
  let current = root;
  for (const path of sorted) current = deleteAt(current, path, 0);
  return current;
}

/** Negative indices count from the end of the array as it is before any deletion. */
function resolveNegative(root: Json, path: Json): Json[] {
  if (!Array.isArray(path)) return fail('Path must be specified as an array');
  if (path.length > MAX_PATH) fail('Path too deep');
  let current: Json = root;
  const out: Json[] = [];
  for (const key of path) {
    let k = key;
    if (typeof k === 'number' && k < 0 && Array.isArray(current)) k = Math.floor(k) + current.length;
    out.push(k);
    try {
      current = current === null ? null : indexValue(current, k);
    } catch {
      current = null;
    }
  }
  return out;
}

function deleteAt(root: Json, path: Json[], at: number): Json {
  if (root === null) return null;
  if (at === path.length) return null;
  const key = path[at]!;
  const last = at === path.length - 1;
  if (last) return deleteKey(root, key);
  const child = indexValue(root, key);
  if (child === null) return root;
  return setAt(root, [key], 0, deleteAt(child, path, at + 1));
}

function deleteKey(root: Json, key: Json): Json {
  if (typeof key === 'string') {
    if (!isObject(root)) return indexError(root, key);
    if (!Object.hasOwn(root, key)) return root;
    const copy: JsonObject = {};
    for (const k of Object.keys(root)) if (k !== key) setField(copy, k, root[k]!);
    return copy;
  }
  if (typeof key === 'number') {
    if (!Array.isArray(root)) return indexError(root, key);
    let i = Math.floor(key);
    if (i < 0) i += root.length;
    if (i < 0 || i >= root.length) return root;
    return [...root.slice(0, i), ...root.slice(i + 1)];
  }
  if (isSliceKey(key)) {
    if (!Array.isArray(root)) return fail(`Cannot delete field at object index of ${describeType(root)}`);
    const [start, end] = sliceBounds(root.length, getField(key, 'start'), getField(key, 'end'));
    return [...root.slice(0, start), ...root.slice(end)];
  }
  return fail(`Cannot delete field at index ${truncateDump(key)}`);
}
