/**
 * `reduce SOURCE as $x (INIT; UPDATE)` and `foreach SOURCE as $x (INIT; UPDATE; EXTRACT)`.
 * The state becomes the last output of UPDATE (reduce) or each output in turn (foreach).
 */
import type { Node } from './ast.js';
import { compileNode } from './compile.js';
import { makeCompiled } from './compile-helpers.js';
import { compilePatterns } from './patterns.js';
import { countStep, type Compiled } from './runtime.js';
import type { Scope } from './scope.js';
import type { Json } from './values.js';

export function compileReduce(node: Extract<Node, { type: 'Reduce' }>, scope: Scope): Compiled {
  const source = compileNode(node.source, scope);
  const patterns = compilePatterns([node.pattern], scope);
  const init = compileNode(node.init, scope);
  const update = compileNode(node.update, patterns.scope);
  return makeCompiled({
    run: (input, env, emit) =>
      init.run(input, env, (start) => {
        let acc: Json = start;
        source.run(input, env, (item) => {
          countStep();
          patterns.bind(item, env, (inner) => {
            let last: Json = null;
            update.run(acc, inner, (v) => {
              last = v;
            });
            acc = last;
          });
        });
        emit(acc);
      }),
    paths: (input, path, env, emit) =>
      init.paths(input, path, env, (start, startPath) => {
        let acc: Json = start;
        let accPath = startPath;
        source.run(input, env, (item) => {
          countStep();
          patterns.bind(item, env, (inner) => {
            let last: Json = null;
            let lastPath: Json[] | null = null;
            update.paths(acc, accPath, inner, (v, p) => {
              last = v;
              lastPath = p;
            });
            acc = last;
            accPath = lastPath;
          });
        });
        emit(acc, accPath);
      }),
  });
}

export function compileForeach(node: Extract<Node, { type: 'Foreach' }>, scope: Scope): Compiled {
  const source = compileNode(node.source, scope);
  const patterns = compilePatterns([node.pattern], scope);
  const init = compileNode(node.init, scope);
  const update = compileNode(node.update, patterns.scope);
  const extract = node.extract && compileNode(node.extract, patterns.scope);
  return makeCompiled({
    run: (input, env, emit) =>
      init.run(input, env, (start) => {
        let acc: Json = start;
        source.run(input, env, (item) => {
          countStep();
          patterns.bind(item, env, (inner) => {
            update.run(acc, inner, (v) => {
              acc = v;
              if (extract) extract.run(v, inner, emit);
              else emit(v);
            });
          });
        });
      }),
  });
}
