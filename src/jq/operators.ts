/** jq's arithmetic on values (`+ - * / %`), with jq's error messages. */
import { fail, describeValue, isObject, MAX_DEPTH, setField, type Json, type JsonObject, equalValues } from './values.js';
import { splitString } from './strings.js';
import { chargeElements, chargeSteps, checkArrayLength, checkFinite, checkStringLength } from './runtime.js';

export function addValues(a: Json, b: Json): Json {
  if (typeof a === 'number' && typeof b === 'number') return checkFinite(a + b);
  if (a === null) return b;
  if (b === null) return a;
  if (typeof a === 'string' && typeof b === 'string') {
    checkStringLength(a.length + b.length);
    return a + b;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    checkArrayLength(a.length + b.length);
    return a.concat(b);
  }
  if (isObject(a) && isObject(b)) {
    const bKeys = Object.keys(b);
    chargeElements(Object.keys(a).length + bKeys.length);
    const out: JsonObject = { ...a };
    for (const key of bKeys) setField(out, key, b[key]!);
    return out;
  }
  return fail(`${describeValue(a)} and ${describeValue(b)} cannot be added`);
}

export function subtractValues(a: Json, b: Json): Json {
  if (typeof a === 'number' && typeof b === 'number') return checkFinite(a - b);
  if (Array.isArray(a) && Array.isArray(b)) return subtractArrays(a, b);
  return fail(`${describeValue(a)} and ${describeValue(b)} cannot be subtracted`);
}

/**
 * `a - b` on arrays in time linear in their lengths for scalars (a Set), so
 * `[range(4e6)] - [range(4e6)]` is one pass, not 16e12 comparisons. Arrays and objects are still
 * compared pairwise (they are equal by content), and that work is charged before it is done.
 */
function subtractArrays(a: Json[], b: Json[]): Json[] {
  // A Set insertion or lookup costs about as much as an evaluation step.
  chargeSteps(a.length + b.length);
  const scalars = new Set<Json>();
  const containers: Json[] = [];
  for (const y of b) {
    if (y !== null && typeof y === 'object') containers.push(y);
    else if (!Number.isNaN(y)) scalars.add(y);
  }
  if (containers.length > 0) chargeElements(a.filter((x) => x !== null && typeof x === 'object').length * containers.length);
  return a.filter((x) => (x !== null && typeof x === 'object' ? !containers.some((y) => equalValues(x, y)) : !scalars.has(x)));
}

function repeatString(text: string, times: number): Json {
  if (!(times >= 0)) return null;
  const count = Math.floor(times);
  if (text.length * count > 2 ** 28) return fail('Repeat string result too long');
  checkStringLength(text.length * count);
  chargeElements(text.length * count);
  return text.repeat(count);
}

interface MergeFrame {
  out: JsonObject;
  from: JsonObject;
  keys: string[];
  at: number;
  key: string;
}

/** `a * b` on objects: recursive merge, done with an explicit stack (jq allows 10,001 levels). */
export function deepMerge(a: JsonObject, b: JsonObject): JsonObject {
  const root: MergeFrame = { out: { ...a }, from: b, keys: Object.keys(b), at: 0, key: '' };
  const stack = [root];
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (top.at === top.keys.length) {
      stack.pop();
      if (stack.length > 0) setField(stack[stack.length - 1]!.out, top.key, top.out);
      continue;
    }
    const key = top.keys[top.at++]!;
    const left = Object.hasOwn(top.out, key) ? top.out[key]! : undefined;
    const right = top.from[key]!;
    if (left !== undefined && isObject(left) && isObject(right)) {
      if (stack.length > MAX_DEPTH) fail('Object merge too deep');
      stack.push({ out: { ...left }, from: right, keys: Object.keys(right), at: 0, key });
    } else setField(top.out, key, right);
  }
  return root.out;
}

export function multiplyValues(a: Json, b: Json): Json {
  if (typeof a === 'number' && typeof b === 'number') return checkFinite(a * b);
  if (typeof a === 'string' && typeof b === 'number') return repeatString(a, b);
  if (typeof a === 'number' && typeof b === 'string') return repeatString(b, a);
  if (isObject(a) && isObject(b)) return deepMerge(a, b);
  return fail(`${describeValue(a)} and ${describeValue(b)} cannot be multiplied`);
}

export function divideValues(a: Json, b: Json): Json {
  if (typeof a === 'number' && typeof b === 'number') {
    if (b === 0) fail(`${describeValue(a)} and ${describeValue(b)} cannot be divided because the divisor is zero`);
    return checkFinite(a / b);
  }
  if (typeof a === 'string' && typeof b === 'string') return splitString(a, b);
  return fail(`${describeValue(a)} and ${describeValue(b)} cannot be divided`);
}

function truncateToInt(n: number): number {
  return Math.trunc(n);
}

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

/** `%` on values beyond 2^53, computed like jq's intmax_t remainder (values saturate). */
function bigRemainder(a: number, b: number): number {
  const toInt64 = (n: number): bigint => (n >= 2 ** 63 ? INT64_MAX : n <= -(2 ** 63) ? INT64_MIN : BigInt(n));
  const divisor = toInt64(b);
  const magnitude = divisor < 0n ? -divisor : divisor;
  return Number(toInt64(a) % magnitude);
}

export function moduloValues(a: Json, b: Json): Json {
  if (typeof a === 'number' && typeof b === 'number') {
    if (Number.isNaN(a) || Number.isNaN(b)) return checkFinite(NaN);
    const divisor = truncateToInt(b);
    if (divisor === 0) fail(`${describeValue(a)} and ${describeValue(b)} cannot be divided (remainder) because the divisor is zero`);
    const dividend = truncateToInt(a);
    if (Math.abs(dividend) >= 2 ** 53 || Math.abs(divisor) >= 2 ** 53) return bigRemainder(dividend, divisor);
    const result = dividend % Math.abs(divisor);
    return result === 0 ? 0 : result;
  }
  return fail(`${describeValue(a)} and ${describeValue(b)} cannot be divided (remainder)`);
}

export function negateValue(a: Json): Json {
  if (typeof a === 'number') return -a;
  return fail(`${describeValue(a)} cannot be negated`);
}
