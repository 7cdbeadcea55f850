/**
 * Reads a Handlebars template without running it: its syntax errors, the variables it uses, the
 * helpers it calls, and its triple-stash `{{{raw}}}` mustaches. Used by the template rules.
 */
import Handlebars from 'handlebars';

type HbsNode = { type: string; loc?: { start: { line: number; column: number }; end: { line: number; column: number } } } & Record<string, unknown>;

/** Helpers every template has (see the team brief); plus Handlebars' built-in blocks. */
export const TEMPLATE_HELPERS = ['eq', 'concat', 'default', 'lower', 'upper'] as const;
const BLOCK_HELPERS = ['if', 'unless', 'each', 'with'];

export interface TemplateReference {
  /** `user.email` as ['user', 'email']. */
  parts: string[];
  /** 0-based offset of the reference inside the template. */
  offset: number;
}

export interface TemplateAnalysis {
  syntaxError?: { message: string; offset: number };
  references: TemplateReference[];
  unknownHelpers: TemplateReference[];
  rawMustaches: { offset: number }[];
  partials: { offset: number }[];
  /** Escaped mustaches `{{...}}` that are not blocks: [start, end) offsets and whether they call a helper. */
  mustaches: { start: number; end: number; callsHelper: boolean }[];
}

function lineOffsets(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  return starts;
}

export function analyzeTemplate(text: string): TemplateAnalysis {
  const starts = lineOffsets(text);
  const toOffset = (position: { line: number; column: number }): number => (starts[position.line - 1] ?? 0) + position.column;
  const analysis: TemplateAnalysis = { references: [], unknownHelpers: [], rawMustaches: [], partials: [], mustaches: [] };
  let ast: HbsNode;
  try {
    ast = Handlebars.parse(text) as unknown as HbsNode;
  } catch (error) {
    analysis.syntaxError = parseErrorOf(error, starts, text);
    return analysis;
  }
  const visit = (node: unknown, scoped: boolean): void => {
    if (!node || typeof node !== 'object') return;
    const n = node as HbsNode;
    const offset = n.loc ? toOffset(n.loc.start) : 0;
    switch (n.type) {
      case 'Program':
        for (const child of n.body as unknown[]) visit(child, scoped);
        return;
      case 'MustacheStatement':
      case 'SubExpression':
      case 'BlockStatement': {
        const params = (n.params as unknown[]) ?? [];
        const hash = n.hash as { pairs: { value: unknown }[] } | undefined;
        const path = n.path as HbsNode & { original: string };
        const isHelperCall = n.type !== 'MustacheStatement' || params.length > 0 || (hash?.pairs.length ?? 0) > 0;
        if (n.type === 'MustacheStatement' && n.escaped === false) analysis.rawMustaches.push({ offset });
        if (n.type === 'MustacheStatement' && n.escaped !== false && n.loc) {
          analysis.mustaches.push({ start: offset, end: toOffset(n.loc.end), callsHelper: isHelperCall });
        }
        if (isHelperCall) {
          const known = n.type === 'BlockStatement' ? BLOCK_HELPERS : TEMPLATE_HELPERS;
          if (path.type === 'PathExpression' && !(known as readonly string[]).includes(path.original)) {
            analysis.unknownHelpers.push({ parts: [path.original], offset: path.loc ? toOffset(path.loc.start) : offset });
          }
        } else visit(path, scoped);
        for (const param of params) visit(param, scoped);
        for (const pair of hash?.pairs ?? []) visit(pair.value, scoped);
        // Inside #each and #with the context changes, so bare names there are not top-level variables.
        const inner = scoped || (n.type === 'BlockStatement' && (path.original === 'each' || path.original === 'with'));
        visit(n.program, inner);
        visit(n.inverse, scoped);
        return;
      }
      case 'PathExpression':
        if (!scoped && n.data !== true && (n.depth as number) === 0 && (n.parts as string[]).length > 0 && n.original !== 'this') {
          analysis.references.push({ parts: n.parts as string[], offset });
        }
        return;
      case 'PartialStatement':
      case 'PartialBlockStatement':
      case 'DecoratorBlock':
      case 'Decorator':
        analysis.partials.push({ offset });
        return;
      default:
        return;
    }
  };
  visit(ast, false);
  return analysis;
}

/** Handlebars reports "Parse error on line N:" and a caret under a 20-character excerpt of line N. */
function parseErrorOf(error: unknown, starts: number[], text: string): { message: string; offset: number } {
  const raw = error instanceof Error ? error.message : String(error);
  const lines = raw.split('\n');
  const lineMatch = /on line (\d+)/u.exec(raw);
  const line = lineMatch ? Number(lineMatch[1]) : 1;
  const caret = lines.findIndex((l) => /^-*\^$/u.test(l));
  const lineStart = starts[line - 1] ?? 0;
  const lineEnd = starts[line] !== undefined ? starts[line]! - 1 : text.length;
  const column = caret > 0 ? Math.min(lines[caret]!.length - 1, lineEnd - lineStart) : 0;
  const expecting = lines.find((l) => l.startsWith('Expecting')) ?? lines[0] ?? 'parse error';
  return { message: expecting.replace(/'/gu, '').replace(/^Expecting /u, 'expected '), offset: lineStart + column };
}
