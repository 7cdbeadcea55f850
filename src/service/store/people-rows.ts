/**
 * The `people` and `person_emails` tables and the links of accounts to people (`accounts.person_id`,
 * `link_status`, `link_by_hand`). A person's emails (the primary and aliases) are rows of
 * `person_emails`, one person per email key in a tenant (only people who shared a key before
 * migration 0130 still do, marked `shared_before`); archived people hold none. Accounts link by
 * email key (trimmed, lower-case): exactly one person with the key links; none leaves the account
 * unlinked (an orphan); two or more (old shared data) is a conflict, shown and never resolved by
 * picking one. A link or unlink made by hand is left alone by the email rule until cleared. Every
 * change of link writes a `relinked` account event.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from './database.js';
import { accountEventsFrom, SHOWN_STATE } from './account-rows.js';

export type LinkStatus = 'linked' | 'unlinked' | 'conflict';

export interface PersonRow {
  id: string;
  tenant_id: string;
  email: string;
  email_key: string;
  name: string;
  created_at: Date;
  archived_at: Date | null;
}

export interface PersonEmailRow {
  person_id: string;
  email: string;
  email_key: string;
  is_primary: boolean;
}

/** An email of a person to store: as given (trimmed) and its key. */
export interface EmailInput {
  email: string;
  emailKey: string;
}

/**
 * Serialises the changes of a tenant's people (the uniqueness check and the write happen under it);
 * FOR NO KEY UPDATE does not block the foreign-key checks of other tables' writes (syncs go on).
 */
export async function lockTenantPeople(tx: Queryable, tenantId: string): Promise<void> {
  await tx.query('SELECT id FROM tenants WHERE id = $1 FOR NO KEY UPDATE', [tenantId]);
}

/**
 * Inserts people and their emails (the primary first, then the aliases) in two statements; `emailKey`
 * of each is given by the caller's rule, which has checked that no key is another person's.
 * The rows inserted, in the order of `people` (RETURNING promises no order).
 */
export async function insertPeople(
  tx: Queryable,
  tenantId: string,
  people: readonly { email: string; emailKey: string; name: string; aliases?: readonly EmailInput[] }[],
): Promise<PersonRow[]> {
  const records = people.map((person) => ({ id: randomUUID(), email: person.email, email_key: person.emailKey, name: person.name }));
  const { rows } = await tx.query<PersonRow>(
    `INSERT INTO people (id, tenant_id, email, email_key, name)
     SELECT x.id, $1, x.email, x.email_key, x.name FROM jsonb_to_recordset($2::jsonb) AS x(id text, email text, email_key text, name text) RETURNING *`,
    [tenantId, JSON.stringify(records)],
  );
  const emails = people.flatMap((person, index) => [
    { person_id: records[index]!.id, email: person.email, email_key: person.emailKey, is_primary: true },
    ...(person.aliases ?? []).map((alias) => ({ person_id: records[index]!.id, email: alias.email, email_key: alias.emailKey, is_primary: false })),
  ]);
  await tx.query(
    `INSERT INTO person_emails (tenant_id, person_id, email, email_key, is_primary)
     SELECT $1, x.person_id, x.email, x.email_key, x.is_primary FROM jsonb_to_recordset($2::jsonb) AS x(person_id text, email text, email_key text, is_primary boolean)`,
    [tenantId, JSON.stringify(emails)],
  );
  const position = new Map<string, number>(records.map((record, index) => [record.id, index]));
  return rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
}

/** Who holds each of `keys` in the tenant (people not archived), with the holder's name and primary email. */
export async function emailHolders(
  db: Queryable,
  tenantId: string,
  keys: readonly string[],
): Promise<{ email_key: string; person_id: string; name: string; email: string }[]> {
  if (keys.length === 0) return [];
  const { rows } = await db.query<{ email_key: string; person_id: string; name: string; email: string }>(
    `SELECT e.email_key, p.id AS person_id, p.name, p.email FROM person_emails e JOIN people p ON p.id = e.person_id
     WHERE e.tenant_id = $1 AND e.email_key = ANY($2::text[]) ORDER BY e.email_key, p.name, p.id`,
    [tenantId, [...keys]],
  );
  return rows;
}

