/**
 * The status the integrations list shows (issue 14): `quarantined` (failed syncs stopped the
 * schedule) over `import-only` (the key proved read-only) over `connected` (authentication
 * configured) over `draft` (set up no further than its type).
 */
import type { Integration } from '../../integrations/integration-view.js';
import type { SyncStatus } from '../../sync/sync-view.js';

export type IntegrationStatus = 'draft' | 'connected' | 'import-only' | 'quarantined' | 'disabled';

/** `disabled` (the operator stopped it: nothing runs) comes before everything else. */
export function integrationStatus(
  integration: Pick<Integration, 'authConfigured' | 'importOnly'> & { disabled?: Integration['disabled'] },
  sync: Pick<SyncStatus, 'quarantined'>,
): IntegrationStatus {
  if (integration.disabled) return 'disabled';
  if (sync.quarantined) return 'quarantined';
  if (integration.importOnly) return 'import-only';
  return integration.authConfigured ? 'connected' : 'draft';
}
