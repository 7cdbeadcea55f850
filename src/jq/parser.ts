/**
 * A precedence-climbing parser for jq, following the grammar and operator precedences of
 * jq's parser.y (lowest first: `|`, `,`, `//`, assignments, `or`, `and`, comparisons, `+ -`, `* / %`).
 */
import type { AssignOp, BinaryOp, Node, ObjectEntry, ObjectPatternEntry, Pattern, StringPart } from './ast.js';
import { lexExpression, syntaxError, type Token } from './lexer.js';
import { JqCompileError } from './engine.js';

const KEYWORDS = new Set([
  'def', 'if', 'then', 'elif', 'else', 'end', 'as', 'reduce', 'foreach', 'try', 'catch', 'label',
  'import', 'include', 'and', 'or', '__loc__',
]);

interface OperatorInfo {
  prec: number;
  assoc: 'left' | 'right' | 'none';
}

const BINARY: Record<string, OperatorInfo> = {
  '//': { prec: 3, assoc: 'right' },
  '=': { prec: 4, assoc: 'none' }, '|=': { prec: 4, assoc: 'none' }, '+=': { prec: 4, assoc: 'none' },
  '-=': { prec: 4, assoc: 'none' }, '*=': { prec: 4, assoc: 'none' }, '/=': { prec: 4, assoc: 'none' },
  '%=': { prec: 4, assoc: 'none' }, '//=': { prec: 4, assoc: 'none' },
  or: { prec: 5, assoc: 'left' },
  and: { prec: 6, assoc: 'left' },
  '==': { prec: 7, assoc: 'none' }, '!=': { prec: 7, assoc: 'none' }, '<': { prec: 7, assoc: 'none' },
  '<=': { prec: 7, assoc: 'none' }, '>': { prec: 7, assoc: 'none' }, '>=': { prec: 7, assoc: 'none' },
  '+': { prec: 8, assoc: 'left' }, '-': { prec: 8, assoc: 'left' },
  '*': { prec: 9, assoc: 'left' }, '/': { prec: 9, assoc: 'left' }, '%': { prec: 9, assoc: 'left' },
};

/** Parses a whole jq program; throws JqCompileError{kind:'syntax', offset} on the first error. */
export function parseExpression(source: string): Node {
  const parser = new Parser(lexExpression(source));
  const node = parser.parsePipe();
  parser.expectEnd();
  return node;
}

function describe(token: Token): string {
  if (token.kind === 'eof') return 'end of expression';
  if (token.kind === 'string') return 'string literal';
  if (token.kind === 'number') return `number ${token.text}`;
  if (token.kind === 'var') return `$${token.text}`;
  if (token.kind === 'field') return `.${token.text}`;
  if (token.kind === 'format') return `@${token.text}`;
  return `'${token.text}'`;
}

class Parser {
  private index = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(ahead = 0): Token {
    return this.tokens[Math.min(this.index + ahead, this.tokens.length - 1)]!;
  }
  private next(): Token {
    const token = this.peek();
    if (this.index < this.tokens.length - 1) this.index++;
    return token;
  }
  private isOp(text: string, ahead = 0): boolean {
    const token = this.peek(ahead);
    return token.kind === 'op' && token.text === text;
  }
  private isWord(text: string): boolean {
    const token = this.peek();
    return token.kind === 'ident' && token.text === text;
  }
  private fail(expecting: string): never {
    const token = this.peek();
    throw syntaxError(`unexpected ${describe(token)}, expecting ${expecting}`, token.start);
  }
  private expectOp(text: string): Token {
    if (!this.isOp(text)) this.fail(`'${text}'`);
    return this.next();
  }
  private expectWord(text: string): Token {
    if (!this.isWord(text)) this.fail(`'${text}'`);
    return this.next();
  }
  expectEnd(): void {
    if (this.peek().kind !== 'eof') this.fail('end of expression');
  }

