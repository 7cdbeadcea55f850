/**
 * OAuth 2.0 (RFC 6749): the client's credentials and each grant's own inputs, all sent to the
 * token endpoint; the access token obtained with them goes in a header of every request.
 */
import { AUTH_DEFAULTS } from '../../generated/spec-types.js';
import { fieldOf, fieldOr, type HeaderAuthDescriptor, type AuthFields, type AuthInput } from './auth-descriptor.js';

/** A value the operator fills in (an endpoint URL, a token parameter): the whole value is `{inputs.<name>}`. */
export const INPUT_URL_PLACEHOLDER = /^\{inputs\.([a-z][A-Za-z0-9]*)\}$/u;

/**
 * The input holding the token endpoint when `tokenUrl` is `{inputs.<name>}` (each tenant has its
 * own authorization server), else undefined. The validator checks it is declared as a URL; the
 * connection reads it.
 */
export function tokenUrlInputName(auth: AuthFields): string | undefined {
  const tokenUrl = fieldOf(auth, 'tokenUrl');
  return typeof tokenUrl === 'string' ? INPUT_URL_PLACEHOLDER.exec(tokenUrl)?.[1] : undefined;
}

/** What the grant itself sends to the token endpoint (RFC 6749 §4, §6; RFC 7636 §4.5): `tokenParams` may not set these. */
export const GRANT_TOKEN_PARAMS: readonly string[] = [
  'grant_type',
  'client_id',
  'client_secret',
  'scope',
  'code',
  'redirect_uri',
  'code_verifier',
  'refresh_token',
];

/** One entry of `auth.tokenParams`: fixed text, or the input whose value the operator fills in. */
export type TokenParamSource = { param: string; value: string; input?: undefined } | { param: string; input: string; value?: undefined };

/** The spec's extra token request parameters, each with where its value comes from (`{inputs.<name>}` is the whole value). */
export function tokenParamSources(auth: AuthFields): TokenParamSource[] {
  const params = fieldOf(auth, 'tokenParams');
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return [];
  return Object.entries(params as Record<string, unknown>).flatMap(([param, value]): TokenParamSource[] => {
    if (typeof value !== 'string') return [];
    const input = INPUT_URL_PLACEHOLDER.exec(value)?.[1];
    return [input === undefined ? { param, value } : { param, input }];
  });
}

export type OAuth2Role = 'clientSecret' | 'refreshToken' | 'authorizationCode' | 'redirectUri' | 'codeVerifier';

export function describeOAuth2Auth(auth: AuthFields): HeaderAuthDescriptor<'clientId', OAuth2Role> {
  const defaults = AUTH_DEFAULTS.oauth2;
  const grant = fieldOr(auth, 'grant', '') || undefined;
  // RFC 6749 §2.3.1: client_secret_basic sends the client's id and secret in a Basic header, client_secret_post in the form.
  const clientIn = fieldOr(auth, 'clientAuth', defaults.clientAuth) === 'client_secret_post' ? 'body' : 'header';
  const input = (role: 'clientId' | OAuth2Role, fields: Omit<AuthInput, 'role' | 'name'>): AuthInput<'clientId' | OAuth2Role> => ({
    role,
    name: role,
    ...fields,
  });
  const inputs = [
    input('clientId', { secret: false, need: 'required', sentIn: clientIn, pointer: '/auth/type', why: 'OAuth 2.0 identifies the client with it' }),
    // Only the grants with a user involved may have public clients (RFC 6749 §2.1), which have no secret.
    input('clientSecret', {
      secret: true,
      need: grant === 'client_credentials' ? 'required' : 'optional',
      sentIn: clientIn,
      pointer: '/auth/type',
      why: 'OAuth 2.0 authenticates the client with it',
    }),
  ];
  if (grant === 'refresh_token') {
    inputs.push(
      input('refreshToken', {
        secret: true,
        need: 'required',
        sentIn: 'body',
        pointer: '/auth/grant',
        why: 'the refresh_token grant exchanges it for access tokens',
      }),
    );
  }
  if (grant === 'authorization_code') {
    // The single-use code is spent on the first connection; later ones hold the refresh token the target issued.
    const untilRefreshToken = { unless: 'refreshToken' } as const;
    inputs.push(
      input('refreshToken', {
        secret: true,
        need: 'optional',
        sentIn: 'body',
        pointer: '/auth/grant',
        why: 'the authorization_code grant renews tokens with it once the target issued one',
      }),
      input('authorizationCode', {
        secret: true,
        need: untilRefreshToken,
        sentIn: 'body',
        pointer: '/auth/grant',
        why: 'the authorization_code grant exchanges it for tokens',
      }),
      input('redirectUri', {
        secret: false,
        need: untilRefreshToken,
        sentIn: 'body',
        pointer: '/auth/grant',
        why: 'the authorization_code grant sends it with the code',
      }),
    );
    // RFC 7636 §4.5: the verifier whose challenge went into the authorization URL.
    if (fieldOf(auth, 'pkce') !== false) {
      inputs.push(
        input('codeVerifier', {
          secret: true,
          need: untilRefreshToken,
          sentIn: 'body',
          pointer: typeof fieldOf(auth, 'pkce') === 'boolean' ? '/auth/pkce' : '/auth/grant',
          why: 'PKCE (on by default) sends it with the code',
        }),
      );
    }
  }
  return {
    type: 'oauth2',
    label: `oauth2 ${grant ?? ''}`.trim(),
    inputs,
    credential: { in: 'header', name: fieldOr(auth, 'header', defaults.header) },
    redaction: { queryEncodings: false, basicPair: clientIn === 'header' ? 'tokenEndpoint' : 'none', obtainedTokens: true },
  };
}
