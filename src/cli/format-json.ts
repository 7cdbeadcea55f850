/**
 * JSON for the terminal and for scripts: exactly `JSON.stringify`, except that characters a
 * terminal may act on are written as `\uXXXX` escapes. JSON.stringify escapes only U+0000-U+001F;
 * a name from the target holding U+009B (the 8-bit CSI) or a bidi override (U+202E) would reach the
 * terminal raw from `--json`. Inside a JSON string the escape is the same value, so parsers see no
 * difference, and such characters can occur only inside strings.
 */

// DEL and C1 controls, line/paragraph separators, bidi embeddings, overrides and isolates.
// eslint-disable-next-line no-control-regex
const TERMINAL_UNSAFE = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

function escapeCharacter(character: string): string {
  return `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** `JSON.stringify(value, null, indent)` with terminal-unsafe characters escaped. */
export function stringifyJson(value: unknown, indent?: number): string {
  return (JSON.stringify(value, null, indent) ?? 'null').replace(TERMINAL_UNSAFE, escapeCharacter);
}
