/**
 * Disagreements with jq 1.8.1 kept by design, each with its reason (and a row in
 * jq-1.8.1-differences.md). A disagreement matched here is counted and printed, not failed; any
 * other fails the differential tests.
 */
import type { Disagreement } from './compare-with-jq.js';

export interface KnownDifference {
  name: string;
  reason: string;
  matches(item: Disagreement): boolean;
}

export const KNOWN_DIFFERENCES: KnownDifference[] = [];

/** The disagreements split into those listed above and the rest (wrong answers). */
export function splitKnownDifferences(disagreements: Disagreement[]): { known: Array<Disagreement & { why: string }>; wrong: Disagreement[] } {
  const known: Array<Disagreement & { why: string }> = [];
  const wrong: Disagreement[] = [];
  for (const item of disagreements) {
    const difference = KNOWN_DIFFERENCES.find((candidate) => candidate.matches(item));
    if (difference) known.push({ ...item, why: difference.name });
    else wrong.push(item);
  }
  return { known, wrong };
}
