/** Options of `connect()` and the shapes the client's methods take and return. */
import type { EgressPolicy } from './http/egress-policy.js';
import type { Timeouts } from './http/http-transport.js';
import type { RuntimeLogger } from './runtime-event.js';
import type { ImportLimits } from './actions/import-limits.js';
import { SAFE_JQ_POLICY, type IsolationLimits, type JqPolicy, type Limits as JqLimits } from '../jq/index.js';
import type { JqCompileOptions } from './compile-connector.js';
import type { StoredRefreshTokenHook } from './auth/auth-provider.js';

export type { Account, RecordProblem } from './mapping/map-records.js';

/** The operator or workflow owner on whose behalf actions run (`actor` in templates). */
export interface Actor {
  email?: string;
  name?: string;
  [attribute: string]: unknown;
}

/** The person being provisioned (`user` in templates). */
export interface Person {
  email: string;
  name: string;
  firstName?: string;
  lastName?: string;
  admin?: boolean;
  [attribute: string]: unknown;
}

export interface RetryOptions {
  /** Attempts in all, the first included (default 4). */
  maxAttempts: number;
  /** Budget for all attempts and waits (default 60 000 ms). */
  maxElapsedMs: number;
  /** First backoff step (default 500 ms); doubles per attempt, full jitter, capped at maxDelayMs. */
  baseDelayMs: number;
  /** Largest backoff step (default 30 000 ms). */
  maxDelayMs: number;
}

export interface ConnectOptions {
  /** Overrides the spec's baseUrl and the `baseUrl` input. */
  baseUrl?: string;
  actor?: Actor;
  /**
   * Receives one line per request, retry, redirect and import page, every secret already
   * redacted; retries and pages also come with a structured `RuntimeEvent`.
   */
  logger?: RuntimeLogger;
  timeouts?: Partial<Timeouts>;
  /** Limits of one import: deadline, records, bytes, length of a value (see import-limits.ts for the defaults). */
  importLimits?: Partial<ImportLimits>;
  /** Largest response body read (default 50 MiB); larger ones fail with BAD_RESPONSE. */
  maxResponseBytes?: number;
  /**
   * Sockets per target origin (default 16): how many requests of this connection can be on the
   * wire at once; more wait in the pool. Raise it for bulk writes an action's `maxInFlight` allows.
   */
  maxConnectionsPerOrigin?: number;
  retry?: Partial<RetryOptions>;
  /**
   * Which addresses this connection may reach (base URL, token URL, next links, redirects).
   * Default: public addresses only; loopback, private, link-local and metadata addresses are
   * refused with EGRESS_DENIED. Allow an on-premises target (or a local simulator) explicitly:
   * `{ allow: ['10.20.0.0/16'] }`, or `ALLOW_LOOPBACK`.
   */
  egress?: EgressPolicy;
  /**
   * jq the in-process engine refuses (a handful of constructs such as `input_filename`) runs on
   * the host's jq binary only under the `trusted` policy. Default `customer` (the safe value, for
   * every connector: shipped specs never need the binary, `connector compile` checks that): a
   * host that runs its own specs and has a jq installed says `policy: 'trusted'` here.
   */
  jq?: {
    policy?: JqPolicy;
    /** Older spelling of `policy: 'trusted'` (true); false or absent is `customer`. */
    binaryFallback?: boolean;
    /**
     * The in-process engine's limits for every program of this connection (defaults: 10 million
     * steps, depth 1,000, arrays of 10 million, strings of 100 million characters); a program
     * that passes one fails with the limit's name.
     */
    limits?: Partial<JqLimits>;
    /**
     * Where the connection's jq runs. Default: for a customer's `custom` spec, in a worker thread
     * with a wall-clock limit per evaluation (`timeoutMs`, 10 s: one page's mapping, one
     * condition) and a heap cap (`maxMemoryMb`, 512 MiB); a program past either fails with
     * LIMIT_EXCEEDED naming it, and stops only that evaluation, never the process. For shipped
     * connectors, whose programs are ours, on the calling thread (`false`).
     */
    isolation?: Partial<IsolationLimits> | false;
  };
  /** OAuth 2.0: the target rotated the refresh token; persist it. */
  onRefreshToken?: (refreshToken: string) => void | Promise<void>;
  /**
   * OAuth 2.0, for a host that stores the refresh token and opens several connections with it:
   * runs each renewal with a refresh token (`renew`) while no other renewal of the same stored
   * token runs, in this process or another, and hands it the refresh token stored now (undefined:
   * the connection keeps its own). `onRefreshToken` is called inside `renew`. Without it, two
   * connections renewing at once present one token, and a target that accepts each refresh token
   * once refuses the second.
   */
  withStoredRefreshToken?: StoredRefreshTokenHook;
  /** Injectable for tests: waiting between retries, the clock, and the jitter source. */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  random?: () => number;
}

export const DEFAULT_RETRY: RetryOptions = { maxAttempts: 4, maxElapsedMs: 60_000, baseDelayMs: 500, maxDelayMs: 30_000 };

/**
 * The jq settings of a connection from the host's options and the spec's type: the policy is
 * `customer` (no jq binary) unless the host says `trusted`; a `custom` spec is isolated with
 * limits by default, a shipped one runs on the calling thread.
 */
export function jqCompileOptions(type: string, given: ConnectOptions['jq'] = {}): JqCompileOptions {
  const customer = type === 'custom';
  const isolation = given.isolation ?? (customer ? {} : false);
  return {
    policy: given.policy ?? (given.binaryFallback === true ? 'trusted' : SAFE_JQ_POLICY),
    ...(given.limits ? { limits: given.limits } : {}),
    ...(isolation === false ? {} : { isolation }),
  };
}
