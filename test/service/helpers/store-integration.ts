/**
 * A tenant and a prebuilt incident-platform integration written straight to the store, for the
 * tests that drive the store's sync statements themselves (no service, no target).
 */
import type { Queryable } from '../../../src/service/store/database.js';
import { insertIntegration } from '../../../src/service/store/integration-rows.js';
import { insertTenant } from '../../../src/service/store/tenant-rows.js';

/** The integration `scope.integrationId` (named `name`) of a tenant `scope.tenantId`; the tenant is made too unless `tenant: false`. */
export async function insertStoreIntegration(
  db: Queryable,
  scope: { tenantId: string; integrationId: string },
  name: string,
  options: { tenant?: boolean } = {},
): Promise<void> {
  if (options.tenant !== false) await insertTenant(db, { id: scope.tenantId, name, plan: 'standard' });
  await insertIntegration(db, {
    id: scope.integrationId,
    tenantId: scope.tenantId,
    name,
    type: 'prebuilt',
    connectorId: 'incident-platform',
    specText: null,
    baseUrl: null,
    settings: {},
  });
}
