/**
 * A bounded look at a target's answer, for Test, Preview and Generate Config: the answer is
 * measured as text before it is parsed (nesting depth, fields of one object), refused past a
 * limit, and otherwise cut to a sample (the first items of each array, strings and the whole
 * within a character budget) that says exactly what it left out. Pure: it runs in the jq
 * isolate's worker for a connection that has one, on the calling thread otherwise.
 */
import { parseJsonLossless } from '../json-parse.js';

export interface AnswerLimits {
  /** Deepest nesting of arrays and objects the answer may have (else refused: `maxDepth`). */
  maxDepth: number;
  /** Most fields one object may have (else refused: `maxFields`). */
  maxFields: number;
  /** Items kept of each array. */
  maxItems: number;
  /** Characters kept of one string. */
  maxStringChars: number;
  /** Characters of JSON text the whole sample may take. */
  maxChars: number;
}

export const DEFAULT_ANSWER_LIMITS: AnswerLimits = { maxDepth: 64, maxFields: 5_000, maxItems: 100, maxStringChars: 4_096, maxChars: 256 * 1024 };

/** What the sample left out at one place of the answer (`pointer`, RFC 6901). */
export interface Omission {
  pointer: string;
  /** `items` of an array, `fields` of an object, `characters` of a string or of a text answer. */
  kind: 'items' | 'fields' | 'characters';
  kept: number;
  total: number;
}

export interface AnswerSample {
  /** The sample: the parsed JSON cut down, or the text cut (an answer that is not JSON). */
  value: unknown;
  isJson: boolean;
  /** Every cut, in document order (at most MAX_LISTED; `more` counts the rest). */
  omitted: Omission[];
  more: number;
  /** Characters of the answer as received. */
  chars: number;
}

/** A limit the answer passes: it is refused, not sampled. */
export interface AnswerRefusal {
  limit: 'maxDepth' | 'maxFields';
  value: number;
  message: string;
}

const MAX_LISTED = 50;

/**
 * One pass over JSON text, no parsing: the deepest nesting and the widest object, stopping at the
 * first limit passed. Commas are counted per container outside strings (fields = commas + 1).
 */
export function measureJsonText(text: string, limits: Pick<AnswerLimits, 'maxDepth' | 'maxFields'>): AnswerRefusal | undefined {
  const commas: number[] = [];
  const objects: boolean[] = [];
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index += 1;
      else if (code === 0x22) inString = false;
      continue;
    }
    if (code === 0x22) inString = true;
    else if (code === 0x7b || code === 0x5b) {
      objects.push(code === 0x7b);
      commas.push(0);
      if (objects.length > limits.maxDepth) {
        return { limit: 'maxDepth', value: limits.maxDepth, message: `the answer nests more than ${limits.maxDepth} levels deep (at character ${index})` };
      }
    } else if (code === 0x7d || code === 0x5d) {
      objects.pop();
      commas.pop();
    } else if (code === 0x2c && commas.length > 0) {
      const count = (commas[commas.length - 1] ?? 0) + 1;
      commas[commas.length - 1] = count;
      if (objects[objects.length - 1] === true && count + 1 > limits.maxFields) {
        return {
          limit: 'maxFields',
          value: limits.maxFields,
          message: `an object of the answer has more than ${limits.maxFields} fields (at character ${index})`,
        };
      }
    }
  }
  return undefined;
}

function escapePointer(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** Cuts a parsed answer down to the limits; `omitted` lists every cut. Recursion is bounded by maxDepth (checked first). */
export function cutValue(value: unknown, limits: AnswerLimits): { value: unknown; omitted: Omission[]; more: number } {
  let budget = limits.maxChars;
  const omitted: Omission[] = [];
  let more = 0;
  const omit = (omission: Omission) => {
    if (omitted.length < MAX_LISTED) omitted.push(omission);
    else more += 1;
  };
  const cut = (item: unknown, pointer: string): unknown => {
    if (typeof item === 'string') {
      const keep = Math.max(0, Math.min(item.length, limits.maxStringChars, budget));
      budget -= keep + 2;
      if (keep < item.length) omit({ pointer, kind: 'characters', kept: keep, total: item.length });
      return keep < item.length ? item.slice(0, keep) : item;
    }
    if (item === null || typeof item !== 'object') {
      budget -= String(item).length;
      return item;
    }
    if (Array.isArray(item)) {
      const kept: unknown[] = [];
      for (const [index, child] of item.entries()) {
        if (index >= limits.maxItems || budget <= 0) break;
        kept.push(cut(child, `${pointer}/${index}`));
        budget -= 1;
      }
      budget -= 2;
      if (kept.length < item.length) omit({ pointer, kind: 'items', kept: kept.length, total: item.length });
      return kept;
    }
    const entries = Object.entries(item as Record<string, unknown>);
    const kept: Record<string, unknown> = {};
    let count = 0;
    for (const [key, child] of entries) {
      if (budget <= 0) break;
      budget -= key.length + 4;
      Object.defineProperty(kept, key, { value: cut(child, `${pointer}/${escapePointer(key)}`), enumerable: true, writable: true, configurable: true });
      count += 1;
    }
    budget -= 2;
    if (count < entries.length) omit({ pointer, kind: 'fields', kept: count, total: entries.length });
    return kept;
  };
  return { value: cut(value, ''), omitted, more };
}

/**
 * The sample of an answer given as text: refused past maxDepth or maxFields, else parsed (JSON,
 * losslessly) and cut; a text that is not JSON is cut to maxChars.
 */
export function sampleAnswerText(text: string, limits: AnswerLimits): AnswerSample | AnswerRefusal {
  const refusal = measureJsonText(text, limits);
  if (refusal) return refusal;
  let parsed: unknown;
  try {
    parsed = parseJsonLossless(text);
  } catch {
    const kept = Math.min(text.length, limits.maxChars);
    const omitted: Omission[] = kept < text.length ? [{ pointer: '', kind: 'characters', kept, total: text.length }] : [];
    return { value: text.slice(0, kept), isJson: false, omitted, more: 0, chars: text.length };
  }
  return { ...cutValue(parsed, limits), isJson: true, chars: text.length };
}

export function isAnswerRefusal(result: AnswerSample | AnswerRefusal): result is AnswerRefusal {
  return 'limit' in result;
}
