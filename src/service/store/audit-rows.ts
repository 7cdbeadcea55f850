/** The `audit_log` table: appended to, read newest first per tenant. */
import type { Queryable } from './database.js';

export interface AuditRow {
  id: string;
  tenant_id: string;
  integration_id: string | null;
  actor: string;
  event: string;
  detail: Record<string, unknown>;
  at: Date;
}

export async function insertAuditRow(
  db: Queryable,
  row: { tenantId: string; integrationId: string | null; actor: string; event: string; detail: Record<string, unknown> },
): Promise<void> {
  await db.query('INSERT INTO audit_log (tenant_id, integration_id, actor, event, detail) VALUES ($1, $2, $3, $4, $5)', [
    row.tenantId,
    row.integrationId,
    row.actor,
    row.event,
    JSON.stringify(row.detail),
  ]);
}

/** Several audit rows in one statement (a bulk operation: one row per integration it changed). */
export async function insertAuditRows(
  db: Queryable,
  rows: readonly { tenantId: string; integrationId: string | null; actor: string; event: string; detail: Record<string, unknown> }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `INSERT INTO audit_log (tenant_id, integration_id, actor, event, detail)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::jsonb[])`,
    [
      rows.map((row) => row.tenantId),
      rows.map((row) => row.integrationId),
      rows.map((row) => row.actor),
      rows.map((row) => row.event),
      rows.map((row) => JSON.stringify(row.detail)),
    ],
  );
}

/**
 * Newest first; `before` is the id of the last entry of the previous page. Ordered by
 * `audit_log.id`, not `id`: ORDER BY would take the text output column `id` and put 9 before 10.
 */
export async function listAuditRows(db: Queryable, query: { tenantId: string; integrationId?: string; before?: string; limit: number }): Promise<AuditRow[]> {
  const { rows } = await db.query<AuditRow>(
    `SELECT id::text AS id, tenant_id, integration_id, actor, event, detail, at FROM audit_log
     WHERE tenant_id = $1 AND ($2::text IS NULL OR integration_id = $2) AND ($3::bigint IS NULL OR id < $3::bigint)
     ORDER BY audit_log.id DESC LIMIT $4`,
    [query.tenantId, query.integrationId ?? null, query.before ?? null, query.limit],
  );
  return rows;
}
