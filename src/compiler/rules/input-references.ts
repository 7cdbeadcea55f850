/**
 * Rule: every input the auth block or a lookup names is declared, and the inputs that carry
 * credentials are marked secret (so they are never logged, shown back or templated).
 */
import { joinPointer, type Diagnostic } from '../diagnostic.js';
import { hintForName } from '../did-you-mean.js';
import { report, type RuleContext } from './rule.js';
import { INPUT_URL_PLACEHOLDER } from './base-url.js';
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
  diagnostics.push(...checkTokenUrlInput(context, auth, inputs, names));
  for (const [name, lookup] of Object.entries(isObject(spec.lookups) ? spec.lookups : {})) {
    if (!isObject(lookup) || typeof lookup.override !== 'string' || inputs.has(lookup.override)) continue;
    diagnostics.push(report(context, { code: 'SPEC_UNKNOWN_INPUT', pointer: joinPointer(['lookups', name, 'override']), at: 'value', message: `lookup ${name} is overridden by the input '${lookup.override}', which inputs does not declare`, hint: `declare \`${lookup.override}\` under inputs, or ${hintForName(lookup.override, names, 'inputs')}` }));
  }
  return diagnostics;
}

/** `auth.tokenUrl: "{inputs.<name>}"`: the input is declared, of type url, and not secret. */
function checkTokenUrlInput(
  context: RuleContext,
  auth: Record<string, unknown>,
  inputs: ReturnType<typeof declaredInputs>,
  names: string[],
): Diagnostic[] {
  const match = auth.type === 'oauth2' && typeof auth.tokenUrl === 'string' ? INPUT_URL_PLACEHOLDER.exec(auth.tokenUrl) : null;
  const name = match?.[1];
  if (name === undefined) return [];
  const input = inputs.get(name);
  if (!input) {
    return [report(context, { code: 'SPEC_UNKNOWN_INPUT', pointer: '/auth/tokenUrl', at: 'value', message: `auth.tokenUrl takes the token endpoint from the input '${name}', which inputs does not declare`, hint: `declare it: \`inputs: { ${name}: { label: Token URL, type: url, required: true } }\`, or ${hintForName(name, names, 'inputs')}` })];
  }
  if (input.type !== 'url') {
    return [report(context, { code: 'SPEC_INPUT_NOT_URL', pointer: joinPointer(['inputs', name]), message: `input '${name}' holds the OAuth 2.0 token endpoint (auth.tokenUrl) but is not of type url`, hint: 'add `type: url` so the connection checks it is an http(s) URL' })];
  }
  if (input.secret) {
    return [report(context, { code: 'SPEC_TOKEN_URL_SECRET', pointer: joinPointer(['inputs', name, 'secret']), message: `input '${name}' holds the OAuth 2.0 token endpoint (auth.tokenUrl), which is not a secret`, hint: 'remove `secret: true`: the token URL appears in error messages' })];
  }
  return [];
}
