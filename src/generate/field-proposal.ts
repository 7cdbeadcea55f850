/**
 * What a field proposer returns, and the helpers they share: ranking candidates, describing the
 * runners-up, and joining alternatives with jq's `//` so a missing value falls back to the next key
 * and finally to "" (the fallback pattern of the service's field mapping).
 */
import { normalizeKey } from './jq-path.js';

export interface Candidate {
  /** jq for the value, usable inside an alternative chain: `.email`, `(.emails[0].value)`. */
  jq: string;
  /** jq to use when this candidate stands alone, if different (no parentheses needed). */
  alone?: string;
  score: number;
  /** Records of the sample that have a value here. */
  present: number;
  /** Indices of those records, to pick fallbacks that fill the gaps. */
  covers: readonly number[];
  /** Why it scored as it did, e.g. "key `email`, email-shaped in 3/3". */
  note: string;
  /** Candidates built from two keys (first + last name) already yield "" and end a chain. */
  endsChain?: boolean;
}

export interface FieldProposal {
  field: string;
  expression: string;
  /** Why this expression: which key, what evidence. */
  explanation: string;
  /** The other candidates and why they lost. */
  considered: string[];
}

/** An optional field (admin, active) the records give no evidence for, with what was looked for. */
export interface SkippedField {
  field: string;
  skipped: string;
}

/** Parents whose fields describe something other than the user (their team, their manager...). */
const FOREIGN_PARENTS = new Set([
  'company',
  'team',
  'teams',
  'organization',
  'organisation',
  'org',
  'group',
  'groups',
  'role',
  'roles',
  'department',
  'manager',
  'bot',
  'workspace',
  'owner',
  'creator',
  'createdby',
  'updatedby',
  'invitedby',
  'avatar',
  'avatarurls',
  'photo',
  'image',
  'plan',
  'license',
  'app',
  'provider',
  'credentials',
  'type',
  'links',
  'self',
  'parent',
  'tenant',
  'site',
  'customer',
  'location',
  'address',
  'meta',
  'metadata',
]);

/** Whether any key above the last one names something other than the user. */
export function isForeignPath(path: readonly string[]): boolean {
  return path.slice(0, -1).some((key) => FOREIGN_PARENTS.has(normalizeKey(key)));
}

export function rankCandidates(candidates: Candidate[]): Candidate[] {
  return candidates.filter((candidate) => candidate.score > 0).sort((a, b) => b.score - a.score);
}

export function describeRunnersUp(ranked: readonly Candidate[], used: readonly Candidate[]): string[] {
  return ranked
    .filter((candidate) => !used.includes(candidate))
    .slice(0, 5)
    .map((candidate) => `${candidate.alone ?? candidate.jq}: ${candidate.note} (score ${Math.round(candidate.score)})`);
}

/**
 * The best candidate, plus the best-ranked runner-up that fills records the chain leaves empty, as
 * long as some are empty (Microsoft Graph's `mail` is null where `userPrincipalName` is not).
 */
export function pickChain(ranked: readonly Candidate[], total: number, maxLength = 3): Candidate[] {
  const [best, ...rest] = ranked;
  if (!best) return [];
  const chain = [best];
  const covered = new Set(best.covers);
  for (const next of rest) {
    if (chain.length >= maxLength || chain.at(-1)?.endsChain || covered.size >= total) break;
    if (!next.covers.some((index) => !covered.has(index))) continue;
    chain.push(next);
    for (const index of next.covers) covered.add(index);
  }
  return chain;
}

/** `a // b // ""`; a chain ending in a two-key candidate needs no final "" (it already yields one). */
export function joinAlternatives(chain: readonly Candidate[]): string {
  const first = chain[0];
  if (chain.length === 1 && first) {
    return first.endsChain ? (first.alone ?? first.jq) : `${first.alone ?? first.jq} // ""`;
  }
  const parts = chain.map((candidate) => candidate.jq);
  return chain.at(-1)?.endsChain ? parts.join(' // ') : [...parts, '""'].join(' // ');
}

export function countOf(part: number, total: number): string {
  return `${part}/${total}`;
}
