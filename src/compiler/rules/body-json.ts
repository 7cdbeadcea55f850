/**
 * Rule: a body template rendered with sample values is valid JSON. Catches the usual mistake of
 * quoting a value that is already inserted JSON-encoded (`"name": "{{user.name}}"`).
 */
import type { Diagnostic } from '../diagnostic.js';
import { analyzeTemplate } from '../../template/analyze.js';
import { BLOCK_HELPER_NAMES, TEMPLATE_HELPER_NAMES } from '../../template/helpers.js';
import { renderSampleBody, sampleVariables } from '../sample-body.js';
import { report, type RuleContext } from './rule.js';
import { isObject } from './spec-walk.js';
import { listTemplateSites } from './templates.js';

export function checkBodyJson(context: RuleContext): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const inputs: Record<string, string> = {};
  for (const [name, input] of Object.entries(isObject(context.spec.inputs) ? context.spec.inputs : {})) {
    if (isObject(input) && input.secret !== true) inputs[name] = typeof input.default === 'string' ? input.default : 'sample';
  }
  const lookups = Object.keys(isObject(context.spec.lookups) ? context.spec.lookups : {});
  for (const site of listTemplateSites(context)) {
    if (!site.isBody) continue;
    const analysis = analyzeTemplate(site.text, 'json');
    // Problems the template rule already reports would only repeat here as "not JSON".
    if (analysis.syntaxError || analysis.rawMustaches.length > 0 || analysis.partials.length > 0 || analysis.unknownHelpers.length > 0) continue;
    const vars: Record<string, string> = {};
    for (const [name, variable] of Object.entries(isObject(site.scope.action?.variables) ? site.scope.action.variables : {})) {
      vars[name] = isObject(variable) && typeof variable.type === 'string' ? variable.type : 'string';
    }
    const rendered = renderSampleBody(site.text, sampleVariables({ inputs, lookups, vars }));
    if ('error' in rendered) {
      diagnostics.push(
        report(context, {
          code: 'SPEC_BODY_NOT_JSON',
          pointer: site.pointer,
          at: 'value',
          message: `the body template fails to render with sample values: ${rendered.error}`,
          hint: `use only the helpers ${TEMPLATE_HELPER_NAMES.join(', ')} and the blocks ${BLOCK_HELPER_NAMES.map((name) => `#${name}`).join('/')}`,
        }),
      );
      continue;
    }
    try {
      JSON.parse(rendered.text);
    } catch (error) {
      const quoted = /"\{\{[^}]*\}\}"/u.exec(site.text);
      diagnostics.push(
        report(context, {
          code: 'SPEC_BODY_NOT_JSON',
          pointer: site.pointer,
          at: quoted ? { offset: quoted.index } : 'value',
          message: `the body is not valid JSON when rendered with sample values (${error instanceof Error ? error.message : String(error)})`,
          hint: quoted
            ? `remove the quotes around ${quoted[0]}: every {{value}} is inserted JSON-encoded, quotes included`
            : 'write the body as JSON text with {{value}} where a JSON value goes, e.g. {"email": {{user.email}}}',
        }),
      );
    }
  }
  return diagnostics;
}
