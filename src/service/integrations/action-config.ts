/**
 * A build-your-own action's configuration (docs/contributors/product-rules.md "Action configuration": method, endpoint,
 * payload template, records path, mapping), read from and written into the customer's spec text.
 * Edits go through the `yaml` Document API, so the rest of the spec (comments, other actions)
 * stays as the customer wrote it; the edited text is then validated by the caller with the
 * compiler's located diagnostics before anything is saved.
 */
import { isMap, parseDocument } from 'yaml';
import { STANDARD_ACTION_NAMES } from '../../../generated/spec-types.js';
import { ServiceError } from '../service-error.js';
import { CUSTOMER_SPEC_FILE } from './integration-types.js';

/** The members of an action an operator edits per action; each maps to the spec key of the same name. */
export const ACTION_CONFIG_KEYS = ['method', 'path', 'query', 'headers', 'body', 'contentType', 'success', 'records', 'mapping'] as const;
export type ActionConfigKey = (typeof ACTION_CONFIG_KEYS)[number];

/** A change to an action: a value sets the key, `null` removes it, an absent key is left as it is. */
export type ActionConfigChange = Partial<Record<ActionConfigKey, unknown>>;

/** Where an action lives in a spec: standard actions under `actions`, custom ones under `actions.custom`. */
function actionPath(action: string, spec: unknown): string[] {
  if ((STANDARD_ACTION_NAMES as readonly string[]).includes(action)) return ['actions', action];
  const custom = (spec as { actions?: { custom?: unknown } } | null)?.actions?.custom;
  if (typeof custom === 'object' && custom !== null && Object.hasOwn(custom, action)) return ['actions', 'custom', action];
  throw new ServiceError('ACTION_NOT_OFFERED', `the spec has no custom action ${JSON.stringify(action)}, and it is not a standard action`, {
    hint: `standard actions: ${STANDARD_ACTION_NAMES.join(', ')}; a new custom action is added by editing the spec`,
  });
}

/** The editable members of an action as the spec has them (empty for a standard action it does not define). */
export function pickActionConfig(action: unknown): Record<string, unknown> {
  if (typeof action !== 'object' || action === null) return {};
  const all = action as Record<string, unknown>;
  return Object.fromEntries(ACTION_CONFIG_KEYS.filter((key) => all[key] !== undefined).map((key) => [key, all[key]]));
}

/** The spec text with the change applied to the action; refuses a change that names nothing editable. */
export function writeActionConfig(input: { specText: string; action: string; change: ActionConfigChange }): string {
  const keys = Object.keys(input.change) as ActionConfigKey[];
  const unknown = keys.filter((key) => !(ACTION_CONFIG_KEYS as readonly string[]).includes(key));
  if (unknown.length > 0)
    throw new ServiceError('INVALID_INPUT', `${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not editable per action`, {
      hint: `edit ${ACTION_CONFIG_KEYS.join(', ')}`,
    });
  if (keys.length === 0)
    throw new ServiceError('INVALID_INPUT', 'the change names no member of the action', { hint: `give one or more of ${ACTION_CONFIG_KEYS.join(', ')}` });
  const doc = parseDocument(input.specText);
  if (doc.errors.length > 0 || !isMap(doc.contents)) {
    // Saved specs were valid when saved; this only guards against a row edited by hand.
    throw new ServiceError('INVALID_SPEC', `${CUSTOMER_SPEC_FILE}: the saved spec is no longer a YAML mapping`, {
      hint: 'recreate the integration from a valid spec',
    });
  }
  const path = actionPath(input.action, doc.toJS());
  for (const key of keys) {
    const value = input.change[key];
    if (value === null) doc.deleteIn([...path, key]);
    else doc.setIn([...path, key], doc.createNode(value));
  }
  return doc.toString({ lineWidth: 0 });
}
