/**
 * `T.a?`, `T[e]?`, `T[a:b]?`, `T[]?`: jq's grammar gives the `?` of an access suffix to that one
 * access (INDEX_OPT, EACH_OPT in jq's parser.y): an error of the access itself yields nothing,
 * while errors of the term before it (and of the key expression) still propagate, so `"x" | .a[]?`
 * fails with "Cannot index string with string". Only `(T)?` tries the whole term. Written with
 * nodes the compiler already has: `T | try .[k]` when the key does not read the input, else
 * `k as $key | T | try .[$key]` under a name jq source cannot spell.
 */
import type { Node } from './ast.js';

/** A variable name no jq program can write (names are identifiers), so it shadows nothing. */
const KEY_VARIABLE = 'optional access key';

const readsNoInput = (node: Node | undefined): boolean => node === undefined || node.type === 'Literal';

export function optionalAccess(access: Node, start: number): Node {
  const identity: Node = { type: 'Identity', start };
  const tryLast = (last: Node): Node => ({ type: 'Try', body: last, start });
  switch (access.type) {
    case 'Iterate':
      return { type: 'Pipe', left: access.target, right: tryLast({ type: 'Iterate', target: identity, start: access.start }), start };
    case 'Index': {
      if (readsNoInput(access.index)) return { type: 'Pipe', left: access.target, right: tryLast({ ...access, target: identity }), start };
      const key: Node = { type: 'Var', name: KEY_VARIABLE, start };
      return {
        type: 'Bind',
        source: access.index,
        patterns: [{ type: 'VarPattern', name: KEY_VARIABLE, start }],
        body: { type: 'Pipe', left: access.target, right: tryLast({ type: 'Index', target: identity, index: key, start: access.start }), start },
        start,
      };
    }
    case 'Slice': {
      if (readsNoInput(access.from) && readsNoInput(access.to))
        return { type: 'Pipe', left: access.target, right: tryLast({ ...access, target: identity }), start };
      // Both bounds bound first, in jq's order (from, then to), then the access on the term's outputs.
      const from: Node = access.from ?? { type: 'Literal', value: null, start };
      const to: Node = access.to ?? { type: 'Literal', value: null, start };
      const bound = (name: string): Node => ({ type: 'Var', name, start });
      return {
        type: 'Bind',
        source: { type: 'Array', body: { type: 'Comma', left: from, right: to, start }, start },
        patterns: [
          {
            type: 'ArrayPattern',
            elements: [
              { type: 'VarPattern', name: `${KEY_VARIABLE} from`, start },
              { type: 'VarPattern', name: `${KEY_VARIABLE} to`, start },
            ],
            start,
          },
        ],
        body: {
          type: 'Pipe',
          left: access.target,
          right: tryLast({ type: 'Slice', target: identity, from: bound(`${KEY_VARIABLE} from`), to: bound(`${KEY_VARIABLE} to`), start: access.start }),
          start,
        },
        start,
      };
    }
    default:
      return { type: 'Try', body: access, start };
  }
}
