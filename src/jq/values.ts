/**
 * jq values as plain JavaScript JSON values, with jq's type names, truthiness, total order
 * (null < false < true < numbers < strings < arrays < objects) and error-message rendering.
 */
import { JqThrow } from './runtime.js';
import { dumpJson } from './json-text.js';

export type Json = null | boolean | number | string | Json[] | JsonObject;
export interface JsonObject {
  [key: string]: Json;
}

export function typeOf(value: Json): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return 'boolean';
    case 'number':
      return 'number';
    case 'string':
      return 'string';
    default:
      return Array.isArray(value) ? 'array' : 'object';
  }
}

export function isObject(value: Json): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isTruthy(value: Json): boolean {
  return value !== null && value !== false;
}

const UTF8 = new TextEncoder();

/** jq 1.8 shows at most 29 bytes of a value in a message, cut on a character boundary. */
export function truncateDump(value: Json): string {
  const text = dumpJson(value);
  if (UTF8.encode(text).length <= 29) return text;
  if (typeof value === 'string') return `"${prefixBytes(text.slice(1), 24)}..."`;
  return `${prefixBytes(text, 26)}...`;
}

function prefixBytes(text: string, max: number): string {
  let bytes = 0;
  let out = '';
  for (const ch of text) {
    const size = UTF8.encode(ch).length;
    if (bytes + size > max) break;
    bytes += size;
    out += ch;
  }
  return out;
}

/** `number (1)`, `string ("a")`: how jq names a value in an error message. */
export function describeValue(value: Json): string {
  return `${typeOf(value)} (${truncateDump(value)})`;
}

/** Raises a jq error (catchable by `try`, `?`, `//`). */
export function fail(message: string): never {
  throw new JqThrow(message);
}

const TYPE_RANK: Record<string, number> = { null: 0, boolean: 1, number: 3, string: 4, array: 5, object: 6 };

function rank(value: Json): number {
  if (value === false) return 1;
  if (value === true) return 2;
  return TYPE_RANK[typeOf(value)]!;
}

/** Code-point order (jq compares UTF-8 bytes), which differs from UTF-16 order above U+FFFF. */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) {
      const cx = a.codePointAt(i)!;
      const cy = b.codePointAt(i)!;
      return cx < cy ? -1 : cx > cy ? 1 : 0;
    }
  }
  return a.length < b.length ? -1 : a.length > b.length ? 1 : 0;
}

export function sortedKeys(object: JsonObject): string[] {
  return Object.keys(object).sort(compareStrings);
}

/** jq refuses to compare, merge or check containment of values nested deeper than this. */
export const MAX_DEPTH = 10_000;

/**
 * Runs a recursive value operation; past MAX_DEPTH (or JavaScript's stack) it becomes jq's
 * "... too deep" error instead of a crash.
 */
export function guardDepth<T>(message: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof RangeError || error === DEPTH_EXCEEDED) return fail(message);
    throw error;
  }
}

export const DEPTH_EXCEEDED = { depth: 'exceeded' };

export function compareValues(a: Json, b: Json): number {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return compareAt(a, b, 0);
  return guardDepth('Comparison too deep', () => compareAt(a, b, 0));
}

function compareAt(a: Json, b: Json, depth: number): number {
  if (depth > MAX_DEPTH) throw DEPTH_EXCEEDED;
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra < rb ? -1 : 1;
  if (typeof a === 'number') {
    const y = b as number;
    return a < y ? -1 : a > y ? 1 : 0;
  }
  if (typeof a === 'string') return compareStrings(a, b as string);
  if (Array.isArray(a)) {
    const y = b as Json[];
    const length = Math.min(a.length, y.length);
    for (let i = 0; i < length; i++) {
      const c = compareAt(a[i]!, y[i]!, depth + 1);
      if (c !== 0) return c;
    }
    return a.length < y.length ? -1 : a.length > y.length ? 1 : 0;
  }
  if (isObject(a)) {
    const y = b as JsonObject;
    const ka = sortedKeys(a);
    const kb = sortedKeys(y);
    const c = compareAt(ka, kb, depth + 1);
    if (c !== 0) return c;
    for (const key of ka) {
      const d = compareAt(a[key]!, y[key]!, depth + 1);
      if (d !== 0) return d;
    }
    return 0;
  }
  return 0;
}

export function equalValues(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    return false;
  }
  return guardDepth('Equality check too deep', () => compareAt(a, b, 0) === 0);
}

/** Own property lookup that never reaches Object.prototype (`constructor`, `__proto__`). */
export function getField(object: JsonObject, key: string): Json {
  return Object.hasOwn(object, key) ? object[key]! : null;
}

export function setField(object: JsonObject, key: string, value: Json): void {
  if (key === '__proto__') Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  else object[key] = value;
}

export function codePointLength(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        count--;
        i++;
      }
    }
  }
  return count;
}

/** Whether the string has surrogate pairs (then code point indices differ from UTF-16 ones). */
export function hasAstral(text: string): boolean {
  // No `u` flag: with it, a class of lone surrogates never matches inside a pair.
  return /[\uD800-\uDBFF]/.test(text);
}

/** jq's `length`: 0 for null, |n| for a number, code points of a string, entries of an array or object. */
export function lengthOf(v: Json): number {
  if (v === null) return 0;
  if (typeof v === 'boolean') return fail(`${describeValue(v)} has no length`);
  if (typeof v === 'number') return Math.abs(v);
  if (typeof v === 'string') return codePointLength(v);
  if (Array.isArray(v)) return v.length;
  return Object.keys(v).length;
}
