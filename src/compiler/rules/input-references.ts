/**
 * Rule: every input the auth block or a lookup names is declared, and the inputs that carry
 * credentials are marked secret (so they are never logged, shown back or templated).
 */
import { joinPointer, type Diagnostic } from '../diagnostic.js';
import { hintForName } from '../did-you-mean.js';
import { report, type RuleContext } from './rule.js';
import { declaredInputs, isObject } from './spec-walk.js';

interface InputUse {
  /** Pointer of the auth field naming the input, or of `auth/type` when the default name is used. */
  pointer: string;
  input: string;
  secret: boolean;
  why: string;
}

function authInputUses(auth: Record<string, unknown>): InputUse[] {
  const field = (name: string, fallback: string, secret: boolean, why: string): InputUse => ({
    pointer: typeof auth[name] === 'string' ? joinPointer(['auth', name]) : '/auth/type',
    input: typeof auth[name] === 'string' ? (auth[name] as string) : fallback,
    secret,
    why,
  });
  switch (auth.type) {
    case 'bearer':
      return [field('token', 'token', true, 'bearer auth sends it as the token')];
    case 'basic':
      return [field('username', 'username', false, 'basic auth sends it as the user name'), field('password', 'password', true, 'basic auth sends it as the password')];
    case 'apiKey':
      return [field('key', 'token', true, 'apiKey auth sends it as the key')];
    case 'oauth2': {
      const uses: InputUse[] = [
        { pointer: '/auth/type', input: 'clientId', secret: false, why: 'OAuth 2.0 identifies the client with it' },
        { pointer: '/auth/type', input: 'clientSecret', secret: true, why: 'OAuth 2.0 authenticates the client with it' },
      ];
      if (auth.grant === 'refresh_token') uses.push({ pointer: '/auth/grant', input: 'refreshToken', secret: true, why: 'the refresh_token grant exchanges it for access tokens' });
      if (auth.grant === 'authorization_code') {
        uses.push({ pointer: '/auth/grant', input: 'authorizationCode', secret: true, why: 'the authorization_code grant exchanges it for tokens' });
        uses.push({ pointer: '/auth/grant', input: 'redirectUri', secret: false, why: 'the authorization_code grant sends it with the code' });
      }
      return uses;
    }
    default:
      return [];
  }
}

export function checkInputReferences(context: RuleContext): Diagnostic[] {
  const { spec } = context;
  const inputs = declaredInputs(spec);
  const names = [...inputs.keys()];
  const diagnostics: Diagnostic[] = [];
  const auth: Record<string, unknown> = isObject(spec.auth) ? (spec.auth as unknown as Record<string, unknown>) : {};
  for (const use of authInputUses(auth)) {
    const input = inputs.get(use.input);
    if (!input) {
      const suggestion = hintForName(use.input, names, 'inputs');
      diagnostics.push(report(context, { code: 'SPEC_UNKNOWN_INPUT', pointer: use.pointer, at: 'value', message: `auth uses the input '${use.input}' (${use.why}), but inputs does not declare it`, hint: `declare it: \`inputs: { ${use.input}: { label: ..., ${use.secret ? 'secret: true, ' : ''}required: true } }\`${suggestion.startsWith('did') ? `, or ${suggestion}` : ''}` }));
    } else if (use.secret && !input.secret) {
      diagnostics.push(report(context, { code: 'SPEC_SECRET_NOT_MARKED', pointer: joinPointer(['inputs', use.input]), message: `input '${use.input}' carries a credential (${use.why}) but is not marked secret`, hint: 'add `secret: true` so it is never logged, shown back or used in templates' }));
    }
  }
  for (const [name, lookup] of Object.entries(isObject(spec.lookups) ? spec.lookups : {})) {
    if (!isObject(lookup) || typeof lookup.override !== 'string' || inputs.has(lookup.override)) continue;
    diagnostics.push(report(context, { code: 'SPEC_UNKNOWN_INPUT', pointer: joinPointer(['lookups', name, 'override']), at: 'value', message: `lookup ${name} is overridden by the input '${lookup.override}', which inputs does not declare`, hint: `declare \`${lookup.override}\` under inputs, or ${hintForName(lookup.override, names, 'inputs')}` }));
  }
  return diagnostics;
}
