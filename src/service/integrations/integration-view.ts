/** What reads of an integration return: its configuration without any secret (names of the set secret fields only). */
import type { IntegrationRow } from '../store/integration-rows.js';
import type { IntegrationType } from './integration-types.js';

export interface Integration {
  id: string;
  tenantId: string;
  name: string;
  type: IntegrationType;
  /** The shipped connector's id, or the id the build-your-own spec declares. */
  connector: string;
  /** The base URL override, when one was given. */
  baseUrl: string | null;
  /** Non-secret inputs (e.g. the SCIM base URL). */
  settings: Record<string, string>;
  authConfigured: boolean;
  /** Secret inputs that are set; their values are write-only. */
  credentialFields: string[];
  /** ISO 8601. */
  authConfiguredAt: string | null;
  /** Set when the key proved read-only: imports work, write actions are off; `reason` says why. */
  importOnly: { reason: string; since: string } | null;
  /** Set while disabled: no sync or workflow task runs for it; shown as disabled until enabled again. */
  disabled: { since: string; by: string } | null;
  createdAt: string;
  updatedAt: string;
}

export function toIntegration(row: IntegrationRow, credentialFields: string[]): Integration {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    name: row.name,
    type: row.type,
    connector: row.connector_id,
    baseUrl: row.base_url,
    settings: { ...row.settings },
    authConfigured: row.auth_configured_at !== null,
    credentialFields,
    authConfiguredAt: row.auth_configured_at === null ? null : new Date(row.auth_configured_at).toISOString(),
    importOnly:
      row.import_only_reason === null ? null : { reason: row.import_only_reason, since: new Date(row.import_only_at ?? row.updated_at).toISOString() },
    disabled: row.disabled_at === null ? null : { since: new Date(row.disabled_at).toISOString(), by: row.disabled_by ?? '' },
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}
