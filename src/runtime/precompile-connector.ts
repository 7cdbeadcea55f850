/**
 * What `connector compile` stores in a generated module so the runtime parses no jq: the AST of
 * every jq program the runtime compiles for the spec, keyed by the program's exact text. The
 * texts are collected by running the runtime's own connector compile step with a recorder, so
 * they are exactly the ones it asks for (the page program the mapper builds, `result` wrappers,
 * error rules, lookups), never a second list that could drift from it.
 */
import type { ConnectorSpec, PrecompiledConnector } from '../connector.js';
import { isJsonSafeAst, runWithJqScope, type JqAst } from '../jq/index.js';
import { compileParts } from './compile-connector.js';

/**
 * Collects the parsed jq programs of a spec, sorted by text (deterministic output). Programs the
 * in-process engine refuses (they run on the jq binary) and ASTs that JSON cannot hold (a literal
 * beyond 1e308) are left out; the runtime parses those as before. Never throws.
 */
export async function precompileConnector(input: { spec: ConnectorSpec; source: string }): Promise<PrecompiledConnector> {
  const collected = new Map<string, JqAst>();
  const onParsed = (expression: string, ast: JqAst) => {
    if (isJsonSafeAst(ast)) collected.set(expression, ast);
  };
  try {
    await runWithJqScope({ onParsed }, () => compileParts(input));
  } catch {
    // A spec the validator passed but the runtime cannot compile keeps the programs collected so
    // far; the runtime reports the failure at first use, naming the field, exactly as without them.
  }
  const jq: Record<string, JqAst> = {};
  for (const expression of [...collected.keys()].sort(compareCodeUnits)) jq[expression] = collected.get(expression) as JqAst;
  return { jq };
}

/** Plain code-unit order, independent of the locale, so the emitted module is byte-identical everywhere. */
function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
