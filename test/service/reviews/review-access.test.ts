/** Who decides review items: admin everything, a reviewer only in their campaigns and integrations (by unique id, never by name), a viewer nothing. */
import { describe, expect, it } from 'vitest';
import { decidableScope, requireInScope, scopeOf, type Decider } from '../../../src/service/reviews/review-access.js';
import { resolveReviewers, type ReviewerCandidate } from '../../../src/service/reviews/reviewers.js';
import type { ReviewerRow } from '../../../src/service/store/review-rows.js';

const reviewers: ReviewerRow[] = [
  { reviewer: 'Alice', integrationId: null, reviewerId: 'operator:op-alice' },
  { reviewer: 'rita', integrationId: 'scim', reviewerId: 'token:tk-rita' },
  { reviewer: 'rita', integrationId: 'incident', reviewerId: 'token:tk-rita' },
  { reviewer: 'sam', integrationId: 'scim', reviewerId: 'token:tk-sam' },
  // A campaign created before reviewers had ids: the name alone lets no one decide.
  { reviewer: 'legacy', integrationId: null },
];
const item = (integrationId: string | null) => ({ id: '7', integration_id: integrationId, integration_name: integrationId ?? 'deleted' });
const alice: Decider = { role: 'reviewer', name: 'alice', operatorId: 'op-alice' };
const rita: Decider = { role: 'reviewer', name: 'rita', tokenId: 'tk-rita' };
const sam: Decider = { role: 'reviewer', name: 'sam', tokenId: 'tk-sam' };

describe('decidableScope', () => {
  it.each<{ given: Decider; want: ReturnType<typeof scopeOf> }>([
    { given: { role: 'admin', name: 'anyone' }, want: { all: true } },
    { given: alice, want: { all: true } },
    { given: rita, want: { all: false, integrationIds: ['scim', 'incident'] } },
    { given: sam, want: { all: false, integrationIds: ['scim'] } },
    { given: { role: 'reviewer', name: 'zed', tokenId: 'tk-zed' }, want: undefined },
    // Named alike, another operator or token: not the reviewer the campaign names.
    { given: { role: 'reviewer', name: 'Alice', operatorId: 'op-other-alice' }, want: undefined },
    { given: { role: 'reviewer', name: 'rita', tokenId: 'tk-other-rita' }, want: undefined },
    { given: { role: 'reviewer', name: 'legacy', tokenId: 'tk-legacy' }, want: undefined },
    { given: { role: 'reviewer', name: 'alice' }, want: undefined },
    { given: { role: 'viewer', name: 'alice', operatorId: 'op-alice' }, want: undefined },
  ])('$given.role $given.name ($given.operatorId$given.tokenId) → $want', ({ given, want }) => {
    expect(scopeOf({ reviewers, decider: given })).toEqual(want);
    if (want) expect(decidableScope({ campaignId: 'c1', reviewers, decider: given })).toEqual(want);
    else expect(() => decidableScope({ campaignId: 'c1', reviewers, decider: given })).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
  });

  it('names why: a viewer only reads; a reviewer the campaign does not name', () => {
    expect(() => decidableScope({ campaignId: 'c1', reviewers, decider: { role: 'viewer', name: 'alice' } })).toThrow(/a viewer may only read/);
    expect(() => decidableScope({ campaignId: 'c1', reviewers, decider: { role: 'reviewer', name: 'zed', tokenId: 'tk-zed' } })).toThrow(
      /zed is not a reviewer of review campaign c1/,
    );
  });

  it.each([
    { decider: sam, integration: 'scim', allowed: true },
    { decider: sam, integration: 'incident', allowed: false },
    { decider: sam, integration: null, allowed: false },
    { decider: rita, integration: 'incident', allowed: true },
    { decider: alice, integration: null, allowed: true },
  ])('$decider.name on an item of $integration: allowed $allowed', ({ decider, integration, allowed }) => {
    const scope = decidableScope({ campaignId: 'c1', reviewers, decider });
    const check = () => requireInScope(scope, item(integration), decider);
    if (allowed) expect(check).not.toThrow();
    else expect(check).toThrow(expect.objectContaining({ code: 'FORBIDDEN', message: expect.stringContaining(`${decider.name} does not review`) }));
  });
});

describe('resolveReviewers', () => {
  const candidates: ReviewerCandidate[] = [
    { id: 'operator:op-alice', name: 'alice' },
    { id: 'token:tk-rita', name: 'rita' },
    { id: 'token:tk-rita-2', name: 'Rita' },
  ];
  const resolve = (reviewer: string) => resolveReviewers({ tenantId: 't1', entries: [{ reviewer, integrationId: null }], candidates });

  it.each([
    { given: ' ALICE ', want: { reviewer: 'alice', integrationId: null, reviewerId: 'operator:op-alice' } },
    { given: 'token:tk-rita-2', want: { reviewer: 'Rita', integrationId: null, reviewerId: 'token:tk-rita-2' } },
  ])('$given → $want.reviewerId', ({ given, want }) => expect(resolve(given)).toEqual([want]));

  it('refuses a name two reviewers share, naming both ids, and a name no reviewer has', () => {
    expect(() => resolve('rita')).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT', message: expect.stringContaining('token:tk-rita, token:tk-rita-2') }),
    );
    expect(() => resolve('zed')).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT', message: expect.stringContaining('reviewers[0].reviewer: no reviewer') }),
    );
  });
});
