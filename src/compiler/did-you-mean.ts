/** "Did you mean" suggestions for misspelled keys, types and names. */

/** Levenshtein distance, capped early because only small distances matter here. */
function distance(a: string, b: string): number {
  const previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = previous[0]!;
    previous[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = previous[j]!;
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      previous[j] = Math.min(above + 1, previous[j - 1]! + 1, diagonal + cost);
      diagonal = above;
    }
  }
  return previous[b.length]!;
}

/** The closest candidate to `given`, when it is close enough to be a plausible typo. */
export function suggestName(given: string, candidates: readonly string[]): string | undefined {
  const lower = given.toLowerCase();
  let best: { name: string; score: number } | undefined;
  for (const candidate of candidates) {
    const score = candidate.toLowerCase() === lower ? 0 : distance(lower, candidate.toLowerCase());
    if (best === undefined || score < best.score) best = { name: candidate, score };
  }
  if (!best) return undefined;
  const limit = Math.max(1, Math.floor(Math.max(given.length, best.name.length) / 3));
  return best.score <= limit ? best.name : undefined;
}

/** A hint naming the closest candidate, else listing them all. */
export function hintForName(given: string, candidates: readonly string[], noun: string): string {
  const suggestion = suggestName(given, candidates);
  if (suggestion !== undefined) return `did you mean '${suggestion}'?`;
  return candidates.length > 0 ? `use one of the known ${noun}: ${candidates.join(', ')}` : `remove it`;
}
