/**
 * The authorization request of the authorization code grant (RFC 6749 §4.1.1) with PKCE S256
 * (RFC 7636 §4.3). The host sends the operator's browser to `url`, keeps `state` and
 * `codeVerifier`, checks `state` on the redirect, and passes the code and verifier back as the
 * inputs `authorizationCode` and `codeVerifier`.
 */
import type { Auth } from '../../../../generated/spec-types.js';
import type { InputValues } from '../../../connector.js';
import { describeOAuth2Auth } from '../../../auth-types/index.js';
import { ConnectorError } from '../../errors.js';
import { readRequiredInput } from '../credential-inputs.js';
import { createCodeVerifier, createState, deriveCodeChallenge } from './pkce.js';

export interface AuthorizationUrlRequest {
  auth: Auth;
  inputs: InputValues;
  redirectUri: string;
  /** Supply one to keep your own; by default a random one is made. */
  state?: string;
  /** Base for a relative `authorizationUrl`; defaults to the input `baseUrl`. */
  baseUrl?: string | URL;
}

export interface AuthorizationUrl {
  url: string;
  state: string;
  /** Present when the spec uses PKCE (the default); pass it back as the input `codeVerifier`. */
  codeVerifier: string | undefined;
}

function configError(message: string, hint: string): ConnectorError {
  return new ConnectorError('CONFIG', message, { action: 'auth', hint });
}

function resolveAuthorizationEndpoint(template: string, base: string | URL | undefined): URL {
  try {
    return base === undefined ? new URL(template) : new URL(template, base);
  } catch {
    throw configError(
      `oauth2 auth: authorizationUrl \`${template}\` is not a valid URL.`,
      'Write an absolute URL, or fill in the base URL for a relative one.',
    );
  }
}

export function buildAuthorizationUrl(request: AuthorizationUrlRequest): AuthorizationUrl {
  const { auth } = request;
  if (auth.type !== 'oauth2' || auth.grant !== 'authorization_code') {
    throw configError(
      'buildAuthorizationUrl needs a spec whose auth is oauth2 with grant authorization_code.',
      'Only the authorization code grant sends the operator to a browser.',
    );
  }
  if (auth.authorizationUrl === undefined || auth.authorizationUrl === '') {
    throw configError('oauth2 auth: the authorization code grant needs `authorizationUrl` in the spec.', 'Add auth.authorizationUrl.');
  }
  const clientId = readRequiredInput({ inputs: request.inputs, name: 'clientId', authType: describeOAuth2Auth(auth).label });
  const url = resolveAuthorizationEndpoint(auth.authorizationUrl, request.baseUrl ?? request.inputs.baseUrl);
  const state = request.state ?? createState();
  const params = url.searchParams;
  params.set('response_type', 'code');
  params.set('client_id', clientId);
  params.set('redirect_uri', request.redirectUri);
  if (auth.scopes !== undefined && auth.scopes.length > 0) params.set('scope', auth.scopes.join(' '));
  params.set('state', state);
  let codeVerifier: string | undefined;
  if (auth.pkce !== false) {
    codeVerifier = createCodeVerifier();
    params.set('code_challenge', deriveCodeChallenge(codeVerifier));
    params.set('code_challenge_method', 'S256');
  }
  return { url: url.toString(), state, codeVerifier };
}
