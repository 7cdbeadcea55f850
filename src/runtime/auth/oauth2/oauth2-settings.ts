/**
 * Reads and checks what an OAuth 2.0 connection needs, once, when the connection is made: the
 * token URL and the operator inputs each grant requires. Fails with CONFIG naming the input.
 */
import type { OAuth2Auth } from '../../../../generated/spec-types.js';
import type { InputValues } from '../../../connector.js';
import { ConnectorError } from '../../errors.js';
import { readOptionalInput, readRequiredInput } from '../credential-inputs.js';
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
}

/** `tokenUrl: "{inputs.<name>}"`: each tenant has its own token endpoint, filled in by the operator. */
const INPUT_PLACEHOLDER = /^\{inputs\.([a-z][A-Za-z0-9]*)\}$/u;

function resolveTokenUrl(tokenUrl: string, context: { inputs: InputValues; baseUrl: URL }, authType: string): URL {
  const inputName = INPUT_PLACEHOLDER.exec(tokenUrl)?.[1];
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

function readCodeExchange(auth: OAuth2Auth, inputs: InputValues, authType: string): CodeExchange {
  return {
    code: readRequiredInput({ inputs, name: 'authorizationCode', authType }),
    redirectUri: readRequiredInput({ inputs, name: 'redirectUri', authType }),
    // RFC 7636 §4.5: the verifier whose challenge went into the authorization URL.
    codeVerifier: auth.pkce === false ? undefined : readRequiredInput({ inputs, name: 'codeVerifier', authType }),
  };
}

export function readOAuth2Settings(auth: OAuth2Auth, context: { inputs: InputValues; baseUrl: URL }): OAuth2Settings {
  const { inputs } = context;
  const authType = `oauth2 ${auth.grant}`;
  const clientId = readRequiredInput({ inputs, name: 'clientId', authType });
  // A secret is optional for public clients, which only the grants with a user involved have.
  const clientSecret =
    auth.grant === 'client_credentials'
      ? readRequiredInput({ inputs, name: 'clientSecret', authType })
      : readOptionalInput({ inputs, name: 'clientSecret', authType });
  const storedRefreshToken = readOptionalInput({ inputs, name: 'refreshToken', authType });
  const refreshToken =
    auth.grant === 'refresh_token' ? readRequiredInput({ inputs, name: 'refreshToken', authType }) : storedRefreshToken;
  // A connection made before already holds a refresh token; the single-use code is spent then.
  const codeExchange =
    auth.grant === 'authorization_code' && refreshToken === undefined ? readCodeExchange(auth, inputs, authType) : undefined;
  return {
    grant: auth.grant,
    tokenUrl: resolveTokenUrl(auth.tokenUrl, context, authType),
    client: { method: auth.clientAuth ?? 'client_secret_basic', clientId, clientSecret },
    scope: auth.scopes !== undefined && auth.scopes.length > 0 ? auth.scopes.join(' ') : undefined,
    header: auth.header ?? 'Authorization',
    prefix: auth.prefix ?? 'Bearer ',
    refreshToken: auth.grant === 'client_credentials' ? undefined : refreshToken,
    codeExchange,
  };
}
