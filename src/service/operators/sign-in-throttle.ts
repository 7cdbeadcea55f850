/**
 * The sign-in throttle's decision, kept pure: sign-in attempts are counted per username and per
 * client address in a fixed window (OWASP Authentication Cheat Sheet, "Protect against automated
 * attacks"), each before its credentials are checked, and a successful one is taken back; once an
 * attempt takes either count past its limit, sign-in is refused without checking the credentials
 * until that window has passed. An unknown username is counted like a known one, so
 * the refusal says nothing about which usernames exist.
 */
import { createHash } from 'node:crypto';

export interface ThrottleLimits {
  /** How long a window of counted failures lasts, from its first failure. */
  windowMs: number;
  /** Failed sign-ins with one username within a window before it is refused. */
  maxFailuresPerUsername: number;
  /** Failed sign-ins from one client address within a window before it is refused. */
  maxFailuresPerAddress: number;
}

export const DEFAULT_THROTTLE_LIMITS: ThrottleLimits = { windowMs: 15 * 60_000, maxFailuresPerUsername: 5, maxFailuresPerAddress: 50 };

export interface ThrottleKey {
  /** SHA-256 of `user:<name>` or `address:<ip>`: the table never holds what was typed. */
  hash: string;
  limit: number;
}

export interface AttemptCount {
  keyHash: string;
  windowStart: number;
  failures: number;
}

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

const keyHash = (text: string) => createHash('sha256').update(text).digest('base64url');

/** The keys one attempt is counted under: its address, and its username for a password sign-in. */
export function throttleKeys(input: { address: string; username?: string; limits: ThrottleLimits }): { address: ThrottleKey; username?: ThrottleKey } {
  const address = { hash: keyHash(`address:${input.address}`), limit: input.limits.maxFailuresPerAddress };
  if (input.username === undefined) return { address };
  // Bounded and case-folded as sign-in folds it, so "Ada" and "ada" share one count.
  const username = input.username.trim().toLowerCase().slice(0, 256);
  return { address, username: { hash: keyHash(`user:${username}`), limit: input.limits.maxFailuresPerUsername } };
}

/**
 * Refused when, counting this attempt, any key's count in its current window exceeds that key's
 * limit: `limit` failed attempts are let through, the next is refused.
 */
export function decideSignIn(input: { keys: readonly ThrottleKey[]; counts: readonly AttemptCount[]; limits: ThrottleLimits; now: number }): ThrottleDecision {
  let retryAfterMs = 0;
  for (const key of input.keys) {
    const count = input.counts.find((one) => one.keyHash === key.hash);
    if (!count || input.now - count.windowStart >= input.limits.windowMs || count.failures <= key.limit) continue;
    retryAfterMs = Math.max(retryAfterMs, count.windowStart + input.limits.windowMs - input.now);
  }
  return retryAfterMs > 0 ? { allowed: false, retryAfterMs } : { allowed: true };
}
