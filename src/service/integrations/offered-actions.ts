/**
 * Which actions an integration offers (SERVICE.md "What the service does" 5-6): none before
 * authentication is configured; a prebuilt only those its spec supports; SCIM and build-your-own
 * those their spec defines; custom actions only on the Business plan.
 */
import type { ConnectorSpec } from '../../../generated/spec-types.js';
import { STANDARD_ACTION_NAMES } from '../../../generated/spec-types.js';
import { planPermits, type Plan } from '../tenants/plans.js';
import type { IntegrationType } from './integration-types.js';

export type ActionKind = 'standard' | 'custom';

export interface OfferedAction {
  name: string;
  kind: ActionKind;
  enabled: boolean;
}

/** How the spec knows an action: standard, custom, or not at all. */
export function actionKind(spec: ConnectorSpec, action: string): ActionKind | undefined {
  if ((STANDARD_ACTION_NAMES as readonly string[]).includes(action) && spec.actions[action as (typeof STANDARD_ACTION_NAMES)[number]]) return 'standard';
  if (Object.hasOwn(spec.actions.custom ?? {}, action)) return 'custom';
  return undefined;
}

export function offeredActions(input: { spec: ConnectorSpec; type: IntegrationType; plan: Plan; authConfigured: boolean; enabled: ReadonlySet<string> }): OfferedAction[] {
  if (!input.authConfigured) return [];
  const { spec } = input;
  const supported = input.type === 'prebuilt' ? new Set<string>(spec.supports ?? []) : undefined;
  const standard = STANDARD_ACTION_NAMES.filter((name) => spec.actions[name] && (!supported || supported.has(name)));
  const custom = planPermits(input.plan, 'customActions') ? Object.keys(spec.actions.custom ?? {}) : [];
  return [
    ...standard.map((name) => ({ name, kind: 'standard' as const, enabled: input.enabled.has(name) })),
    ...custom.map((name) => ({ name, kind: 'custom' as const, enabled: input.enabled.has(name) })),
  ];
}
