/**
 * Who decides review items (issue 28): an admin decides every item; a reviewer decides only in
 * the campaigns that name them, and only the items of the integrations they review there (an entry
 * without an integration covers all of the campaign's); a viewer decides nothing. A reviewer is
 * matched by their unique id (`operator:<id>` or `token:<id>`, resolved when the campaign was
 * created: reviewers.ts), never by a name, which two operators or tokens may share.
 */
import { ServiceError } from '../service-error.js';
import type { ReviewerRow } from '../store/review-rows.js';
import type { TokenRole } from '../tokens/api-tokens.js';

/** Who asks to decide: the caller's role, name (operator username or token name, for messages) and id. */
export interface Decider {
  role: TokenRole;
  name: string;
  /** The console operator's id; absent for a token. */
  operatorId?: string;
  /** The API token's id (also a console session signed in with a token); absent for an operator. */
  tokenId?: string;
}

/** A decider's unique reviewer id, as campaigns store it; undefined for an act without a caller (the CLI, the library). */
export function reviewerIdOf(decider: Pick<Decider, 'operatorId' | 'tokenId'>): string | undefined {
  if (decider.operatorId !== undefined) return `operator:${decider.operatorId}`;
  if (decider.tokenId !== undefined) return `token:${decider.tokenId}`;
  return undefined;
}

/** The integrations a decider may decide in a campaign: every one, or these. */
export type DecidableScope = { all: true } | { all: false; integrationIds: string[] };

/** The decider's scope in a campaign of `reviewers`; undefined when they may decide nothing there (pages hide the forms). */
export function scopeOf(input: { reviewers: readonly ReviewerRow[]; decider: Decider }): DecidableScope | undefined {
  const { decider } = input;
  if (decider.role === 'admin') return { all: true };
  if (decider.role !== 'reviewer') return undefined;
  const id = reviewerIdOf(decider);
  const entries = id === undefined ? [] : input.reviewers.filter((entry) => entry.reviewerId === id);
  if (entries.length === 0) return undefined;
  if (entries.some((entry) => entry.integrationId === null)) return { all: true };
  return { all: false, integrationIds: [...new Set(entries.map((entry) => entry.integrationId!))] };
}

/** The decider's scope in a campaign of `reviewers`, or FORBIDDEN naming why. */
export function decidableScope(input: { campaignId: string; reviewers: readonly ReviewerRow[]; decider: Decider }): DecidableScope {
  const scope = scopeOf(input);
  if (scope) return scope;
  const { decider } = input;
  if (decider.role !== 'reviewer')
    throw new ServiceError('FORBIDDEN', `a ${decider.role} may only read review campaigns; deciding needs a reviewer named in the campaign or an admin`, {
      hint: 'ask an admin to name you as a reviewer of the campaign, with a reviewer account',
    });
  throw new ServiceError('FORBIDDEN', `${decider.name} is not a reviewer of review campaign ${input.campaignId}`, {
    hint: 'a reviewer decides only in the campaigns that name them; ask an admin of the tenant',
  });
}

/** Whether an item is in the scope. */
export const inScope = (scope: DecidableScope, integrationId: string | null): boolean =>
  scope.all || (integrationId !== null && scope.integrationIds.includes(integrationId));

/** Refuses an item outside the scope. */
export function requireInScope(scope: DecidableScope, item: { id: string; integration_id: string | null; integration_name: string }, decider: Decider): void {
  if (inScope(scope, item.integration_id)) return;
  throw new ServiceError('FORBIDDEN', `${decider.name} does not review ${item.integration_name} in this campaign, so cannot decide item ${item.id}`, {
    hint: 'decide the items of the integrations you review; an admin decides the others',
  });
}
