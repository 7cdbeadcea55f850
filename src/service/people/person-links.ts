/**
 * Links accounts to people by email key (trimmed, lower-case): exactly one person with the key
 * links; none leaves the account unlinked (an orphan); two or more is a conflict, shown and never
 * resolved by picking one. Every change of link writes a `relinked` account event.
 */
import type { Queryable } from '../store/database.js';

export type LinkStatus = 'linked' | 'unlinked' | 'conflict';

/**
 * Recomputes the links of the tenant's accounts, narrowed to one integration or to some email
 * keys; returns how many accounts changed link.
 */
export async function relinkAccounts(db: Queryable, scope: { tenantId: string; integrationId?: string; emailKeys?: readonly string[]; runId?: string }): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH matches AS (
       SELECT a.id, a.person_id AS old_person, a.link_status AS old_status, count(p.id) AS n, min(p.id) AS match
       FROM accounts a LEFT JOIN people p ON p.tenant_id = a.tenant_id AND p.email_key = a.email_key AND a.email_key <> ''
       WHERE a.tenant_id = $1 AND ($2::text IS NULL OR a.integration_id = $2) AND ($3::text[] IS NULL OR a.email_key = ANY($3::text[]))
       GROUP BY a.id
     ), wanted AS (
       SELECT id, old_person, old_status,
         CASE WHEN n = 1 THEN match END AS person_id,
         CASE WHEN n = 1 THEN 'linked' WHEN n = 0 THEN 'unlinked' ELSE 'conflict' END AS link_status
       FROM matches
     ), changed AS (
       UPDATE accounts a SET person_id = w.person_id, link_status = w.link_status
       FROM wanted w WHERE a.id = w.id AND (w.person_id IS DISTINCT FROM w.old_person OR w.link_status <> w.old_status)
       RETURNING a.id, w.old_person, w.person_id, w.link_status
     ), events AS (
       INSERT INTO account_events (tenant_id, account_id, run_id, kind, detail)
       SELECT $1, id, $4, 'relinked', jsonb_build_object('from', old_person, 'to', person_id, 'link', link_status) FROM changed RETURNING 1
     )
     SELECT count(*)::int AS n FROM events`,
    [scope.tenantId, scope.integrationId ?? null, scope.emailKeys ? [...scope.emailKeys] : null, scope.runId ?? null],
  );
  return rows[0]?.n ?? 0;
}
