/**
 * The seam between the runtime's request loop and the five auth types. One provider per
 * connection: credentials are set once and used for every request of that connection.
 */
import type { Auth } from '../../../generated/spec-types.js';
import type { InputValues } from '../../connector.js';

/** A request about to be sent; a provider adds its header or query parameter in place. */
export interface OutgoingRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
}

/** A response from the token endpoint, body parsed as JSON when it is JSON, else the raw text. */
export interface TokenEndpointResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * Runs `renew` while no other renewal of the host's stored refresh token runs, handing it the token
 * stored now (undefined: the connection keeps its own); resolves with what `renew` resolves.
 */
export type StoredRefreshTokenHook = <T>(renew: (stored: string | undefined) => Promise<T>) => Promise<T>;

export interface AuthContext {
  /**
   * Operator inputs (secrets included: a provider is the one place that reads them), with the
   * declared defaults of non-secret inputs applied.
   */
  inputs: InputValues;
  /** The connection's base URL; a relative tokenUrl is resolved against it (`{inputs.<name>}` reads an input instead). */
  baseUrl: URL;
  /**
   * POSTs an application/x-www-form-urlencoded body through the runtime's HTTP layer (same
   * timeouts and pool, never retried blindly). Throws ConnectorError(NETWORK | TIMEOUT) on transport failure.
   */
  postForm(url: URL, form: URLSearchParams, headers: Record<string, string>): Promise<TokenEndpointResponse>;
  /** Host callback: the server rotated the refresh token; persist it. */
  onRefreshToken?: (refreshToken: string) => void | Promise<void>;
  /** Host hook around each renewal with a refresh token (ConnectOptions.withStoredRefreshToken). */
  withStoredRefreshToken?: StoredRefreshTokenHook;
  /** Every secret value obtained at run time (access tokens, rotated refresh tokens) goes here, for redaction. */
  registerSecret(value: string): void;
  /** Clock in milliseconds, injectable for tests of expiry. */
  now(): number;
}

export interface AuthProvider {
  /** Adds credentials to the request; may first obtain or refresh a token. */
  authorize(request: OutgoingRequest): Promise<void>;
  /**
   * Called once after a 401. Returns true when new credentials were obtained (OAuth 2.0), so the
   * request is sent again once; false when retrying cannot help (static credentials).
   */
  refreshAfterUnauthorized(): Promise<boolean>;
}

export type CreateAuthProvider = (auth: Auth, context: AuthContext) => AuthProvider;
