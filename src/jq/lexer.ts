/**
 * Turns a jq expression into tokens. A string token carries its interpolations already
 * tokenised, so the parser can parse `"a\(.b)c"` without re-scanning text.
 */
import { JqCompileError } from './engine.js';

export type TokenKind = 'ident' | 'field' | 'var' | 'number' | 'string' | 'format' | 'op' | 'eof';

export interface Interpolation {
  tokens: Token[];
  start: number;
}

export interface Token {
  kind: TokenKind;
  /** Identifier / field / variable / format name, or the operator text. */
  text: string;
  start: number;
  end: number;
  number?: number;
  parts?: Array<string | Interpolation>;
}

const OPERATORS = [
  '//=',
  '|=',
  '+=',
  '-=',
  '*=',
  '/=',
  '%=',
  '==',
  '!=',
  '<=',
  '>=',
  '//',
  '..',
  '.',
  '[',
  ']',
  '{',
  '}',
  '(',
  ')',
  '|',
  ',',
  ':',
  ';',
  '=',
  '<',
  '>',
  '+',
  '-',
  '*',
  '/',
  '%',
  '?',
];

const IDENT_START = /[A-Za-z_]/u;
const IDENT_CHAR = /[A-Za-z0-9_]/u;
const DIGIT = /[0-9]/u;

export function syntaxError(message: string, offset: number): JqCompileError {
  return new JqCompileError(`syntax error: ${message} at offset ${offset}`, { kind: 'syntax', offset });
}

/** All tokens of `source`, ending with an `eof` token. */
export function lexExpression(source: string): Token[] {
  const lexer = new Lexer(source);
  return lexer.lexUntil(false);
}

class Lexer {
  pos = 0;
  constructor(private readonly src: string) {}

  /** Lexes to the end of input, or (inside `\(...)`) to the `)` that closes the interpolation. */
  lexUntil(closeParen: boolean): Token[] {
    const tokens: Token[] = [];
    let depth = 0;
    for (;;) {
      this.skipSpace();
      if (this.pos >= this.src.length) {
        if (closeParen) throw syntaxError('unterminated string interpolation', this.pos);
        tokens.push({ kind: 'eof', text: '', start: this.pos, end: this.pos });
        return tokens;
      }
      const token = this.lexToken();
      if (closeParen && token.kind === 'op') {
        if (token.text === '(') depth++;
        if (token.text === ')') {
          if (depth === 0) {
            tokens.push({ kind: 'eof', text: '', start: token.start, end: token.start });
            return tokens;
          }
          depth--;
        }
      }
      tokens.push(token);
    }
  }

  private skipSpace(): void {
    const src = this.src;
    while (this.pos < src.length) {
      const c = src[this.pos]!;
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\uFEFF') this.pos++;
      else if (c === '#') {
        while (this.pos < src.length && src[this.pos] !== '\n') this.pos++;
      } else return;
    }
  }

  private lexToken(): Token {
    const src = this.src;
    const start = this.pos;
    const c = src[start]!;
    if (c === '"') return this.lexString();
    if (DIGIT.test(c) || (c === '.' && DIGIT.test(src[start + 1] ?? ''))) return this.lexNumber();
    if (IDENT_START.test(c)) {
      const text = this.readIdent();
      if (src.startsWith('::', this.pos)) {
        throw new JqCompileError(`modules are not supported (${text}::...)`, {
          kind: 'unsupported',
          offset: start,
          construct: 'module',
        });
      }
      return { kind: 'ident', text, start, end: this.pos };
    }
    if (c === '.' && IDENT_START.test(src[start + 1] ?? '')) {
      this.pos++;
      return { kind: 'field', text: this.readIdent(), start, end: this.pos };
    }
    if (c === '$' || c === '@') {
      this.pos++;
      if (!IDENT_START.test(src[this.pos] ?? '')) throw syntaxError(`unexpected '${c}'`, start);
      const text = this.readIdent();
      if (src.startsWith('::', this.pos)) {
        throw new JqCompileError('modules are not supported', { kind: 'unsupported', offset: start, construct: 'module' });
      }
      return { kind: c === '$' ? 'var' : 'format', text, start, end: this.pos };
    }
    for (const op of OPERATORS) {
      if (src.startsWith(op, start)) {
        this.pos += op.length;
        return { kind: 'op', text: op, start, end: this.pos };
      }
    }
    throw syntaxError(`unexpected character '${c}'`, start);
  }

  private readIdent(): string {
    const start = this.pos;
    while (this.pos < this.src.length && IDENT_CHAR.test(this.src[this.pos]!)) this.pos++;
    return this.src.slice(start, this.pos);
  }

  private lexNumber(): Token {
    const start = this.pos;
    const match = /^(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?/u.exec(this.src.slice(start));
    const text = match![0];
    this.pos += text.length;
    if (IDENT_START.test(this.src[this.pos] ?? '')) throw syntaxError(`invalid numeric literal '${text}${this.src[this.pos]}'`, start);
    return { kind: 'number', text, start, end: this.pos, number: Number(text) };
  }

  private lexString(): Token {
    const src = this.src;
    const start = this.pos;
    this.pos++;
    const parts: Array<string | Interpolation> = [];
    let text = '';
    for (;;) {
      if (this.pos >= src.length) throw syntaxError('unterminated string literal', start);
      const c = src[this.pos]!;
      if (c === '"') {
        this.pos++;
        if (text !== '' || parts.length === 0) parts.push(text);
        return { kind: 'string', text: '', start, end: this.pos, parts };
      }
      if (c !== '\\') {
        text += c;
        this.pos++;
        continue;
      }
      const escapeStart = this.pos;
      const e = src[this.pos + 1];
      this.pos += 2;
      switch (e) {
        case '"':
        case '\\':
        case '/':
          text += e;
          break;
        case 'b':
          text += '\b';
          break;
        case 'f':
          text += '\f';
          break;
        case 'n':
          text += '\n';
          break;
        case 'r':
          text += '\r';
          break;
        case 't':
          text += '\t';
          break;
        case 'u': {
          const hex = src.slice(this.pos, this.pos + 4);
          if (!/^[0-9a-fA-F]{4}$/u.test(hex)) throw syntaxError('invalid \\u escape in string literal', escapeStart);
          text += String.fromCharCode(parseInt(hex, 16));
          this.pos += 4;
          break;
        }
        case '(': {
          if (text !== '') parts.push(text);
          text = '';
          const interpolationStart = this.pos;
          // lexUntil consumes the closing ')'.
          parts.push({ tokens: this.lexUntil(true), start: interpolationStart });
          break;
        }
        default:
          throw syntaxError(`invalid escape '\\${e ?? ''}' in string literal`, escapeStart);
      }
    }
  }
}
