/** Regular-expression natives: test, match, capture, scan, split/2, splits, sub, gsub. */
import { defineNative, type NativeContext } from './builtin-helpers.js';
import { makeCompiled } from './compile-helpers.js';
import { RE2JS } from 're2js';
import { parseFlags, RegexUnsupported, translateRegex } from './regex.js';
import { budget, chargeSteps, checkArrayLength, type Compiled, type Emit, type Env } from './runtime.js';
import { unsupported } from './scope.js';
import { addValues } from './operators.js';
import { describeValue, fail, hasAstral, type Json, type JsonObject } from './values.js';

interface CompiledRegex {
  regex: RE2JS;
  names: Array<string | null>;
  global: boolean;
  ignoreEmpty: boolean;
}

const cache = new Map<string, CompiledRegex>();

/** Names of the capturing groups, in order (null for unnamed ones). */
function groupNames(regex: RE2JS): Array<string | null> {
  const names: Array<string | null> = Array.from({ length: regex.groupCount() }, () => null);
  for (const [name, index] of Object.entries(regex.namedGroups())) names[index - 1] = name;
  return names;
}

export function compileRegex(pattern: Json, flags: Json): CompiledRegex {
  if (typeof pattern !== 'string') return fail(`${describeValue(pattern)} cannot be matched, as it is not a string`);
  if (flags !== null && typeof flags !== 'string') return fail(`${describeValue(flags)} is not a string`);
  const key = `${flags ?? ''}/${pattern}`;
  const cached = cache.get(key);
  if (cached) return cached;
  let parsed: ReturnType<typeof parseFlags>;
  let source: string;
  try {
    parsed = parseFlags(flags);
    source = translateRegex(pattern, parsed.extended);
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
  let regex: RE2JS;
  try {
    regex = RE2JS.compile(source, parsed.re2);
  } catch (error) {
    return fail(`${pattern} (at offset 0) is not a valid regex: ${error instanceof Error ? error.message : ''}`);
  }
  const compiled = {
    regex,
    names: groupNames(regex),
    global: parsed.global,
    ignoreEmpty: parsed.ignoreEmpty,
  };
  if (cache.size > 500) cache.clear();
  cache.set(key, compiled);
  return compiled;
}

/** Refuses at compile time a literal regex or flag string that JavaScript cannot honour. */
function checkLiteral(context: NativeContext, patternArg: number, flagsArg: number | undefined): void {
  const pattern = context.node.args[patternArg];
  const flags = flagsArg === undefined ? undefined : context.node.args[flagsArg];
  const flagText = flags?.type === 'Literal' && typeof flags.value === 'string' ? flags.value : null;
  try {
    const parsed = parseFlags(flagText ?? '');
    if (pattern?.type === 'Literal' && typeof pattern.value === 'string') translateRegex(pattern.value, parsed.extended);
  } catch (error) {
    if (error instanceof RegexUnsupported) throw unsupported(`regex: ${error.message}`, context.node.start, '(jq regular expression)');
  }
}

function codePointIndex(text: string, astral: boolean, index: number): number {
  return astral ? Array.from(text.slice(0, index)).length : index;
}

function codePointCount(text: string, astral: boolean): number {
  return astral ? Array.from(text).length : text.length;
}

/** Steps one match (or one capture) costs: its objects weigh as much as some 256 array elements. */
const STEPS_PER_MATCH = 16;

export function matchString(input: Json, re: CompiledRegex, forceGlobal: boolean): JsonObject[] {
  if (typeof input !== 'string') return fail(`${describeValue(input)} cannot be matched, as it is not a string`);
  const astral = hasAstral(input);
  const out: JsonObject[] = [];
  const matcher = re.regex.matcher(input);
  let from = 0;
  while (from <= input.length && matcher.find(from)) {
    const start = matcher.start();
    const end = matcher.end();
    from = end > start ? end : start + (astral && input.codePointAt(start)! > 0xffff ? 2 : 1);
    if (!(re.ignoreEmpty && end === start)) {
      // A match allocates an object, its strings and one object per capture (some 200 bytes), and
      // the list is an array like any other: charged so that `"x" * 9e6 | [match("x"; "g")]`
      // stops at the step budget (some 600,000 matches), not at the heap's end.
      chargeSteps(STEPS_PER_MATCH * (1 + re.names.length));
      if (out.length === budget.maxArrayLength) checkArrayLength(out.length + 1);
      const captures: JsonObject[] = re.names.map((name, i) => {
        const text = matcher.group(i + 1);
        if (text === null) return { offset: -1, length: 0, string: null, name };
        return { offset: codePointIndex(input, astral, matcher.start(i + 1)), length: codePointCount(text, astral), string: text, name };
      });
      out.push({ offset: codePointIndex(input, astral, start), length: codePointCount(matcher.group()!, astral), string: matcher.group()!, captures });
    }
    if (!(re.global || forceGlobal)) break;
  }
  return out;
}

function captureObject(match: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const capture of match.captures as JsonObject[]) {
    if (capture.name !== null) out[capture.name as string] = capture.string!;
  }
  return out;
}