  parsePipe(): Node {
    const start = this.peek().start;
    if (this.isWord('def')) {
      const def = this.parseFuncDef();
      return { ...def, rest: this.parsePipe() };
    }
    if (this.isWord('label')) {
      this.next();
      const name = this.peek();
      if (name.kind !== 'var') this.fail('$name after label');
      this.next();
      this.expectOp('|');
      return { type: 'Label', name: name.text, body: this.parsePipe(), start };
    }
    const left = this.parseComma();
    if (this.isOp('|')) {
      this.next();
      return { type: 'Pipe', left, right: this.parsePipe(), start };
    }
    return left;
  }

  private parseFuncDef(): Extract<Node, { type: 'FuncDef' }> {
    const start = this.expectWord('def').start;
    const name = this.peek();
    if (name.kind !== 'ident' || KEYWORDS.has(name.text)) this.fail('a function name');
    this.next();
    const params: string[] = [];
    if (this.isOp('(')) {
      this.next();
      for (;;) {
        const param = this.next();
        if (param.kind === 'var') params.push(`$${param.text}`);
        else if (param.kind === 'ident' && !KEYWORDS.has(param.text)) params.push(param.text);
        else {
          this.index--;
          this.fail('a parameter name');
        }
        if (this.isOp(';')) this.next();
        else break;
      }
      this.expectOp(')');
    }
    this.expectOp(':');
    const body = this.parsePipe();
    this.expectOp(';');
    return { type: 'FuncDef', name: name.text, params, body, rest: { type: 'Identity', start }, start };
  }

  private parseComma(): Node {
    let left = this.parseBound();
    while (this.isOp(',')) {
      const start = this.next().start;
      left = { type: 'Comma', left, right: this.parseBound(), start };
    }
    return left;
  }

  /** jq 1.8: `1 + 2 as $x | body` binds the whole `1 + 2`; the body runs to the end of the pipe. */
  private parseBound(): Node {
    const source = this.parseBinary(3);
    if (!this.isWord('as')) return source;
    const start = this.next().start;
    const patterns = this.parsePatterns();
    this.expectOp('|');
    return { type: 'Bind', source, patterns, body: this.parsePipe(), start };
  }

  private binaryOperator(): { text: string; info: OperatorInfo } | undefined {
    const token = this.peek();
    if (token.kind !== 'op' && !(token.kind === 'ident' && (token.text === 'and' || token.text === 'or'))) return undefined;
    const info = BINARY[token.text];
    return info ? { text: token.text, info } : undefined;
  }

  private parseBinary(minPrec: number): Node {
    let left = this.parseUnary();
    for (;;) {
      const op = this.binaryOperator();
      if (!op || op.info.prec < minPrec) return left;
      const opToken = this.next();
      const right = this.parseBinary(op.info.assoc === 'right' ? op.info.prec : op.info.prec + 1);
      left = makeBinary(op.text, left, right, opToken.start);
      if (op.info.assoc === 'none') {
        const again = this.binaryOperator();
        if (again && again.info.prec === op.info.prec) this.fail('an operator of different precedence (add parentheses)');
      }
    }
  }

  private parseUnary(): Node {
    if (this.isOp('-')) {
      const start = this.next().start;
      return { type: 'Neg', body: this.parseUnary(), start };
    }
    return this.parsePostfix();
  }

  parsePostfix(): Node {
    let term = this.parsePrimary();
    for (;;) {
      const token = this.peek();
      if (token.kind === 'field') {
        this.next();
        term = { type: 'Index', target: term, index: { type: 'Literal', value: token.text, start: token.start }, start: token.start };
      } else if (token.kind === 'op' && token.text === '.' && this.peek(1).kind === 'string') {
        this.next();
        term = { type: 'Index', target: term, index: this.parseString(undefined), start: token.start };
      } else if (token.kind === 'op' && token.text === '.' && this.isOp('[', 1)) {
        this.next();
      } else if (token.kind === 'op' && token.text === '[') {
        term = this.parseBracketSuffix(term);
      } else if (token.kind === 'op' && token.text === '?') {
        this.next();
        term = { type: 'Try', body: term, handler: undefined, start: token.start };
      } else {
        return term;
      }
    }
  }

