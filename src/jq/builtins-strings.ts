/** String natives. Positions and lengths count code points, as jq does. */
import { definePure, defineWithArgs } from './builtin-helpers.js';
import { arrayIndices, iterateValues } from './path-ops.js';
import { addValues } from './operators.js';
import { dumpJson } from './json-text.js';
import { explodeString, splitString, stringIndices } from './strings.js';
import { compareValues, describeValue, fail, type Json } from './values.js';

definePure('ascii_downcase', (v) => {
  if (typeof v !== 'string') return fail(`${describeValue(v)} cannot be lowercased`);
  return v.replace(/[A-Z]+/gu, (s) => s.toLowerCase());
});
definePure('ascii_upcase', (v) => {
  if (typeof v !== 'string') return fail(`${describeValue(v)} cannot be uppercased`);
  return v.replace(/[a-z]+/gu, (s) => s.toUpperCase());
});
definePure('explode', (v) => {
  if (typeof v !== 'string') return fail(`${describeValue(v)} cannot be exploded`);
  return explodeString(v);
});
definePure('implode', (v) => {
  if (!Array.isArray(v)) return fail('implode input must be an array');
  let out = '';
  for (const code of v) {
    if (typeof code !== 'number' || Number.isNaN(code)) {
      return fail(`${describeValue(code)} can't be imploded, unicode codepoint needs to be numeric`);
    }
    let c = Math.trunc(code);
    if (c > 0x10ffff || c < 0 || (c >= 0xd800 && c <= 0xdfff)) c = 0xfffd;
    out += String.fromCodePoint(c);
  }
  return out;
});
definePure('ascii', (v) => {
  if (typeof v !== 'number') return fail(`${describeValue(v)} cannot be converted to ascii`);
  return String.fromCharCode(v);
});

// jq 1.8 defines these with startswith/endswith, so non-strings raise their errors.
defineWithArgs('ltrimstr', 1, (v, prefix) => {
  if (typeof v !== 'string' || typeof prefix !== 'string') return fail('startswith() requires string inputs');
  return v.startsWith(prefix) ? v.slice(prefix.length) : v;
});
defineWithArgs('rtrimstr', 1, (v, suffix) => {
  if (typeof v !== 'string' || typeof suffix !== 'string') return fail('endswith() requires string inputs');
  return v.endsWith(suffix) && suffix !== '' ? v.slice(0, v.length - suffix.length) : v;
});
defineWithArgs('_strindices', 1, (v, needle) => {
  if (typeof v !== 'string') return fail(`${describeValue(v)} cannot be searched, as it is not a string`);
  if (typeof needle !== 'string') return fail(`${describeValue(needle)} is not a string`);
  return stringIndices(v, needle);
});
defineWithArgs('bsearch', 1, (v, target) => {
  if (!Array.isArray(v)) return fail(`${describeValue(v)} cannot be searched from`);
  let low = 0;
  let high = v.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const c = compareValues(v[mid]!, target);
    if (c === 0) return mid;
    if (c < 0) low = mid + 1;
    else high = mid - 1;
  }
  return -1 - low;
});
defineWithArgs('trimstr', 1, (v, s) => {
  if (typeof v !== 'string' || typeof s !== 'string' || s === '') return v;
  let out = v.startsWith(s) ? v.slice(s.length) : v;
  if (out.endsWith(s)) out = out.slice(0, out.length - s.length);
  return out;
});
defineWithArgs('startswith', 1, (v, prefix) => {
  if (typeof v !== 'string' || typeof prefix !== 'string') return fail('startswith() requires string inputs');
  return v.startsWith(prefix);
});
defineWithArgs('endswith', 1, (v, suffix) => {
  if (typeof v !== 'string' || typeof suffix !== 'string') return fail('endswith() requires string inputs');
  return v.endsWith(suffix);
});

// jq 1.8 trims Unicode white space (not U+FEFF, which JavaScript's \s includes).
const SPACE = '[\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
const LEADING = new RegExp(`^${SPACE}+`, 'u');
const TRAILING = new RegExp(`${SPACE}+$`, 'u');
function trimmer(name: string, fn: (s: string) => string): void {
  definePure(name, (v) => {
    if (typeof v !== 'string') return fail('trim input must be a string');
    return fn(v);
  });
}
trimmer('trim', (s) => s.replace(LEADING, '').replace(TRAILING, ''));
trimmer('ltrim', (s) => s.replace(LEADING, ''));
trimmer('rtrim', (s) => s.replace(TRAILING, ''));

defineWithArgs('split', 1, (v, separator) => {
  if (typeof v !== 'string' || typeof separator !== 'string') return fail('split input and separator must be strings');
  return splitString(v, separator);
});

/** jq 1.8: `reduce .[] as $i (null; (if . == null then "" else . + $x end) + ($i | if type == "boolean" or type == "number" then tojson elif . == null then "" else . end)) // ""` */
defineWithArgs('join', 1, (v, separator) => {
  let acc: Json = null;
  for (const item of iterateValues(v)) {
    const piece: Json = typeof item === 'boolean' || typeof item === 'number' ? dumpJson(item) : item === null ? '' : item;
    acc = addValues(acc === null ? '' : addValues(acc, separator), piece);
  }
  return acc === null || acc === false ? '' : acc;
});

defineWithArgs('indices', 1, (v, needle) => indicesOf(v, needle));
defineWithArgs('index', 1, (v, needle) => {
  const found = indicesOf(v, needle);
  return Array.isArray(found) ? (found[0] ?? null) : null;
});
defineWithArgs('rindex', 1, (v, needle) => {
  const found = indicesOf(v, needle);
  return Array.isArray(found) ? (found[found.length - 1] ?? null) : null;
});

function indicesOf(v: Json, needle: Json): Json {
  if (v === null) return null;
  if (Array.isArray(v)) return arrayIndices(v, Array.isArray(needle) ? needle : [needle]);
  if (typeof v === 'string' && typeof needle === 'string') return stringIndices(v, needle);
  return fail(`Cannot determine indices of ${describeValue(needle)} in ${describeValue(v)}`);
}
