/**
 * A campaign's reviewers resolved to unique ids when it is created (issue 28): each entry names an
 * operator or token of the tenant with the reviewer role, by id (`operator:<id>`, `token:<id>`) or
 * by name (username or token name, without case). A name two of them share is refused, naming
 * both ids, and so is a name none has: a campaign never lets someone decide because their name
 * happens to match. Deciding then compares ids only (review-access.ts).
 */
import { ServiceError } from '../service-error.js';
import type { Queryable } from '../store/database.js';
import { listOperatorRows } from '../store/operators-and-sessions.js';
import type { ReviewerRow } from '../store/review-rows.js';
import { listTokenRows } from '../store/token-rows.js';

/** One operator or token that may be named as a reviewer. */
export interface ReviewerCandidate {
  id: string;
  name: string;
}

/** The tenant's live operators and tokens with the reviewer role. */
export async function reviewerCandidates(db: Queryable, tenantId: string): Promise<ReviewerCandidate[]> {
  const [operators, tokens] = await Promise.all([listOperatorRows(db, tenantId), listTokenRows(db, tenantId)]);
  return [
    ...operators.filter((row) => row.role === 'reviewer' && row.disabled_at === null).map((row) => ({ id: `operator:${row.id}`, name: row.username })),
    ...tokens.filter((row) => row.role === 'reviewer' && row.revoked_at === null).map((row) => ({ id: `token:${row.id}`, name: row.name })),
  ];
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Each entry with its reviewer's id, or INVALID_INPUT naming the entry that names no one or several. */
export function resolveReviewers(input: { tenantId: string; entries: readonly ReviewerRow[]; candidates: readonly ReviewerCandidate[] }): ReviewerRow[] {
  return input.entries.map((entry, index) => {
    const place = `reviewers[${index}].reviewer`;
    const byId = input.candidates.find((candidate) => candidate.id === entry.reviewer.trim());
    const matches = byId ? [byId] : input.candidates.filter((candidate) => sameName(candidate.name, entry.reviewer));
    if (matches.length === 0)
      throw new ServiceError('INVALID_INPUT', `${place}: no reviewer of tenant ${input.tenantId} is named ${JSON.stringify(entry.reviewer)}`, {
        hint: 'name an operator or API token of the tenant with the reviewer role (create one first: --role reviewer), by name or as operator:<id> / token:<id>',
      });
    if (matches.length > 1)
      throw new ServiceError(
        'INVALID_INPUT',
        `${place}: ${JSON.stringify(entry.reviewer)} names ${matches.length} reviewers of tenant ${input.tenantId} (${matches.map((match) => match.id).join(', ')})`,
        { hint: 'name the one you mean by its id: operator:<id> or token:<id>' },
      );
    const [match] = matches as [ReviewerCandidate];
    return { reviewer: match.name, integrationId: entry.integrationId, reviewerId: match.id };
  });
}