  private parseBracketSuffix(target: Node): Node {
    const start = this.expectOp('[').start;
    if (this.isOp(']')) {
      this.next();
      return { type: 'Iterate', target, start };
    }
    if (this.isOp(':')) {
      this.next();
      const to = this.parsePipe();
      this.expectOp(']');
      return { type: 'Slice', target, from: undefined, to, start };
    }
    const index = this.parsePipe();
    if (this.isOp(':')) {
      this.next();
      const to = this.isOp(']') ? undefined : this.parsePipe();
      this.expectOp(']');
      return { type: 'Slice', target, from: index, to, start };
    }
    this.expectOp(']');
    return { type: 'Index', target, index, start };
  }

  private parsePrimary(): Node {
    const token = this.peek();
    const start = token.start;
    switch (token.kind) {
      case 'number':
        this.next();
        return { type: 'Literal', value: token.number, start };
      case 'string':
        return this.parseString(undefined);
      case 'format':
        this.next();
        if (this.peek().kind === 'string') return this.parseString(token.text, start);
        return { type: 'Format', name: token.text, start };
      case 'field':
        this.next();
        return { type: 'Index', target: { type: 'Identity', start }, index: { type: 'Literal', value: token.text, start }, start };
      case 'var':
        this.next();
        return { type: 'Var', name: token.text, start };
      case 'ident':
        return this.parseWord(token);
      case 'op':
        return this.parsePunctuation(token);
      default:
        return this.fail('an expression');
    }
  }

  private parsePunctuation(token: Token): Node {
    const start = token.start;
    switch (token.text) {
      case '.':
        this.next();
        if (this.peek().kind === 'string') {
          return { type: 'Index', target: { type: 'Identity', start }, index: this.parseString(undefined), start };
        }
        return { type: 'Identity', start };
      case '..':
        this.next();
        return { type: 'RecurseAll', start };
      case '(': {
        this.next();
        const inner = this.parsePipe();
        this.expectOp(')');
        return inner;
      }
      case '[': {
        this.next();
        if (this.isOp(']')) {
          this.next();
          return { type: 'Array', body: undefined, start };
        }
        const body = this.parsePipe();
        this.expectOp(']');
        return { type: 'Array', body, start };
      }
      case '{':
        return this.parseObject();
      default:
        return this.fail('an expression');
    }
  }

  private parseWord(token: Token): Node {
    const start = token.start;
    switch (token.text) {
      case 'null': case 'true': case 'false':
        if (this.isOp('(', 1)) break;
        this.next();
        return { type: 'Literal', value: token.text === 'null' ? null : token.text === 'true', start };
      case 'if':
        return this.parseIf();
      case 'try': {
        this.next();
        const body = this.parsePostfixBody();
        let handler: Node | undefined;
        if (this.isWord('catch')) {
          this.next();
          handler = this.parsePostfixBody();
        }
        return { type: 'Try', body, handler, start };
      }
      case 'reduce': case 'foreach':
        return this.parseFold(token.text);
      case 'def': {
        const def = this.parseFuncDef();
        return { ...def, rest: this.parsePipe() };
      }
      case 'label':
        return this.parsePipe();
      case 'import': case 'include':
        throw new JqCompileError(`modules are not supported (${token.text})`, { kind: 'unsupported', offset: start, construct: token.text });
      case 'break': {
        this.next();
        const name = this.peek();
        if (name.kind !== 'var') this.fail('$name after break');
        this.next();
        return { type: 'Break', name: name.text, start };
      }
      default:
        break;
    }
    if (KEYWORDS.has(token.text)) this.fail('an expression');
    this.next();
    const args: Node[] = [];
    if (this.isOp('(')) {
      this.next();
      args.push(this.parsePipe());
      while (this.isOp(';')) {
        this.next();
        args.push(this.parsePipe());
      }
      this.expectOp(')');
    }
    return { type: 'Call', name: token.text, args, start };
  }

