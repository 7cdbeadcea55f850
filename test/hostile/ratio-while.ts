/** Tenant A's read ratio while tenant B's operation runs, measured again when it is out of bounds (see `ratioWhile`). */
import { medianRatioDuring } from './hostile-harness.js';

/**
 * Runs `operation` while timing `probe` (`medianRatioDuring`): its outcome (a rejection as the
 * Error) and the ratio. A ratio at or above `bound` is measured again with the operation run anew,
 * up to `attempts` times in all (`beforeEach` runs before each), and the smallest is returned with
 * the last outcome: a stall the operation causes raises every attempt alike, while a busy moment of
 * the shared machine (another file's burst on the two cores) raises one. Only for operations that
 * may run again (reads, a sync that fails alike).
 */
export async function ratioWhile<T>(input: {
  probe: () => Promise<unknown>;
  operation: () => Promise<T>;
  baseline: number;
  bound: number;
  attempts?: number;
  beforeEach?: () => void;
}): Promise<{ outcome: T | Error; ratio: number }> {
  let ratio = Number.POSITIVE_INFINITY;
  let outcome: T | Error | undefined;
  for (let attempt = 1; attempt <= (input.attempts ?? 3) && ratio >= input.bound; attempt += 1) {
    input.beforeEach?.();
    const running = input.operation().then(
      (value) => value,
      (error: Error) => error,
    );
    ratio = Math.min(ratio, await medianRatioDuring(input.probe, running, input.baseline));
    outcome = await running;
  }
  return { outcome: outcome as T | Error, ratio };
}
