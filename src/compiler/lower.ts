/**
 * Stage 5, lower: a valid spec to the form the runtime reads, with every default of the schema
 * filled in (so the runtime never re-derives them) plus the defaults the brief fixes outside the
 * schema. Works on a copy; the input is never changed.
 */
import type { ConnectorSpec } from '../../generated/spec-types.js';
import { defaultingValidators, UNION_SITES, valueAt } from './schema-model.js';

export function lowerSpec(value: unknown): ConnectorSpec {
  const spec = structuredClone(value) as ConnectorSpec;
  const validators = defaultingValidators();
  validators.spec(spec);
  for (const site of UNION_SITES) {
    const member = valueAt(spec, site.path);
    const type = valueAt(member, ['type']);
    if (typeof type === 'string') validators.branches.get(site.def)?.get(type)?.(member);
  }
  const { actions } = spec;
  if (actions.importUsers) actions.importUsers.method ??= 'GET';
  // The brief: deleteUser treats 404 as "already absent" unless the spec says otherwise.
  if (actions.deleteUser) actions.deleteUser.absentOn ??= [404];
  for (const custom of Object.values(actions.custom ?? {})) custom.plan ??= 'business';
  return spec;
}
