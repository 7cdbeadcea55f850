/**
 * Plans and what they permit (docs/contributors/product-rules.md, "What the service does" 1 and 6, "Limits" 1-2): none
 * permits no integration, standard permits integrations, business also custom actions. The one
 * place that knows the order of plans and which feature needs which.
 */
import { ServiceError } from '../service-error.js';

/** In ascending order: each plan permits everything the plans before it do. */
export const PLANS = ['none', 'standard', 'business'] as const;
export type Plan = (typeof PLANS)[number];

/** The least plan each feature needs. */
export const FEATURE_PLANS = {
  integrations: 'standard',
  customActions: 'business',
} as const satisfies Record<string, Plan>;
export type Feature = keyof typeof FEATURE_PLANS;

const FEATURE_NAMES: Record<Feature, string> = { integrations: 'integrations', customActions: 'custom actions' };

export function isPlan(value: unknown): value is Plan {
  return typeof value === 'string' && (PLANS as readonly string[]).includes(value);
}

export function parsePlan(value: unknown): Plan {
  if (isPlan(value)) return value;
  throw new ServiceError('INVALID_INPUT', `plan must be one of ${PLANS.join(', ')}, not ${JSON.stringify(value)}`, {
    hint: `choose ${PLANS.join(', ')}`,
  });
}

export function planPermits(plan: Plan, feature: Feature): boolean {
  return PLANS.indexOf(plan) >= PLANS.indexOf(FEATURE_PLANS[feature]);
}

/** Throws PLAN_REQUIRED, naming the plan needed, when the tenant's plan does not permit the feature. */
export function requirePlan(tenant: { id: string; plan: Plan }, feature: Feature): void {
  if (planPermits(tenant.plan, feature)) return;
  const needed = FEATURE_PLANS[feature];
  throw new ServiceError('PLAN_REQUIRED', `tenant ${tenant.id} is on the ${tenant.plan} plan; ${FEATURE_NAMES[feature]} need the ${needed} plan`, {
    requiredPlan: needed,
    hint: `upgrade the tenant to the ${needed} plan${needed === 'business' ? '' : ' or higher'}: \`connector service tenant set-plan --tenant ${tenant.id} --plan ${needed}\``,
  });
}
