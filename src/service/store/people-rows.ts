/**
 * The `people` table and the links of accounts to people (`accounts.person_id`, `link_status`).
 * Accounts link by email key (trimmed, lower-case): exactly one person with the key links; none
 * leaves the account unlinked (an orphan); two or more is a conflict, shown and never resolved by
 * picking one. Every change of link writes a `relinked` account event.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from './database.js';
import { accountEventsFrom } from './account-rows.js';

export type LinkStatus = 'linked' | 'unlinked' | 'conflict';

export interface PersonRow {
  id: string;
  tenant_id: string;
  email: string;
  email_key: string;
  name: string;
  created_at: Date;
}

/** Inserts people in one statement; `emailKey` of each is given by the caller's rule. */
/** The rows inserted, in the order of `people` (RETURNING promises no order). */
export async function insertPeople(
  tx: Queryable,
  tenantId: string,
  people: readonly { email: string; emailKey: string; name: string }[],
): Promise<PersonRow[]> {
  const records = people.map((person) => ({ id: randomUUID(), email: person.email, email_key: person.emailKey, name: person.name }));
  const { rows } = await tx.query<PersonRow>(
    `INSERT INTO people (id, tenant_id, email, email_key, name)
     SELECT x.id, $1, x.email, x.email_key, x.name FROM jsonb_to_recordset($2::jsonb) AS x(id text, email text, email_key text, name text) RETURNING *`,
    [tenantId, JSON.stringify(records)],
  );
  const position = new Map<string, number>(records.map((record, index) => [record.id, index]));
  return rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
}

/** The tenant's people by name, or only those of `ids`. */
export async function listPeople(db: Queryable, input: { tenantId: string; ids?: readonly string[] }): Promise<PersonRow[]> {
  if (input.ids === undefined) return (await db.query<PersonRow>('SELECT * FROM people WHERE tenant_id = $1 ORDER BY name, id', [input.tenantId])).rows;
  if (input.ids.length === 0) return [];
  return (await db.query<PersonRow>('SELECT * FROM people WHERE tenant_id = $1 AND id = ANY($2::text[]) ORDER BY name, id', [input.tenantId, [...input.ids]]))
    .rows;
}

/** A page of the tenant's people by name then id: at most `limit`, after the person whose (name, id) is `after`. */
export async function listPeoplePage(db: Queryable, input: { tenantId: string; after?: readonly string[]; limit: number }): Promise<PersonRow[]> {
  const { rows } = await db.query<PersonRow>(
    'SELECT * FROM people WHERE tenant_id = $1 AND ($2::text IS NULL OR (name, id) > ($2::text, $3::text)) ORDER BY name, id LIMIT $4',
    [input.tenantId, input.after?.[0] ?? null, input.after?.[1] ?? null, input.limit],
  );
  return rows;
}

export async function findPerson(db: Queryable, input: { tenantId: string; personId: string }): Promise<PersonRow | undefined> {
  const { rows } = await db.query<PersonRow>('SELECT * FROM people WHERE tenant_id = $1 AND id = $2', [input.tenantId, input.personId]);
  return rows[0];
}

/** People who share their email key with another person of the tenant, grouped by key. */
export async function listConflictingPeople(
  db: Queryable,
  tenantId: string,
  page: { afterKey?: string; keys: number | null } = { keys: null },
): Promise<PersonRow[]> {
  // A page is `keys` email keys (each with all its people), after `afterKey`.
  const { rows } = await db.query<PersonRow>(
    `WITH shared AS (
       SELECT email_key FROM people WHERE tenant_id = $1 AND ($2::text IS NULL OR email_key > $2) GROUP BY email_key HAVING count(*) > 1 ORDER BY email_key LIMIT $3
     )
     SELECT p.* FROM people p JOIN shared USING (email_key) WHERE p.tenant_id = $1 ORDER BY p.email_key, p.name COLLATE "C", p.id`,
    [tenantId, page.afterKey ?? null, page.keys],
  );
  return rows;
}

/**
 * The Access Grid's rows: people matching `search` (name or email), and with `state` or `adminOnly`
 * only those with such an account in one of `integrationIds`; by name (bytewise) then id, `limit` (null: all) after the
 * person whose (name, id) is `after`.
 */
export async function gridPeople(
  db: Queryable,
  query: {
    tenantId: string;
    search: string | null;
    state: string | null;
    adminOnly: boolean;
    integrationIds: readonly string[];
    limit: number | null;
    after?: readonly string[];
  },
): Promise<{ id: string; name: string; email: string }[]> {
  const { rows } = await db.query<{ id: string; name: string; email: string }>(
    `SELECT p.id, p.name, p.email FROM people p
     WHERE p.tenant_id = $1 AND ($2::text IS NULL OR p.name ILIKE '%' || $2 || '%' OR p.email ILIKE '%' || $2 || '%')
       AND (($3::text IS NULL AND NOT $4) OR EXISTS (SELECT 1 FROM accounts a WHERE a.person_id = p.id AND a.integration_id = ANY($5::text[])
            AND ($3::text IS NULL OR a.state = $3) AND (NOT $4 OR (a.admin AND a.state <> 'removed'))))
       AND ($7::text IS NULL OR (p.name COLLATE "C", p.id) > ($7::text COLLATE "C", $8::text))
     ORDER BY p.name COLLATE "C", p.id LIMIT $6`,
    [query.tenantId, query.search, query.state, query.adminOnly, [...query.integrationIds], query.limit, query.after?.[0] ?? null, query.after?.[1] ?? null],
  );
  return rows;
}

/**
 * Recomputes the links of the tenant's accounts, narrowed to one integration or to some email
 * keys, or (`writtenByRun`) to the accounts the sync run `runId` added or changed (an account it
 * left unchanged keeps its link: a change of people relinks by email key); returns how many
 * accounts changed link.
 */
export async function relinkAccounts(
  db: Queryable,
  scope: { tenantId: string; integrationId?: string; emailKeys?: readonly string[]; runId?: string; writtenByRun?: boolean },
): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH matches AS (
       SELECT a.id, a.person_id AS old_person, a.link_status AS old_status, count(p.id) AS n, min(p.id) AS match
       FROM accounts a LEFT JOIN people p ON p.tenant_id = a.tenant_id AND p.email_key = a.email_key AND a.email_key <> ''
       WHERE a.tenant_id = $1 AND ($2::text IS NULL OR a.integration_id = $2) AND ($3::text[] IS NULL OR a.email_key = ANY($3::text[]))
         AND (NOT $5 OR a.last_run_id = $4)
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
       ${accountEventsFrom({ tenant: '$1', account: 'id', run: '$4', kind: `'relinked'`, detail: `jsonb_build_object('from', old_person, 'to', person_id, 'link', link_status)`, from: 'changed' })}
     )
     SELECT count(*)::int AS n FROM events`,
    [scope.tenantId, scope.integrationId ?? null, scope.emailKeys ? [...scope.emailKeys] : null, scope.runId ?? null, scope.writtenByRun === true],
  );
  return rows[0]?.n ?? 0;
}
