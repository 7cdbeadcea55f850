/**
 * Stage 5, lower: a valid spec to the form the runtime reads, with every default of the schema
 * filled in (so the runtime never re-derives them) plus the defaults the brief fixes outside the
 * schema. Works on a copy; the input is never changed.
 */
import type { ConnectorSpec } from '../../generated/spec-types.js';
import { IDEMPOTENT_METHODS } from '../plan/idempotent-methods.js';
import { defaultingValidators, expandSitePaths, UNION_SITES, valueAt } from './schema-model.js';

export function lowerSpec(value: unknown): ConnectorSpec {
  const spec = structuredClone(value) as ConnectorSpec;
  const scim = spec.actions?.importUsers;
  // RFC 7644 section 3.4.2: a SCIM list response holds its users in Resources (absent when empty).
  if (scim?.pagination?.type === 'scim' && scim.records === undefined) scim.records = '.Resources // []';
  const validators = defaultingValidators();
  validators.spec(spec);
  for (const site of UNION_SITES) {
    for (const path of expandSitePaths(spec, site.path)) {
      const member = valueAt(spec, path);
      const type = valueAt(member, ['type']);
      if (typeof type === 'string') validators.branches.get(site.def)?.get(type)?.(member);
    }
  }
  const { actions } = spec;
  if (actions.importUsers) actions.importUsers.method ??= 'GET';
  for (const list of actions.importUsers?.additionalLists ?? []) list.method ??= 'GET';
  const { importUsers: _import, custom: _custom, ...writes } = actions;
  for (const action of Object.values(writes)) {
    if (action?.absentOn === undefined) continue;
    // The old form: statuses alone. Lowered to rules that still need the target's JSON answer,
    // so an HTML 404 of a wrong base URL is never taken for an absent account.
    const rules = action.absentOn.map((status) => ({ status, when: 'true', means: 'alreadyAbsent' as const }));
    action.outcomes = [...(action.outcomes ?? []), ...rules];
    delete action.absentOn;
  }
  for (const custom of Object.values(actions.custom ?? {})) custom.plan ??= 'business';
  for (const request of listRequests(spec)) settleIdempotency(request);
  // Responses carry header names in lower case; rules are compared against them as they are.
  for (const rule of spec.retryOn ?? []) {
    if (rule.headers) rule.headers = Object.fromEntries(Object.entries(rule.headers).map(([name, value]) => [name.toLowerCase(), value]));
    if (rule.waitHeader !== undefined) rule.waitHeader = rule.waitHeader.toLowerCase();
  }
  return spec;
}

interface RequestShape {
  method?: string;
  idempotent?: boolean;
}

/** Every object of the spec that sends one request: import lists, write actions and their steps, custom actions, lookups. */
function listRequests(spec: ConnectorSpec): RequestShape[] {
  const { importUsers, custom = {}, ...writes } = spec.actions;
  const requests: RequestShape[] = [];
  if (importUsers) requests.push(importUsers, ...(importUsers.additionalLists ?? []));
  for (const action of Object.values(writes)) {
    if (!action) continue;
    requests.push(action, ...(action.steps ?? []));
  }
  requests.push(...Object.values(custom), ...Object.values(spec.lookups ?? {}));
  return requests;
}

/** Whether a request may be sent again, settled once: the method's nature unless the spec says. */
function settleIdempotency(request: RequestShape): void {
  if (request.method !== undefined) request.idempotent ??= IDEMPOTENT_METHODS.has(request.method);
}
