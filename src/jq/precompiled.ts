/**
 * Precompiled jq: `connector compile` stores the parsed form (AST) of every jq program a shipped
 * connector runs in its generated module, keyed by the program's text, so the runtime compiles
 * those ASTs to closures without parsing. The table reaches `compileJq` in its scope argument,
 * which the connector's compile step passes to every place that compiles a program (the page
 * mapper builds its own program text). It was an AsyncLocalStorage once: on Node 20 that turns on
 * a promise hook for every promise of the process from the first connect on (about a tenth of an
 * import's CPU). Who may run a program (the jq policy, policy.ts) is never in this scope: every
 * compile names it.
 */
import type { Node } from './ast.js';
import type { Limits } from './runtime.js';
import type { JqIsolate } from './isolate/jq-isolate.js';

/** A parsed jq program, as stored in a generated module (plain JSON data). */
export type JqAst = Node;

export interface JqCompileScope {
  /** Parsed programs by their exact expression text: compiled instead of parsing the text. */
  readonly asts?: Readonly<Record<string, JqAst>>;
  /** Told about every program compiled in process from its text (how the compiler collects them). */
  readonly onParsed?: (expression: string, ast: JqAst) => void;
  /** Limits of every program compiled in the scope (a host's setting; default DEFAULT_LIMITS). */
  readonly limits?: Partial<Limits>;
  /**
   * Where programs compiled in the scope run: in this isolate's worker thread, under its time and
   * memory limits (a customer's spec), instead of on the calling thread.
   */
  readonly isolate?: JqIsolate;
}

/**
 * True when the AST survives JSON (every number finite and not -0), so it can be stored as a
 * JSON literal. A literal such as `1e1000` (Infinity) is not stored; the runtime parses it.
 */
export function isJsonSafeAst(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (value === null || typeof value !== 'object') return true;
  return Object.values(value).every(isJsonSafeAst);
}
