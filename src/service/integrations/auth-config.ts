/**
 * The build-your-own authentication form (issue 23 point 10): the five auth types of the spec's
 * `auth` block (docs/connector-authors/auth.md) as form fields, written into the customer's spec
 * text and saved through the same validator as YAML (saveSpecEdit: located diagnostics, nothing
 * saved on error). The inputs the chosen type reads are declared in `inputs` when the spec lacks
 * them, so the authentication step asks for them next.
 */
import { parseDocument } from 'yaml';
import { describeAuth } from '../../auth-types/index.js';
import { ServiceError } from '../service-error.js';

export const AUTH_FORM_TYPES = ['bearer', 'oauth2', 'basic', 'apiKey', 'none'] as const;
export const OAUTH2_GRANTS = ['client_credentials', 'authorization_code', 'refresh_token'] as const;

/** What the form sends, every field as text (empty: left out, the spec's default applies). */
export interface AuthForm {
  type: string;
  header?: string;
  prefix?: string;
  in?: string;
  name?: string;
  value?: string;
  grant?: string;
  tokenUrl?: string;
  authorizationUrl?: string;
  scopes?: string;
  clientAuth?: string;
}

const INPUT_LABELS: Record<string, string> = {
  token: 'Token',
  username: 'User name',
  password: 'Password',
  clientId: 'Client ID',
  clientSecret: 'Client secret',
  refreshToken: 'Refresh token',
  authorizationCode: 'Authorization code',
  redirectUri: 'Redirect URI',
  codeVerifier: 'PKCE code verifier',
};

const given = (text: string | undefined) => (text === undefined || text.trim() === '' ? undefined : text.trim());

/** The `auth` block a form describes; the validator judges the rest (a missing token URL, a template without `{{ .Key }}`). */
export function authBlockOf(form: AuthForm): Record<string, unknown> {
  const pick = (keys: (keyof AuthForm)[]) => Object.fromEntries(keys.flatMap((key) => (given(form[key]) === undefined ? [] : [[key, given(form[key])]])));
  switch (form.type) {
    case 'none':
    case 'basic':
      return { type: form.type };
    case 'bearer':
      return { type: 'bearer', ...pick(['header', 'prefix']) };
    case 'apiKey':
      return { type: 'apiKey', in: given(form.in) ?? 'header', ...pick(['name', 'value']) };
    case 'oauth2': {
      const scopes = given(form.scopes)
        ?.split(/[\s,]+/u)
        .filter(Boolean);
      return { type: 'oauth2', ...pick(['grant', 'tokenUrl', 'authorizationUrl', 'clientAuth']), ...(scopes && scopes.length > 0 ? { scopes } : {}) };
    }
    default:
      throw new ServiceError('INVALID_INPUT', `the authentication type must be one of ${AUTH_FORM_TYPES.join(', ')}`, { hint: 'choose one of the five types' });
  }
}

/** The spec text with its `auth` block replaced and the inputs that auth reads declared (existing declarations kept as written). */
export function writeAuthBlock(input: { specText: string; auth: Record<string, unknown> }): string {
  const doc = parseDocument(input.specText);
  doc.set('auth', doc.createNode(input.auth));
  for (const read of describeAuth(input.auth)?.inputs ?? []) {
    if (doc.hasIn(['inputs', read.name])) continue;
    const declared = {
      label: INPUT_LABELS[read.name] ?? read.name,
      ...(read.secret ? { secret: true } : {}),
      ...(read.need === 'required' ? { required: true } : {}),
    };
    doc.setIn(['inputs', read.name], doc.createNode(declared));
  }
  return doc.toString();
}
