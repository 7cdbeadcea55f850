/**
 * Proposes the display name: a full-name key (`displayName`, `full_name`, `real_name`, `name`,
 * SCIM's `name.formatted`), else first + last name joined (`first_name`/`last_name`,
 * `firstName`/`lastName`, `name.givenName`/`name.familyName`), else a username or login. Values with
 * a space ("Ann Lee") beat handles ("alee"); email-shaped values are never a name.
 */
import type { RecordSample, ScalarField } from './collect-field-stats.js';
import {
  countOf,
  describeRunnersUp,
  isForeignPath,
  joinAlternatives,
  pickChain,
  rankCandidates,
  type Candidate,
  type FieldProposal,
} from './field-proposal.js';
import { normalizeKey } from './jq-path.js';

const NAME_KEY_SCORES: Record<string, number> = {
  displayname: 100,
  fullname: 100,
  realname: 98,
  name: 90,
  realnamenormalized: 85,
  displaynamenormalized: 85,
  preferredname: 60,
  nickname: 50,
  username: 40,
  login: 40,
  handle: 40,
  screenname: 40,
};
const FIRST_KEYS = new Set(['firstname', 'givenname', 'first']);
const LAST_KEYS = new Set(['lastname', 'familyname', 'surname', 'last']);

function scoreNameKey(path: readonly string[]): number {
  const last = normalizeKey(path.at(-1) ?? '');
  // SCIM (RFC 7643 section 4.1.1): name.formatted is the full name.
  if (last === 'formatted' && normalizeKey(path.at(-2) ?? '') === 'name') return 95;
  return NAME_KEY_SCORES[last] ?? 0;
}

function singleCandidate(field: ScalarField, total: number): Candidate | undefined {
  const keyScore = scoreNameKey(field.path);
  if (keyScore === 0 || field.strings === 0 || isForeignPath(field.path)) return undefined;
  if (field.emails > field.strings / 2) return undefined;
  const strings = field.strings;
  const notes = [`key \`${field.path.join('.')}\``, `present in ${countOf(strings, total)}`];
  if (field.withSpace) notes.push(`${countOf(field.withSpace, strings)} with a space`);
  if (field.handles) notes.push(`${countOf(field.handles, strings)} handle-like`);
  if (keyScore <= 40) notes.push('a sign-in handle standing in for a display name');
  const score = keyScore + (20 * field.withSpace) / strings - (10 * field.handles) / strings + (10 * strings) / total - 5 * (field.path.length - 1);
  const covers = field.records.filter((_, at) => typeof field.values[at] === 'string');
  return { jq: field.jq, score, present: strings, covers, note: notes.join(', ') };
}

/** First and last name side by side under the same parent, joined with a space. */
function pairCandidates(fields: readonly ScalarField[], total: number): Candidate[] {
  const pairs: Candidate[] = [];
  for (const first of fields) {
    if (!FIRST_KEYS.has(normalizeKey(first.path.at(-1) ?? '')) || first.strings === 0 || isForeignPath(first.path)) continue;
    const parent = JSON.stringify(first.path.slice(0, -1));
    const last = fields.find(
      (field) => field.strings > 0 && JSON.stringify(field.path.slice(0, -1)) === parent && LAST_KEYS.has(normalizeKey(field.path.at(-1) ?? '')),
    );
    if (!last) continue;
    const covers = [...new Set([...first.records, ...last.records])];
    const present = covers.length;
    // `strings` drops what is missing or not text, so a stray null or list never breaks the join.
    const alone = `[${first.jq}, ${last.jq} | strings] | join(" ")`;
    pairs.push({
      jq: `(${alone})`,
      alone,
      score: 80 + (10 * present) / total - 5 * (first.path.length - 1),
      present,
      covers,
      endsChain: true,
      note: `\`${first.path.join('.')}\` + \`${last.path.join('.')}\` joined with a space, present in ${countOf(present, total)}`,
    });
  }
  return pairs;
}

export function proposeName(sample: RecordSample): FieldProposal {
  const scalars = sample.fields.filter((field): field is ScalarField => field.kind === 'scalar');
  const candidates = [...scalars.flatMap((field) => singleCandidate(field, sample.total) ?? []), ...pairCandidates(scalars, sample.total)];
  const ranked = rankCandidates(candidates);
  const chain = pickChain(ranked, sample.total);
  const [best, ...fallbacks] = chain;
  if (!best) {
    return {
      field: 'name',
      expression: '.name // ""',
      explanation: 'No name-like key (displayName, full_name, name, first_name + last_name, username...) in the sample; `.name` is a guess to edit.',
      considered: [],
    };
  }
  const fallback = fallbacks.map((next) => ` Where it is missing, falls back to ${next.alone ?? next.jq} (${next.note}).`).join('');
  return {
    field: 'name',
    expression: joinAlternatives(chain),
    explanation: `Name: ${best.note}.${fallback}${best.endsChain ? ' Yields "" when both are missing.' : ' Yields "" when absent.'}`,
    considered: describeRunnersUp(ranked, chain),
  };
}
