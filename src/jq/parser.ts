/**
 * A precedence-climbing parser for jq, following the grammar and operator precedences of
 * jq's parser.y (lowest first: `|`, `,`, `//`, assignments, `or`, `and`, comparisons, `+ -`, `* / %`).
 */
import type { AssignOp, BinaryOp, Node } from './ast.js';
import { lexExpression, type Token } from './lexer.js';
import { parseObject, parseString } from './parse-object.js';
import { parsePatterns } from './parse-patterns.js';
import { parseFold, parseFuncDef, parseIf } from './parse-keywords.js';
import { KEYWORDS } from './keywords.js';
import { optionalAccess } from './optional-access.js';
import { TokenStream, type ExpressionParser } from './token-stream.js';
import { JqCompileError } from './engine.js';

interface OperatorInfo {
  prec: number;
  assoc: 'left' | 'right' | 'none';
}

const BINARY: Record<string, OperatorInfo> = {
  '//': { prec: 3, assoc: 'right' },
  '=': { prec: 4, assoc: 'none' },
  '|=': { prec: 4, assoc: 'none' },
  '+=': { prec: 4, assoc: 'none' },
  '-=': { prec: 4, assoc: 'none' },
  '*=': { prec: 4, assoc: 'none' },
  '/=': { prec: 4, assoc: 'none' },
  '%=': { prec: 4, assoc: 'none' },
  '//=': { prec: 4, assoc: 'none' },
  or: { prec: 5, assoc: 'left' },
  and: { prec: 6, assoc: 'left' },
  '==': { prec: 7, assoc: 'none' },
  '!=': { prec: 7, assoc: 'none' },
  '<': { prec: 7, assoc: 'none' },
  '<=': { prec: 7, assoc: 'none' },
  '>': { prec: 7, assoc: 'none' },
  '>=': { prec: 7, assoc: 'none' },
  '+': { prec: 8, assoc: 'left' },
  '-': { prec: 8, assoc: 'left' },
  '*': { prec: 9, assoc: 'left' },
  '/': { prec: 9, assoc: 'left' },
  '%': { prec: 9, assoc: 'left' },
};

/** Parses a whole jq program; throws JqCompileError{kind:'syntax', offset} on the first error. */
export function parseExpression(source: string): Node {
  const parser = new Parser(lexExpression(source));
  const node = parser.parsePipe();
  parser.expectEnd();
  return node;
}

class Parser extends TokenStream implements ExpressionParser {
  parseSubExpression(tokens: Token[]): Node {
    const inner = new Parser(tokens);
    const node = inner.parsePipe();
    inner.expectEnd();
    return node;
  }

  parsePipe(): Node {
    const start = this.peek().start;
    if (this.isWord('def')) {
      const def = parseFuncDef(this);
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
    const patterns = parsePatterns(this);
    this.expectOp('|');
    return { type: 'Bind', source, patterns, body: this.parsePipe(), start };
  }

  private binaryOperator(): { text: string; info: OperatorInfo } | undefined {
    const token = this.peek();
    if (token.kind !== 'op' && !(token.kind === 'ident' && (token.text === 'and' || token.text === 'or'))) return undefined;
    const info = BINARY[token.text];
    return info ? { text: token.text, info } : undefined;
  }

  parseBinary(minPrec: number): Node {
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
    // `(.a.b)?` tries the whole term; `.a.b?` only its last access (see optionalAccess).
    const parenthesized = this.isOp('(');
    let term = this.parsePrimary();
    let lastIsAccess = !parenthesized && (term.type === 'Index' || term.type === 'Slice' || term.type === 'Iterate');
    for (;;) {
      const token = this.peek();
      if (token.kind === 'field') {
        this.next();
        term = { type: 'Index', target: term, index: { type: 'Literal', value: token.text, start: token.start }, start: token.start };
        lastIsAccess = true;
      } else if (token.kind === 'op' && token.text === '.' && this.peek(1).kind === 'string') {
        this.next();
        term = { type: 'Index', target: term, index: parseString(this, undefined), start: token.start };
        lastIsAccess = true;
      } else if (token.kind === 'op' && token.text === '.' && this.isOp('[', 1)) {
        this.next();
      } else if (token.kind === 'op' && token.text === '[') {
        term = this.parseBracketSuffix(term);
        lastIsAccess = true;
      } else if (token.kind === 'op' && token.text === '?') {
        this.next();
        term = lastIsAccess ? optionalAccess(term, token.start) : { type: 'Try', body: term, handler: undefined, start: token.start };
        lastIsAccess = false;
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
        return parseString(this, undefined);
      case 'format':
        this.next();
        if (this.peek().kind === 'string') return parseString(this, token.text, start);
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
          return { type: 'Index', target: { type: 'Identity', start }, index: parseString(this, undefined), start };
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
        return parseObject(this);
      default:
        return this.fail('an expression');
    }
  }

  private parseWord(token: Token): Node {
    const start = token.start;
    switch (token.text) {
      case 'null':
      case 'true':
      case 'false':
        if (this.isOp('(', 1)) break;
        this.next();
        return { type: 'Literal', value: token.text === 'null' ? null : token.text === 'true', start };
      case 'if':
        return parseIf(this);
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
      case 'reduce':
      case 'foreach':
        return parseFold(this, token.text);
      case 'def': {
        const def = parseFuncDef(this);
        return { ...def, rest: this.parsePipe() };
      }
      case 'label':
        return this.parsePipe();
      case 'import':
      case 'include':
      case 'module':
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
}

function makeBinary(op: string, left: Node, right: Node, start: number): Node {
  switch (op) {
    case 'and':
      return { type: 'And', left, right, start };
    case 'or':
      return { type: 'Or', left, right, start };
    case '//':
      return { type: 'Alt', left, right, start };
    case '=':
    case '|=':
    case '+=':
    case '-=':
    case '*=':
    case '/=':
    case '%=':
    case '//=':
      return { type: 'Assign', op: op as AssignOp, left, right, start };
    default:
      return { type: 'Binary', op: op as BinaryOp, left, right, start };
  }
}