  /** The operand of `try`/`catch` and of `-`: a postfix term (jq gives `try` the highest precedence). */
  private parsePostfixBody(): Node {
    if (this.isOp('-')) {
      const start = this.next().start;
      return { type: 'Neg', body: this.parsePostfixBody(), start };
    }
    return this.parsePostfix();
  }

  private parseIf(): Node {
    const start = this.expectWord('if').start;
    const cond = this.parsePipe();
    this.expectWord('then');
    const then = this.parsePipe();
    if (this.isWord('elif')) {
      const elifStart = this.peek().start;
      this.tokens[this.index] = { ...this.peek(), text: 'if' };
      const otherwise = this.parseIfTail(elifStart);
      return { type: 'If', cond, then, otherwise, start };
    }
    let otherwise: Node | undefined;
    if (this.isWord('else')) {
      this.next();
      otherwise = this.parsePipe();
    }
    this.expectWord('end');
    return { type: 'If', cond, then, otherwise, start };
  }

  /** `elif ... end` is parsed as a nested `if` sharing the outer `end`. */
  private parseIfTail(start: number): Node {
    const node = this.parseIf();
    return { ...node, start };
  }

  private parseFold(keyword: string): Node {
    const start = this.next().start;
    const source = this.parseBinary(3);
    this.expectWord('as');
    const pattern = this.parsePattern();
    this.expectOp('(');
    const init = this.parsePipe();
    this.expectOp(';');
    const update = this.parsePipe();
    let extract: Node | undefined;
    if (keyword === 'foreach' && this.isOp(';')) {
      this.next();
      extract = this.parsePipe();
    }
    this.expectOp(')');
    if (keyword === 'reduce') return { type: 'Reduce', source, pattern, init, update, start };
    return { type: 'Foreach', source, pattern, init, update, extract, start };
  }

  private parseObject(): Node {
    const start = this.expectOp('{').start;
    const entries: ObjectEntry[] = [];
    while (!this.isOp('}')) {
      entries.push(this.parseObjectEntry());
      if (this.isOp(',')) this.next();
      else if (!this.isOp('}')) this.fail("',' or '}'");
    }
    this.next();
    return { type: 'Object', entries, start };
  }

  private parseObjectEntry(): ObjectEntry {
    const token = this.peek();
    const start = token.start;
    if (token.kind === 'var') {
      this.next();
      const variable: Node = { type: 'Var', name: token.text, start };
      if (this.isOp(':')) {
        this.next();
        return { key: variable, value: this.parseObjectValue() };
      }
      return { key: { type: 'Literal', value: token.text, start }, value: variable };
    }
    let key: Node;
    if (token.kind === 'ident') {
      this.next();
      key = { type: 'Literal', value: token.text, start };
    } else if (token.kind === 'number') {
      this.next();
      key = { type: 'Literal', value: token.number, start };
    } else if (token.kind === 'string') {
      key = this.parseString(undefined);
    } else if (token.kind === 'format' && this.peek(1).kind === 'string') {
      this.next();
      key = this.parseString(token.text, start);
    } else if (token.kind === 'op' && token.text === '(') {
      this.next();
      key = this.parsePipe();
      this.expectOp(')');
      this.expectOp(':');
      return { key, value: this.parseObjectValue() };
    } else {
      return this.fail('an object key');
    }
    if (!this.isOp(':')) {
      if (key.type === 'Literal' && typeof key.value === 'number') this.fail("':'");
      return { key, value: { type: 'Index', target: { type: 'Identity', start }, index: key, start } };
    }
    this.next();
    return { key, value: this.parseObjectValue() };
  }

