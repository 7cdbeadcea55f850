/**
 * Rule: every input the auth block or a lookup names is declared, and the inputs that carry
 * credentials are marked secret (so they are never logged, shown back or templated).
 */
import { describeAuth, tokenUrlInputName } from '../../auth-types/index.js';
import { joinPointer, type Diagnostic } from '../diagnostic.js';
import { hintForName } from '../did-you-mean.js';
import { report, type RuleContext } from './rule.js';
import { declaredInputs, isObject } from './spec-walk.js';

export function checkInputReferences(context: RuleContext): Diagnostic[] {
  const { spec } = context;
  const inputs = declaredInputs(spec);
  const names = [...inputs.keys()];
  const diagnostics: Diagnostic[] = [];
  const auth: Record<string, unknown> = isObject(spec.auth) ? (spec.auth as unknown as Record<string, unknown>) : {};
  // What each auth type reads is its descriptor's list, the same one the runtime checks at connect time.
  for (const use of describeAuth(auth)?.inputs ?? []) {
    const input = inputs.get(use.name);
    // An optional input (a public client's secret) may be left undeclared; declared, it is still a credential.
    if (!input && use.need !== 'optional') {
      const suggestion = hintForName(use.name, names, 'inputs');
      diagnostics.push(
        report(context, {
          code: 'SPEC_UNKNOWN_INPUT',
          pointer: use.pointer,
          at: 'value',
          message: `auth uses the input '${use.name}' (${use.why}), but inputs does not declare it`,
          hint: `declare it: \`inputs: { ${use.name}: { label: ..., ${use.secret ? 'secret: true, ' : ''}required: true } }\`${suggestion.startsWith('did') ? `, or ${suggestion}` : ''}`,
        }),
      );
    } else if (input && use.secret && !input.secret) {
      diagnostics.push(
        report(context, {
          code: 'SPEC_SECRET_NOT_MARKED',
          pointer: joinPointer(['inputs', use.name]),
          message: `input '${use.name}' carries a credential (${use.why}) but is not marked secret`,
          hint: 'add `secret: true` so it is never logged, shown back or used in templates',
        }),
      );
    }
  }
  diagnostics.push(...checkTokenUrlInput(context, auth, inputs, names));
  for (const [name, lookup] of Object.entries(isObject(spec.lookups) ? spec.lookups : {})) {
    if (!isObject(lookup) || typeof lookup.override !== 'string' || inputs.has(lookup.override)) continue;
    diagnostics.push(
      report(context, {
        code: 'SPEC_UNKNOWN_INPUT',
        pointer: joinPointer(['lookups', name, 'override']),
        at: 'value',
        message: `lookup ${name} is overridden by the input '${lookup.override}', which inputs does not declare`,
        hint: `declare \`${lookup.override}\` under inputs, or ${hintForName(lookup.override, names, 'inputs')}`,
      }),
    );
  }
  return diagnostics;
}

/** `auth.tokenUrl: "{inputs.<name>}"`: the input is declared, of type url, and not secret. */
function checkTokenUrlInput(context: RuleContext, auth: Record<string, unknown>, inputs: ReturnType<typeof declaredInputs>, names: string[]): Diagnostic[] {
  const name = auth.type === 'oauth2' ? tokenUrlInputName(auth) : undefined;
  if (name === undefined) return [];
  const input = inputs.get(name);
  if (!input) {
    return [
      report(context, {
        code: 'SPEC_UNKNOWN_INPUT',
        pointer: '/auth/tokenUrl',
        at: 'value',
        message: `auth.tokenUrl takes the token endpoint from the input '${name}', which inputs does not declare`,
        hint: `declare it: \`inputs: { ${name}: { label: Token URL, type: url, required: true } }\`, or ${hintForName(name, names, 'inputs')}`,
      }),
    ];
  }
  if (input.type !== 'url') {
    return [
      report(context, {
        code: 'SPEC_INPUT_NOT_URL',
        pointer: joinPointer(['inputs', name]),
        message: `input '${name}' holds the OAuth 2.0 token endpoint (auth.tokenUrl) but is not of type url`,
        hint: 'add `type: url` so the connection checks it is an http(s) URL',
      }),
    ];
  }
  if (input.secret) {
    return [
      report(context, {
        code: 'SPEC_TOKEN_URL_SECRET',
        pointer: joinPointer(['inputs', name, 'secret']),
        message: `input '${name}' holds the OAuth 2.0 token endpoint (auth.tokenUrl), which is not a secret`,
        hint: 'remove `secret: true`: the token URL appears in error messages',
      }),
    ];
  }
  return [];
}
