/** An integration's row, read in its tenant only: another tenant's integration is NOT_FOUND, as a missing one is. */
import { ServiceError } from '../service-error.js';
import type { Queryable } from '../store/database.js';
import { findIntegration, type IntegrationRow } from '../store/integration-rows.js';

export interface IntegrationRef {
  tenantId: string;
  integrationId: string;
}

export async function loadIntegration(db: Queryable, ref: IntegrationRef, options: { forUpdate?: boolean } = {}): Promise<IntegrationRow> {
  const row = typeof ref.integrationId === 'string' ? await findIntegration(db, { ...ref, forUpdate: options.forUpdate }) : undefined;
  if (!row)
    throw new ServiceError('NOT_FOUND', `integration ${ref.integrationId} does not exist in tenant ${ref.tenantId}`, {
      hint: 'list the tenant’s integrations to find its id',
    });
  return row;
}
