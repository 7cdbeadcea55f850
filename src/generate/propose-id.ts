/**
 * Proposes the account id: the key named most like an identifier (`id`, `user_id`, `uid`, Asana's
 * `gid`, Atlassian's `accountId`, Dropbox's `team_member_id`...) whose values are present, unique and
 * scalar. Numeric ids become strings with `tostring`, since later actions put the id in a path.
 * Ids are never chained across keys: one account must keep one id.
 */
import type { ScalarField, RecordSample } from './collect-field-stats.js';
import { describeRunnersUp, isForeignPath, rankCandidates, type Candidate, type FieldProposal } from './field-proposal.js';
import { normalizeKey } from './jq-path.js';

const ID_KEY_SCORES: Record<string, number> = {
  id: 100,
  userid: 95,
  teammemberid: 92,
  uid: 90,
  gid: 90,
  accountid: 90,
  memberid: 85,
  personid: 85,
  employeeid: 80,
  uuid: 80,
  guid: 80,
  key: 60,
  login: 35,
  username: 35,
  externalid: 25,
};

function scoreIdKey(key: string): number {
  const normalized = normalizeKey(key);
  return ID_KEY_SCORES[normalized] ?? (normalized.endsWith('id') ? 15 : 0);
}

function toCandidate(field: ScalarField, total: number): Candidate | undefined {
  const last = field.path.at(-1) ?? '';
  let score = scoreIdKey(last);
  if (score === 0 || field.present === 0 || field.booleans > 0 || isForeignPath(field.path)) return undefined;
  const notes = [`key \`${field.path.join('.')}\``, `present in ${field.present}/${total}`];
  score += (20 * field.present) / total - 8 * (field.path.length - 1);
  if (field.present < total / 2) score -= 40;
  const distinct = new Set(field.values.map((value) => JSON.stringify(value))).size;
  if (field.present >= 2 && distinct === 1) {
    score -= 80;
    notes.push('the same value in every record');
  } else if (distinct < field.present) {
    score -= 50;
    notes.push('values repeat');
  }
  if (field.numbers > 0) notes.push('numeric');
  const path = field.jq;
  const jq = field.numbers > 0 ? `(${path} // "") | tostring` : `${path} // ""`;
  return { jq, score, present: field.present, covers: field.records, note: notes.join(', ') };
}

export function proposeId(sample: RecordSample): FieldProposal {
  const candidates = sample.fields.flatMap((field) => {
    const candidate = field.kind === 'scalar' ? toCandidate(field, sample.total) : undefined;
    return candidate ? [candidate] : [];
  });
  const ranked = rankCandidates(candidates);
  const best = ranked[0];
  if (!best) {
    return {
      field: 'id',
      expression: '.id // ""',
      explanation: 'No id-like key (id, user_id, uid, gid, accountId, key...) with values in the sample; `.id` is a guess to edit.',
      considered: [],
    };
  }
  const numeric = best.note.includes('numeric') ? ' Numbers are turned into strings with `tostring`.' : '';
  return {
    field: 'id',
    expression: best.jq,
    explanation: `Identifier: ${best.note}.${numeric}`,
    considered: describeRunnersUp(ranked, [best]),
  };
}
