/**
 * Reads and checks what an OAuth 2.0 connection needs, once, when the connection is made: the
 * token URL and the operator inputs each grant requires. Fails with CONFIG naming the input.
 */
import { AUTH_DEFAULTS, type OAuth2Auth } from '../../../../generated/spec-types.js';
import { describeOAuth2Auth, GRANT_TOKEN_PARAMS, tokenParamSources, tokenUrlInputName, type OAuth2Role } from '../../../auth-types/index.js';
import type { InputValues } from '../../../connector.js';
import { ConnectorError } from '../../errors.js';
import { readAuthInputs, readRequiredInput, type AuthInputValues } from '../credential-inputs.js';
import type { ClientCredentials } from './client-authentication.js';

/** The authorization code exchange (RFC 6749 §4.1.3, RFC 7636 §4.5). */
export interface CodeExchange {
  code: string;
  redirectUri: string;
  codeVerifier: string | undefined;
}

export interface OAuth2Settings {
  grant: OAuth2Auth['grant'];
  tokenUrl: URL;
  client: ClientCredentials;
  scope: string | undefined;
  header: string;
  prefix: string;
  /** The refresh token the connection starts with (input `refreshToken`). */
  refreshToken: string | undefined;
  /** Only for the authorization code grant without a stored refresh token. */
  codeExchange: CodeExchange | undefined;
  /** `auth.tokenParams` with the operator's values filled in, sent with every token request. */
  extraParams: Record<string, string>;
  /** The values of the secret inputs the grant read (its descriptor's), to register for redaction. */
  secretValues: string[];
}

/** The token endpoint: an operator input's value (`tokenUrl: "{inputs.<name>}"`), or the URL resolved against the base URL. */
function resolveTokenUrl(auth: OAuth2Auth, context: { inputs: InputValues; baseUrl: URL }, authType: string): URL {
  const { tokenUrl } = auth;
  const inputName = tokenUrlInputName(auth);
  if (inputName !== undefined) {
    const value = readRequiredInput({ inputs: context.inputs, name: inputName, authType });
    if (!isHttpUrl(value)) {
      throw new ConnectorError('CONFIG', `${authType} auth: the input \`${inputName}\` (the token endpoint) is not an http(s) URL.`, {
        action: 'auth',
        hint: `Fill in \`${inputName}\` with the token endpoint, e.g. https://login.example.com/oauth2/token.`,
      });
    }
    return new URL(value);
  }
  try {
    return new URL(tokenUrl, context.baseUrl);
  } catch {
    throw new ConnectorError('CONFIG', `oauth2 auth: tokenUrl \`${tokenUrl}\` is not a valid URL.`, {
      action: 'auth',
      hint: 'Write the token endpoint as an absolute URL, or as a path relative to the base URL.',
    });
  }
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * `auth.tokenParams`, each `{inputs.<name>}` replaced by the input's value. The validator checks
 * the same (SPEC_TOKEN_PARAM_*); a spec given to `connect` unchecked still fails here with CONFIG
 * naming the parameter, never with its value.
 */
function readTokenParams(auth: OAuth2Auth, inputs: InputValues, authType: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const source of tokenParamSources(auth)) {
    if (GRANT_TOKEN_PARAMS.includes(source.param)) {
      throw new ConnectorError('CONFIG', `${authType} auth: tokenParams.${source.param} is a parameter the grant sends itself.`, {
        action: 'auth',
        hint: `Remove \`${source.param}\` from auth.tokenParams; set it with the auth block's own fields (scopes, clientAuth, grant).`,
      });
    }
    params[source.param] = source.input === undefined ? source.value : readRequiredInput({ inputs, name: source.input, authType });
  }
  return params;
}

/**
 * The code exchange when the connection has no refresh token yet. The descriptor made the code and
 * redirect URI (and the verifier, with PKCE) required in that case, so they are present.
 */
function readCodeExchange(values: AuthInputValues<'clientId', OAuth2Role>): CodeExchange | undefined {
  const { refreshToken, authorizationCode, redirectUri, codeVerifier } = values;
  if (refreshToken !== undefined || authorizationCode === undefined || redirectUri === undefined) return undefined;
  return { code: authorizationCode, redirectUri, codeVerifier };
}

/** Reads the grant's inputs as the descriptor (src/auth-types/oauth2.ts) lists them. */
export function readOAuth2Settings(auth: OAuth2Auth, context: { inputs: InputValues; baseUrl: URL }): OAuth2Settings {
  const descriptor = describeOAuth2Auth(auth);
  const values = readAuthInputs(descriptor, context.inputs);
  const defaults = AUTH_DEFAULTS.oauth2;
  return {
    grant: auth.grant,
    tokenUrl: resolveTokenUrl(auth, context, descriptor.label),
    client: { method: auth.clientAuth ?? defaults.clientAuth, clientId: values.clientId, clientSecret: values.clientSecret },
    scope: auth.scopes !== undefined && auth.scopes.length > 0 ? auth.scopes.join(' ') : undefined,
    header: descriptor.credential.name,
    prefix: auth.prefix ?? defaults.prefix,
    refreshToken: values.refreshToken,
    extraParams: readTokenParams(auth, context.inputs, descriptor.label),
    codeExchange: auth.grant === 'authorization_code' ? readCodeExchange(values) : undefined,
    secretValues: descriptor.inputs.flatMap((input) => (input.secret && values[input.role] !== undefined ? [values[input.role] as string] : [])),
  };
}
