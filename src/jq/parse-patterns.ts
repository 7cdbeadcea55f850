/** Destructuring patterns after `as`: `$x`, `[$a, $b]`, `{$a, b: $c, (expr): $d}`, and `?//` alternatives. */
import type { Node, ObjectPatternEntry, Pattern } from './ast.js';
import { syntaxError } from './lexer.js';
import { parseString } from './parse-object.js';
import type { ExpressionParser } from './token-stream.js';

export function parsePatterns(p: ExpressionParser): Pattern[] {
  const patterns = [parsePattern(p)];
  while (p.isOp('?') && p.isOp('//', 1) && p.peek().end === p.peek(1).start) {
    p.next();
    p.next();
    patterns.push(parsePattern(p));
  }
  return patterns;
}

export function parsePattern(p: ExpressionParser): Pattern {
  const token = p.peek();
  const start = token.start;
  if (token.kind === 'var') {
    p.next();
    return { type: 'VarPattern', name: token.text, start };
  }
  if (p.isOp('[')) {
    p.next();
    const elements: Pattern[] = [parsePattern(p)];
    while (p.isOp(',')) {
      p.next();
      elements.push(parsePattern(p));
    }
    p.expectOp(']');
    return { type: 'ArrayPattern', elements, start };
  }
  if (p.isOp('{')) {
    p.next();
    const entries: ObjectPatternEntry[] = [];
    do {
      if (p.isOp(',')) p.next();
      entries.push(parseObjectPatternEntry(p));
    } while (p.isOp(','));
    p.expectOp('}');
    return { type: 'ObjectPattern', entries, start };
  }
  return p.fail('a pattern ($name, [...] or {...})');
}

export function parseObjectPatternEntry(p: ExpressionParser): ObjectPatternEntry {
  const token = p.peek();
  const start = token.start;
  if (token.kind === 'var') {
    p.next();
    const key: Node = { type: 'Literal', value: token.text, start };
    if (p.isOp(':')) {
      p.next();
      return { key, keyVar: token.text, value: parsePattern(p) };
    }
    return { key, keyVar: token.text };
  }
  let key: Node;
  if (token.kind === 'ident') {
    p.next();
    key = { type: 'Literal', value: token.text, start };
  } else if (token.kind === 'string') {
    key = parseString(p, undefined);
  } else if (p.isOp('(')) {
    p.next();
    const keyStart = p.peek().start;
    key = p.parsePipe();
    p.expectOp(')');
    if (key.type === 'Literal' && typeof key.value !== 'string') {
      throw syntaxError(`Cannot use ${key.value === null ? 'null' : typeof key.value} (${JSON.stringify(key.value)}) as object key`, keyStart);
    }
  } else {
    return p.fail('an object pattern key');
  }
  p.expectOp(':');
  return { key, value: parsePattern(p) };
}