/** The emails of `personIds` (the primary first, then aliases by email). */
export async function listPersonEmails(db: Queryable, tenantId: string, personIds: readonly string[]): Promise<PersonEmailRow[]> {
  if (personIds.length === 0) return [];
  const { rows } = await db.query<PersonEmailRow>(
    `SELECT person_id, email, email_key, is_primary FROM person_emails WHERE tenant_id = $1 AND person_id = ANY($2::text[])
     ORDER BY person_id, is_primary DESC, email_key`,
    [tenantId, [...personIds]],
  );
  return rows;
}

/**
 * Sets a person's name and emails: the primary and the aliases replace the old ones (a kept key
 * keeps its `shared_before` mark). The caller has checked that no new key is another person's.
 */
export async function updatePersonRow(
  tx: Queryable,
  input: { tenantId: string; personId: string; name: string; email: EmailInput; aliases: readonly EmailInput[] },
): Promise<PersonRow | undefined> {
  const { rows } = await tx.query<PersonRow>(
    'UPDATE people SET name = $3, email = $4, email_key = $5 WHERE tenant_id = $1 AND id = $2 AND archived_at IS NULL RETURNING *',
    [input.tenantId, input.personId, input.name, input.email.email, input.email.emailKey],
  );
  if (rows.length === 0) return undefined;
  const emails = [
    { email: input.email.email, email_key: input.email.emailKey, is_primary: true },
    ...input.aliases.map((alias) => ({ email: alias.email, email_key: alias.emailKey, is_primary: false })),
  ];
  await tx.query(
    `WITH wanted AS (SELECT * FROM jsonb_to_recordset($3::jsonb) AS x(email text, email_key text, is_primary boolean)),
     dropped AS (DELETE FROM person_emails e WHERE e.person_id = $2 AND e.email_key NOT IN (SELECT email_key FROM wanted))
     INSERT INTO person_emails (tenant_id, person_id, email, email_key, is_primary)
     SELECT $1, $2, w.email, w.email_key, w.is_primary FROM wanted w
     ON CONFLICT (person_id, email_key) DO UPDATE SET email = EXCLUDED.email, is_primary = EXCLUDED.is_primary`,
    [input.tenantId, input.personId, JSON.stringify(emails)],
  );
  return rows[0];
}

/** Archives a person: kept (workflows and removed accounts still name them), their emails freed. */
export async function archivePersonRow(tx: Queryable, input: { tenantId: string; personId: string }): Promise<PersonRow | undefined> {
  const { rows } = await tx.query<PersonRow>('UPDATE people SET archived_at = now() WHERE tenant_id = $1 AND id = $2 AND archived_at IS NULL RETURNING *', [
    input.tenantId,
    input.personId,
  ]);
  if (rows.length > 0) await tx.query('DELETE FROM person_emails WHERE person_id = $1', [input.personId]);
  return rows[0];
}

/** Clears the `shared_before` mark of those of `keys` that one person alone holds now. */
export async function clearSharedMarks(tx: Queryable, tenantId: string, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await tx.query(
    `UPDATE person_emails SET shared_before = false WHERE tenant_id = $1 AND shared_before AND email_key IN (
       SELECT email_key FROM person_emails WHERE tenant_id = $1 AND email_key = ANY($2::text[]) GROUP BY email_key HAVING count(*) = 1)`,
    [tenantId, [...keys]],
  );
}

/** The account as its link concerns (`integration_id` for the audit), or undefined when not the tenant's. */
export async function findAccountLink(
  db: Queryable,
  input: { tenantId: string; accountId: string },
): Promise<
  | {
      id: string;
      integration_id: string;
      external_id: string;
      email: string;
      email_key: string;
      state: string;
      person_id: string | null;
      link_status: LinkStatus;
      link_by_hand: boolean;
    }
  | undefined
