/**
 * Compiles templates for rendering. JSON body templates: every escaped mustache `{{expr}}` is rewritten in the Handlebars AST into
 * `{{__json expr}}` and the template compiled with noEscape, so each value is inserted as JSON
 * text: a name like `Ann", "role": "owner` stays one string and can never add a field, and `&`
 * is never HTML-escaped. Block helpers (`{{#if}}...{{else}}...{{/if}}`) emit their literal text.
 */
import { templateEngine, type TemplateEngine } from './engine.js';
import { JSON_HELPER } from './helpers.js';
import { parseTemplate } from './parse.js';
import { renderWithinLimits } from './render-limits.js';

type Node = hbs.AST.Node;
type Mustache = hbs.AST.MustacheStatement;

function toJsonMustache(node: Mustache): Mustache {
  const loc = node.loc;
  const hasCall = node.params.length > 0 || (node.hash !== undefined && node.hash.pairs.length > 0);
  const argument: hbs.AST.Expression = hasCall
    ? ({ type: 'SubExpression', path: node.path, params: node.params, hash: node.hash, loc } as unknown as hbs.AST.SubExpression)
    : node.path;
  return {
    ...node,
    path: { type: 'PathExpression', data: false, depth: 0, parts: [JSON_HELPER], original: JSON_HELPER, loc } as hbs.AST.PathExpression,
    params: [argument],
    hash: undefined as unknown as hbs.AST.Hash,
    escaped: false,
  };
}

/** Rewrites escaped mustaches in place, descending into blocks (`program` and `inverse`). */
function rewrite(node: Node | undefined | null): void {
  if (!node) return;
  if (node.type === 'Program') {
    const program = node as hbs.AST.Program;
    program.body = program.body.map((statement) => {
      if (statement.type === 'MustacheStatement' && (statement as Mustache).escaped) return toJsonMustache(statement as Mustache);
      rewrite(statement);
      return statement;
    });
    return;
  }
  if (node.type === 'BlockStatement') {
    const block = node as hbs.AST.BlockStatement;
    rewrite(block.program);
    rewrite(block.inverse);
  }
}

/** Compiles a JSON body template; a syntax error is a TemplateSyntaxError with its offset. */
export function compileJsonBody(source: string, engine: TemplateEngine = templateEngine): (context: object) => string {
  const { ast } = parseTemplate(source, 'json');
  rewrite(ast);
  const template = engine.compile(ast, { noEscape: true, strict: false });
  return (context) => renderWithinLimits(() => template(context));
}

/** Compiles a plain-string template (query and header values): no escaping, no JSON encoding. */
export function compilePlainTemplate(source: string, engine: TemplateEngine = templateEngine): (context: object) => string {
  const { ast } = parseTemplate(source, 'plain');
  const template = engine.compile(ast, { noEscape: true, strict: false });
  return (context) => renderWithinLimits(() => template(context));
}