  /** jq 1.8's object values: expressions without `,`, joined by `|`. */
  private parseObjectValue(): Node {
    const left = this.parseBinary(3);
    if (this.isOp('|')) {
      const start = this.next().start;
      return { type: 'Pipe', left, right: this.parseObjectValue(), start };
    }
    return left;
  }

  private parseString(format: string | undefined, formatStart?: number): Node {
    const token = this.next();
    if (token.kind !== 'string') {
      this.index--;
      this.fail('a string');
    }
    const parts: StringPart[] = [];
    for (const part of token.parts ?? []) {
      if (typeof part === 'string') parts.push(part);
      else {
        const inner = new Parser(part.tokens);
        const node = inner.parsePipe();
        inner.expectEnd();
        parts.push(node);
      }
    }
    const start = formatStart ?? token.start;
    if (format === undefined && parts.length === 1 && typeof parts[0] === 'string') {
      return { type: 'Literal', value: parts[0], start };
    }
    return { type: 'Str', parts, format, start };
  }

  private parsePatterns(): Pattern[] {
    const patterns = [this.parsePattern()];
    while (this.isOp('?') && this.isOp('//', 1) && this.peek().end === this.peek(1).start) {
      this.next();
      this.next();
      patterns.push(this.parsePattern());
    }
    return patterns;
  }

  private parsePattern(): Pattern {
    const token = this.peek();
    const start = token.start;
    if (token.kind === 'var') {
      this.next();
      return { type: 'VarPattern', name: token.text, start };
    }
    if (this.isOp('[')) {
      this.next();
      const elements: Pattern[] = [this.parsePattern()];
      while (this.isOp(',')) {
        this.next();
        elements.push(this.parsePattern());
      }
      this.expectOp(']');
      return { type: 'ArrayPattern', elements, start };
    }
    if (this.isOp('{')) {
      this.next();
      const entries: ObjectPatternEntry[] = [];
      do {
        if (this.isOp(',')) this.next();
        entries.push(this.parseObjectPatternEntry());
      } while (this.isOp(','));
      this.expectOp('}');
      return { type: 'ObjectPattern', entries, start };
    }
    return this.fail('a pattern ($name, [...] or {...})');
  }

  private parseObjectPatternEntry(): ObjectPatternEntry {
    const token = this.peek();
    const start = token.start;
    if (token.kind === 'var') {
      this.next();
      const key: Node = { type: 'Literal', value: token.text, start };
      if (this.isOp(':')) {
        this.next();
        return { key, keyVar: token.text, value: this.parsePattern() };
      }
      return { key, keyVar: token.text };
    }
    let key: Node;
    if (token.kind === 'ident') {
      this.next();
      key = { type: 'Literal', value: token.text, start };
    } else if (token.kind === 'string') {
      key = this.parseString(undefined);
    } else if (this.isOp('(')) {
      this.next();
      const keyStart = this.peek().start;
      key = this.parsePipe();
      this.expectOp(')');
      if (key.type === 'Literal' && typeof key.value !== 'string') {
        throw syntaxError(`Cannot use ${key.value === null ? 'null' : typeof key.value} (${JSON.stringify(key.value)}) as object key`, keyStart);
      }
    } else {
      return this.fail('an object pattern key');
    }
    this.expectOp(':');
    return { key, value: this.parsePattern() };
  }
}

function makeBinary(op: string, left: Node, right: Node, start: number): Node {
  switch (op) {
    case 'and': return { type: 'And', left, right, start };
    case 'or': return { type: 'Or', left, right, start };
    case '//': return { type: 'Alt', left, right, start };
    case '=': case '|=': case '+=': case '-=': case '*=': case '/=': case '%=': case '//=':
      return { type: 'Assign', op: op as AssignOp, left, right, start };
    default:
      return { type: 'Binary', op: op as BinaryOp, left, right, start };
  }
}
