import { describe, expect, it } from 'vitest';
import { backoffDelay, decideRetry, readWaitHeader, type RetryOutcome, type RetryPolicy } from '../../../src/runtime/retry/decide-retry.js';

const now = Date.parse('2026-01-01T00:00:00Z');
const policy: RetryPolicy = { maxAttempts: 4, maxElapsedMs: 60_000, baseDelayMs: 500, maxDelayMs: 30_000, idempotent: true, random: () => 0.5 };
const response = (status: number, headers: Record<string, string> = {}): RetryOutcome => ({ kind: 'response', status, headers });

describe('decideRetry', () => {
  it.each([
    { name: '200 is final', attempt: 1, outcome: response(200), want: { retry: false } },
    { name: '404 is final', attempt: 1, outcome: response(404), want: { retry: false } },
    { name: '429 Retry-After seconds', attempt: 1, outcome: response(429, { 'retry-after': '7' }), want: { retry: true, delayMs: 7000 } },
    {
      name: '429 Retry-After HTTP date',
      attempt: 1,
      outcome: response(429, { 'retry-after': 'Thu, 01 Jan 2026 00:00:12 GMT' }),
      want: { retry: true, delayMs: 12_000 },
    },
    { name: '429 ratelimit-reset delta', attempt: 1, outcome: response(429, { 'ratelimit-reset': '3' }), want: { retry: true, delayMs: 3000 } },
    { name: '429 x-ratelimit-reset delta', attempt: 1, outcome: response(429, { 'x-ratelimit-reset': '2' }), want: { retry: true, delayMs: 2000 } },
    {
      name: '429 x-ratelimit-reset epoch s',
      attempt: 1,
      outcome: response(429, { 'x-ratelimit-reset': String(now / 1000 + 5) }),
      want: { retry: true, delayMs: 5000 },
    },
    { name: '429 without header: backoff', attempt: 2, outcome: response(429), want: { retry: true, delayMs: 500 } },
    { name: '429 POST is retried', attempt: 1, outcome: response(429), policy: { idempotent: false }, want: { retry: true, delayMs: 250 } },
    { name: '503 GET is retried', attempt: 1, outcome: response(503), want: { retry: true, delayMs: 250 } },
    { name: '503 honours Retry-After', attempt: 1, outcome: response(503, { 'retry-after': '1' }), want: { retry: true, delayMs: 1000 } },
    { name: '503 POST is not retried', attempt: 1, outcome: response(503), policy: { idempotent: false }, want: { retry: false } },
    { name: '501 is final', attempt: 1, outcome: response(501), want: { retry: false } },
    { name: 'reset GET is retried', attempt: 1, outcome: { kind: 'error', code: 'NETWORK' }, want: { retry: true, delayMs: 250 } },
    { name: 'timeout GET is retried', attempt: 3, outcome: { kind: 'error', code: 'TIMEOUT' }, want: { retry: true, delayMs: 1000 } },
    { name: 'reset POST is not retried', attempt: 1, outcome: { kind: 'error', code: 'NETWORK' }, policy: { idempotent: false }, want: { retry: false } },
    { name: 'CONFIG error is final', attempt: 1, outcome: { kind: 'error', code: 'CONFIG' }, want: { retry: false } },
    { name: 'attempts exhausted', attempt: 4, outcome: response(503), want: { retry: false } },
    { name: 'wait beyond time budget', attempt: 1, outcome: response(429, { 'retry-after': '120' }), want: { retry: false } },
  ] as Array<{ name: string; attempt: number; outcome: RetryOutcome; policy?: Partial<RetryPolicy>; want: { retry: boolean; delayMs?: number } }>)(
    '$name',
    ({ attempt, outcome, policy: override, want }) => {
      const decision = decideRetry({ attempt, outcome, policy: { ...policy, ...override }, now, startedAt: now });
      expect(decision).toMatchObject(want);
      if (!decision.retry) expect(decision.reason).toMatch(/\w/);
    },
  );

  const rules = [{ status: 403, headers: { 'x-ratelimit-remaining': '0' }, waitHeader: 'x-ratelimit-reset' }];
  it.each([
    {
      name: 'a matching rule retries a POST',
      outcome: response(403, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(now / 1000 + 9) }),
      want: { retry: true, delayMs: 9000 },
    },
    {
      name: "the rule's wait header wins over Retry-After",
      outcome: response(403, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '2', 'retry-after': '30' }),
      want: { retry: true, delayMs: 2000 },
    },
    {
      name: 'an unreadable wait header falls back to backoff',
      outcome: response(403, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': 'later' }),
      want: { retry: true, delayMs: 250 },
    },
    { name: 'a header value that differs does not match', outcome: response(403, { 'x-ratelimit-remaining': '12' }), want: { retry: false } },
    { name: 'a missing header does not match', outcome: response(403), want: { retry: false } },
    { name: 'another status does not match', outcome: response(401, { 'x-ratelimit-remaining': '0' }), want: { retry: false } },
  ] as Array<{ name: string; outcome: RetryOutcome; want: { retry: boolean; delayMs?: number } }>)('retry rule: $name', ({ outcome, want }) => {
    const decision = decideRetry({ attempt: 1, outcome, policy: { ...policy, idempotent: false, rules }, now, startedAt: now });
    expect(decision).toMatchObject(want);
  });

  it('counts elapsed time from the first attempt', () => {
    expect(decideRetry({ attempt: 1, outcome: response(503), policy, now: now + 59_900, startedAt: now })).toMatchObject({ retry: false });
  });

  it('uses full jitter bounded by the exponential ceiling', () => {
    expect(backoffDelay(1, { ...policy, random: () => 0 })).toBe(0);
    expect(backoffDelay(3, { ...policy, random: () => 0.999 })).toBe(1998);
    expect(backoffDelay(20, { ...policy, random: () => 0.999 })).toBe(29_970);
  });

  it.each<{ headers: Record<string, string>; want: number | undefined }>([
    { headers: { 'retry-after': 'Wed, 31 Dec 2025 23:59:00 GMT' }, want: 0 },
    { headers: { 'x-ratelimit-reset': String(now + 4000) }, want: 4000 },
    { headers: { 'retry-after': 'soon' }, want: undefined },
    { headers: {}, want: undefined },
  ])('reads wait headers $headers', ({ headers, want }) => {
    expect(readWaitHeader(headers, now)).toBe(want);
  });
});
