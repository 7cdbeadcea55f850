/**
 * Rule: every Handlebars template (headers, query values, bodies) parses, calls only the known
 * helpers, and uses only the variables its action has; bodies never use raw `{{{...}}}`.
 */
import { joinPointer, type Diagnostic } from '../diagnostic.js';
import { analyzeTemplate } from '../../template/analyze.js';
import { BLOCK_HELPER_NAMES, TEMPLATE_HELPER_NAMES } from '../../template/helpers.js';
import { report, type RuleContext } from './rule.js';
import { isObject, listRequestSites, stringEntries, type ActionKind } from './spec-walk.js';
import { checkVariable, type VariableScope } from './variable-scope.js';

export interface TemplateSite {
  pointer: string;
  text: string;
  scope: VariableScope;
  isBody: boolean;
  /** A `requires` entry (`user.email`), checked as the variable it names. */
  isRequires?: boolean;
}

/** Every template field of the spec with the variables it may use. */
export function listTemplateSites(context: RuleContext): TemplateSite[] {
  const { spec } = context;
  const sites: TemplateSite[] = [];
  const specScope: VariableScope = { spec, kind: 'specHeaders', where: 'spec-level headers' };
  for (const [name, text] of stringEntries(spec.headers)) sites.push({ pointer: joinPointer(['headers', name]), text, scope: specScope, isBody: false });
  for (const [lookup, value] of Object.entries(isObject(spec.lookups) ? spec.lookups : {})) {
    const scope: VariableScope = { spec, kind: 'specHeaders', where: `lookup ${lookup}` };
    for (const [name, text] of stringEntries(isObject(value) ? value.query : undefined))
      sites.push({ pointer: joinPointer(['lookups', lookup, 'query', name]), text, scope, isBody: false });
  }
  for (const action of listRequestSites(spec)) {
    const { path } = action;
    const scope: VariableScope = {
      spec,
      kind: action.kind as ActionKind,
      action: action.action,
      where: action.kind === 'custom' ? `custom action ${action.name}` : action.name,
    };
    for (const field of ['query', 'headers']) {
      for (const [name, text] of stringEntries(action.action[field])) sites.push({ pointer: joinPointer([...path, field, name]), text, scope, isBody: false });
    }
    if (typeof action.action.body === 'string') sites.push({ pointer: joinPointer([...path, 'body']), text: action.action.body, scope, isBody: true });
    const requires = Array.isArray(action.action.requires) ? action.action.requires : [];
    requires.forEach((entry: unknown, index) => {
      if (typeof entry === 'string')
        sites.push({ pointer: joinPointer([...path, 'requires', index]), text: `{{${entry}}}`, scope, isBody: false, isRequires: true });
    });
  }
  return sites;
}

export function checkTemplates(context: RuleContext): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const site of listTemplateSites(context)) {
    const analysis = analyzeTemplate(site.text, site.isBody ? 'json' : 'plain');
    const at = (offset: number) => ({ offset });
    if (analysis.syntaxError) {
      diagnostics.push(
        report(context, {
          code: 'SPEC_TEMPLATE_SYNTAX',
          pointer: site.pointer,
          at: at(analysis.syntaxError.offset),
          message: `the template does not parse: ${analysis.syntaxError.message}`,
          hint: syntaxHint(site.text),
        }),
      );
      continue;
    }
    for (const partial of analysis.partials) {
      diagnostics.push(
        report(context, {
          code: 'SPEC_TEMPLATE_SYNTAX',
          pointer: site.pointer,
          at: at(partial.offset),
          message: 'partials and decorators ({{> name}}, {{* name}}) are not supported in spec templates',
          hint: 'write the text inline',
        }),
      );
    }
    for (const helper of analysis.unknownHelpers) {
      diagnostics.push(
        report(context, {
          code: 'SPEC_TEMPLATE_UNKNOWN_HELPER',
          pointer: site.pointer,
          at: at(helper.offset),
          message: `unknown template helper '${helper.parts[0]}'`,
          hint: `use one of: ${TEMPLATE_HELPER_NAMES.join(', ')}, or the blocks ${BLOCK_HELPER_NAMES.map((name) => `#${name}`).join(', ')}`,
        }),
      );
    }
    for (const reference of analysis.references) {
      const problem = checkVariable(reference.parts, site.scope);
      if (problem)
        diagnostics.push(
          report(context, { code: problem.code, pointer: site.pointer, at: at(reference.offset), message: problem.message, hint: problem.hint }),
        );
    }
    for (const nested of analysis.nestedEach) {
      diagnostics.push(
        report(context, {
          code: 'SPEC_TEMPLATE_NESTED_EACH',
          severity: 'warning',
          pointer: site.pointer,
          at: at(nested.offset),
          message:
            'an #each inside another #each multiplies their items (a lookup of 3,000 entries nested three deep is 27 billion); a render stops at 10,000 items',
          hint: "iterate over one list, or prepare the combined list with a lookup's jq `value`",
        }),
      );
    }
    if (site.isRequires) continue;
    if (site.isBody) {
      for (const raw of analysis.rawMustaches) {
        diagnostics.push(
          report(context, {
            code: 'SPEC_TEMPLATE_RAW_IN_BODY',
            pointer: site.pointer,
            at: at(raw.offset),
            message: 'a JSON body must not use triple-stash {{{...}}}: the raw value could break out of its string and add fields',
            hint: 'write {{value}}; every value is inserted JSON-encoded, quotes included',
          }),
        );
      }
    }
  }
  return diagnostics;
}

function syntaxHint(text: string): string {
  // Outside a JSON body, `}}}` closes a triple-stash, which is what a literal brace after a mustache looks like.
  if (/\}\}\}/u.test(text)) return 'put a space between a closing }} and a literal }: write `{{value}} }` instead of `{{value}}}`';
  const open = /\{\{(?![\s\S]*\}\})([^\s"'{}]*)/u.exec(text);
  if (open) return `close the mustache: write {{${open[1] || 'name'}}}`;
  return 'close every {{ with }} and every {{#if}} with {{/if}}';
}
