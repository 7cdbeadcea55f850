/**
 * Random jq programs and JSON inputs for differential testing against jq 1.8.1 (npm run
 * conformance). Constructs left out, and why, are listed in
 * test/conformance/differential/jq-1.8.1-differences.md.
 */
import fc from 'fast-check';

const FIELDS = ['a', 'b', 'c', '"x-y"', '"1"'];
const KEYS = ['a', 'b', 'c', 'x-y', '1'];
const NUMBERS = ['0', '1', '2', '3', '-1', '0.5', '10', '1.5e3'];
const STRINGS = ['""', '"a"', '"b"', '"a,b"', '"A b"', '"ü"'];

const ATOMS = [
  '.',
  '..',
  '.a',
  '.b',
  '.c',
  '."x-y"',
  '.["1"]',
  '.a.b',
  '.[0]',
  '.[-1]',
  '.[1:3]',
  '.[:2]',
  '.[]',
  'null',
  'true',
  'false',
  '[]',
  '{}',
  ...NUMBERS,
  ...STRINGS,
  'length',
  'keys',
  'to_entries',
  'tostring',
  'tojson',
  'type',
  'not',
  'add',
  'sort',
  'unique',
  'min',
  'max',
  'floor',
  'values',
  'empty',
  'first',
  'last',
  'any',
  'all',
  'flatten',
  'ascii_downcase',
  'ascii_upcase',
  'arrays',
  'objects',
  'strings',
  'numbers',
  'booleans',
  'nulls',
  'scalars',
  'iterables',
  'paths',
  'tostream',
  'explode',
  '(nan | isnan)',
  'isnan',
  'reverse',
  '@base64',
  '@uri',
  '@html',
  '@text',
  '@json',
  '@csv',
  '@tsv',
  '@sh',
  'utf8bytelength',
  'flatten(1)',
];

/** One access of an indexing chain; `?` may follow any of them (it covers that access only). */
const ACCESSES = ['.a', '.b', '."x-y"', '.["1"]', '[0]', '[-1]', '[]', '[1:]', '[:1]', '[.a]', '.[.b]'];

/** Applied to every type of input: jq 1.8.1's answers differ from 1.7's on some (reverse of a string). */
const ON_EVERY_TYPE = ['reverse', 'tostring', 'ascii_downcase', 'ascii_upcase', 'tojson', 'length', 'isnan', 'type'];

/** An indexing chain such as `.a[]?.b` or `.[0]?["1"]?`, starting at `.`. */
const indexingChain: fc.Arbitrary<string> = fc.array(fc.tuple(fc.constantFrom(...ACCESSES), fc.boolean()), { minLength: 1, maxLength: 3 }).map((steps) => {
  const text = steps.map(([access, optional]) => `${access}${optional ? '?' : ''}`).join('');
  return text.startsWith('.') ? text : `.${text}`;
});

const BINARY_OPERATORS = ['|', ',', '+', '-', '*', '/', '%', '==', '!=', '<', '<=', '>', '>=', 'and', 'or'];

type Build = (depth: number, vars: string[]) => fc.Arbitrary<string>;

const cache = new Map<string, fc.Arbitrary<string>>();

