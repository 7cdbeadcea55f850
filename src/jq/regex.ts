/**
 * Oniguruma (Ruby syntax, as jq uses it) to JavaScript RegExp with the `u` flag. Constructs
 * JavaScript cannot honour (possessive quantifiers, atomic groups, inline option groups, `\G`,
 * `\K`, class intersection, conditionals) are refused rather than approximated, and so are nested
 * unbounded repeats that can backtrack catastrophically (see regex-backtracking.ts).
 */
import { NestedRepeatGuard } from './regex-backtracking.js';

export class RegexUnsupported extends Error {
  override readonly name = 'RegexUnsupported';
}

export interface RegexFlags {
  global: boolean;
  ignoreEmpty: boolean;
  js: string;
}

/** jq's modifier letters: g, i, x, n, p, s (and l, which JavaScript cannot honour). */
export function parseFlags(flags: string | null): RegexFlags & { extended: boolean } {
  let global = false;
  let ignoreEmpty = false;
  let extended = false;
  let ignoreCase = false;
  let dotAll = false;
  let singleLine = false;
  for (const flag of flags ?? '') {
    switch (flag) {
      case 'g': global = true; break;
      case 'i': ignoreCase = true; break;
      case 'x': extended = true; break;
      case 'n': ignoreEmpty = true; break;
      case 's': singleLine = true; break;
      case 'p': singleLine = true; dotAll = true; break;
      case 'l': throw new RegexUnsupported('the regex flag "l" (longest match) is not supported');
      default: throw new Error(`${flags} is not a valid modifier string`);
    }
  }
  // Ruby-syntax ^ and $ are line anchors unless in single-line mode.
  const js = `gu${ignoreCase ? 'i' : ''}${dotAll ? 's' : ''}${singleLine ? '' : 'm'}`;
  return { global, ignoreEmpty, extended, js };
}

const POSIX: Record<string, string> = {
  alpha: 'a-zA-Z', digit: '0-9', alnum: 'a-zA-Z0-9', upper: 'A-Z', lower: 'a-z', space: ' \\t\\n\\r\\f\\v',
  xdigit: '0-9A-Fa-f', punct: '!-\\/:-@\\[-`{-~', blank: ' \\t', cntrl: '\\x00-\\x1f\\x7f', word: '\\w',
  print: '\\x20-\\x7e', graph: '\\x21-\\x7e',
};

// Oniguruma's \w, \d and \b are Unicode-aware in UTF-8; JavaScript's are ASCII-only even with `u`.
const WORD = '\\p{L}\\p{M}\\p{Nd}\\p{Pc}';
const UNICODE_ESCAPES: Record<string, string> = {
  w: `[${WORD}]`, W: `[^${WORD}]`, d: '\\p{Nd}', D: '\\P{Nd}',
  b: `(?:(?<=[${WORD}])(?![${WORD}])|(?<![${WORD}])(?=[${WORD}]))`,
  B: `(?:(?<=[${WORD}])(?=[${WORD}])|(?<![${WORD}])(?![${WORD}]))`,
};

const SYNTAX = new Set(['^', '$', '\\', '.', '*', '+', '?', '(', ')', '[', ']', '{', '}', '|', '/', '-']);
const PASS_ESCAPES = new Set(['d', 'D', 'w', 'W', 's', 'S', 'b', 'B', 'n', 't', 'r', 'f', 'v', '0', 'x', 'u', 'p', 'P', 'k', 'c']);

function stripExtended(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      out += c + (pattern[i + 1] ?? '');
      i++;
    } else if (inClass) {
      if (c === ']') inClass = false;
      out += c;
    } else if (c === '[') {
      inClass = true;
      out += c;
    } else if (c === '#') {
      while (i < pattern.length && pattern[i] !== '\n') i++;
    } else if (!/\s/u.test(c)) out += c;
  }
  return out;
}

/**
 * A quantified capturing group whose body can match the empty string reports its capture
 * differently (Oniguruma keeps the empty capture, JavaScript resets it), so it is refused.
 * Detected conservatively: the group's body ends in `?`/`*`/`{0,` or is empty.
 */
