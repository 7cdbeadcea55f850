/**
 * Saving an edit of a build-your-own spec: the row locked, the edit applied to the saved text,
 * the result validated with the compiler's located diagnostics (refused with them, nothing
 * saved), then the new text and its audit entry committed together. Prebuilt and SCIM
 * integrations run the shipped connector and are refused with CONFIG_NOT_EDITABLE.
 */
import type { ConnectorSpec } from '../../../generated/spec-types.js';
import { recordAudit, type AuditEvent } from '../audit/audit-log.js';
import { ServiceError } from '../service-error.js';
import type { Database } from '../store/database.js';
import { updateSpecText, type IntegrationRow } from '../store/integration-rows.js';
import type { TenantRow } from '../store/tenant-rows.js';
import { requirePlan } from '../tenants/plans.js';
import { loadTenant } from '../tenants/tenants.js';
import { requireValidSpec } from './integration-types.js';
import { loadIntegration, type IntegrationRef } from './load-integration.js';

/** Refuses configuration edits on an integration that does not own its spec. */
export function requireBuildYourOwn(row: IntegrationRow): string {
  if (row.type !== 'build-your-own' || row.spec_text === null) {
    throw new ServiceError(
      'CONFIG_NOT_EDITABLE',
      `integration ${row.id} is ${row.type} (${row.connector_id}): it runs the shipped connector’s configuration, which is not edited per tenant`,
      {
        hint: 'to change requests or mapping, create a build-your-own integration from that spec (`connector new`) and edit it there',
      },
    );
  }
  return row.spec_text;
}

export async function saveSpecEdit(
  db: Database,
  input: IntegrationRef & {
    actor: string;
    event: AuditEvent;
    /** The new text from the saved one; may throw a ServiceError to refuse. */
    edit: (specText: string, context: { tenant: TenantRow; row: IntegrationRow }) => string;
    detail: Record<string, unknown>;
  },
): Promise<{ row: IntegrationRow; spec: ConnectorSpec }> {
  return db.transaction(async (tx) => {
    const tenant = await loadTenant(tx, input.tenantId);
    requirePlan(tenant, 'integrations');
    const row = await loadIntegration(tx, input, { forUpdate: true });
    const specText = input.edit(requireBuildYourOwn(row), { tenant, row });
    const spec = await requireValidSpec(specText);
    const saved = await updateSpecText(tx, { integrationId: row.id, specText, connectorId: spec.id });
    await recordAudit(tx, { tenantId: row.tenant_id, integrationId: row.id, actor: input.actor, event: input.event, detail: input.detail });
    return { row: saved, spec };
  });
}