/** A jq expression of at most `depth` nested constructs, using only the variables in `vars`. */
export const arbitraryJqExpression: Build = (depth, vars) => {
  const key = `${depth}|${vars.join(',')}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const atom = fc.constantFrom(...ATOMS, ...vars);
  if (depth <= 0) {
    cache.set(key, atom);
    return atom;
  }
  const sub = arbitraryJqExpression(depth - 1, vars);
  const nextVar = `$v${vars.length}`;
  const withVar = arbitraryJqExpression(depth - 1, [...vars, nextVar]);
  const field = fc.constantFrom(...FIELDS);
  const built = fc.oneof(
    { weight: 4, arbitrary: atom },
    { weight: 6, arbitrary: fc.tuple(sub, fc.constantFrom(...BINARY_OPERATORS), sub).map(([a, op, b]) => `(${a} ${op} ${b})`) },
    // Unparenthesised chains exercise precedence and associativity.
    { weight: 2, arbitrary: fc.tuple(atom, fc.constantFrom(...BINARY_OPERATORS), atom, fc.constantFrom(...BINARY_OPERATORS), atom).map((p) => p.join(' ')) },
    // `//` lets an error of its left side through (jq's FORK, not try's FORK_OPT): left sides that fail.
    { weight: 2, arbitrary: fc.tuple(sub, sub).map(([a, b]) => `(${a} // ${b})`) },
    { weight: 1, arbitrary: fc.tuple(indexingChain, sub).map(([a, b]) => `(${a} // ${b})`) },
    { weight: 1, arbitrary: fc.tuple(sub, sub).map(([a, b]) => `((${a} | error) // ${b})`) },
    { weight: 1, arbitrary: fc.tuple(sub, sub).map(([a, b]) => `((${a}, error("e")) // ${b})`) },
    // `?` on indexing chains covers only the access it follows.
    { weight: 2, arbitrary: indexingChain.map((chain) => `[${chain}]`) },
    { weight: 1, arbitrary: fc.tuple(sub, indexingChain).map(([a, chain]) => `(${a} | ${chain})`) },
    { weight: 2, arbitrary: fc.tuple(sub, fc.constantFrom(...ON_EVERY_TYPE)).map(([a, f]) => `(${a} | ${f})`) },
    { weight: 1, arbitrary: sub.map((a) => `[${a}]`) },
    // Object values in parentheses: jq's grammar only takes a term there (`{a: 1 + 2}` does not compile).
    { weight: 1, arbitrary: fc.tuple(field, sub, field, sub).map(([k1, a, k2, b]) => `{${k1}: (${a}), ${k2}: (${b})}`) },
    { weight: 1, arbitrary: fc.tuple(field, sub).map(([k, a]) => `{${k}, "k": (${a})}`) },
    { weight: 1, arbitrary: fc.tuple(sub, sub).map(([k, a]) => `{(${k}): (${a})}`) },
    { weight: 1, arbitrary: sub.map((a) => `"s\\(${a})e"`) },
    // try and `?` catch errors of their body only, not those raised after them (fixed in jq 1.7).
    { weight: 1, arbitrary: sub.map((a) => `(${a})?`) },
    { weight: 1, arbitrary: sub.map((a) => `try (${a})`) },
    { weight: 1, arbitrary: fc.tuple(sub, sub).map(([a, b]) => `(try (${a}) | ${b})`) },
    { weight: 1, arbitrary: sub.map((a) => `try (${a}) catch type`) },
    { weight: 2, arbitrary: fc.tuple(sub, sub, sub).map(([c, a, b]) => `if ${c} then ${a} else ${b} end`) },
    { weight: 1, arbitrary: fc.tuple(sub, sub, sub, sub).map(([c, a, d, b]) => `if ${c} then ${a} elif ${d} then ${b} else . end`) },
    { weight: 2, arbitrary: sub.map((a) => `select(${a})`) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom('map', 'map_values', 'sort_by', 'group_by', 'unique_by', 'min_by', 'max_by', 'any', 'all', 'first'), sub)
        .map(([f, a]) => `${f}(${a})`),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom('has', 'contains', 'inside', 'split', 'startswith', 'endswith', 'test', 'join', 'range', 'error'), sub)
        .map(([f, a]) => `${f}(${a})`),
    },
    { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 0, max: 3 }), sub).map(([n, a]) => `[limit(${n}; ${a})]`) },
    { weight: 1, arbitrary: fc.tuple(sub, sub).map(([c, a]) => `if ${c} then ${a} end`) },
    { weight: 2, arbitrary: fc.tuple(sub, withVar).map(([a, b]) => `((${a}) as ${nextVar} | ${b})`) },
    { weight: 1, arbitrary: fc.tuple(sub, sub, withVar).map(([src, init, update]) => `reduce (${src}) as ${nextVar} (first(${init}); ${update})`) },
    { weight: 1, arbitrary: fc.tuple(sub, sub, withVar).map(([src, init, update]) => `[foreach (${src}) as ${nextVar} (first(${init}); ${update})]`) },
    { weight: 1, arbitrary: fc.tuple(field, sub).map(([k, a]) => `(.${k} = (${a}))`) },
    { weight: 1, arbitrary: fc.tuple(field, fc.constantFrom('. + 1', 'tostring', 'length', '[.]', 'type')).map(([k, f]) => `(.${k} |= (${f}))`) },
    { weight: 1, arbitrary: fc.tuple(field, sub).map(([k, a]) => `(.${k} += (${a}))`) },
    { weight: 1, arbitrary: fc.tuple(field, field).map(([k1, k2]) => `del(.${k1}, .${k2})`) },
    { weight: 1, arbitrary: sub.map((a) => `(def f(g): [g, (${a})]; f(.a))`) },
  );
  cache.set(key, built);
  return built;
};

/** Random JSON: small numbers and strings, few keys (including an integer-like one), shallow nesting. */
export const arbitraryJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.integer({ min: -5, max: 12 }),
    fc.constantFrom(0.5, -2.25, 1e3, 0.1),
    fc.constantFrom('', 'a', 'b', 'a,b', 'A b', 'ü', '1', 'x\ty'),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...KEYS), tie('value'), { maxKeys: 4 }),
  ),
})).value;
