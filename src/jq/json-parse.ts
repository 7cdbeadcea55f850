/** `fromjson`: JSON text to a value, accepting jq's extras (NaN, nan, Infinity) and its error wording. */
import { fail, type Json } from './values.js';

const MAX_PARSING_DEPTH = 10_000;

/** Deepest container nesting of a parsed value, without recursion. */
function nestingDepth(value: Json): number {
  let max = 0;
  const stack: Array<[Json, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth + 1 > max) max = depth + 1;
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return max;
}

export function parseJsonText(text: string): Json {
  const trimmed = text.trim();
  if (/^-?nan$/iu.test(trimmed)) return NaN;
  let parsed: Json;
  try {
    parsed = JSON.parse(text) as Json;
  } catch {
    return parseExtended(text, trimmed);
  }
  if (typeof parsed === 'object' && parsed !== null && nestingDepth(parsed) > MAX_PARSING_DEPTH) {
    return fail(`Exceeds depth limit for parsing (while parsing '${text.slice(0, 20)}...')`);
  }
  return parsed;
}

/** jq also reads NaN and Infinity; anything else that JSON.parse rejects is an error. */
function parseExtended(text: string, trimmed: string): Json {
  const extended = trimmed.replace(/\bNaN\b|-?\bInfinity\b/gu, (m) => (m.includes('Infinity') ? (m.startsWith('-') ? '-1e1000' : '1e1000') : 'null'));
  try {
    if (extended !== trimmed) return JSON.parse(extended) as Json;
  } catch {
    // fall through to the error
  }
  if (trimmed === '') return fail(`Expected JSON value (while parsing '${text}')`);
  const literal = findLiteralError(text);
  return fail(`${literal ?? 'Invalid JSON text'} (while parsing '${text}')`);
}

/** jq's check of a bare token (true, false, null, nan, a number) once a delimiter ends it. */
function checkLiteral(token: string): string | undefined {
  if (token.startsWith("'")) return 'Invalid string literal; expected ", but got \'';
  if (/^(?:true|false|null|-?nan|-?NaN)$/u.test(token)) return undefined;
  if (/^-?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/u.test(token)) return undefined;
  return /^[tfn]/u.test(token) ? 'Invalid literal' : 'Invalid numeric literal';
}

/**
 * Why JSON.parse failed, worded and positioned as jq's parser reports the common cases
 * ("Invalid numeric literal at EOF at line 1, column 4", "Unfinished JSON term at EOF ...").
 */
function findLiteralError(text: string): string | undefined {
  let line = 1;
  let column = 0;
  let token = '';
  let inString = false;
  let escaped = false;
  let depth = 0;
  let topLevelValues = 0;
  for (const ch of text) {
    column++;
    if (ch === '\n') {
      line++;
      column = 0;
    }
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') inString = false;
      continue;
    }
    const delimiter = ch === '"' || '[{:,]}'.includes(ch) || /\s/u.test(ch);
    if (!delimiter) {
      if (token === '' && depth === 0) topLevelValues++;
      token += ch;
      continue;
    }
    if (depth === 0 && (ch === '"' || ch === '[' || ch === '{')) topLevelValues++;
    if (ch === '[' || ch === '{') depth++;
    if (ch === ']' || ch === '}') depth--;
    if (token !== '') {
      const error = checkLiteral(token);
      if (error) return `${error} at line ${line}, column ${column}`;
      token = '';
    }
    if (ch === '"') inString = true;
  }
  const error = token === '' ? undefined : checkLiteral(token);
  if (error) return `${error} at EOF at line ${line}, column ${column}`;
  if (depth > 0 || inString) return `Unfinished JSON term at EOF at line ${line}, column ${column}`;
  if (topLevelValues > 1) return 'Unexpected extra JSON values';
  return undefined;
}

/** Integers beyond 2^53 have at least 16 digits: a document without such a run parses as usual. */
const LONG_DIGIT_RUN = 16;

