/**
 * How many terminal columns text takes, so tables of names in Japanese, Chinese or Korean, or with
 * emoji, stay aligned: East Asian wide and fullwidth characters and emoji take two columns
 * (Unicode UAX #11), combining marks, zero-width joiners and variation selectors none.
 * An approximation of wcwidth(3) without a dependency; text is already free of control characters.
 */

// Hangul Jamo, CJK radicals to Yi, Hangul syllables, CJK compatibility, vertical and fullwidth forms, CJK extensions B-G.
const WIDE =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{20000}-\u{3fffd}]|\p{Extended_Pictographic}/u;
const ZERO = /[\p{Mn}\p{Me}\u200b-\u200d\ufe00-\ufe0f\u{e0100}-\u{e01ef}]/u;

/** Columns one character (code point) takes: 0, 1 or 2. */
export function charWidth(character: string): number {
  if (ZERO.test(character)) return 0;
  // Pictographs below U+2000 (©, ®, ‼) are narrow unless followed by U+FE0F, which counts 0 here.
  if (WIDE.test(character)) return (character.codePointAt(0) ?? 0) < 0x2000 ? 1 : 2;
  return 1;
}

/** Columns `text` takes on a terminal. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const character of text) width += charWidth(character);
  return width;
}

/** The longest start of `text` that fits in `width` columns, with `…` when something was cut. */
export function truncateToWidth(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  let kept = '';
  let used = 0;
  for (const character of text) {
    const next = charWidth(character);
    if (used + next > width - 1) break;
    kept += character;
    used += next;
  }
  return `${kept}…`;
}
