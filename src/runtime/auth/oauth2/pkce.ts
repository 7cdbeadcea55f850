/**
 * PKCE (RFC 7636) and the `state` parameter (RFC 6749 §10.12) for the authorization code grant.
 */
import { createHash, randomBytes } from 'node:crypto';

/**
 * A code verifier (RFC 7636 §4.1): 32 random octets, base64url-encoded to 43 characters from the
 * unreserved set `[A-Za-z0-9-._~]`, as the RFC recommends.
 */
export function createCodeVerifier(): string {
  return randomBytes(32).toString('base64url');
}

/** S256 code challenge (RFC 7636 §4.2): BASE64URL(SHA256(ASCII(code_verifier))), no padding. */
export function deriveCodeChallenge(codeVerifier: string): string {
  return createHash('sha256').update(codeVerifier, 'ascii').digest('base64url');
}

/** An unguessable `state` binding the browser redirect to this request (CSRF protection). */
export function createState(): string {
  return randomBytes(24).toString('base64url');
}
