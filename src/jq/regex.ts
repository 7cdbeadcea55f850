/**
 * Oniguruma (Ruby syntax, as jq uses it) to RE2 syntax, run by re2js: a linear-time engine, so a
 * pattern from an untrusted spec cannot backtrack catastrophically (`(a|a)*b`, `a*a*a*a*a*b`).
 * Constructs that need backtracking (backreferences, lookahead, lookbehind) and constructs RE2
 * cannot honour (possessive quantifiers, atomic groups, inline option groups, `\G`, `\K`, `\Z`,
 * Unicode word boundaries `\b`, class intersection, conditionals) are refused rather than approximated.
 */
import { RE2JS } from 're2js';

export class RegexUnsupported extends Error {
  override readonly name = 'RegexUnsupported';
}

export interface RegexFlags {
  global: boolean;
  ignoreEmpty: boolean;
  /** re2js flag bits. */
  re2: number;
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
      case 'g':
        global = true;
        break;
      case 'i':
        ignoreCase = true;
        break;
      case 'x':
        extended = true;
        break;
      case 'n':
        ignoreEmpty = true;
        break;
      case 's':
        singleLine = true;
        break;
      case 'p':
        singleLine = true;
        dotAll = true;
        break;
      case 'l':
        throw new RegexUnsupported('the regex flag "l" (longest match) is not supported');
      default:
        throw new Error(`${flags} is not a valid modifier string`);
    }
  }
  // Ruby-syntax ^ and $ are line anchors unless in single-line mode.
  const re2 = (ignoreCase ? RE2JS.CASE_INSENSITIVE : 0) | (dotAll ? RE2JS.DOTALL : 0) | (singleLine ? 0 : RE2JS.MULTILINE);
  return { global, ignoreEmpty, extended, re2 };
}

const POSIX: Record<string, string> = {
  alpha: 'a-zA-Z',
  digit: '0-9',
  alnum: 'a-zA-Z0-9',
  upper: 'A-Z',
  lower: 'a-z',
  space: ' \\t\\n\\r\\f\\v',
  xdigit: '0-9A-Fa-f',
  punct: '!-\\/:-@\\[-`{-~',
  blank: ' \\t',
  cntrl: '\\x00-\\x1f\\x7f',
  word: '\\w',
  print: '\\x20-\\x7e',
  graph: '\\x21-\\x7e',
};

// Oniguruma's \w, \d and \s are Unicode-aware in UTF-8; RE2's are ASCII-only.
const WORD = '\\p{L}\\p{M}\\p{Nd}\\p{Pc}';
const SPACE = '\\t-\\r\\x{85}\\p{Z}';
/** Escapes outside a class and their contents inside one (undefined: not allowed inside). */
const UNICODE_ESCAPES: Record<string, { alone: string; inClass?: string }> = {
  w: { alone: `[${WORD}]`, inClass: WORD },
  W: { alone: `[^${WORD}]` },
  d: { alone: '\\p{Nd}', inClass: '\\p{Nd}' },
  D: { alone: '\\P{Nd}' },
  s: { alone: `[${SPACE}]`, inClass: SPACE },
  S: { alone: `[^${SPACE}]` },
  h: { alone: '[0-9a-fA-F]', inClass: '0-9a-fA-F' },
  H: { alone: '[^0-9a-fA-F]' },
};
/** Oniguruma escapes whose RE2 spelling differs. */
const RENAMED_ESCAPES: Record<string, string> = { e: '\\x1b', a: '\\x07' };

const SYNTAX = new Set(['^', '$', '\\', '.', '*', '+', '?', '(', ')', '[', ']', '{', '}', '|', '/', '-']);
const PASS_ESCAPES = new Set(['A', 'z', 'n', 't', 'r', 'f', 'v', '0', 'x', 'p', 'P']);
// RE2 decides \b on ASCII word characters only, Oniguruma on Unicode ones: refused, not answered differently.
const WORD_BOUNDARY = 'a word boundary (\\b, \\B) is not supported: the linear-time engine (RE2) sees ASCII word characters only';
const BACKTRACKING_ONLY = 'needs a backtracking engine; regexes run in linear time (RE2), so it is not supported';

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

/** Translates an Oniguruma pattern; throws RegexUnsupported for what RE2 cannot do. */
export function translateRegex(pattern: string, extended: boolean): string {
  const src = extended ? stripExtended(pattern) : pattern;
  let out = '';
  let inClass = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    const next = src[i + 1];
    if (c === '\\') {
      if (next === undefined) throw new Error('too short escape sequence');
      i++;
      const unicode = UNICODE_ESCAPES[next];
      if (unicode && inClass) {
        if (unicode.inClass === undefined) throw new RegexUnsupported(`\\${next} inside a character class is not supported`);
        out += unicode.inClass;
      } else if (unicode) out += unicode.alone;
      else if (RENAMED_ESCAPES[next]) out += RENAMED_ESCAPES[next];
      else if (next === 'u' && /^[0-9A-Fa-f]{4}$/u.test(src.slice(i + 1, i + 5))) {
        out += `\\x{${src.slice(i + 1, i + 5)}}`;
        i += 4;
      } else if (/[1-9]/u.test(next) || next === 'k') throw new RegexUnsupported(`a backreference (\\${next}) ${BACKTRACKING_ONLY}`);
      else if (next === 'b' || next === 'B') throw new RegexUnsupported(WORD_BOUNDARY);
      else if ((next === 'A' || next === 'z') && inClass) throw new RegexUnsupported(`\\${next} inside a character class is not supported`);
      else if (PASS_ESCAPES.has(next)) out += `\\${next}`;
      else if (SYNTAX.has(next)) out += `\\${next}`;
      else if (/[A-Za-z]/u.test(next)) throw new RegexUnsupported(`the regex escape \\${next} is not supported`);
      else out += /[0-9A-Za-z_]/u.test(next) || next.charCodeAt(0) > 0x7f ? next : `\\${next}`;
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
          const look = /^(?:=|!|<=|<!)/u.exec(rest);
          if (look) throw new RegexUnsupported(`a ${look[0].startsWith('<') ? 'lookbehind' : 'lookahead'} (?${look[0]}...) ${BACKTRACKING_ONLY}`);
          if (!/^(?::|<[A-Za-z_])/u.test(rest)) throw new RegexUnsupported(`the regex group (?${rest.slice(0, 2)}... is not supported`);
        }
        out += c;
        break;
      case '*':
      case '+':
      case '?':
        refuseNullableGroup(out);
        out += c;
        if (src[i + 1] === '+') throw new RegexUnsupported('possessive quantifiers are not supported');
        break;
      case '{': {
        const m = /^\{(\d*)(?:,(\d*))?\}/u.exec(src.slice(i));
        if (m && (m[1] !== '' || (m[2] !== undefined && m[2] !== ''))) {
          refuseNullableGroup(out);
          out += m[1] === '' ? `{0,${m[2]}}` : m[0];
          i += m[0].length - 1;
          if (src[i + 1] === '+') throw new RegexUnsupported('possessive quantifiers are not supported');
        } else out += '\\{';
        break;
      }
      default:
        out += c === '}' || c === ']' || c === '/' ? `\\${c}` : c;
    }
  }
  return out;
}
