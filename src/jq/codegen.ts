/**
 * The fast path: a one-output expression (`{id: .id, email: (.email // ""), admin: (.role ==
 * "owner" or .role == "admin")}`) is turned into the source of ONE JavaScript function, so V8
 * inlines field reads, `//`, `==` and object literals instead of calling a closure per AST node.
 * Sub-expressions it does not generate are called through their compiled closure. Keys and
 * literals are embedded with JSON.stringify; no expression text reaches the generated source.
 */
import type { Node } from './ast.js';
import { addValues, divideValues, moduloValues, multiplyValues, negateValue, subtractValues } from './operators.js';
import { indexValue, iterateValues } from './path-ops.js';
import { checkFinite, countStep, JqThrow, type Compiled, type Single } from './runtime.js';
import { compareValues, equalValues, isTruthy, type Json } from './values.js';

/** Helpers the generated code calls. */
const HELPERS = {
  JqThrow,
  finite: checkFinite,
  index: indexValue,
  iterate: iterateValues,
  step: countStep,
  truthy: isTruthy,
  neg: negateValue,
  eq: (a: Json, b: Json): boolean => a === b || equalValues(a, b),
  bin: {
    '+': addValues,
    '-': subtractValues,
    '*': multiplyValues,
    '/': divideValues,
    '%': moduloValues,
    '!=': (a: Json, b: Json): boolean => !equalValues(a, b),
    '<': (a: Json, b: Json): boolean => compareValues(a, b) < 0,
    '<=': (a: Json, b: Json): boolean => compareValues(a, b) <= 0,
    '>': (a: Json, b: Json): boolean => compareValues(a, b) > 0,
    '>=': (a: Json, b: Json): boolean => compareValues(a, b) >= 0,
  } as Record<string, (a: Json, b: Json) => Json>,
};

const compiledNodes = new WeakMap<Node, Compiled>();

/** Compiled calls of the native `map` (not a user's own `def map`), which generate as a loop. */
export const nativeMaps = new WeakSet<Compiled>();

export function rememberCompiled(node: Node, compiled: Compiled): Compiled {
  compiledNodes.set(node, compiled);
  return compiled;
}

class CannotGenerate extends Error {}

function literal(value: unknown): string {
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return 'H.finite(NaN)';
    if (!Number.isFinite(value)) return value > 0 ? 'H.finite(Infinity)' : 'H.finite(-Infinity)';
    if (Object.is(value, -0)) return '-0';
  }
  return JSON.stringify(value);
}

const isPlainKey = (key: string): boolean => !(key in Object.prototype);

class Generator {
  private lines: string[] = [];
  private temps = 0;
  readonly externals: Single[] = [];

  temp(): string {
    return `t${this.temps++}`;
  }
  declarations(): string {
    return this.temps === 0 ? '' : `let ${Array.from({ length: this.temps }, (_, i) => `t${i}`).join(', ')};`;
  }
  emit(line: string): void {
    this.lines.push(line);
  }
  body(): string {
    return this.lines.join('\n');
  }

  /** Code that evaluates `node` and assigns it to `target`, as a separate block. */
  block(node: Node, input: string, target: string): string {
    const saved = this.lines;
    this.lines = [];
    const value = this.expr(node, input);
    this.lines.push(`${target} = ${value};`);
    const code = this.lines.join('\n');
    this.lines = saved;
    return code;
  }

  private external(node: Node, input: string): string {
    const single = compiledNodes.get(node)?.single;
    if (!single) throw new CannotGenerate();
    this.externals.push(single);
    return `E[${this.externals.length - 1}](${input}, env)`;
  }

  private store(value: string): string {
    const t = this.temp();
    this.emit(`${t} = ${value};`);
    return t;
  }

