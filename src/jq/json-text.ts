/**
 * JSON text the way jq writes it: shortest round-trip numbers, integers without `.0`, `-0`,
 * infinities as ±1.7976931348623157e+308, NaN as null, and the same string escapes as jq.
 */
import type { Json, JsonObject } from './values.js';

/**
 * jq's jvp_dtoa_fmt (David Gay's g_fmt): shortest round-trip digits, exponent notation when the
 * decimal point is 4+ places left of the digits or 16+ places right of them, exponent >= 2 digits.
 */
export function formatNumber(value: number): string {
  if (Number.isNaN(value)) return 'null';
  if (value === Infinity) return '1.7976931348623157e+308';
  if (value === -Infinity) return '-1.7976931348623157e+308';
  if (Object.is(value, -0)) return '-0';
  if (Number.isInteger(value) && Math.abs(value) < 1e16) return String(value);
  const sign = value < 0 ? '-' : '';
  const [mantissa, exponent] = Math.abs(value).toExponential().split('e') as [string, string];
  const digits = mantissa.replace('.', '');
  const decpt = Number(exponent) + 1;
  if (decpt <= -4 || decpt > digits.length + 15) {
    const e = decpt - 1;
    const abs = Math.abs(e);
    return `${sign}${digits[0]}${digits.length > 1 ? `.${digits.slice(1)}` : ''}e${e < 0 ? '-' : '+'}${abs < 10 ? `0${abs}` : abs}`;
  }
  if (decpt <= 0) return `${sign}0.${'0'.repeat(-decpt)}${digits}`;
  if (decpt >= digits.length) return `${sign}${digits}${'0'.repeat(decpt - digits.length)}`;
  return `${sign}${digits.slice(0, decpt)}.${digits.slice(decpt)}`;
}

// jq escapes DEL as \u007f and everything below 0x20; JSON.stringify already does the rest.
const NEEDS_ESCAPE = /[\u007f]/gu;

export function quoteString(text: string): string {
  const quoted = JSON.stringify(text);
  return NEEDS_ESCAPE.test(quoted) ? quoted.replace(NEEDS_ESCAPE, '\\u007f') : quoted;
}

function dumpScalar(value: null | boolean | number | string): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return formatNumber(value);
  return quoteString(value);
}

/** jq prints containers nested deeper than this as `<skipped: too deep>`. */
const MAX_PRINT_DEPTH = 10_001;

type DumpFrame = { items: Json[]; at: number } | { object: JsonObject; keys: string[]; at: number };

/** jq's compact output (`tojson`, `-c`). Iterative, so deep values cannot overflow the stack. */
export function dumpJson(value: Json): string {
  if (value === null || typeof value !== 'object') return dumpScalar(value);
  let out = '';
  const stack: DumpFrame[] = [];
  const open = (v: Json): void => {
    if (v === null || typeof v !== 'object') out += dumpScalar(v);
    else if (stack.length >= MAX_PRINT_DEPTH) out += '<skipped: too deep>';
    else if (Array.isArray(v)) {
      out += '[';
      stack.push({ items: v, at: 0 });
    } else {
      out += '{';
      stack.push({ object: v, keys: Object.keys(v), at: 0 });
    }
  };
  open(value);
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if ('items' in top) {
      if (top.at === top.items.length) {
        out += ']';
        stack.pop();
        continue;
      }
      if (top.at > 0) out += ',';
      open(top.items[top.at++]!);
    } else {
      if (top.at === top.keys.length) {
        out += '}';
        stack.pop();
        continue;
      }
      if (top.at > 0) out += ',';
      const key = top.keys[top.at++]!;
      out += `${quoteString(key)}:`;
      open(top.object[key]!);
    }
  }
  return out;
}

/**
 * Values as the engine hands them out: what jq would print, parsed back. Non-finite numbers
 * become what jq prints for them, so callers never see Infinity or NaN.
 */
export function normalizeOutput(value: Json): Json {
  if (typeof value === 'object' && value !== null && !hasNonFinite(value)) return value;
  return normalizeDeep(value);
}

/** Allocation-free scan: most outputs have no Infinity/NaN and are returned as they are. */
function hasNonFinite(value: Json): boolean {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item = value[i]!;
      if (typeof item === 'number' ? !Number.isFinite(item) : typeof item === 'object' && item !== null && hasNonFinite(item)) return true;
    }
    return false;
  }
  const object = value as JsonObject;
  for (const key in object) {
    const item = object[key]!;
    if (typeof item === 'number' ? !Number.isFinite(item) : typeof item === 'object' && item !== null && hasNonFinite(item)) return true;
  }
  return false;
}

function normalizeDeep(value: Json): Json {
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return value;
    if (Number.isNaN(value)) return null;
    return value > 0 ? Number.MAX_VALUE : -Number.MAX_VALUE;
  }
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let copy: Json[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item = value[i]!;
      const normal = typeof item === 'object' || typeof item === 'number' ? normalizeDeep(item) : item;
      if (normal !== item) {
        copy ??= value.slice();
        copy[i] = normal;
      }
    }
    return copy ?? value;
  }
  let copy: JsonObject | undefined;
  for (const key of Object.keys(value)) {
    const item = value[key]!;
    const normal = typeof item === 'object' || typeof item === 'number' ? normalizeDeep(item) : item;
    if (normal !== item) {
      copy ??= { ...value };
      copy[key] = normal;
    }
  }
  return copy ?? value;
}