> {
  if (!/^[0-9]{1,18}$/.test(input.accountId)) return undefined;
  const { rows } = await db.query<{
    id: string;
    integration_id: string;
    external_id: string;
    email: string;
    email_key: string;
    state: string;
    person_id: string | null;
    link_status: LinkStatus;
    link_by_hand: boolean;
  }>(
    `SELECT id::text AS id, integration_id, external_id, email, email_key, state, person_id, link_status, link_by_hand FROM accounts
     WHERE tenant_id = $1 AND id = $2::bigint`,
    [input.tenantId, input.accountId],
  );
  return rows[0];
}

/** Every account linked to the person (removed ones too), by integration then account. */
export async function listLinkedAccounts(
  db: Queryable,
  input: { tenantId: string; personId: string },
): Promise<{ id: string; integration_id: string; external_id: string; email: string; name: string; state: string; admin: boolean; link_by_hand: boolean }[]> {
  const { rows } = await db.query<{
    id: string;
    integration_id: string;
    external_id: string;
    email: string;
    name: string;
    state: string;
    admin: boolean;
    link_by_hand: boolean;
  }>(
    `SELECT id::text AS id, integration_id, external_id, email, name, state, admin, link_by_hand FROM accounts
     WHERE tenant_id = $1 AND person_id = $2 ORDER BY accounts.integration_id, accounts.id`,
    [input.tenantId, input.personId],
  );
  return rows;
}

/** Links the account to `personId` (or to no one: null) by hand, with its `relinked` event. */
export async function setHandLink(tx: Queryable, input: { tenantId: string; accountId: string; personId: string | null; actor: string }): Promise<void> {
  await tx.query(
    `WITH before AS (SELECT id, person_id FROM accounts WHERE tenant_id = $1 AND id = $2::bigint), changed AS (
       UPDATE accounts a SET person_id = $3, link_status = CASE WHEN $3::text IS NULL THEN 'unlinked' ELSE 'linked' END, link_by_hand = true
       FROM before WHERE a.id = before.id RETURNING a.id, before.person_id AS old_person, a.person_id, a.link_status
     )
     ${accountEventsFrom({ tenant: '$1', account: 'id', run: 'NULL', kind: `'relinked'`, detail: `jsonb_build_object('from', old_person, 'to', person_id, 'link', link_status, 'byHand', true, 'actor', $4::text)`, from: 'changed' })}`,
    [input.tenantId, input.accountId, input.personId, input.actor],
  );
}

/** Gives the account back to the email rule (its link is recomputed by the caller). */
export async function clearHandLink(tx: Queryable, input: { tenantId: string; accountId: string }): Promise<void> {
  await tx.query('UPDATE accounts SET link_by_hand = false WHERE tenant_id = $1 AND id = $2::bigint', [input.tenantId, input.accountId]);
}

/** The tenant's people (not archived) by name, or only those of `ids` (archived ones included: history names them). */
export async function listPeople(db: Queryable, input: { tenantId: string; ids?: readonly string[] }): Promise<PersonRow[]> {
  if (input.ids === undefined)
    return (await db.query<PersonRow>('SELECT * FROM people WHERE tenant_id = $1 AND archived_at IS NULL ORDER BY name, id', [input.tenantId])).rows;
  if (input.ids.length === 0) return [];
  return (await db.query<PersonRow>('SELECT * FROM people WHERE tenant_id = $1 AND id = ANY($2::text[]) ORDER BY name, id', [input.tenantId, [...input.ids]]))
    .rows;
}

/** A page of the tenant's people (not archived) by name then id: at most `limit`, after the person whose (name, id) is `after`. */
export async function listPeoplePage(db: Queryable, input: { tenantId: string; after?: readonly string[]; limit: number }): Promise<PersonRow[]> {
  const { rows } = await db.query<PersonRow>(
    'SELECT * FROM people WHERE tenant_id = $1 AND archived_at IS NULL AND ($2::text IS NULL OR (name, id) > ($2::text, $3::text)) ORDER BY name, id LIMIT $4',
    [input.tenantId, input.after?.[0] ?? null, input.after?.[1] ?? null, input.limit],
  );
  return rows;
}

export async function findPerson(db: Queryable, input: { tenantId: string; personId: string }): Promise<PersonRow | undefined> {
  const { rows } = await db.query<PersonRow>('SELECT * FROM people WHERE tenant_id = $1 AND id = $2', [input.tenantId, input.personId]);
  return rows[0];
}

