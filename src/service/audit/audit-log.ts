/**
 * The audit log: who changed or tested what, in which tenant and integration, when. Entries are
 * written in the same transaction as the change they record, with a detail passed through the
 * redactor of the secrets in play; reads are per tenant, newest first, by cursor.
 */
import type { Redactor } from '../../runtime/redact.js';
import type { ServiceContext } from '../context.js';
import { ServiceError } from '../service-error.js';
import { insertAuditRow, insertAuditRows, listAuditRows, type AuditRow } from '../store/audit-rows.js';
import type { Queryable } from '../store/database.js';
import { loadTenant } from '../tenants/tenants.js';

export const AUDIT_EVENTS = [
  'tenant.created',
  'tenant.plan_changed',
  'integration.created',
  'integration.renamed',
  'integration.repointed',
  'integration.disabled',
  'integration.enabled',
  'integration.deleted',
  'integration.auth_configured',
  'integration.auth_test_failed',
  'integration.auth_type_configured',
  'integration.refresh_token_stored',
  'integration.action_enabled',
  'integration.action_disabled',
  'key.rotated',
  'token.created',
  'integration.action_run',
  'integration.action_failed',
  'integration.import_only',
  'integration.tested',
  'integration.previewed',
  'sync.configured',
  'sync.resumed',
  'sync.removals_approved',
  'sync.removals_rejected',
  'people.created',
  'people.imported',
  'integration.action_configured',
  'integration.config_generated',
  'integration.config_applied',
  'token.revoked',
  'workflow.started',
  'workflow.cancelled',
  'workflow.task_retried',
  'workflow.task_secret_taken',
  'workflow.create_found_on_target',
  'workflow.create_unverified',
  'workflow.settings_changed',
  'operator.created',
  'people.updated',
  'people.archived',
  'account.linked',
  'account.unlinked',
  'account.link_cleared',
  'review.created',
  'review.waiting',
  'review.started',
  'review.decided',
  'review.removed_by_hand',
  'review.closed',
  'profile.created',
  'profile.changed',
  'profile.moved',
] as const;
export type AuditEvent = (typeof AUDIT_EVENTS)[number];

export interface AuditEntry {
  /** Increasing; pass the last one seen as `before` for the next page. */
  id: string;
  /** ISO 8601. */
  at: string;
  tenantId: string;
  integrationId: string | null;
  actor: string;
  event: string;
  detail: Record<string, unknown>;
}

export interface AuditPage {
  entries: AuditEntry[];
  /** The `before` of the next page; absent on the last page. */
  next?: string;
}

export interface AuditOperations {
  list(query: { tenantId: string; integrationId?: string; before?: string; limit?: number }): Promise<AuditPage>;
}

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 500;

export async function recordAudit(
  db: Queryable,
  entry: { tenantId: string; integrationId?: string; actor: string; event: AuditEvent; detail?: Record<string, unknown> },
  redactor?: Redactor,
): Promise<void> {
  const detail = entry.detail ?? {};
  const redacted = redactor ? (JSON.parse(redactor.redact(JSON.stringify(detail))) as Record<string, unknown>) : detail;
  await insertAuditRow(db, { tenantId: entry.tenantId, integrationId: entry.integrationId ?? null, actor: entry.actor, event: entry.event, detail: redacted });
}

/** Many entries in one insert (a batch of workflow tasks, a bulk operation's one per integration), each as `recordAudit` writes it. */
export async function recordAudits(
  db: Queryable,
  entries: readonly { tenantId: string; integrationId?: string; actor: string; event: AuditEvent; detail?: Record<string, unknown> }[],
): Promise<void> {
  await insertAuditRows(
    db,
    entries.map((entry) => ({
      tenantId: entry.tenantId,
      integrationId: entry.integrationId ?? null,
      actor: entry.actor,
      event: entry.event,
      detail: entry.detail ?? {},
    })),
  );
}

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: new Date(row.at).toISOString(),
    tenantId: row.tenant_id,
    integrationId: row.integration_id,
    actor: row.actor,
    event: row.event,
    detail: row.detail,
  };
}

export function auditOperations(context: ServiceContext): AuditOperations {
  return {
    async list(query) {
      await loadTenant(context.db, query.tenantId);
      const limit = query.limit ?? DEFAULT_LIMIT;
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
        throw new ServiceError('INVALID_INPUT', `limit must be a whole number from 1 to ${MAX_LIMIT}`, { hint: `leave it out for ${DEFAULT_LIMIT}` });
      }
      if (query.before !== undefined && !/^\d{1,18}$/.test(query.before)) {
        throw new ServiceError('INVALID_INPUT', 'before must be the id of an audit entry', { hint: 'pass the `next` of the previous page' });
      }
      const rows = await listAuditRows(context.db, { tenantId: query.tenantId, integrationId: query.integrationId, before: query.before, limit: limit + 1 });
      const entries = rows.slice(0, limit).map(toEntry);
      return rows.length > limit ? { entries, next: entries.at(-1)!.id } : { entries };
    },
  };
}
