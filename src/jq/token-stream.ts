/** A cursor over the tokens of one expression, with jq-style "unexpected X, expecting Y" errors. */
import type { Node } from './ast.js';
import { syntaxError, type Token } from './lexer.js';

function describe(token: Token): string {
  if (token.kind === 'eof') return 'end of expression';
  if (token.kind === 'string') return 'string literal';
  if (token.kind === 'number') return `number ${token.text}`;
  if (token.kind === 'var') return `$${token.text}`;
  if (token.kind === 'field') return `.${token.text}`;
  if (token.kind === 'format') return `@${token.text}`;
  return `'${token.text}'`;
}

const CLOSERS: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

export class TokenStream {
  protected index = 0;
  constructor(protected readonly tokens: Token[]) {}

  peek(ahead = 0): Token {
    return this.tokens[Math.min(this.index + ahead, this.tokens.length - 1)]!;
  }
  next(): Token {
    const token = this.peek();
    if (this.index < this.tokens.length - 1) this.index++;
    return token;
  }
  /** Replaces the current token (`elif` is re-read as the `if` of a nested conditional). */
  replaceCurrent(token: Token): void {
    this.tokens[this.index] = token;
  }
  /** Steps back one token, so an error can point at the token just read. */
  back(): void {
    this.index--;
  }
  isOp(text: string, ahead = 0): boolean {
    const token = this.peek(ahead);
    return token.kind === 'op' && token.text === text;
  }
  isWord(text: string): boolean {
    const token = this.peek();
    return token.kind === 'ident' && token.text === text;
  }
  fail(expecting: string): never {
    const token = this.peek();
    const unclosed = token.kind === 'eof' ? this.findUnclosedBracket() : undefined;
    // At the end of the expression, the place to look is the bracket left open, not the end.
    if (unclosed) throw syntaxError(`unclosed '${unclosed.text}': the expression ends before its closing '${CLOSERS[unclosed.text]}'`, unclosed.start);
    throw syntaxError(`unexpected ${describe(token)}, expecting ${expecting}`, token.start);
  }
  /** The innermost `(`, `[` or `{` read so far that no bracket closes. */
  private findUnclosedBracket(): Token | undefined {
    const open: Token[] = [];
    for (const token of this.tokens.slice(0, this.index)) {
      if (token.kind !== 'op') continue;
      if (token.text in CLOSERS) open.push(token);
      else if (open.length > 0 && CLOSERS[open.at(-1)!.text] === token.text) open.pop();
    }
    return open.at(-1);
  }
  expectOp(text: string): Token {
    if (!this.isOp(text)) this.fail(`'${text}'`);
    return this.next();
  }
  expectWord(text: string): Token {
    if (!this.isWord(text)) this.fail(`'${text}'`);
    return this.next();
  }
  expectEnd(): void {
    if (this.peek().kind !== 'eof') this.fail('end of expression');
  }
}

/** What the object, string and pattern parsers need from the expression parser. */
export interface ExpressionParser extends TokenStream {
  parsePipe(): Node;
  parseBinary(minPrec: number): Node;
  /** Parses the tokens of a string interpolation `\\(...)` as a whole expression. */
  parseSubExpression(tokens: Token[]): Node;
}
