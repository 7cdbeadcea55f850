/** Which plan permits which feature, and the PLAN_REQUIRED error naming the plan needed. */
import { describe, expect, it } from 'vitest';
import { planPermits, requirePlan, type Feature, type Plan } from '../../../src/service/tenants/plans.js';

describe('planPermits', () => {
  it.each<{ plan: Plan; feature: Feature; want: boolean }>([
    { plan: 'none', feature: 'integrations', want: false },
    { plan: 'standard', feature: 'integrations', want: true },
    { plan: 'business', feature: 'integrations', want: true },
    { plan: 'none', feature: 'customActions', want: false },
    { plan: 'standard', feature: 'customActions', want: false },
    { plan: 'business', feature: 'customActions', want: true },
  ])('$plan permits $feature: $want', ({ plan, feature, want }) => {
    expect(planPermits(plan, feature)).toBe(want);
  });
});

describe('requirePlan', () => {
  it.each<{ plan: Plan; feature: Feature; needed: string }>([
    { plan: 'none', feature: 'integrations', needed: 'standard' },
    { plan: 'standard', feature: 'customActions', needed: 'business' },
  ])('refuses $feature on $plan, naming $needed', ({ plan, feature, needed }) => {
    expect(() => requirePlan({ id: 't-1', plan }, feature)).toThrow(
      expect.objectContaining({ code: 'PLAN_REQUIRED', requiredPlan: needed, message: expect.stringContaining(`need the ${needed} plan`) }),
    );
  });

  it('lets a permitted feature through', () => {
    expect(() => requirePlan({ id: 't-1', plan: 'business' }, 'customActions')).not.toThrow();
  });
});
