/**
 * Proposes the email: email-shaped values under an email-like key (`email`, `email_address`,
 * `primaryEmail`, `mail`, `profile.email`...), a list of addresses (`emails: [{value, primary}]`,
 * primary else first), and sign-in names that hold addresses (`userPrincipalName`, `login`) as a
 * fallback. Addresses of other people (manager, creator) or secondary addresses are passed over.
 */
import type { EmailListField, RecordSample, ScalarField } from './collect-field-stats.js';
import { isEmailShaped } from './email-shape.js';
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

const EMAIL_KEY_SCORES: Record<string, number> = {
  email: 100,
  emailaddress: 95,
  primaryemail: 95,
  primaryemailaddress: 95,
  mail: 95,
  workemail: 90,
  emailid: 90,
  userprincipalname: 70,
  login: 55,
  username: 55,
  signinname: 55,
  upn: 55,
};
/** Addresses that are not the account's own sign-in address. */
const NOT_OWN = /secondary|second|alternate|other|personal|recovery|backup|manager|creat|updat|invit|owner|parent|supervisor|billing/u;

function scoreEmailKey(key: string): number {
  const normalized = normalizeKey(key);
  return EMAIL_KEY_SCORES[normalized] ?? (normalized.includes('email') ? 75 : 30);
}

function penalties(path: readonly string[], notes: string[]): number {
  const joined = path.map(normalizeKey).join('.');
  let penalty = 5 * (path.length - 1);
  if (NOT_OWN.test(joined) || isForeignPath(path)) {
    penalty += 80;
    notes.push("looks like someone else's or a secondary address");
  }
  return penalty;
}

function scalarCandidate(field: ScalarField, total: number): Candidate | undefined {
  const last = field.path.at(-1) ?? '';
  const keyScore = scoreEmailKey(last);
  if (field.strings === 0 || (field.emails === 0 && keyScore < 75)) return undefined;
  const notes = [`key \`${field.path.join('.')}\``, `email-shaped in ${countOf(field.emails, total)}`];
  let score = keyScore + (40 * field.emails) / Math.max(field.present, 1) + (15 * field.present) / total;
  if (field.emails === 0) {
    score -= 50;
    notes.push('no email-shaped value in the sample');
  }
  score -= penalties(field.path, notes);
  const covers = field.records.filter((_, at) => isEmailShaped(field.values[at]));
  return { jq: field.jq, score, present: field.emails, covers: field.emails > 0 ? covers : field.records, note: notes.join(', ') };
}

function listCandidate(field: EmailListField, total: number): Candidate {
  const last = field.path.at(-1) ?? '';
  const notes = [`list \`${last}\` of {${field.valueKey}${field.hasPrimary ? ', primary' : ''}}`, `address in ${countOf(field.present, total)}`];
  const key = `.${field.valueKey}`;
  // Only objects, when some records hold a string or a list of strings here instead.
  const list = field.mixed ? `[${field.jq}[]? | objects]` : `(${field.jq} // [])`;
  // RFC 7643 section 2.4: the element marked primary, else the first.
  const alone = field.hasPrimary ? `${list} | (map(select(.primary == true)) + .)[0]${key}` : field.mixed ? `${list}[0]${key}` : `${field.jq}[0]${key}`;
  if (field.hasPrimary) notes.push('primary else first');
  let score = (normalizeKey(last).includes('email') ? 85 : 50) + 40 + (15 * field.present) / total;
  score -= penalties(field.path, notes);
  return { jq: field.hasPrimary ? `(${alone})` : alone, alone, score, present: field.present, covers: field.records, note: notes.join(', ') };
}

export function proposeEmail(sample: RecordSample): FieldProposal {
  const candidates = sample.fields.flatMap((field) => {
    const candidate = field.kind === 'scalar' ? scalarCandidate(field, sample.total) : listCandidate(field, sample.total);
    return candidate ? [candidate] : [];
  });
  const ranked = rankCandidates(candidates);
  const chain = pickChain(ranked, sample.total);
  const [best, ...fallbacks] = chain;
  if (!best) {
    return {
      field: 'email',
      expression: '.email // ""',
      explanation:
        'No email-shaped value and no email key in the sample, so `.email` is a guess; until the target returns one every account gets "" (Preview reports it).',
      considered: [],
    };
  }
  const fallback = fallbacks.map((next) => ` Where it is missing, falls back to ${next.alone ?? next.jq} (${next.note}).`).join('');
  return {
    field: 'email',
    expression: joinAlternatives(chain),
    explanation: `Email: ${best.note}.${fallback} Yields "" when absent.`,
    considered: describeRunnersUp(ranked, chain),
  };
}