/**
 * Whether `text` holds LONG_DIGIT_RUN ASCII digits in a row (what /[0-9]{16}/ tests, some 4x
 * faster on a page of records: it looks at every 16th character until one is a digit). This runs
 * on every page an import reads, on the main thread and in the jq worker.
 */
function hasLongDigitRun(text: string): boolean {
  const length = text.length;
  // `end`: the last position of a run still possible; no run ends before it.
  let end = LONG_DIGIT_RUN - 1;
  while (end < length) {
    if (!isDigit(text.charCodeAt(end))) {
      end += LONG_DIGIT_RUN;
      continue;
    }
    let start = end;
    while (start > 0 && end - start + 1 < LONG_DIGIT_RUN && isDigit(text.charCodeAt(start - 1))) start--;
    if (end - start + 1 >= LONG_DIGIT_RUN) return true;
    let next = end + 1;
    for (; next < length && isDigit(text.charCodeAt(next)); next++) if (next - start + 1 >= LONG_DIGIT_RUN) return true;
    // text[next] is not a digit: a run ends LONG_DIGIT_RUN past it at the earliest.
    end = next + LONG_DIGIT_RUN;
  }
  return false;
}

/**
 * JSON.parse that keeps every digit of integers beyond 2^53 (`1234567890123456789` and
 * `1234567890123456790` are one double): such an integer becomes a string of its digits, the form
 * an id takes anyway, so two accounts never share an id. Other numbers are numbers, as before.
 * Throws SyntaxError on invalid JSON, like JSON.parse. The fast path is JSON.parse itself.
 */
export function parseJsonLossless(text: string): unknown {
  if (!hasLongDigitRun(text)) return JSON.parse(text);
  // A marker no target can predict, so a string in the body can never be mistaken for one.
  const nonce = `${Math.random().toString(36).slice(2)}:`;
  const marked = markUnsafeIntegers(text, `"\\u0000${nonce}`);
  if (marked === text) return JSON.parse(text);
  return unmark(JSON.parse(marked) as unknown, `\u0000${nonce}`);
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const MINUS = 0x2d;

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/**
 * Rewrites each integer token beyond 2^53 outside strings as `"<marker><digits>"` (one pass over
 * the text; strings are skipped whole, with their escapes). Anything that is not an integer token
 * (fraction, exponent, leading zero) is left for JSON.parse to read or reject.
 */
function markUnsafeIntegers(text: string, openMarker: string): string {
  let out = '';
  let copied = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      for (i++; i < text.length && text.charCodeAt(i) !== QUOTE; i++) if (text.charCodeAt(i) === BACKSLASH) i++;
    } else if (code === MINUS || isDigit(code)) {
      let end = i + 1;
      while (end < text.length && isDigit(text.charCodeAt(end))) end++;
      const next = text[end];
      const token = text.slice(i, end);
      const digits = code === MINUS ? token.slice(1) : token;
      if (digits.length >= 16 && digits[0] !== '0' && next !== '.' && next !== 'e' && next !== 'E' && !Number.isSafeInteger(Number(token))) {
        out += `${text.slice(copied, i)}${openMarker}${token}"`;
        copied = end;
      }
      // A fraction or exponent belongs to this number: skip it whole, or its digits would be read as an integer.
      if (next === '.' || next === 'e' || next === 'E') while (end < text.length && /[0-9.eE+-]/u.test(text[end]!)) end++;
      i = end - 1;
    }
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** Replaces marked strings by their digits, in place, without recursion (bodies may nest deeply). */
function unmark(root: unknown, marker: string): unknown {
  const strip = (value: unknown): unknown =>
    typeof value === 'string' && value.charCodeAt(0) === 0 && value.startsWith(marker) ? value.slice(marker.length) : value;
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    const record = node as Record<string, unknown>;
    for (const key of Array.isArray(node) ? node.keys() : Object.keys(record)) {
      const child = record[key as string];
      if (child !== null && typeof child === 'object') stack.push(child);
      else if (typeof child === 'string') record[key as string] = strip(child);
    }
  }
  return strip(root);
}
