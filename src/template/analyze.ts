/**
 * Reads a template without running it: its syntax errors, the variables it uses, the helpers it
 * calls, and its triple-stash `{{{raw}}}` mustaches. Used by the validator's template rules; it
 * parses with parse.ts exactly as the runtime does, and offsets are in the author's text.
 */
import { BLOCK_HELPER_NAMES, TEMPLATE_HELPER_NAMES } from './helpers.js';
import { lineStarts, parseTemplate, positionToOffset, TemplateSyntaxError, type TemplateKind } from './parse.js';

type HbsNode = { type: string; loc?: { start: { line: number; column: number }; end: { line: number; column: number } } } & Record<string, unknown>;

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
  /** `#each` blocks inside another `#each`: their iterations multiply. */
  nestedEach: { offset: number }[];
}

export function analyzeTemplate(text: string, kind: TemplateKind): TemplateAnalysis {
  const analysis: TemplateAnalysis = { references: [], unknownHelpers: [], rawMustaches: [], partials: [], nestedEach: [] };
  let parsed;
  try {
    parsed = parseTemplate(text, kind);
  } catch (error) {
    if (!(error instanceof TemplateSyntaxError)) throw error;
    analysis.syntaxError = { message: error.message, offset: error.offset };
    return analysis;
  }
  const starts = lineStarts(parsed.parsedText);
  const toOffset = (position: { line: number; column: number }): number => parsed.toSourceOffset(positionToOffset(starts, position));
  const ast = parsed.ast as unknown as HbsNode;
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
        if (isHelperCall) {
          const known = n.type === 'BlockStatement' ? BLOCK_HELPER_NAMES : TEMPLATE_HELPER_NAMES;
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
  const findNestedEach = (node: unknown, insideEach: boolean): void => {
    if (!node || typeof node !== 'object') return;
    const n = node as HbsNode;
    if (n.type === 'Program') for (const child of n.body as unknown[]) findNestedEach(child, insideEach);
    if (n.type !== 'BlockStatement') return;
    const isEach = (n.path as { original?: string }).original === 'each';
    if (isEach && insideEach && n.loc) analysis.nestedEach.push({ offset: toOffset(n.loc.start) });
    findNestedEach(n.program, insideEach || isEach);
    findNestedEach(n.inverse, insideEach);
  };
  findNestedEach(ast, false);
  return analysis;
}