type RegexBody = (input: Json, re: CompiledRegex, env: Env, emit: Emit) => void;

/** Registers name/arity whose last or second-to-last argument is the flags. */
function defineRegex(name: string, arity: number, flagsArg: number | undefined, body: (args: Compiled[]) => RegexBody): void {
  defineNative(name, arity, (context) => {
    checkLiteral(context, 0, flagsArg);
    const { args } = context;
    const run = body(args);
    const flagsCode = flagsArg === undefined ? undefined : args[flagsArg]!;
    return makeCompiled({
      run: (input, env, emit) => {
        const withFlags = (flags: Json): void =>
          args[0]!.run(input, env, (pattern) => {
            // jq: `match([re, flags])` (one argument) is `match(re; flags)`.
            if (flagsArg === undefined && arity === 1 && Array.isArray(pattern)) {
              run(input, compileRegex(pattern[0] ?? null, pattern[1] ?? null), env, emit);
            } else run(input, compileRegex(pattern, flags), env, emit);
          });
        if (flagsCode) flagsCode.run(input, env, withFlags);
        else withFlags(null);
      },
    });
  });
}

for (const [arity, flagsArg] of [
  [1, undefined],
  [2, 1],
] as const) {
  defineRegex('test', arity, flagsArg, () => (input, re, _env, emit) => {
    if (typeof input !== 'string') fail(`${describeValue(input)} cannot be matched, as it is not a string`);
    if (re.ignoreEmpty) {
      emit(matchString(input, re, true).length > 0);
      return;
    }
    emit(re.regex.test(input));
  });
  defineRegex('match', arity, flagsArg, () => (input, re, _env, emit) => matchString(input, re, false).forEach((m) => emit(m)));
  defineRegex('capture', arity, flagsArg, () => (input, re, _env, emit) => matchString(input, re, false).forEach((m) => emit(captureObject(m))));
  defineRegex('scan', arity, flagsArg, () => (input, re, _env, emit) => {
    for (const m of matchString(input, re, true)) {
      const captures = m.captures as JsonObject[];
      emit(captures.length > 0 ? captures.map((c) => c.string!) : m.string!);
    }
  });
  defineRegex('splits', arity, flagsArg, () => (input, re, _env, emit) => splitByRegex(input, re).forEach((s) => emit(s)));
}
defineRegex('split', 2, 1, () => (input, re, _env, emit) => emit(splitByRegex(input, re)));

function splitByRegex(input: Json, re: CompiledRegex): string[] {
  if (typeof input !== 'string') return fail(`${describeValue(input)} cannot be matched, as it is not a string`);
  checkArrayLength(input.length);
  const chars = Array.from(input);
  const out: string[] = [];
  let previous = 0;
  for (const m of matchString(input, re, true)) {
    const offset = m.offset as number;
    out.push(chars.slice(previous, offset).join(''));
    previous = offset + (m.length as number);
  }
  out.push(chars.slice(previous).join(''));
  return out;
}

/**
 * jq 1.7+'s sub: the k-th output of the replacement for each match goes into the k-th result
 * (`.result[$ix] += $gap + $inserts[$ix]` in builtin.jq), so `"aB" | [gsub("(?<a>.)"; A, B)]`
 * has two results, not four.
 */
function substitute(global: boolean): (args: Compiled[]) => RegexBody {
  return (args) => (input, re, env, emit) => {
    // The replacement splits the input into characters: refused before any matching when too long.
    if (typeof input === 'string') checkArrayLength(input.length);
    const matches = matchString(input, re, global);
    if (matches.length === 0) {
      emit(input);
      return;
    }
    const chars = Array.from(input as string);
    const results: Json[] = [];
    let previous = 0;
    for (const m of matches) {
      const offset = m.offset as number;
      const gap = chars.slice(previous, offset).join('');
      const inserts: Json[] = [];
      args[1]!.run(captureObject(m), env, (v) => {
        inserts.push(v);
      });
      inserts.forEach((insert, ix) => {
        results[ix] = addValues(results[ix] ?? null, addValues(gap, insert));
      });
      previous = offset + (m.length as number);
    }
    const rest = chars.slice(previous).join('');
    for (const result of results) emit(addValues(result, rest));
  };
}
defineRegex('sub', 2, undefined, substitute(false));
defineRegex('sub', 3, 2, substitute(false));
defineRegex('gsub', 2, undefined, substitute(true));
defineRegex('gsub', 3, 2, substitute(true));
