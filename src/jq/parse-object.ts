/** Object construction `{a, "b": 1, (k): v, $x, $__loc__}` and string literals with interpolation. */
import type { Node, ObjectEntry, StringPart } from './ast.js';
import type { ExpressionParser } from './token-stream.js';

export function parseObject(p: ExpressionParser): Node {
  const start = p.expectOp('{').start;
  const entries: ObjectEntry[] = [];
  while (!p.isOp('}')) {
    entries.push(parseObjectEntry(p));
    if (p.isOp(',')) p.next();
    else if (!p.isOp('}')) p.fail("',' or '}'");
  }
  p.next();
  return { type: 'Object', entries, start };
}

export function parseObjectEntry(p: ExpressionParser): ObjectEntry {
  const token = p.peek();
  const start = token.start;
  if (token.kind === 'var') {
    p.next();
    const variable: Node = { type: 'Var', name: token.text, start };
    if (p.isOp(':')) {
      p.next();
      return { key: variable, value: parseObjectValue(p) };
    }
    return { key: { type: 'Literal', value: token.text, start }, value: variable };
  }
  let key: Node;
  if (token.kind === 'ident') {
    p.next();
    key = { type: 'Literal', value: token.text, start };
  } else if (token.kind === 'number') {
    p.next();
    key = { type: 'Literal', value: token.number, start };
  } else if (token.kind === 'string') {
    key = parseString(p, undefined);
  } else if (token.kind === 'format' && p.peek(1).kind === 'string') {
    p.next();
    key = parseString(p, token.text, start);
  } else if (token.kind === 'op' && token.text === '(') {
    p.next();
    key = p.parsePipe();
    p.expectOp(')');
    p.expectOp(':');
    return { key, value: parseObjectValue(p) };
  } else {
    return p.fail('an object key');
  }
  if (!p.isOp(':')) {
    if (key.type === 'Literal' && typeof key.value === 'number') p.fail("':'");
    return { key, value: { type: 'Index', target: { type: 'Identity', start }, index: key, start } };
  }
  p.next();
  return { key, value: parseObjectValue(p) };
}

/**
 * An object value: jq 1.8 accepts any expression without `,` (`{x: 1 + 2, z: null // 3}`, its
 * jq.test), joined by `|`; jq 1.6/1.7 accepted only terms there. `as` bindings, `def` and `label`
 * take the rest of the pipe, commas included, so they are refused unless in parentheses.
 */
export function parseObjectValue(p: ExpressionParser): Node {
  if (p.isWord('def') || p.isWord('label')) p.fail('an object value (put `def` and `label` in parentheses)');
  const left = p.parseBinary(3);
  if (p.isOp('|')) {
    const start = p.next().start;
    return { type: 'Pipe', left, right: parseObjectValue(p), start };
  }
  if (p.isWord('as')) p.fail("',' or '}' (put an object value with `as` in parentheses)");
  return left;
}

export function parseString(p: ExpressionParser, format: string | undefined, formatStart?: number): Node {
  const token = p.next();
  if (token.kind !== 'string') {
    p.back();
    p.fail('a string');
  }
  const parts: StringPart[] = [];
  for (const part of token.parts ?? []) {
    if (typeof part === 'string') parts.push(part);
    else parts.push(p.parseSubExpression(part.tokens));
  }
  const start = formatStart ?? token.start;
  if (format === undefined && parts.length === 1 && typeof parts[0] === 'string') {
    return { type: 'Literal', value: parts[0], start };
  }
  return { type: 'Str', parts, format, start };
}
