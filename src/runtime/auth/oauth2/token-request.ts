/**
 * One request to the token endpoint (RFC 6749 §3.2) and the parsing of its answer (§5.1).
 */
import type { AuthContext } from '../auth-provider.js';
import { applyClientAuthentication, type ClientCredentials } from './client-authentication.js';
import { toTokenEndpointError } from './token-errors.js';

/** A successful token response, reduced to what the provider uses. */
export interface TokenSet {
  accessToken: string;
  refreshToken: string | undefined;
  /** Lifetime in seconds from when the request was sent; undefined when the server gave none. */
  expiresIn: number | undefined;
}

export interface TokenRequest {
  context: AuthContext;
  tokenUrl: URL;
  grant: string;
  /** The grant's own parameters (`grant_type`, `code`, `refresh_token`, `scope`, ...). */
  params: Record<string, string>;
  client: ClientCredentials;
  /** Values to redact from anything quoted back from the server. */
  secrets: Iterable<string>;
}

/** `expires_in` is a number by the RFC, but some servers send it as a numeric string. */
function parseExpiresIn(value: unknown): number | undefined {
  const seconds = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof seconds === 'number' && Number.isFinite(seconds) ? seconds : undefined;
}

function readTokenSet(body: unknown): TokenSet | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const fields = body as Record<string, unknown>;
  if (typeof fields.access_token !== 'string' || fields.access_token === '') return undefined;
  // The token goes into a header; a line break in it would split the header (RFC 9110 §5.5).
  if (/[\r\n\0]/.test(fields.access_token)) return undefined;
  const refreshToken = typeof fields.refresh_token === 'string' && fields.refresh_token !== '' ? fields.refresh_token : undefined;
  return { accessToken: fields.access_token, refreshToken, expiresIn: parseExpiresIn(fields.expires_in) };
}

/** Sends the grant and returns the tokens, registering each as a secret before anyone sees it. */
export async function requestToken(request: TokenRequest): Promise<TokenSet> {
  const form = new URLSearchParams(request.params);
  const headers: Record<string, string> = { accept: 'application/json' };
  applyClientAuthentication(request.client, { form, headers });
  const response = await request.context.postForm(request.tokenUrl, form, headers);
  const tokens = response.status >= 200 && response.status < 300 ? readTokenSet(response.body) : undefined;
  if (tokens === undefined) {
    throw toTokenEndpointError({ response, tokenUrl: request.tokenUrl.toString(), grant: request.grant, secrets: request.secrets });
  }
  request.context.registerSecret(tokens.accessToken);
  if (tokens.refreshToken !== undefined) request.context.registerSecret(tokens.refreshToken);
  return tokens;
}
