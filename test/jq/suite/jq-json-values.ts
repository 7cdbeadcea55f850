/**
 * JSON values as jq's test harness reads and compares them: jq's parser also accepts `nan`, `NaN`,
 * `-NaN`, `Infinity` and `-Infinity` and skips a leading byte-order mark; jv_equal compares numbers
 * by value and objects regardless of key order.
 */

export class JqJsonParseError extends Error {
  override readonly name = 'JqJsonParseError';
}

const LITERALS: Record<string, unknown> = {
  true: true,
  false: false,
  null: null,
  nan: Number.NaN,
  NaN: Number.NaN,
  '-nan': Number.NaN,
  '-NaN': Number.NaN,
  Infinity: Number.POSITIVE_INFINITY,
  '-Infinity': Number.NEGATIVE_INFINITY,
};

/** Parses one JSON value written the way jq's test files write them. */
export function parseJqJson(text: string): unknown {
  const source = text.replace(/^\uFEFF/u, '').trim();
  try {
    return JSON.parse(source) as unknown;
  } catch {
    // Fall through to the lenient reader for nan/Infinity literals.
  }
  let position = 0;
  const fail = (what: string): never => {
    throw new JqJsonParseError(`${what} at column ${position + 1} of '${source}'`);
  };
  const skipSpace = (): void => {
    while (/\s/u.test(source[position] ?? '')) position += 1;
  };
  const readValue = (): unknown => {
    skipSpace();
    const char = source[position];
    if (char === '[') {
      position += 1;
      const items: unknown[] = [];
      skipSpace();
      if (source[position] === ']') return ((position += 1), items);
      for (;;) {
        items.push(readValue());
        skipSpace();
        if (source[position] === ',') position += 1;
        else if (source[position] === ']') return ((position += 1), items);
        else fail('expected , or ]');
      }
    }
    if (char === '{') {
      position += 1;
      const object: Record<string, unknown> = {};
      skipSpace();
      if (source[position] === '}') return ((position += 1), object);
      for (;;) {
        skipSpace();
        const key = readValue();
        if (typeof key !== 'string') fail('expected a string key');
        skipSpace();
        if (source[position] !== ':') fail('expected :');
        position += 1;
        object[key as string] = readValue();
        skipSpace();
        if (source[position] === ',') position += 1;
        else if (source[position] === '}') return ((position += 1), object);
        else fail('expected , or }');
      }
    }
    if (char === '"') {
      const match = /^"(?:[^"\\]|\\.)*"/su.exec(source.slice(position));
      if (!match) fail('unterminated string');
      position += match![0].length;
      return JSON.parse(match![0]) as unknown;
    }
    const word = /^-?[A-Za-z]+/u.exec(source.slice(position));
    if (word && word[0] in LITERALS) {
      position += word[0].length;
      return LITERALS[word[0]];
    }
    const number = /^-?\d+(?:\.\d*)?(?:[eE][+-]?\d+)?/u.exec(source.slice(position));
    if (number) {
      position += number[0].length;
      return Number(number[0]);
    }
    return fail('unexpected character');
  };
  const value = readValue();
  skipSpace();
  if (position !== source.length) fail('unexpected text after the value');
  return value;
}

/** jq prints ±infinity as ±DBL_MAX; a JSON value from the engine can only be the latter. */
const clampInfinity = (value: number): number =>
  value === Number.POSITIVE_INFINITY ? Number.MAX_VALUE : value === Number.NEGATIVE_INFINITY ? -Number.MAX_VALUE : value;

/**
 * jv_equal: numbers by value, objects regardless of key order. NaN equals NaN here (so a nan the
 * test expects can match) and ±infinity equals ±DBL_MAX (what jq prints for it).
 */
export function equalJqValues(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') {
    return clampInfinity(a) === clampInfinity(b) || (Number.isNaN(a) && Number.isNaN(b));
  }
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => equalJqValues(item, b[index]));
  }
  const aObject = a as Record<string, unknown>;
  const bObject = b as Record<string, unknown>;
  const aKeys = Object.keys(aObject);
  if (aKeys.length !== Object.keys(bObject).length) return false;
  return aKeys.every((key) => Object.hasOwn(bObject, key) && equalJqValues(aObject[key], bObject[key]));
}

/** Compact text of a value for failure reports (NaN and infinities spelled as jq's parser reads them). */
export function showJqValue(value: unknown): string {
  return (
    JSON.stringify(value, (_key, item: unknown) => {
      if (typeof item !== 'number' || Number.isFinite(item)) return item;
      return Number.isNaN(item) ? '__nan__' : item > 0 ? '__inf__' : '__-inf__';
    }) ?? 'undefined'
  )
    .replace(/"__nan__"/gu, 'nan')
    .replace(/"__inf__"/gu, 'Infinity')
    .replace(/"__-inf__"/gu, '-Infinity');
}
