/**
 * The catalogue of shipped connectors, read from their specs alone: what the console offers, what
 * `connector list` prints and what the docs' connector table (docs/connectors/README.md) lists are
 * each a view of these entries, so adding a connector is adding its spec (and its simulator,
 * contract fixture and docs page, which test/catalog checks), nothing else.
 */
import { STANDARD_ACTION_NAMES, type ConnectorSpec } from '../../generated/spec-types.js';
import { describeAuth } from '../auth-types/index.js';

export interface CatalogEntry {
  id: string;
  name: string;
  type: ConnectorSpec['type'];
  description: string;
  /** The auth type as messages name it: `apiKey`, `basic`, `oauth2 refresh_token`, ... */
  auth: string;
  /**
   * The standard actions offered, in the standard order: for a prebuilt connector those its
   * `supports` lists (SERVICE.md: "only the actions known to be supported are offered"), for the
   * others every standard action the spec defines.
   */
  actions: string[];
  customActions: string[];
}

/** The standard actions a spec offers (see `CatalogEntry.actions`). */
export function offeredStandardActions(spec: ConnectorSpec): string[] {
  const supported = spec.type === 'prebuilt' ? new Set<string>(spec.supports ?? []) : undefined;
  return STANDARD_ACTION_NAMES.filter((name) => spec.actions[name] !== undefined && (!supported || supported.has(name)));
}

export function catalogEntryOf(spec: ConnectorSpec): CatalogEntry {
  return {
    id: spec.id,
    name: spec.name,
    type: spec.type,
    description: (spec.description ?? '').trim().replace(/\s+/gu, ' '),
    auth: describeAuth(spec.auth)?.label ?? String((spec.auth as { type?: unknown }).type),
    actions: offeredStandardActions(spec),
    customActions: Object.keys(spec.actions.custom ?? {}),
  };
}

/** The catalogue of the given specs, by id (stable: the docs table and `list` are compared as text). */
export function catalogOf(specs: Iterable<ConnectorSpec>, filter: { type?: ConnectorSpec['type'] } = {}): CatalogEntry[] {
  return [...specs]
    .filter((spec) => filter.type === undefined || spec.type === filter.type)
    .map(catalogEntryOf)
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
