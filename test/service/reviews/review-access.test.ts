/** Who decides review items: admin everything, a reviewer only in their campaigns and integrations, a viewer nothing. */
import { describe, expect, it } from 'vitest';
import { decidableScope, requireInScope, scopeOf, type Decider } from '../../../src/service/reviews/review-access.js';
import type { ReviewerRow } from '../../../src/service/store/review-rows.js';

const reviewers: ReviewerRow[] = [
  { reviewer: 'Alice', integrationId: null },
  { reviewer: 'rita', integrationId: 'scim' },
  { reviewer: 'rita', integrationId: 'incident' },
  { reviewer: 'sam', integrationId: 'scim' },
];
const item = (integrationId: string | null) => ({ id: '7', integration_id: integrationId, integration_name: integrationId ?? 'deleted' });

describe('decidableScope', () => {
  it.each<{ given: Decider; want: ReturnType<typeof scopeOf> }>([
    { given: { role: 'admin', name: 'anyone' }, want: { all: true } },
    { given: { role: 'reviewer', name: ' alice ' }, want: { all: true } },
    { given: { role: 'reviewer', name: 'rita' }, want: { all: false, integrationIds: ['scim', 'incident'] } },
    { given: { role: 'reviewer', name: 'sam' }, want: { all: false, integrationIds: ['scim'] } },
    { given: { role: 'reviewer', name: 'zed' }, want: undefined },
    { given: { role: 'viewer', name: 'alice' }, want: undefined },
  ])('$given.role $given.name → $want', ({ given, want }) => {
    expect(scopeOf({ reviewers, decider: given })).toEqual(want);
    if (want) expect(decidableScope({ campaignId: 'c1', reviewers, decider: given })).toEqual(want);
    else expect(() => decidableScope({ campaignId: 'c1', reviewers, decider: given })).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
  });

  it('names why: a viewer only reads; a reviewer the campaign does not name', () => {
    expect(() => decidableScope({ campaignId: 'c1', reviewers, decider: { role: 'viewer', name: 'alice' } })).toThrow(/a viewer may only read/);
    expect(() => decidableScope({ campaignId: 'c1', reviewers, decider: { role: 'reviewer', name: 'zed' } })).toThrow(
      /zed is not a reviewer of review campaign c1/,
    );
  });

  it.each([
    { decider: 'sam', integration: 'scim', allowed: true },
    { decider: 'sam', integration: 'incident', allowed: false },
    { decider: 'sam', integration: null, allowed: false },
    { decider: 'rita', integration: 'incident', allowed: true },
    { decider: 'alice', integration: null, allowed: true },
  ])('$decider on an item of $integration: allowed $allowed', ({ decider, integration, allowed }) => {
    const who: Decider = { role: 'reviewer', name: decider };
    const scope = decidableScope({ campaignId: 'c1', reviewers, decider: who });
    const check = () => requireInScope(scope, item(integration), who);
    if (allowed) expect(check).not.toThrow();
    else expect(check).toThrow(expect.objectContaining({ code: 'FORBIDDEN', message: expect.stringContaining(`${decider} does not review`) }));
  });
});
