/**
 * Per-action configuration of an integration (docs/contributors/product-rules.md "What the service does" 5): read any
 * integration's action configuration; edit a build-your-own one's (method, endpoint, payload
 * template, records path, mapping...), re-validated on save with the compiler's located
 * diagnostics, nothing saved on failure, one audit entry, and the offered actions recomputed.
 */
import { STANDARD_ACTION_NAMES } from '../../../generated/spec-types.js';
import type { ServiceContext } from '../context.js';
import { ServiceError } from '../service-error.js';
import { requirePlan } from '../tenants/plans.js';
import { loadTenant } from '../tenants/tenants.js';
import { requireActor } from '../validate-input.js';
import { pickActionConfig, writeActionConfig, type ActionConfigChange } from './action-config.js';
import { connectorOf } from './integration-types.js';
import { actionKind, type ActionKind, type OfferedAction } from './offered-actions.js';
import { loadIntegration, type IntegrationRef } from './load-integration.js';
import { saveSpecEdit } from './spec-edit.js';

export interface ActionConfiguration {
  action: string;
  kind: ActionKind;
  /** Whether the spec defines the action (a standard action may be configured before it is). */
  defined: boolean;
  /** Only build-your-own integrations edit their actions; prebuilt and SCIM run the shipped spec. */
  editable: boolean;
  /** The action's method, path, query, headers, body (payload template), contentType, success, records, mapping as the spec has them. */
  config: Record<string, unknown>;
}

export interface ConfiguredAction extends ActionConfiguration {
  /** The actions offered after the save, each with whether it is enabled. */
  actions: OfferedAction[];
}

type ActionRef = IntegrationRef & { action: string };

function describeAction(spec: Parameters<typeof actionKind>[0], action: string, editable: boolean): ActionConfiguration {
  const kind = actionKind(spec, action);
  if (kind === undefined && !(STANDARD_ACTION_NAMES as readonly string[]).includes(action)) {
    throw new ServiceError('ACTION_NOT_OFFERED', `the integration’s spec has no action ${JSON.stringify(action)}`, {
      hint: `standard actions: ${STANDARD_ACTION_NAMES.join(', ')}`,
    });
  }
  const raw = kind === 'custom' ? spec.actions.custom?.[action] : spec.actions[action as (typeof STANDARD_ACTION_NAMES)[number]];
  return { action, kind: kind ?? 'standard', defined: kind !== undefined, editable, config: pickActionConfig(raw) };
}

export async function readActionConfiguration(context: ServiceContext, ref: ActionRef): Promise<ActionConfiguration> {
  await loadTenant(context.db, ref.tenantId);
  const row = await loadIntegration(context.db, ref);
  return describeAction((await connectorOf(row)).spec, ref.action, row.type === 'build-your-own');
}

export async function configureActionConfiguration(
  context: ServiceContext,
  input: ActionRef & { change: ActionConfigChange; actor: string },
  listActions: (ref: IntegrationRef) => Promise<OfferedAction[]>,
): Promise<ConfiguredAction> {
  const actor = requireActor(input.actor);
  if (typeof input.change !== 'object' || input.change === null)
    throw new ServiceError('INVALID_INPUT', 'the change must be an object of action members', { hint: 'e.g. {"path": "/v2/users"}' });
  const changed = Object.keys(input.change).sort();
  const { spec } = await saveSpecEdit(context.db, {
    tenantId: input.tenantId,
    integrationId: input.integrationId,
    actor,
    event: 'integration.action_configured',
    // Member names only: a payload template or header may hold personal data of the target.
    detail: { action: input.action, changed },
    edit: (specText, { tenant }) => {
      // Custom actions are a Business feature: configuring one is refused below it, as enabling one is.
      if (!(STANDARD_ACTION_NAMES as readonly string[]).includes(input.action)) requirePlan(tenant, 'customActions');
      return writeActionConfig({ specText, action: input.action, change: input.change });
    },
  });
  const configured = describeAction(spec, input.action, true);
  return { ...configured, actions: await listActions(input) };
}
