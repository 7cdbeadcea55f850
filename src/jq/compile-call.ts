/**
 * `def f(g; $x): body;` and calls. A function's body is compiled once; a call drops the frames
 * the call site has beyond the definition site (lexical scoping) and pushes one frame per
 * argument holding a Closure (the argument's code and the caller's environment).
 */
import type { Node } from './ast.js';
import { compileNode, notDefined } from './compile.js';
import { makeCompiled } from './compile-helpers.js';
import { NATIVES } from './builtins.js';
import { budget, enterCall, lookup, type Closure, type Compiled, type Env } from './runtime.js';
import { findFunction, pushFrame, pushFunction, unsupported, type FunctionDef, type Scope } from './scope.js';
import type { Json } from './values.js';

/** Builtins jq has that this engine refuses, so the binary runs them instead. */
const REFUSED = new Set([
  'input',
  'inputs',
  'input_filename',
  'input_line_number',
  'halt',
  'halt_error',
  'get_search_list',
  'get_prog_origin',
  'get_jq_origin',
  'modulemeta',
  'localtime',
  'strflocaltime',
  // libm functions without an exact JavaScript equivalent: refused rather than approximated.
  'gamma',
  'lgamma',
  'tgamma',
  'lgamma_r',
]);

/** Turns `def f($a): body` into `def f(a): a as $a | body`, as jq does. */
function desugarParams(node: Extract<Node, { type: 'FuncDef' }>): { params: string[]; body: Node } {
  let body = node.body;
  const params = node.params.map((p) => (p.startsWith('$') ? p.slice(1) : p));
  for (let i = node.params.length - 1; i >= 0; i--) {
    const param = node.params[i]!;
    if (!param.startsWith('$')) continue;
    const name = param.slice(1);
    body = {
      type: 'Bind',
      source: { type: 'Call', name, args: [], start: node.start },
      patterns: [{ type: 'VarPattern', name, start: node.start }],
      body,
      start: node.start,
    };
  }
  return { params, body };
}

export function defineFunction(node: Extract<Node, { type: 'FuncDef' }>, scope: Scope): { def: FunctionDef; scope: Scope } {
  const { params, body } = desugarParams(node);
  const def: FunctionDef = { name: node.name, params, body, scope, compiled: undefined, compiling: false };
  return { def, scope: pushFunction(scope, def) };
}

export function compileFunctionBody(def: FunctionDef): void {
  if (def.compiled || def.compiling) return;
  def.compiling = true;
  let bodyScope = pushFunction(def.scope, def);
  for (const param of def.params) bodyScope = pushFrame(bodyScope, 'param', param);
  def.compiled = compileNode(def.body, bodyScope);
  def.compiling = false;
}

export function compileFuncDef(node: Extract<Node, { type: 'FuncDef' }>, scope: Scope): Compiled {
  const defined = defineFunction(node, scope);
  compileFunctionBody(defined.def);
  return compileNode(node.rest, defined.scope);
}

export function compileCall(node: Extract<Node, { type: 'Call' }>, scope: Scope): Compiled {
  const binding = findFunction(scope, node.name, node.args.length);
  if (binding?.kind === 'param') return compileParamCall(binding.skip);
  if (binding?.kind === 'fn') {
    const args = node.args.map((arg) => compileNode(arg, scope));
    return compileUserCall(binding.def, args, scope);
  }
  const native = NATIVES.get(`${node.name}/${node.args.length}`);
  if (native) return native({ args: node.args.map((arg) => compileNode(arg, scope)), node, scope });
  if (REFUSED.has(node.name)) throw unsupported(node.name, node.start);
  throw notDefined(`${node.name}/${node.args.length}`, node.start);
}

function compileParamCall(skip: number): Compiled {
  return makeCompiled({
    run: (input, env, emit) => {
      const closure = lookup(env, skip) as Closure;
      closure.code.run(input, closure.env, emit);
    },
    paths: (input, path, env, emit) => {
      const closure = lookup(env, skip) as Closure;
      closure.code.paths(input, path, closure.env, emit);
    },
  });
}

function compileUserCall(def: FunctionDef, args: Compiled[], scope: Scope): Compiled {
  compileFunctionBody(def);
  const drop = scope.depth - def.scope.depth;
  const topLevel = def.scope.depth === 0;
  const enter = (env: Env): Env => {
    let e: Env = topLevel ? null : env;
    if (!topLevel) for (let i = 0; i < drop; i++) e = e!.next;
    for (const code of args) e = { value: { code, env } satisfies Closure, next: e };
    return e;
  };
  const body = def.compiled;
  if (body?.single && args.length === 0 && !def.compiling) {
    const bodySingle = body.single;
    const single = (input: Json, env: Env): Json => {
      enterCall();
      try {
        return bodySingle(input, enter(env));
      } finally {
        budget.depth--;
      }
    };
    return makeCompiled({ single, paths: (input, path, env, emit) => body.paths(input, path, enter(env), emit) });
  }
  return makeCompiled({
    run: (input, env, emit) => {
      enterCall();
      try {
        def.compiled!.run(input, enter(env), emit);
      } finally {
        budget.depth--;
      }
    },
    paths: (input, path, env, emit) => {
      enterCall();
      try {
        def.compiled!.paths(input, path, enter(env), emit);
      } finally {
        budget.depth--;
      }
    },
  });
}
