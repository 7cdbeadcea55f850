/**
 * Builtins defined in jq itself, as in jq's src/builtin.jq. Parsed once per process; each
 * definition is compiled the first time a program uses it.
 */
import { parseExpression } from './parser.js';
import { defineFunction } from './compile-call.js';
import type { Scope } from './scope.js';
import { defineNative, NATIVES } from './builtin-helpers.js';
import { makeCompiled } from './compile-helpers.js';

const PRELUDE = `
def values: select(. != null);
def nulls: select(. == null);
def booleans: select(type == "boolean");
def numbers: select(type == "number");
def strings: select(type == "string");
def arrays: select(type == "array");
def objects: select(type == "object");
def iterables: select(type|. == "array" or . == "object");
def scalars: select(type|. != "array" and . != "object");
def finites: select(isinfinite or isnan | not);
def normals: select(isnormal);
def map_values(f): .[] |= f;
def recurse(f; cond): def r: ., (f | select(cond) | r); r;
def paths: path(..) | select(length > 0);
def paths(node_filter): . as $dot | paths | select(. as $p | $dot | getpath($p) | node_filter);
def leaf_paths: paths(scalars);
def del(f): delpaths([path(f)]);
def from_entries: reduce .[] as $x ({};
  . + { ($x | .key // .name // .Name // .Key): ($x | if has("value") then .value else .Value end) });
def with_entries(f): to_entries | map(f) | from_entries;
def in(xs): . as $x | xs | has($x);
def inside(xs): . as $x | xs | contains($x);
def combinations: if length == 0 then [] else .[0][] as $x | (.[1:] | combinations) as $w | [$x] + $w end;
def combinations(n): . as $dot | [range(n)] | map($dot) | combinations;
def walk(f): def w: if type == "object" then map_values(w) elif type == "array" then map(w) else . end | f; w;
def first: .[0];
def last: .[-1];
def nth($n): .[$n];
def nth($n; f): if $n < 0 then error("nth doesn't support negative indices") else first(skip($n; f)) end;
def INDEX(stream; idx_expr): reduce stream as $row ({}; .[$row|idx_expr|tostring] |= $row);
def INDEX(idx_expr): INDEX(.[]; idx_expr);
def IN(s): any(s == .; .);
def IN(src; s): any(src == s; .);
def isvalid(f): try (f | true) catch false;
def tostream: path(def r: (.[]? | r), .; r) as $p | getpath($p) | reduce path(.[]?) as $q ([$p, .]; [$p + $q]);
def fromstream(f): { x: null, e: false } as $init
  | foreach f as $i ($init;
      if .e then $init else . end
      | if $i | length == 2
        then setpath(["e"]; $i[0] | length == 0) | setpath(["x"] + $i[0]; $i[1])
        else setpath(["e"]; $i[0] | length == 1) end;
      if .e then .x else empty end);
def truncate_stream(stream): . as $n | null | stream | . as $input
  | if (.[0] | length) > $n then setpath([0]; .[0][$n:]) else empty end;
def pick(pathexps): . as $top | reduce path(pathexps) as $p (null; setpath($p; $top | getpath($p)));
def JOIN($idx; idx_expr): [.[] | [., $idx[idx_expr]]];
def JOIN($idx; stream; idx_expr): stream | [., $idx[idx_expr]];
def JOIN($idx; stream; idx_expr; join_expr): stream | [., $idx[idx_expr]] | join_expr;
def splits($re): splits($re; null);
def ascii(i): [i] | implode;
.`;

/** `builtins`: every builtin as "name/arity", without the internal `_` ones (as jq lists them). */
defineNative('builtins', 0, () => {
  preludeDefs ??= collectDefs();
  const names = [...NATIVES.keys(), ...preludeDefs.map(({ node }) => `${node.name}/${node.params.length}`)];
  const list = [...new Set(names)].filter((name) => !name.startsWith('_'));
  return makeCompiled({ single: () => list.slice() });
});

let preludeDefs: Array<{ node: Parameters<typeof defineFunction>[0] }> | undefined;

/** The scope every program is compiled in: the prelude's functions, no runtime frames. */
export function preludeScope(source: string): Scope {
  preludeDefs ??= collectDefs();
  let scope: Scope = { entries: null, depth: 0, source };
  for (const { node } of preludeDefs) scope = defineSharedFunction(node, scope);
  return scope;
}

const shared = new Map<object, ReturnType<typeof defineFunction>['def']>();

/** Prelude functions are compiled once and shared by all programs (their scope has no frames). */
function defineSharedFunction(node: Parameters<typeof defineFunction>[0], scope: Scope): Scope {
  let def = shared.get(node);
  if (!def) {
    def = defineFunction(node, { ...scope, source: '' }).def;
    shared.set(node, def);
  }
  return { entries: { kind: 'fn', name: def.name, arity: def.params.length, def, next: scope.entries }, depth: 0, source: scope.source };
}

function collectDefs(): Array<{ node: Parameters<typeof defineFunction>[0] }> {
  const out: Array<{ node: Parameters<typeof defineFunction>[0] }> = [];
  let node = parseExpression(PRELUDE);
  while (node.type === 'FuncDef') {
    out.push({ node });
    node = node.rest;
  }
  return out;
}
