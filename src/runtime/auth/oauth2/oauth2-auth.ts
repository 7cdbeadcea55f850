/**
 * OAuth 2.0 (RFC 6749) for one connection: obtains an access token with the spec's grant, keeps
 * it in a single-flight cache, renews it with the refresh token when there is one (inside the
 * host's `withStoredRefreshToken`, which serialises renewals of a stored token and hands the
 * latest), and hands every rotated refresh token to the host (`onRefreshToken`) before using it.
 */
import type { OAuth2Auth } from '../../../../generated/spec-types.js';
import { describeOAuth2Auth } from '../../../auth-types/index.js';
import { ConnectorError } from '../../errors.js';
import type { AuthContext, AuthProvider } from '../auth-provider.js';
import { setHeader } from '../credential-inputs.js';
import { redactSecrets } from '../redact-secrets.js';
import { encodeClientSecretBasic } from './client-authentication.js';
import { readOAuth2Settings, type OAuth2Settings } from './oauth2-settings.js';
import { TokenCache } from './token-cache.js';
import { requestToken, type TokenSet } from './token-request.js';

/** The grant parameters of the next token request (RFC 6749 §4.1.3, §4.4.2, §6). */
function grantParams(settings: OAuth2Settings, refreshToken: string | undefined): { grant: string; params: Record<string, string> } {
  const scope: Record<string, string> = settings.scope === undefined ? {} : { scope: settings.scope };
  if (settings.grant === 'client_credentials') {
    return { grant: 'client_credentials', params: { grant_type: 'client_credentials', ...scope } };
  }
  if (refreshToken !== undefined) {
    return { grant: 'refresh_token', params: { grant_type: 'refresh_token', refresh_token: refreshToken, ...scope } };
  }
  const exchange = settings.codeExchange;
  if (exchange === undefined) {
    throw new ConnectorError(
      'RECONNECT_REQUIRED',
      'The access token expired and the target issued no refresh token; the authorization code was already used.',
      {
        action: 'auth',
        hint: 'Reconnect: sign in to the target application again to re-authorize.',
      },
    );
  }
  const verifier: Record<string, string> = exchange.codeVerifier === undefined ? {} : { code_verifier: exchange.codeVerifier };
  return {
    grant: 'authorization_code',
    params: { grant_type: 'authorization_code', code: exchange.code, redirect_uri: exchange.redirectUri, ...verifier },
  };
}

export function createOAuth2Auth(auth: OAuth2Auth, context: AuthContext): AuthProvider {
  const settings = readOAuth2Settings(auth, context);
  const { redaction } = describeOAuth2Auth(auth);
  let refreshToken = settings.refreshToken;
  // Everything the token endpoint might echo back; redacted from error excerpts.
  const secrets = new Set<string>();
  for (const value of settings.secretValues) {
    secrets.add(value);
    context.registerSecret(value);
  }
  // The Basic header sent to the token endpoint is as secret as the client secret inside it.
  const { client } = settings;
  if (redaction.basicPair === 'tokenEndpoint' && client.clientSecret !== undefined) {
    context.registerSecret(encodeClientSecretBasic(client.clientId, client.clientSecret).slice('Basic '.length));
  }

  /** Adopts a refresh token the server issued: in memory first, then the host persists it. */
  async function adoptRefreshToken(issued: string): Promise<void> {
    refreshToken = issued;
    secrets.add(issued);
    if (context.onRefreshToken === undefined) return;
    try {
      await context.onRefreshToken(issued);
    } catch (error) {
      throw new ConnectorError('AUTH_FAILED', 'The target issued a new refresh token, but storing it failed (the onRefreshToken callback threw).', {
        action: 'auth',
        hint: "Fix the host's token storage; until it is stored, a later connection may need to reconnect.",
        // The host's error may quote the token (a failed INSERT, say): keep only its redacted message.
        cause: new Error(redactSecrets(error instanceof Error ? error.message : String(error), secrets)),
      });
    }
  }

  /** Takes the token the host stored since this connection read its own (another connection renewed it). */
  function adoptStored(stored: string | undefined): void {
    if (stored === undefined || stored === refreshToken) return;
    refreshToken = stored;
    secrets.add(stored);
    context.registerSecret(stored);
  }

  async function fetchToken(): Promise<TokenSet> {
    // A refresh token the host stores may be renewed by other connections: one renewal at a time, with the latest.
    const hook = context.withStoredRefreshToken;
    if (hook === undefined || refreshToken === undefined || settings.grant === 'client_credentials') return grantToken();
    // The grant's own failures pass as they are; the host's (its lock, its read) are named as the host's.
    let grant: 'renewed' | { failed: unknown } | undefined;
    try {
      return await hook(async (stored) => {
        adoptStored(stored);
        try {
          const tokens = await grantToken();
          grant = 'renewed';
          return tokens;
        } catch (error) {
          grant = { failed: error };
          throw error;
        }
      });
    } catch (error) {
      if (typeof grant === 'object' && grant.failed === error) throw error;
      const cause = new Error(redactSecrets(error instanceof Error ? error.message : String(error), secrets));
      if (grant === 'renewed') {
        // The target may have rotated the token: this connection keeps the new one in memory.
        throw new ConnectorError('AUTH_FAILED', 'The access token was renewed, but the host failed after it (withStoredRefreshToken threw).', {
          action: 'auth',
          hint: "Fix the host's token storage; the new refresh token may not be stored, and a later connection may need to reconnect.",
          cause,
        });
      }
      throw new ConnectorError(
        'AUTH_FAILED',
        'Renewing the access token failed before the token request: the host could not lock or read its stored refresh token (withStoredRefreshToken threw).',
        { action: 'auth', hint: "Fix the host's token storage; the connection's refresh token was not sent.", cause },
      );
    }
  }

  async function grantToken(): Promise<TokenSet> {
    const { grant, params } = grantParams(settings, refreshToken);
    // The spec's extra parameters first: the grant's own always win (the validator refuses overlaps).
    const tokens = await requestToken({
      context,
      tokenUrl: settings.tokenUrl,
      grant,
      params: { ...settings.extraParams, ...params },
      client: settings.client,
      secrets,
    });
    secrets.add(tokens.accessToken);
    // The code is single-use (RFC 6749 §4.1.2); from now on only a refresh token can renew.
    if (grant === 'authorization_code') settings.codeExchange = undefined;
    // A client credentials connection renews with its own credentials; a refresh token is no use to it.
    const renewsWithRefreshToken = settings.grant !== 'client_credentials';
    if (renewsWithRefreshToken && tokens.refreshToken !== undefined && tokens.refreshToken !== refreshToken) {
      await adoptRefreshToken(tokens.refreshToken);
    }
    return tokens;
  }

  const cache = new TokenCache({ now: () => context.now(), fetchToken });
  return {
    authorize: async (request) => {
      const accessToken = await cache.getAccessToken();
      setHeader(request.headers, settings.header, `${settings.prefix}${accessToken}`);
    },
    refreshAfterUnauthorized: async () => {
      await cache.renew();
      return true;
    },
  };
}
