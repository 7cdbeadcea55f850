/**
 * Rule: `auth.tokenParams` (extra OAuth 2.0 token request parameters) sets none of the grant's own
 * parameters, and each `{inputs.<name>}` is the whole value and names a declared input.
 */
import { GRANT_TOKEN_PARAMS, tokenParamSources } from '../../auth-types/index.js';
import { joinPointer, type Diagnostic } from '../diagnostic.js';
import { hintForName } from '../did-you-mean.js';
import { report, type RuleContext } from './rule.js';
import { declaredInputs, isObject } from './spec-walk.js';

export function checkTokenParams(context: RuleContext): Diagnostic[] {
  const auth: Record<string, unknown> = isObject(context.spec.auth) ? (context.spec.auth as unknown as Record<string, unknown>) : {};
  if (auth.type !== 'oauth2') return [];
  const inputs = declaredInputs(context.spec);
  const names = [...inputs.keys()];
  const diagnostics: Diagnostic[] = [];
  for (const source of tokenParamSources(auth)) {
    const pointer = joinPointer(['auth', 'tokenParams', source.param]);
    if (GRANT_TOKEN_PARAMS.includes(source.param)) {
      diagnostics.push(
        report(context, {
          code: 'SPEC_TOKEN_PARAM_RESERVED',
          pointer,
          message: `auth.tokenParams sets '${source.param}', which the ${String(auth.grant)} grant sends itself`,
          hint: `remove it; the grant's own parameters come from grant, scopes and clientAuth (reserved: ${GRANT_TOKEN_PARAMS.join(', ')})`,
        }),
      );
    } else if (source.input !== undefined && !inputs.has(source.input)) {
      diagnostics.push(
        report(context, {
          code: 'SPEC_UNKNOWN_INPUT',
          pointer,
          at: 'value',
          message: `auth.tokenParams.${source.param} takes its value from the input '${source.input}', which inputs does not declare`,
          hint: `declare it: \`inputs: { ${source.input}: { label: ..., required: true } }\`, or ${hintForName(source.input, names, 'inputs')}`,
        }),
      );
    } else if (source.value?.includes('{inputs.') === true) {
      diagnostics.push(
        report(context, {
          code: 'SPEC_TOKEN_PARAM_TEMPLATE',
          pointer,
          at: 'value',
          message: `auth.tokenParams.${source.param} mixes text with an input reference; only a whole value \`{inputs.<name>}\` is filled in`,
          hint: 'write the value as exactly `"{inputs.<name>}"`, or as fixed text',
        }),
      );
    }
  }
  return diagnostics;
}
