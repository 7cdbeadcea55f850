/**
 * What the authentication step asks for: the connector spec's inputs as form fields (label, help,
 * kind, secret, required), with the saved value of each non-secret input and, for a secret, only
 * whether one is saved (secrets are write-only). Also the catalogue of prebuilt connectors with
 * the actions each supports, for choosing the type: a view of src/catalog/, read from the specs.
 */
import { connectors } from '../../../generated/index.js';
import type { ConnectorSpec } from '../../../generated/spec-types.js';
import { catalogOf } from '../../catalog/catalog-entry.js';
import type { CompiledConnector } from '../../connector.js';
import { prebuiltConnectorIds } from './integration-types.js';

export interface AuthInput {
  name: string;
  label: string;
  help?: string;
  kind: 'string' | 'url' | 'email';
  secret: boolean;
  required: boolean;
  /** The saved value of a non-secret input; never set for a secret. */
  value?: string;
  /** A secret: whether a value is saved. */
  saved?: boolean;
}

export function authInputsOf(spec: ConnectorSpec, saved: { settings: Record<string, string>; credentialFields: readonly string[] }): AuthInput[] {
  return Object.entries(spec.inputs ?? {}).map(([name, input]) => {
    const secret = input.secret === true;
    const base = {
      name,
      label: input.label,
      kind: input.type ?? 'string',
      secret,
      required: input.required === true,
      ...(input.help ? { help: input.help.trim() } : {}),
    } as const;
    if (secret) return { ...base, saved: saved.credentialFields.includes(name) };
    const value = saved.settings[name];
    return value === undefined ? base : { ...base, value };
  });
}

export interface CatalogueEntry {
  id: string;
  name: string;
  description: string;
  /** The standard actions it offers once authenticated, in the standard order. */
  actions: string[];
}

const shipped: Record<string, CompiledConnector> = connectors;

/** The prebuilt connectors, by name, each with what it supports (docs/contributors/product-rules.md "Integration types" 1: only the actions known to be supported are offered). */
export function prebuiltCatalogue(): CatalogueEntry[] {
  return catalogOf(
    prebuiltConnectorIds().map((id) => shipped[id]!.spec),
    { type: 'prebuilt' },
  )
    .map(({ id, name, description, actions }) => ({ id, name, description, actions }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
