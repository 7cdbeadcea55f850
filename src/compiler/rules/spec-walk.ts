/**
 * Enumerates the parts of a spec the rules look at (actions, their template fields, jq fields) and
 * which template variables each action has (see the team brief, "Template variables").
 */
import { STANDARD_ACTION_NAMES, type ConnectorSpec, type StandardActionName } from '../../../generated/spec-types.js';
import { joinPointer } from '../diagnostic.js';

export type ActionKind = StandardActionName | 'custom';

export interface ActionSite {
  name: string;
  kind: ActionKind;
  pointer: string;
  action: Record<string, unknown>;
}

/** One request of the spec: an action, one of a write action's `steps` or an import's `additionalLists` (same name and kind). */
export interface RequestSite extends ActionSite {
  path: Array<string | number>;
}

/** Template variable roots per action; secrets are never variables. */
export const VARIABLES_BY_KIND: Record<ActionKind | 'specHeaders', readonly string[]> = {
  importUsers: ['inputs', 'actor'],
  createUser: ['user', 'inputs', 'actor', 'lookups', 'generated', 'create'],
  activateUser: ['account', 'inputs', 'actor', 'lookups'],
  deleteUser: ['account', 'inputs', 'actor', 'lookups'],
  deactivateUser: ['account', 'inputs', 'actor', 'lookups'],
  custom: ['vars', 'user', 'account', 'inputs', 'actor', 'lookups'],
  specHeaders: ['inputs'],
};

export const ACTOR_FIELDS = ['email', 'name'] as const;

/** createUser's `create.<field>`: whether this creation is to be usable at once (see the schema's `createsInactive`). */
export const CREATE_FIELDS = ['active', 'inactive'] as const;

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function listActions(spec: ConnectorSpec): ActionSite[] {
  const actions = isObject(spec.actions) ? (spec.actions as Record<string, unknown>) : {};
  const sites: ActionSite[] = [];
  for (const name of STANDARD_ACTION_NAMES) {
    const action = actions[name];
    if (isObject(action)) sites.push({ name, kind: name, pointer: joinPointer(['actions', name]), action });
  }
  const custom = actions.custom;
  if (isObject(custom)) {
    for (const [name, action] of Object.entries(custom)) {
      if (isObject(action)) sites.push({ name, kind: 'custom', pointer: joinPointer(['actions', 'custom', name]), action });
    }
  }
  return sites;
}

/** Every request an action sends: the action itself, then each of its `steps` or `additionalLists`. */
export function listRequestSites(spec: ConnectorSpec): RequestSite[] {
  const sites: RequestSite[] = [];
  for (const site of listActions(spec)) {
    const path = site.kind === 'custom' ? ['actions', 'custom', site.name] : ['actions', site.name];
    sites.push({ ...site, path });
    const lists = site.kind === 'importUsers' ? site.action.additionalLists : undefined;
    if (Array.isArray(lists)) {
      lists.forEach((list: unknown, index) => {
        if (isObject(list))
          sites.push({ ...site, action: list, path: [...path, 'additionalLists', index], pointer: joinPointer([...path, 'additionalLists', index]) });
      });
    }
    const steps = site.kind === 'custom' ? undefined : site.action.steps;
    if (!Array.isArray(steps)) continue;
    steps.forEach((step: unknown, index) => {
      if (isObject(step)) sites.push({ ...site, action: step, path: [...path, 'steps', index], pointer: joinPointer([...path, 'steps', index]) });
    });
  }
  return sites;
}

/** Input names declared by the spec, with whether each is secret. */
export function declaredInputs(spec: ConnectorSpec): Map<string, { secret: boolean; type: string }> {
  const inputs = new Map<string, { secret: boolean; type: string }>();
  if (isObject(spec.inputs)) {
    for (const [name, input] of Object.entries(spec.inputs)) {
      const type = isObject(input) && typeof input.type === 'string' ? input.type : 'string';
      inputs.set(name, { secret: isObject(input) && input.secret === true, type });
    }
  }
  return inputs;
}

export function stringEntries(value: unknown): [string, string][] {
  return isObject(value) ? (Object.entries(value).filter(([, v]) => typeof v === 'string') as [string, string][]) : [];
}

export { isObject };
