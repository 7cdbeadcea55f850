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

/** Many audit rows in one statement, in order. */
export async function insertAuditRows(
  db: Queryable,
  rows: readonly { tenantId: string; integrationId: string | null; actor: string; event: string; detail: Record<string, unknown> }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `INSERT INTO audit_log (tenant_id, integration_id, actor, event, detail)
     SELECT x.tenant_id, x.integration_id, x.actor, x.event, x.detail
     FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS e(row, n),
       LATERAL jsonb_to_record(e.row) AS x(tenant_id text, integration_id text, actor text, event text, detail jsonb)
     ORDER BY e.n`,
    [
      JSON.stringify(
        rows.map((row) => ({ tenant_id: row.tenantId, integration_id: row.integrationId, actor: row.actor, event: row.event, detail: row.detail })),
      ),
    ],
  );
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
