/**
 * PagerDuty refuses more than 50 user creations at one time. The simulator tracks the POST /users
 * requests in flight (optionally holding each for a moment, or until a test lets them go, so concurrent ones overlap) and refuses the one over the limit, recording the peak it saw for tests.
 */
import { ERROR_CODES, pagerDutyError, rateLimitHeaders } from './responses.js';
import type { IncidentPlatformState } from './state.js';

export const MAX_CONCURRENT_CREATES = 50;

export interface CreateConcurrency {
  /** Creations refused beyond this many in flight (PagerDuty: 50). */
  limit: number;
  /** Milliseconds each creation is held before it is processed (0: none). */
  delayMs: number;
  /** Set by `holdCreations`: each creation within the limit waits for it (after `delayMs`) before it is processed. */
  hold?: Promise<void>;
  inFlight: number;
  /** Most creations in flight at once since the last reset, the refused ones not counted. */
  peak: number;
  refused: number;
}

export function createConcurrencyState(): CreateConcurrency {
  return { limit: MAX_CONCURRENT_CREATES, delayMs: 0, inFlight: 0, peak: 0, refused: 0 };
}

/**
 * A test's gate: every creation within the limit is held at the simulator until the returned
 * function is called, so that the test decides when the ones in flight overlap (however slowly a
 * loaded machine sends them).
 */
export function holdCreations(state: IncidentPlatformState): () => void {
  const gate = state.createConcurrency;
  let release!: () => void;
  gate.hold = new Promise<void>((resolve) => (release = resolve));
  return () => {
    delete gate.hold;
    release();
  };
}

/**
 * Runs one creation within the limit. Over it, the answer is a 429 with PagerDuty's error body and
 * rate-limit headers: PagerDuty reports throttling (too many requests, nothing processed) as 429
 * with code 2020, never as a 400, which it keeps for invalid input. The request was not processed,
 * so a client may send it again later.
 */
export async function withinCreateLimit(state: IncidentPlatformState, create: () => Promise<Response>): Promise<Response> {
  const gate = state.createConcurrency;
  if (gate.inFlight >= gate.limit) {
    gate.refused += 1;
    return pagerDutyError({
      status: 429,
      code: ERROR_CODES.rateLimited,
      message: 'Rate Limit Exceeded',
      errors: [`No more than ${gate.limit} users can be created at one time.`],
      headers: rateLimitHeaders(state.rateLimit),
    });
  }
  gate.inFlight += 1;
  gate.peak = Math.max(gate.peak, gate.inFlight);
  try {
    if (gate.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, gate.delayMs));
    if (gate.hold) await gate.hold;
    return await create();
  } finally {
    gate.inFlight -= 1;
  }
}
