/**
 * The retry loop around decideRetry: send, ask, sleep, send again. Sleep, clock and randomness
 * are injectable so tests run without waiting.
 */
import { ConnectorError } from '../errors.js';
import { decideRetry, type RetryOutcome, type RetryPolicy } from './decide-retry.js';

export interface RetryResponse {
  status: number;
  headers: Record<string, string>;
}

export interface SendWithRetryInput<R extends RetryResponse> {
  send: () => Promise<R>;
  policy: RetryPolicy;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  /** A failure that must not be retried whatever its code (a token request: a grant may be single-use). */
  final?: (error: ConnectorError) => boolean;
  /**
   * A response that arrived but cannot be used (a cut-off JSON body): retried like a reset. May
   * answer later (a body checked off the main thread).
   */
  incomplete?: (response: R) => boolean | Promise<boolean>;
  /** Told before each wait, for logging. */
  onRetry?: (info: { attempt: number; delayMs: number; outcome: RetryOutcome }) => void;
}

/**
 * Returns the last response (success or not, an incomplete one included: the caller reports it);
 * throws the last transport error when giving up.
 */
export async function sendWithRetry<R extends RetryResponse>(input: SendWithRetryInput<R>): Promise<R> {
  const { send, policy, sleep, now, onRetry, incomplete, final } = input;
  const startedAt = now();
  for (let attempt = 1; ; attempt += 1) {
    let outcome: RetryOutcome;
    let response: R | undefined;
    let failure: unknown;
    try {
      response = await send();
      const cut = incomplete === undefined ? false : await incomplete(response);
      outcome = cut ? { kind: 'error', code: 'INCOMPLETE_BODY' } : { kind: 'response', status: response.status, headers: response.headers };
    } catch (error) {
      if (!(error instanceof ConnectorError) || final?.(error)) throw error;
      failure = error;
      outcome = { kind: 'error', code: error.code };
    }
    const decision = decideRetry({ attempt, outcome, policy, now: now(), startedAt });
    if (!decision.retry) {
      if (response !== undefined) return response;
      throw failure;
    }
    onRetry?.({ attempt, delayMs: decision.delayMs, outcome });
    await sleep(decision.delayMs);
  }
}
