/**
 * Stage between lower and emit: the parsed tree of every jq program the runtime will compile for
 * a lowered spec (src/plan/jq-programs.ts lists them), keyed by the program's exact text, so a
 * generated module needs no jq parsing at run time. Parsing uses src/jq, as the runtime does.
 */
import type { ConnectorSpec, PrecompiledConnector } from '../connector.js';
import { compileJqAst, isJsonSafeAst, parseJq, type JqAst } from '../jq/index.js';
import { listJqPrograms } from '../plan/jq-programs.js';

/** The program's tree, or undefined when the in-process engine cannot take it. */
function parseForEngine(text: string): JqAst | undefined {
  try {
    const ast = parseJq(text);
    // Compiling checks what parsing does not: a construct the engine refuses runs on the jq binary instead.
    compileJqAst(ast, { source: text });
    // A literal beyond 1e308 has no JSON form; the runtime parses such a program itself.
    return isJsonSafeAst(ast) ? ast : undefined;
  } catch {
    // A syntax error the validator reported already; the runtime reports it again at first use, naming the field.
    return undefined;
  }
}

/** The parsed programs of a lowered spec, sorted by text so the emitted module is deterministic. Never throws. */
export function precompileJq(spec: ConnectorSpec): PrecompiledConnector {
  const jq: Record<string, JqAst> = {};
  for (const text of listJqPrograms(spec).sort(compareCodeUnits)) {
    const ast = parseForEngine(text);
    if (ast !== undefined) jq[text] = ast;
  }
  return { jq };
}

/** Plain code-unit order, independent of the locale, so the emitted module is byte-identical everywhere. */
function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
