/**
 * Rule: no secret is written into a spec. Specs are committed and shown to operators; credentials
 * belong in secret inputs, which reach the request only through `auth`.
 */
import { API_KEY_PLACEHOLDER } from '../../auth-types/index.js';
import { joinPointer, type Diagnostic } from '../diagnostic.js';
import { report, type RuleContext } from './rule.js';
import { isObject, listRequestSites, stringEntries } from './spec-walk.js';

const CREDENTIAL_HEADER =
  /^(authorization|proxy-authorization|cookie|x-api-key|api-key|apikey|x-auth-token|x-access-token)$|token|secret|api[-_]?key|password/iu;
const CREDENTIAL_PARAM = /^(token|access_token|api_key|apikey|key|secret|client_secret|password|auth)$/iu;
const CREDENTIAL_VALUE = /^(bearer|basic|token|apikey|sso-key)\s+\S{6,}/iu;

function isLiteral(value: string): boolean {
  return !value.includes('{{') && value.trim() !== '';
}

export function checkInlineSecrets(context: RuleContext): Diagnostic[] {
  const { spec } = context;
  const diagnostics: Diagnostic[] = [];
  const inline = (pointer: string, message: string, hint: string) =>
    diagnostics.push(report(context, { code: 'SPEC_INLINE_SECRET', pointer, at: 'value', message, hint }));
  const moveHint = 'remove the value; declare a secret input (e.g. `token: { label: API key, secret: true, required: true }`) and send it through `auth`';

  for (const [name, input] of Object.entries(isObject(spec.inputs) ? spec.inputs : {})) {
    if (isObject(input) && input.secret === true && input.default !== undefined) {
      inline(
        joinPointer(['inputs', name, 'default']),
        `secret input '${name}' has a default value written in the spec`,
        'remove `default`; the operator supplies secrets',
      );
    }
  }
  const headerSets: [Array<string | number>, unknown][] = [[['headers'], spec.headers]];
  const querySets: [Array<string | number>, unknown][] = [];
  for (const action of listRequestSites(spec)) {
    const { path } = action;
    headerSets.push([[...path, 'headers'], action.action.headers]);
    querySets.push([[...path, 'query'], action.action.query]);
  }
  for (const [path, headers] of headerSets) {
    for (const [name, value] of stringEntries(headers)) {
      if (isLiteral(value) && (CREDENTIAL_HEADER.test(name) || CREDENTIAL_VALUE.test(value))) {
        inline(joinPointer([...path, name]), `header ${name} carries a credential written literally in the spec`, moveHint);
      }
    }
  }
  for (const [path, query] of querySets) {
    for (const [name, value] of stringEntries(query)) {
      if (isLiteral(value) && CREDENTIAL_PARAM.test(name))
        inline(
          joinPointer([...path, name]),
          `query parameter ${name} carries a credential written literally in the spec`,
          `${moveHint} (apiKey auth with \`in: query\` puts it in the query)`,
        );
    }
  }
  const auth: Record<string, unknown> = isObject(spec.auth) ? (spec.auth as unknown as Record<string, unknown>) : {};
  if (auth.type === 'apiKey' && typeof auth.value === 'string' && !API_KEY_PLACEHOLDER.test(auth.value)) {
    inline(
      '/auth/value',
      `the apiKey value template ${JSON.stringify(auth.value.length > 12 ? `${auth.value.slice(0, 4)}...` : auth.value)} has no {{ .Key }} placeholder, so the key would be written in the spec`,
      'write the placeholder where the key goes, e.g. `value: "Token token={{ .Key }}"`; the operator enters the key in the token input',
    );
  }
  if (typeof spec.baseUrl === 'string' && /^[a-z][a-z0-9+.-]*:\/\/[^/@]*@/iu.test(spec.baseUrl)) {
    inline('/baseUrl', 'baseUrl contains a user name or password', 'remove the user:password@ part and use basic auth with secret inputs');
  }
  return diagnostics;
}
