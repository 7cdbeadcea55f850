/**
 * Which actions an integration offers (docs/contributors/product-rules.md "What the service does" 5-6): none before
 * authentication is configured; a prebuilt only those its spec supports; SCIM and build-your-own
 * those their spec defines; custom actions only on the Business plan.
 */
import type { ConnectorSpec } from '../../../generated/spec-types.js';
import { STANDARD_ACTION_NAMES } from '../../../generated/spec-types.js';
import { FEATURE_PLANS, planPermits, type Plan } from '../tenants/plans.js';
import type { IntegrationType } from './integration-types.js';
import { writeActionsOf } from './run-action.js';
import { variablesOf, type ActionVariable } from './action-variables.js';

export type ActionKind = 'standard' | 'custom';

export interface OfferedAction {
  name: string;
  kind: ActionKind;
  enabled: boolean;
  /** Why it cannot be enabled now: a write action of an import-only integration (the key is read-only, or its rights are unknown). */
  unavailable?: string;
  /** A custom action's declared variables, which a provisioner action asks for (none: the key is absent). */
  variables?: ActionVariable[];
}

/** How the spec knows an action: standard, custom, or not at all. */
export function actionKind(spec: ConnectorSpec, action: string): ActionKind | undefined {
  if ((STANDARD_ACTION_NAMES as readonly string[]).includes(action) && spec.actions[action as (typeof STANDARD_ACTION_NAMES)[number]]) return 'standard';
  if (Object.hasOwn(spec.actions.custom ?? {}, action)) return 'custom';
  return undefined;
}

/** The standard actions a spec offers: those it defines, and for a prebuilt only those it `supports` (docs/contributors/product-rules.md "What the service does" 5). */
export function supportedStandardActions(spec: ConnectorSpec, type: IntegrationType): string[] {
  const supported = type === 'prebuilt' ? new Set<string>(spec.supports ?? []) : undefined;
  return STANDARD_ACTION_NAMES.filter((name) => spec.actions[name] && (!supported || supported.has(name)));
}

/** An action the spec has but the tenant's plan withholds, with the plan that would offer it. */
export interface WithheldAction {
  name: string;
  kind: ActionKind;
  requiredPlan: Plan;
}

/** The custom actions the plan withholds (shown with why, instead of silently missing). */
export function withheldActions(input: { spec: ConnectorSpec; plan: Plan; authConfigured: boolean }): WithheldAction[] {
  if (!input.authConfigured || planPermits(input.plan, 'customActions')) return [];
  return Object.keys(input.spec.actions.custom ?? {}).map((name) => ({ name, kind: 'custom' as const, requiredPlan: FEATURE_PLANS.customActions }));
}

export function offeredActions(input: {
  spec: ConnectorSpec;
  type: IntegrationType;
  plan: Plan;
  authConfigured: boolean;
  enabled: ReadonlySet<string>;
  /** The integration's import-only reason: its write actions are listed as unavailable, with it. */
  importOnly?: string | null;
}): OfferedAction[] {
  if (!input.authConfigured) return [];
  const { spec } = input;
  const standard = supportedStandardActions(spec, input.type);
  const custom = planPermits(input.plan, 'customActions') ? Object.keys(spec.actions.custom ?? {}) : [];
  const writes = input.importOnly ? new Set(writeActionsOf(spec)) : new Set<string>();
  const describe = (name: string, kind: ActionKind): OfferedAction => {
    const variables = kind === 'custom' ? variablesOf(spec, name) : [];
    const action: OfferedAction = { name, kind, enabled: input.enabled.has(name), ...(variables.length > 0 ? { variables } : {}) };
    if (writes.has(name)) return { ...action, enabled: false, unavailable: `import-only: ${input.importOnly}` };
    return action;
  };
  return [...standard.map((name) => describe(name, 'standard')), ...custom.map((name) => describe(name, 'custom'))];
}
