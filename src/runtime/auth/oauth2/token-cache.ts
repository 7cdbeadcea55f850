/**
 * The access token of one connection: cached until shortly before it expires, and fetched by at
 * most one request at a time however many requests wait for it (single-flight).
 */
import type { TokenSet } from './token-request.js';

// Renew this early so a token does not expire between authorize() and the target reading it.
const MAX_EARLY_RENEWAL_MS = 30_000;
const EARLY_RENEWAL_FRACTION = 0.1;

interface CachedToken {
  accessToken: string;
  /** Undefined: the server gave no lifetime, so the token is used until a 401. */
  renewAt: number | undefined;
}

/** When to renew: expiry minus 30 s or 10 % of the lifetime, whichever is smaller. */
export function computeRenewAt(obtainedAt: number, expiresInSeconds: number | undefined): number | undefined {
  if (expiresInSeconds === undefined) return undefined;
  const lifetimeMs = Math.max(0, expiresInSeconds * 1000);
  return obtainedAt + lifetimeMs - Math.min(MAX_EARLY_RENEWAL_MS, lifetimeMs * EARLY_RENEWAL_FRACTION);
}

export interface TokenCacheOptions {
  now: () => number;
  /** Obtains a fresh token set (one token endpoint request). */
  fetchToken: () => Promise<TokenSet>;
}

export class TokenCache {
  private cached: CachedToken | undefined;
  private inFlight: Promise<string> | undefined;

  constructor(private readonly options: TokenCacheOptions) {}

  /** A valid access token: the cached one, the one being fetched, or a new one. */
  async getAccessToken(): Promise<string> {
    const cached = this.cached;
    if (cached !== undefined && (cached.renewAt === undefined || this.options.now() < cached.renewAt)) {
      return cached.accessToken;
    }
    return this.fetchOnce();
  }

  /** Drops the cached token and fetches a new one; joins a fetch already under way. */
  async renew(): Promise<string> {
    this.cached = undefined;
    return this.fetchOnce();
  }

  private fetchOnce(): Promise<string> {
    if (this.inFlight !== undefined) return this.inFlight;
    const obtainedAt = this.options.now();
    const fetching = this.options.fetchToken().then((tokens) => {
      this.cached = { accessToken: tokens.accessToken, renewAt: computeRenewAt(obtainedAt, tokens.expiresIn) };
      return tokens.accessToken;
    });
    this.inFlight = fetching;
    // Clear on both outcomes: after a failure the next request tries again.
    const clear = () => {
      if (this.inFlight === fetching) this.inFlight = undefined;
    };
    fetching.then(clear, clear);
    return fetching;
  }
}
