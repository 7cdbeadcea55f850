/**
 * Compiling from a stored AST (what a generated module carries) behaves exactly like compiling
 * the text, and `compileJq` uses a stored AST instead of parsing when its scope has one.
 */
import { describe, expect, it } from 'vitest';
import { compileJq, compileJqAst, compileJqInProcess, isJsonSafeAst, parseJq, type JqAst } from '../../../src/jq/index.js';

/** The AST as a generated module holds it: through JSON and back. */
function storedAst(expression: string): JqAst {
  return JSON.parse(JSON.stringify(parseJq(expression))) as JqAst;
}

/** Every output, or the error's name and message. */
function outcome(run: () => unknown[]): unknown {
  try {
    return { outputs: run() };
  } catch (error) {
    return { error: `${(error as Error).name}: ${(error as Error).message}` };
  }
}

const record = { id: 7, email: 'ann@example.com', name: 'Ann', role: 'owner', tags: ['a', 'b'], profile: { title: null }, n: '42' };

describe('compileJqAst gives the outputs of compiling the text', () => {
  it.each([
    '.',
    '.id',
    '.email // ""',
    '.role == "owner" or .role == "admin"',
    '{id, email: (.email // ""), admin: (.role == "owner")}',
    '.tags[] | ascii_upcase',
    '.tags[-1:]',
    '[.tags[] | select(. != "a")]',
    'try error("boom") catch .',
    '.profile.title // "none"',
    'if .n | tonumber > 40 then "big" elif . == null then "null" else "small" end',
    'reduce .tags[] as $t (""; . + $t)',
    'foreach .tags[] as $t (0; . + 1; [$t, .])',
    'def twice(f): f | f; .id | twice(. * 2)',
    '. as {id: $i, tags: [$first]} | [$i, $first]',
    'label $out | .tags[] | if . == "b" then break $out else . end',
    '"\\(.name) <\\(.email)>"',
    '@base64 "\\(.name)"',
    '.tags | @csv',
    'to_entries | map(select(.value | type == "string")) | from_entries | keys',
    'paths(type == "string") | join(".")',
    '.email | test("@example\\\\.com$")',
    '.email | sub("@.*"; "")',
    '[limit(1; (.tags[]\n))]',
    '.id | .a',
    '.missing[0]?',
    'error({"code": 1})',
    '{(.role): 1} | .owner += 1 | del(.owner)',
    '.x = 1 | .y |= 2 | .n //= 3',
    '$__loc__',
    '"a\nb" | $__loc__',
  ])('%s', (expression) => {
    const fromText = compileJqInProcess(expression);
    const fromAst = compileJqAst(storedAst(expression), { source: expression });
    expect(fromAst.source).toBe(expression);
    expect(fromAst.engine).toBe('in-process');
    expect(outcome(() => fromAst.runSync(record))).toEqual(outcome(() => fromText.runSync(record)));
  });

  it('applies the given limits', () => {
    const expression = '[range(100000)] | length';
    const filter = compileJqAst(storedAst(expression), { source: expression, limits: { maxSteps: 1000 } });
    expect(() => filter.runSync(null)).toThrow('exceeded its budget of 1000 evaluation steps');
  });

  it('refuses what compiling the text refuses, naming the construct', () => {
    const expression = '.a | input';
    expect(() => compileJqAst(storedAst(expression), { source: expression })).toThrow(
      expect.objectContaining({ name: 'JqCompileError', kind: 'unsupported', construct: 'input' }),
    );
  });
});

describe('compileJq with a scope', () => {
  it('compiles the stored AST of a text instead of parsing it', async () => {
    // The stored AST deliberately differs from the text, to show which one ran.
    const filter = await compileJq('.a', 'customer', { asts: { '.a': storedAst('.b') } });
    expect(filter.source).toBe('.a');
    expect(await filter.run({ a: 1, b: 2 })).toEqual([2]);
  });

  it('parses texts that have no stored AST, and without a scope', async () => {
    const asts = { '.a': storedAst('.b') };
    expect(await (await compileJq('.c', 'customer', { asts })).run({ c: 3 })).toEqual([3]);
    expect(await (await compileJq('.a', 'customer')).run({ a: 1, b: 2 })).toEqual([1]);
  });

  it('parses the text when a stored AST no longer compiles', async () => {
    const stale = { type: 'Call', name: 'no_such_builtin', args: [], start: 0 } as JqAst;
    const filter = await compileJq('.a', 'customer', { asts: { '.a': stale } });
    expect(await filter.run({ a: 1 })).toEqual([1]);
  });

  it('tells onParsed about every text it parsed, with its AST', async () => {
    const seen = new Map<string, JqAst>();
    const scope = { onParsed: (text: string, ast: JqAst) => seen.set(text, ast) };
    await compileJq('.a', 'customer', scope);
    await compileJq('.b // 1', 'customer', scope);
    expect([...seen.keys()]).toEqual(['.a', '.b // 1']);
    expect(seen.get('.b // 1')).toEqual(parseJq('.b // 1'));
  });
});

describe('isJsonSafeAst', () => {
  it.each([
    { given: '.a + 1', want: true },
    { given: '"x" | ascii_downcase', want: true },
    { given: '1e1000', want: false },
    { given: '.a // -1e1000', want: false },
  ])('$given -> $want', ({ given, want }) => expect(isJsonSafeAst(parseJq(given))).toBe(want));
});
