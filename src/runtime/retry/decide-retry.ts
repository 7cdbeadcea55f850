/**
 * Whether to send a request again, and after how long. Pure: the loop that sleeps and re-sends
 * (send-with-retry.ts) is a few lines around it, and this is tested with tables.
 *
 * - 429: the request was not processed, so it is retried whatever the method, after the time
 *   the target names (Retry-After, RFC 9110 section 10.2.3: seconds or an HTTP date;
 *   `ratelimit-reset`; `x-ratelimit-reset`: seconds, or epoch seconds when large), else backoff.
 * - 408/500/502/503/504, timeouts and connection resets: the request may have been processed,
 *   so only idempotent requests are retried (GET, PUT, DELETE, or an action marked idempotent; PATCH
 *   is not idempotent, RFC 5789 section 2, so a PATCH is retried only when its action says it is).
 * - A spec's retry rules (`retryOn`) name more refusals, e.g. GitHub's 403 with
 *   `x-ratelimit-remaining: 0`: retried like a 429, after the wait their `waitHeader` names.
 * - Attempts and total elapsed time are bounded; a wait that would cross the time budget is not started.
 */

export type RetryOutcome = { kind: 'response'; status: number; headers: Record<string, string> } | { kind: 'error'; code: string };

export interface RetryPolicy {
  /** Attempts in all, the first one included. */
  maxAttempts: number;
  /** Budget from the first attempt to the start of the last one. */
  maxElapsedMs: number;
  /** First backoff step; step n is baseDelayMs * 2^(n-1), capped by maxDelayMs, with full jitter. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Whether a request that may have reached the target can be sent again. */
  idempotent: boolean;
  /** Uniform in [0, 1), injectable for tests. */
  random: () => number;
  /** The spec's extra retryable responses (lowered: header names in lower case). */
  rules?: readonly RetryRule[];
}

/** A response the spec names as a refusal to send again (the schema's RetryRule, lowered). */
export interface RetryRule {
  status: number;
  headers?: Record<string, string>;
  waitHeader?: string;
}

export type RetryDecision = { retry: true; delayMs: number } | { retry: false; reason: string };

export interface DecideRetryInput {
  /** Attempts made so far (1 after the first). */
  attempt: number;
  outcome: RetryOutcome;
  policy: RetryPolicy;
  /** Clock now, and when the first attempt started (ms). */
  now: number;
  startedAt: number;
}

const TRANSIENT_STATUS = new Set([408, 500, 502, 503, 504]);
/**
 * INCOMPLETE_BODY: a success whose JSON body does not parse (a proxy cut it short). Like a
 * reset, the request reached the target, so only an idempotent request is sent again.
 */
const RETRIED_ERRORS = new Set(['TIMEOUT', 'NETWORK', 'INCOMPLETE_BODY']);

export function decideRetry({ attempt, outcome, policy, now, startedAt }: DecideRetryInput): RetryDecision {
  const rule = outcome.kind === 'response' ? matchRetryRule(policy.rules, outcome) : undefined;
  const rateLimited = outcome.kind === 'response' && (outcome.status === 429 || rule !== undefined);
  if (outcome.kind === 'response' && !rateLimited && !TRANSIENT_STATUS.has(outcome.status)) {
    return { retry: false, reason: `status ${outcome.status} is not retried` };
  }
  if (outcome.kind === 'error' && !RETRIED_ERRORS.has(outcome.code)) {
    return { retry: false, reason: `${outcome.code} is not retried` };
  }
  if (!rateLimited && !policy.idempotent) {
    return { retry: false, reason: 'the request is not idempotent, so it is not sent twice' };
  }
  if (attempt >= policy.maxAttempts) {
    return { retry: false, reason: `gave up after ${attempt} attempts` };
  }
  const fromRule = rule?.waitHeader === undefined || outcome.kind !== 'response' ? undefined : readWaitValue(outcome.headers[rule.waitHeader], now);
  const named = fromRule ?? (outcome.kind === 'response' ? readWaitHeader(outcome.headers, now) : undefined);
  const delayMs = named ?? backoffDelay(attempt, policy);
  if (now + delayMs - startedAt > policy.maxElapsedMs) {
    return {
      retry: false,
      reason: `waiting ${Math.ceil(delayMs / 1000)} s more would exceed the retry budget of ${Math.round(policy.maxElapsedMs / 1000)} s`,
    };
  }
  return { retry: true, delayMs };
}

/** Exponential backoff with full jitter: uniform in [0, min(max, base * 2^(attempt-1))]. */
export function backoffDelay(attempt: number, policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs' | 'random'>): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.floor(policy.random() * ceiling);
}

/** The first rule whose status and header values all match the response. */
export function matchRetryRule(rules: readonly RetryRule[] | undefined, response: { status: number; headers: Record<string, string> }): RetryRule | undefined {
  return rules?.find(
    (rule) => rule.status === response.status && Object.entries(rule.headers ?? {}).every(([name, value]) => response.headers[name]?.trim() === value.trim()),
  );
}

/** A wait header's value: delta seconds, an HTTP date, or a reset time (see resetToDelay). */
function readWaitValue(value: string | undefined, now: number): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+(\.\d+)?$/u.test(text)) return resetToDelay(Number(text), now);
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The wait a 429/503 response asks for, in ms, or undefined when it names none. */
export function readWaitHeader(headers: Record<string, string>, now: number): number | undefined {
  const retryAfter = headers['retry-after']?.trim();
  if (retryAfter) {
    if (/^\d+(\.\d+)?$/u.test(retryAfter)) return Math.ceil(Number(retryAfter) * 1000);
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, date - now);
  }
  for (const name of ['ratelimit-reset', 'x-ratelimit-reset']) {
    const value = headers[name]?.trim();
    if (value && /^\d+(\.\d+)?$/u.test(value)) return resetToDelay(Number(value), now);
  }
  return undefined;
}

/** Reset values are delta seconds, or (when large) epoch seconds or epoch milliseconds. */
function resetToDelay(value: number, now: number): number {
  if (value >= 1e12) return Math.max(0, Math.ceil(value - now));
  if (value >= 1e9) return Math.max(0, Math.ceil(value * 1000 - now));
  return Math.ceil(value * 1000);
}
