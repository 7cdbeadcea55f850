/** The keyword forms: `def`, `if ... elif ... else ... end`, `reduce` and `foreach`. */
import type { Node } from './ast.js';
import { KEYWORDS } from './keywords.js';
import { parsePattern } from './parse-patterns.js';
import type { ExpressionParser } from './token-stream.js';

export function parseFuncDef(p: ExpressionParser): Extract<Node, { type: 'FuncDef' }> {
  const start = p.expectWord('def').start;
  const name = p.peek();
  if (name.kind !== 'ident' || KEYWORDS.has(name.text)) p.fail('a function name');
  p.next();
  const params: string[] = [];
  if (p.isOp('(')) {
    p.next();
    for (;;) {
      const param = p.next();
      if (param.kind === 'var') params.push(`$${param.text}`);
      else if (param.kind === 'ident' && !KEYWORDS.has(param.text)) params.push(param.text);
      else {
        p.back();
        p.fail('a parameter name');
      }
      if (p.isOp(';')) p.next();
      else break;
    }
    p.expectOp(')');
  }
  p.expectOp(':');
  const body = p.parsePipe();
  p.expectOp(';');
  return { type: 'FuncDef', name: name.text, params, body, rest: { type: 'Identity', start }, start };
}

export function parseIf(p: ExpressionParser): Node {
  const start = p.expectWord('if').start;
  const cond = p.parsePipe();
  p.expectWord('then');
  const then = p.parsePipe();
  if (p.isWord('elif')) {
    const elifStart = p.peek().start;
    p.replaceCurrent({ ...p.peek(), text: 'if' });
    const otherwise = parseIfTail(p, elifStart);
    return { type: 'If', cond, then, otherwise, start };
  }
  let otherwise: Node | undefined;
  if (p.isWord('else')) {
    p.next();
    otherwise = p.parsePipe();
  }
  p.expectWord('end');
  return { type: 'If', cond, then, otherwise, start };
}

/** `elif ... end` is parsed as a nested `if` sharing the outer `end`. */
export function parseIfTail(p: ExpressionParser, start: number): Node {
  const node = parseIf(p);
  return { ...node, start };
}

export function parseFold(p: ExpressionParser, keyword: string): Node {
  const start = p.next().start;
  const source = p.parseBinary(3);
  p.expectWord('as');
  const pattern = parsePattern(p);
  p.expectOp('(');
  const init = p.parsePipe();
  p.expectOp(';');
  const update = p.parsePipe();
  let extract: Node | undefined;
  if (keyword === 'foreach' && p.isOp(';')) {
    p.next();
    extract = p.parsePipe();
  }
  p.expectOp(')');
  if (keyword === 'reduce') return { type: 'Reduce', source, pattern, init, update, start };
  return { type: 'Foreach', source, pattern, init, update, extract, start };
}
