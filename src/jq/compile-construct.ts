/** Array and object construction, string interpolation and `@format`. */
import type { Node } from './ast.js';
import { compileNode } from './compile.js';
import { makeCompiled } from './compile-helpers.js';
import { FORMATS, toText } from './formats.js';
import { JqCompileError } from './engine.js';
import { budget, checkArrayLength, countStep, type Compiled, type Env, type Single } from './runtime.js';
import { iterateValues } from './path-ops.js';
import type { Scope } from './scope.js';
import { describeValue, fail, setField, type Json, type JsonObject } from './values.js';

export function compileArray(body: Compiled | undefined): Compiled {
  if (!body) return makeCompiled({ single: () => [] });
  const bs = body.single;
  if (bs) return makeCompiled({ single: (input, env) => [bs(input, env)] });
  const list = body.list;
  if (list) {
    const count = list.length;
    return makeCompiled({
      single: (input, env) => {
        const out: Json[] = new Array<Json>(count);
        for (let i = 0; i < count; i++) out[i] = list[i]!(input, env);
        return out;
      },
    });
  }
  const each = body.eachOf;
  if (each) {
    return makeCompiled({
      single: (input, env) => {
        const values = iterateValues(each.target(input, env));
        const out: Json[] = new Array<Json>(values.length);
        for (let i = 0; i < values.length; i++) {
          countStep();
          out[i] = each.map(values[i]!, env);
        }
        return out;
      },
    });
  }
  return makeCompiled({
    single: (input, env) => {
      const out: Json[] = [];
      body.run(input, env, (v) => {
        // Steps bound this too, but a host may raise maxSteps: the array's own cap still holds.
        if (out.length === budget.maxArrayLength) checkArrayLength(out.length + 1);
        out.push(v);
      });
      return out;
    },
  });
}

/**
 * `{a: f, b: g}` with static keys and one-output values becomes a generated object literal, so
 * V8 creates every record with one hidden class (a loop of `out[k] = v` is several times slower).
 * Keys are embedded with JSON.stringify, so no key text can inject code.
 */
function buildObjectLiteral(keys: string[], values: Single[]): Single {
  const fields = keys.map((key, i) => `${key === '__proto__' ? `[${JSON.stringify(key)}]` : JSON.stringify(key)}: v[${i}](input, env)`);
  const factory = new Function('v', `return function objectLiteral(input, env) { return { ${fields.join(', ')} }; };`) as (v: Single[]) => Single;
  return factory(values);
}

function checkKey(key: Json): string {
  if (typeof key !== 'string') fail(`Cannot use ${describeValue(key)} as object key`);
  return key;
}

export function compileObject(node: Extract<Node, { type: 'Object' }>, scope: Scope): Compiled {
  const entries = node.entries.map((entry) => {
    if (entry.key.type === 'Literal' && typeof entry.key.value !== 'string') {
      throw new JqCompileError(`Cannot use ${describeValue(entry.key.value as Json)} as object key`, {
        kind: 'syntax',
        offset: entry.key.start,
      });
    }
    return {
      staticKey: entry.key.type === 'Literal' ? (entry.key.value as string) : undefined,
      key: compileNode(entry.key, scope),
      value: compileNode(entry.value, scope),
    };
  });
  if (entries.every((e) => e.staticKey !== undefined && e.value.single)) {
    return makeCompiled({
      single: buildObjectLiteral(
        entries.map((e) => e.staticKey!),
        entries.map((e) => e.value.single!),
      ),
    });
  }
  const build = (input: Json, env: Env, at: number, partial: JsonObject, emit: (v: Json) => void): void => {
    if (at === entries.length) {
      emit({ ...partial });
      return;
    }
    const entry = entries[at]!;
    // jq checks the key when it inserts the pair, after the value is computed: a value with no
    // output means no error (`1 | {(.): empty}` yields nothing).
    entry.key.run(input, env, (key) => {
      entry.value.run(input, env, (value) => {
        const next: JsonObject = { ...partial };
        setField(next, checkKey(key), value);
        build(input, env, at + 1, next, emit);
      });
    });
  };
  return makeCompiled({ run: (input, env, emit) => build(input, env, 0, {}, emit) });
}

export function formatFunction(name: string, offset: number): (value: Json) => string {
  const format = FORMATS[name];
  if (!format) throw new JqCompileError(`${name} is not a valid format`, { kind: 'syntax', offset });
  return format;
}

export function compileFormat(name: string, offset: number): Compiled {
  const format = formatFunction(name, offset);
  return makeCompiled({ single: (input) => format(input) });
}

/** `"a\(x)b"`: jq builds it with `+`, so the last interpolation is the outermost loop. */
export function compileString(node: Extract<Node, { type: 'Str' }>, scope: Scope): Compiled {
  const format = node.format === undefined ? toText : formatFunction(node.format, node.start);
  const parts = node.parts.map((part) => (typeof part === 'string' ? part : compileNode(part, scope)));
  if (parts.every((p) => typeof p === 'string' || p.single)) {
    const singles = parts.map((p) => (typeof p === 'string' ? p : p.single!));
    const single: Single = (input, env) => {
      let out = '';
      for (const part of singles) out += typeof part === 'string' ? part : format(part(input, env));
      return out;
    };
    return makeCompiled({ single });
  }
  const build = (input: Json, env: Env, at: number, suffix: string, emit: (v: Json) => void): void => {
    if (at < 0) {
      emit(suffix);
      return;
    }
    const part = parts[at]!;
    if (typeof part === 'string') build(input, env, at - 1, part + suffix, emit);
    else part.run(input, env, (v) => build(input, env, at - 1, format(v) + suffix, emit));
  };
  return makeCompiled({ run: (input, env, emit) => build(input, env, parts.length - 1, '', emit) });
}
