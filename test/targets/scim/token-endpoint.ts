/**
 * An OAuth 2.0 token endpoint (RFC 6749 section 4.4, client credentials) for the SCIM test server,
 * mounted on the same Express app at a path outside the SCIM base URL, as tenants' login hosts are.
 * Clients authenticate with HTTP Basic (section 2.3.1); a wrong secret gets `invalid_client`.
 */
import express, { type Router } from 'express';

export const TOKEN_PATH = '/tenant-login/oauth2/token';

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
}

export interface TokenEndpoint {
  router: Router;
  /** Access tokens issued and still valid. */
  valid: Set<string>;
  /** Number of tokens issued since start. */
  issued(): number;
  /** Revokes every token issued so far (the next SCIM request gets a 401). */
  revokeAll(): void;
}

/** RFC 6749 section 2.3.1: id and secret are form-urlencoded, then joined and base64-encoded. */
function readBasicClient(header: string | undefined): OAuthClient | undefined {
  const match = /^Basic (\S+)$/u.exec(header ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  const decode = (text: string) => decodeURIComponent(text.replace(/\+/gu, ' '));
  return { clientId: decode(decoded.slice(0, colon)), clientSecret: decode(decoded.slice(colon + 1)) };
}

export function createTokenEndpoint(client: OAuthClient): TokenEndpoint {
  const valid = new Set<string>();
  let count = 0;
  const router = express.Router();
  router.post(TOKEN_PATH, express.urlencoded({ extended: false }), (request, response) => {
    response.set('cache-control', 'no-store');
    const given = readBasicClient(request.header('authorization'));
    if (given?.clientId !== client.clientId || given.clientSecret !== client.clientSecret) {
      response.status(401).set('www-authenticate', 'Basic realm="token"').json({ error: 'invalid_client', error_description: 'Client authentication failed.' });
      return;
    }
    const form = request.body as Record<string, string>;
    if (form.grant_type !== 'client_credentials') {
      response.status(400).json({ error: 'unsupported_grant_type' });
      return;
    }
    count += 1;
    const accessToken = `scim-access-${count}-${client.clientId}`;
    valid.add(accessToken);
    response.json({ access_token: accessToken, token_type: 'Bearer', expires_in: 3600 });
  });
  return { router, valid, issued: () => count, revokeAll: () => valid.clear() };
}