/** People who share an email key (primary or alias) with another person of the tenant (data older than migration 0130), grouped by key. */
export async function listConflictingPeople(
  db: Queryable,
  tenantId: string,
  page: { afterKey?: string; keys: number | null } = { keys: null },
): Promise<PersonRow[]> {
  // A page is `keys` email keys (each with all its people), after `afterKey`.
  const { rows } = await db.query<PersonRow>(
    `WITH shared AS (
       SELECT email_key FROM person_emails WHERE tenant_id = $1 AND ($2::text IS NULL OR email_key > $2) GROUP BY email_key HAVING count(*) > 1 ORDER BY email_key LIMIT $3
     )
     SELECT p.id, p.tenant_id, p.email, e.email_key, p.name, p.created_at, p.archived_at FROM person_emails e JOIN shared USING (email_key) JOIN people p ON p.id = e.person_id
     WHERE e.tenant_id = $1 ORDER BY e.email_key, p.name COLLATE "C", p.id`,
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
     WHERE p.tenant_id = $1 AND p.archived_at IS NULL AND ($2::text IS NULL OR p.name ILIKE '%' || $2 || '%' OR p.email ILIKE '%' || $2 || '%')
       AND (($3::text IS NULL AND NOT $4) OR EXISTS (SELECT 1 FROM accounts a WHERE a.person_id = p.id AND a.integration_id = ANY($5::text[])
            AND ($3::text IS NULL OR (SELECT shown.shown_state FROM ${SHOWN_STATE('a')}) = $3) AND (NOT $4 OR (a.admin AND a.state <> 'removed'))))
       AND ($7::text IS NULL OR (p.name COLLATE "C", p.id) > ($7::text COLLATE "C", $8::text))
     ORDER BY p.name COLLATE "C", p.id LIMIT $6`,
    [query.tenantId, query.search, query.state, query.adminOnly, [...query.integrationIds], query.limit, query.after?.[0] ?? null, query.after?.[1] ?? null],
  );
  return rows;
}

/** Whether any person of the tenant has an email an account could be linked by. */
export async function hasPersonEmails(db: Queryable, tenantId: string): Promise<boolean> {
  const { rows } = await db.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM person_emails WHERE tenant_id = $1) AS any', [tenantId]);
  return rows[0]?.any === true;
}

/**
 * Recomputes the links of the tenant's accounts by email key (primary or alias), narrowed to one
 * integration, to some email keys or to some accounts; returns how many accounts changed link.
 * Left alone: an account linked or unlinked by hand, and a removed account of an archived person
 * (its history). The one place of the email rule: people changes and syncs both call it.
 */
export async function relinkAccounts(
  db: Queryable,
  scope: { tenantId: string; integrationId?: string; emailKeys?: readonly string[]; accountIds?: readonly string[]; runId?: string; writtenByRun?: boolean },
): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH matches AS (
       SELECT a.id, a.person_id AS old_person, a.link_status AS old_status, count(e.person_id) AS n, min(e.person_id) AS match
       FROM accounts a LEFT JOIN person_emails e ON e.tenant_id = a.tenant_id AND e.email_key = a.email_key AND a.email_key <> ''
       WHERE a.tenant_id = $1 AND ($2::text IS NULL OR a.integration_id = $2) AND ($3::text[] IS NULL OR a.email_key = ANY($3::text[]))
         AND ($5::bigint[] IS NULL OR a.id = ANY($5::bigint[])) AND NOT a.link_by_hand AND (NOT $6 OR a.last_run_id = $4)
         AND NOT (a.state = 'removed' AND a.person_id IS NOT NULL AND EXISTS (SELECT 1 FROM people p WHERE p.id = a.person_id AND p.archived_at IS NOT NULL))
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
    [
      scope.tenantId,
      scope.integrationId ?? null,
      scope.emailKeys ? [...scope.emailKeys] : null,
      scope.runId ?? null,
      scope.accountIds ? [...scope.accountIds] : null,
      scope.writtenByRun === true,
    ],
  );
  return rows[0]?.n ?? 0;
}
