/** `fromjson`: JSON text to a value, accepting jq's extras (NaN, nan, Infinity) and its error wording. */
import { fail, type Json } from './values.js';

export function parseJsonText(text: string): Json {
  const trimmed = text.trim();
  if (/^-?nan$/iu.test(trimmed)) return NaN;
  try {
    return JSON.parse(text) as Json;
  } catch {
    const extended = trimmed.replace(/\bNaN\b|-?\bInfinity\b/gu, (m) => (m.includes('Infinity') ? (m.startsWith('-') ? '-1e1000' : '1e1000') : 'null'));
    try {
      if (extended !== trimmed) return JSON.parse(extended) as Json;
    } catch {
      // fall through to jq's message
    }
    if (trimmed === '') return fail(`Expected JSON value (while parsing '${text}')`);
    return fail(`${text} (while parsing '${text}')`);
  }
}