  expr(node: Node, input: string): string {
    // Only one-output expressions are generated; their sub-expressions are one-output too,
    // except inside `[...]` and `map`, which check before generating a loop.
    if (!compiledNodes.get(node)?.single) throw new CannotGenerate();
    switch (node.type) {
      case 'Identity':
        return input;
      case 'Literal':
        return literal(node.value);
      case 'Index': {
        if (node.index.type === 'Literal' && typeof node.index.value === 'string' && isPlainKey(node.index.value)) {
          const key = JSON.stringify(node.index.value);
          const t = this.store(this.expr(node.target, input));
          return `(${t} !== null && typeof ${t} === 'object' && !Array.isArray(${t}) ? (${t}[${key}] ?? null) : H.index(${t}, ${key}))`;
        }
        const key = this.store(this.expr(node.index, input));
        return `H.index(${this.expr(node.target, input)}, ${key})`;
      }
      case 'Pipe':
        return this.expr(node.right, this.store(this.expr(node.left, input)));
      case 'Alt': {
        // An error of the left side propagates, as in jq (see compileAlt).
        const r = this.store(this.expr(node.left, input));
        this.emit(`if (${r} === null || ${r} === false) {\n${this.block(node.right, input, r)}\n}`);
        return r;
      }
      case 'And':
      case 'Or': {
        const r = this.store(`H.truthy(${this.expr(node.left, input)})`);
        const right = this.block(node.right, input, r);
        this.emit(`if (${node.type === 'And' ? '' : '!'}${r}) {\n${right}\n${r} = H.truthy(${r});\n}`);
        return r;
      }
      case 'Binary': {
        const right = this.store(this.expr(node.right, input));
        const left = this.expr(node.left, input);
        return node.op === '==' ? `H.eq(${left}, ${right})` : `H.bin[${JSON.stringify(node.op)}](${left}, ${right})`;
      }
      case 'Neg':
        return `H.neg(${this.expr(node.body, input)})`;
      case 'If': {
        if (!node.otherwise) return this.external(node, input);
        const r = this.temp();
        const cond = this.expr(node.cond, input);
        this.emit(`if (H.truthy(${cond})) {\n${this.block(node.then, input, r)}\n} else {\n${this.block(node.otherwise, input, r)}\n}`);
        return r;
      }
      case 'Try': {
        if (!node.handler) return this.external(node, input);
        const r = this.temp();
        const caught = this.temp();
        this.emit(
          `try {\n${this.block(node.body, input, r)}\n} catch (e) { if (!(e instanceof H.JqThrow)) throw e; ${caught} = e.value;\n${this.block(node.handler, caught, r)}\n}`,
        );
        return r;
      }
      case 'Object':
        return this.object(node, input);
      case 'Array':
        return this.array(node, input);
      case 'Call': {
        const compiled = compiledNodes.get(node);
        if (node.name === 'limit' && node.args.length === 2 && compiled?.single === compiledNodes.get(node.args[1]!)?.single) {
          return this.expr(node.args[1]!, input);
        }
        if (compiled && nativeMaps.has(compiled) && compiledNodes.get(node.args[0]!)?.single) {
          return this.loop(input, node.args[0]!);
        }
        return this.external(node, input);
      }
      default:
        return this.external(node, input);
    }
  }

  private object(node: Extract<Node, { type: 'Object' }>, input: string): string {
    const fields: string[] = [];
    for (const entry of node.entries) {
      if (entry.key.type !== 'Literal' || typeof entry.key.value !== 'string') return this.external(node, input);
      const key = JSON.stringify(entry.key.value);
      const value = this.store(this.expr(entry.value, input));
      fields.push(`${entry.key.value === '__proto__' ? `[${key}]` : key}: ${value}`);
    }
    return `{ ${fields.join(', ')} }`;
  }

  private array(node: Extract<Node, { type: 'Array' }>, input: string): string {
    if (!node.body) return '[]';
    const parts = commaParts(node.body);
    if (parts.every((part) => compiledNodes.get(part)?.single)) {
      return `[${parts.map((part) => this.store(this.expr(part, input))).join(', ')}]`;
    }
    const body = node.body;
    if (body.type === 'Pipe' && body.left.type === 'Iterate' && compiledNodes.get(body.right)?.single) {
      return this.loop(this.store(this.expr(body.left.target, input)), body.right);
    }
    return this.external(node, input);
  }

  /** `[T[] | f]` (and `map(f)`) as a for loop over T's values. */
  private loop(target: string, each: Node): string {
    const values = this.store(`H.iterate(${target})`);
    const out = this.store(`new Array(${values}.length)`);
    const i = this.temp();
    const item = this.temp();
    this.emit(`for (${i} = 0; ${i} < ${values}.length; ${i}++) {\nH.step();\n${item} = ${values}[${i}];\n${this.block(each, item, `${out}[${i}]`)}\n}`);
    return out;
  }
}

function commaParts(node: Node): Node[] {
  return node.type === 'Comma' ? [...commaParts(node.left), ...commaParts(node.right)] : [node];
}

/** A generated function equivalent to `compiled.single` for `node`, or undefined when not worth it. */
export function generateSingle(node: Node): Single | undefined {
  if (!compiledNodes.get(node)?.single) return undefined;
  const generator = new Generator();
  let value: string;
  try {
    value = generator.expr(node, 'input');
  } catch (error) {
    if (error instanceof CannotGenerate) return undefined;
    throw error;
  }
  const source = `return function generated(input, env) {\n${generator.declarations()}\n${generator.body()}\nreturn ${value};\n};`;
  const factory = new Function('H', 'E', source) as (h: typeof HELPERS, e: Single[]) => Single;
  return factory(HELPERS, generator.externals);
}
