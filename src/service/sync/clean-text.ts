/**
 * Text the database cannot hold, made storable (issue 23.7): PostgreSQL text and jsonb refuse
 * U+0000 (NUL), and a lone UTF-16 surrogate (what invalid UTF-8 or a broken `\ud800` escape from a
 * target becomes in JavaScript) cannot be encoded as UTF-8 for them. One such record must never
 * fail a whole sync, nor be changed silently: NUL is removed, a lone surrogate becomes U+FFFD, and
 * every change is named (the field's path and what was done) so that the account is flagged and the
 * run warns.
 */

/** One field of a record whose text was changed to be stored. */
export interface TextRepair {
  /** `name`, `email`, `id`, or a mapped field's path (`title`, `groups[2]`, `profile.city`; `key of x` for an object key). */
  path: string;
  /** How many U+0000 were removed. */
  nul: number;
  /** How many lone surrogates were replaced by U+FFFD. */
  surrogates: number;
}

/** A UTF-16 surrogate without its pair (matched per code unit: the pattern has no `u` flag). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const NEEDS_CLEANING = /[\u0000\uD800-\uDFFF]/;

/** The text as it can be stored, and what was changed in it; undefined when nothing was. */
function cleanString(text: string): { text: string; nul: number; surrogates: number } | undefined {
  // The common case costs one scan: no NUL and no surrogate at all (a valid pair is checked below).
  if (!NEEDS_CLEANING.test(text)) return undefined;
  const withoutNul = text.replaceAll('\u0000', '');
  const nul = text.length - withoutNul.length;
  let surrogates = 0;
  const wellFormed = withoutNul.replace(LONE_SURROGATE, () => {
    surrogates += 1;
    return '\uFFFD';
  });
  if (nul === 0 && surrogates === 0) return undefined;
  return { text: wellFormed, nul, surrogates };
}

function cleanValue(value: unknown, path: string, repairs: TextRepair[]): unknown {
  if (typeof value === 'string') {
    const cleaned = cleanString(value);
    if (!cleaned) return value;
    repairs.push({ path, nul: cleaned.nul, surrogates: cleaned.surrogates });
    return cleaned.text;
  }
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, index) => {
      const cleaned = cleanValue(item, `${path}[${index}]`, repairs);
      if (cleaned !== item) (copy ??= [...value])[index] = cleaned;
    });
    return copy ?? value;
  }
  if (value !== null && typeof value === 'object') {
    let copy: Record<string, unknown> | undefined;
    const entries = Object.entries(value);
    for (const [key, item] of entries) {
      const keyCleaned = cleanString(key);
      const itemPath = path === '' ? (keyCleaned?.text ?? key) : `${path}.${keyCleaned?.text ?? key}`;
      if (keyCleaned) repairs.push({ path: `key of ${itemPath}`, nul: keyCleaned.nul, surrogates: keyCleaned.surrogates });
      const cleaned = cleanValue(item, itemPath, repairs);
      if (keyCleaned || cleaned !== item) {
        copy ??= Object.fromEntries(entries);
        if (keyCleaned) delete copy[key];
        copy[keyCleaned?.text ?? key] = cleaned;
      }
    }
    return copy ?? value;
  }
  return value;
}

/**
 * Whether JSON text made by JSON.stringify may stand for text `cleanString` changes: a NUL or a lone
 * surrogate (both escaped there: `\u0000`, `\udXXX`) or a surrogate pair (written as it is). Only a
 * filter for a value whose JSON is made anyway: a match is checked in full with `cleanRecord`.
 */
export function jsonMayNeedCleaning(json: string): boolean {
  return JSON_NEEDS_CLEANING.test(json);
}
const JSON_NEEDS_CLEANING = /\\u0000|\\ud[89a-f]|[\uD800-\uDFFF]/;

/**
 * Whether any string in the value, or any object key, holds a character `cleanString` may change:
 * one scan, nothing allocated (a sync checks every imported account; almost none needs cleaning).
 */
export function mayNeedCleaning(value: unknown): boolean {
  if (typeof value === 'string') return NEEDS_CLEANING.test(value);
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) {
    for (const item of value) if (mayNeedCleaning(item)) return true;
    return false;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) if (NEEDS_CLEANING.test(key) || mayNeedCleaning(record[key])) return true;
  return false;
}

/** A record (an imported account) as it can be stored, and what was changed; the same object when nothing was. */
export function cleanRecord<T extends Record<string, unknown>>(record: T): { record: T; repairs: TextRepair[] } {
  const repairs: TextRepair[] = [];
  if (!mayNeedCleaning(record)) return { record, repairs };
  const cleaned = cleanValue(record, '', repairs) as T;
  return { record: cleaned, repairs };
}

/** `name: 1 U+0000 removed; title: 2 invalid characters replaced by U+FFFD`: what an account's flag and a run's warning say. */
export function describeRepairs(repairs: readonly TextRepair[]): string {
  return repairs
    .map((repair) => {
      const done = [
        repair.nul > 0 ? `${repair.nul} U+0000 removed` : '',
        repair.surrogates > 0 ? `${repair.surrogates} invalid character${repair.surrogates === 1 ? '' : 's'} replaced by U+FFFD` : '',
      ].filter(Boolean);
      return `${repair.path}: ${done.join(', ')}`;
    })
    .join('; ');
}