function refuseNullableGroup(translated: string): void {
  if (!translated.endsWith(')') || translated.endsWith('\\)')) return;
  let depth = 0;
  for (let i = translated.length - 1; i >= 0; i--) {
    const c = translated[i];
    if (translated[i - 1] === '\\') continue;
    if (c === ')') depth++;
    else if (c === '(' && --depth === 0) {
      const group = translated.slice(i, -1);
      if (/^\(\?(?:[:=!]|<[=!])/u.test(group)) return;
      const body = group.replace(/^\((?:\?<[A-Za-z_][A-Za-z0-9_]*>)?/u, '');
      if (body === '' || /(?:[?*]|\{0,\d*\})$/u.test(body) || /(?:^|\|)(?:\||$)/u.test(body)) {
        throw new RegexUnsupported('a repeated capture group that can match the empty string is not supported');
      }
      return;
    }
  }
}

const NESTED_QUANTIFIERS = 'nested quantifiers can backtrack catastrophically';

/** Translates an Oniguruma pattern; throws RegexUnsupported for what JavaScript cannot do. */
export function translateRegex(pattern: string, extended: boolean): string {
  const src = extended ? stripExtended(pattern) : pattern;
  let out = '';
  let inClass = false;
  const guard = new NestedRepeatGuard();
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    const next = src[i + 1];
    if (c === '\\') {
      if (next === undefined) throw new Error('too short escape sequence');
      if (!inClass) guard.markAtom(out.length);
      i++;
      if (next === 'w' && inClass) out += WORD;
      else if (next === 'd' && inClass) out += '\\p{Nd}';
      else if ((next === 'W' || next === 'D') && inClass) throw new RegexUnsupported(`\\${next} inside a character class is not supported`);
      else if (!inClass && UNICODE_ESCAPES[next]) out += UNICODE_ESCAPES[next];
      else if (next === 'h') out += inClass ? '0-9a-fA-F' : '[0-9a-fA-F]';
      else if (next === 'H') out += '[^0-9a-fA-F]';
      else if (next === 'A' && !inClass) out += '(?<![\\s\\S])';
      else if (next === 'z' && !inClass) out += '(?![\\s\\S])';
      else if (next === 'Z' && !inClass) out += '(?=\\n?(?![\\s\\S]))';
      else if (next === 'e') out += '\\x1b';
      else if (next === 'a') out += '\\x07';
      else if ('GKRXQEy'.includes(next)) throw new RegexUnsupported(`the regex escape \\${next} is not supported`);
      else if (/[1-9]/u.test(next) || PASS_ESCAPES.has(next)) out += `\\${next}`;
      else if (SYNTAX.has(next)) out += `\\${next}`;
      else if (/[A-Za-z]/u.test(next)) throw new RegexUnsupported(`the regex escape \\${next} is not supported`);
      else out += next;
      continue;
    }
    if (inClass) {
      if (c === '[' && next === ':') {
        const end = src.indexOf(':]', i + 2);
        const name = end > 0 ? src.slice(i + 2, end) : '';
        const negated = name.startsWith('^');
        const set = POSIX[negated ? name.slice(1) : name];
        if (!set || negated) throw new RegexUnsupported(`the POSIX bracket [:${name}:] is not supported`);
        out += set;
        i = end + 1;
      } else if (c === '[' || (c === '&' && next === '&')) {
        throw new RegexUnsupported('nested character classes and class intersection are not supported');
      } else if (c === ']') {
        inClass = false;
        out += c;
      } else out += c === '/' ? '\\/' : c;
      continue;
    }
    switch (c) {
      case '[':
        guard.markAtom(out.length);
        inClass = true;
        out += c;
        if (next === '^') {
          out += '^';
          i++;
        }
        if (src[i + 1] === ']') {
          out += '\\]';
          i++;
        }
        break;
      case '(':
        if (next === '?') {
          const rest = src.slice(i + 2);
          if (rest.startsWith('#')) {
            const end = src.indexOf(')', i);
            i = end < 0 ? src.length : end;
            break;
          }
          if (!/^(?::|=|!|<=|<!|<[A-Za-z_])/u.test(rest)) throw new RegexUnsupported(`the regex group (?${rest.slice(0, 2)}... is not supported`);
        }
        guard.openGroup(out.length);
        out += c;
        break;
      case ')':
        out += c;
        guard.closeGroup(out.length);
        break;
      case '*': case '+': case '?':
        // A lazy `+?`/`*?` follows a quantifier: it changes the order, not the unboundedness.
        if (!(c === '?' && /[*+}]$/u.test(out) && !out.endsWith('\\}')) && !guard.quantify(out, c !== '?')) {
          throw new RegexUnsupported(NESTED_QUANTIFIERS);
        }
        refuseNullableGroup(out);
        out += c;
        if (src[i + 1] === '+') throw new RegexUnsupported('possessive quantifiers are not supported');
        break;
      case '{': {
        const m = /^\{(\d*)(?:,(\d*))?\}/u.exec(src.slice(i));
        if (m && (m[1] !== '' || (m[2] !== undefined && m[2] !== ''))) {
          if (!guard.quantify(out, m[2] === '')) throw new RegexUnsupported(NESTED_QUANTIFIERS);
          refuseNullableGroup(out);
          out += m[1] === '' ? `{0,${m[2]}}` : m[0];
          i += m[0].length - 1;
          if (src[i + 1] === '+') throw new RegexUnsupported('possessive quantifiers are not supported');
        } else {
          guard.markAtom(out.length);
          out += '\\{';
        }
        break;
      }
      default:
        guard.markAtom(out.length);
        out += c === '}' || c === ']' || c === '/' ? `\\${c}` : c;
    }
  }
  return out;
}
