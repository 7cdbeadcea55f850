/** String helpers that count in code points, as jq does (its strings are UTF-8). */
import { hasAstral } from './values.js';

export function splitString(text: string, separator: string): string[] {
  if (text === '') return [];
  return text.split(separator);
}

/** Slice by code point indices (already clamped, start <= end). */
export function sliceCodePoints(text: string, start: number, end: number): string {
  if (!hasAstral(text)) return text.slice(start, end);
  return Array.from(text).slice(start, end).join('');
}

/** Code point offsets of every (possibly overlapping) occurrence of `needle`. */
export function stringIndices(text: string, needle: string): number[] {
  if (needle === '') return [];
  const out: number[] = [];
  const astral = hasAstral(text);
  let from = 0;
  for (;;) {
    const at = text.indexOf(needle, from);
    if (at < 0) return out;
    out.push(astral ? Array.from(text.slice(0, at)).length : at);
    from = at + 1;
  }
}

export function explodeString(text: string): number[] {
  const out: number[] = [];
  for (const ch of text) out.push(ch.codePointAt(0)!);
  return out;
}
