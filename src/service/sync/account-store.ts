/**
 * How a run's accounts reach the `accounts` table. Pages are staged as they arrive, in batches
 * (one statement per batch, so memory holds one batch); only a complete import is applied, in one
 * transaction, as set-based statements: changes, then additions, then (behind the safeguard)
 * the removal sweep. Every change writes its account event in the same statement.
 */
import type { Account } from '../../index.js';
import type { Queryable } from '../store/database.js';
import { emailKey, importedState } from './sync-policy.js';

const CORE_FIELDS = new Set(['id', 'email', 'name', 'admin']);

/** An imported or created account as the `accounts` table keeps it. */
export interface StagedAccount {
  external_id: string;
  email: string;
  email_key: string;
  name: string;
  admin: boolean;
  state: string;
  fields: Record<string, unknown>;
}

export function toStaged(account: Account): StagedAccount {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(account)) if (!CORE_FIELDS.has(key) && value !== undefined) fields[key] = value;
  const email = typeof account.email === 'string' ? account.email.trim() : '';
  return {
    external_id: account.id,
    email,
    email_key: emailKey(email),
    name: typeof account.name === 'string' ? account.name : '',
    admin: account.admin === true,
    state: importedState(fields),
    fields,
  };
}

/**
 * Stages a batch of accounts under the run's fence, in one statement (one round trip, atomic): nothing is
 * written unless this attempt still owns the run. Returns whether it did, and how many accounts
 * were new to this run (a repeated id is not).
 */
export async function stageAccounts(db: Queryable, fence: { runId: string; attempt: number }, accounts: readonly Account[]): Promise<{ owned: boolean; fresh: number }> {
  const { rows } = await db.query<{ owned: boolean; fresh: number }>(
    `WITH fence AS (
       SELECT 1 FROM sync_runs WHERE id = $1 AND attempt = $2 AND status = 'running' FOR UPDATE
     ), staged AS (
       INSERT INTO sync_run_accounts (run_id, external_id, email, email_key, name, admin, state, fields)
       SELECT $1, x.external_id, x.email, x.email_key, x.name, x.admin, x.state, x.fields
       FROM jsonb_to_recordset($3::jsonb) AS x(external_id text, email text, email_key text, name text, admin boolean, state text, fields jsonb)
       WHERE EXISTS (SELECT 1 FROM fence)
       ON CONFLICT (run_id, external_id) DO NOTHING RETURNING 1)
     SELECT EXISTS (SELECT 1 FROM fence) AS owned, (SELECT count(*) FROM staged)::int AS fresh`,
    [fence.runId, fence.attempt, JSON.stringify(accounts.map(toStaged))],
  );
  return { owned: rows[0]?.owned === true, fresh: rows[0]?.fresh ?? 0 };
}

export async function clearStaged(db: Queryable, runId: string): Promise<void> {
  await db.query('DELETE FROM sync_run_accounts WHERE run_id = $1', [runId]);
}

interface RunScope {
  runId: string;
  tenantId: string;
  integrationId: string;
  /** When the run's import began reading the target: a workflow's later change to an account is newer than what the run saw. */
  importStartedAt: Date;
}

/** The account's state is not newer than the run's import (no workflow changed it since). */
const UNCHANGED_SINCE_IMPORT = (alias: string, param: string) => `(${alias}.workflow_changed_at IS NULL OR ${alias}.workflow_changed_at < ${param})`;

const SNAPSHOT = (alias: string) => `jsonb_build_object('email', ${alias}.email, 'name', ${alias}.name, 'admin', ${alias}.admin, 'state', ${alias}.state, 'fields', ${alias}.fields)`;

/** Applies a complete run's staged accounts: returns how many were changed (or came back) and added. */
export async function applyStaged(db: Queryable, scope: RunScope): Promise<{ added: number; changed: number }> {
  const params = [scope.runId, scope.tenantId, scope.integrationId, scope.importStartedAt];
  // Data-modifying CTEs see one snapshot: `diff` reads the rows before `seen` updates them.
  // An account a workflow changed during the import keeps the workflow's state (and is not counted unseen below).
  const changed = await db.query<{ n: number }>(
    `WITH diff AS (
       SELECT a.id, ${SNAPSHOT('a')} AS before, ${SNAPSHOT('s')} AS after
       FROM accounts a JOIN sync_run_accounts s ON s.run_id = $1 AND s.external_id = a.external_id
       WHERE a.integration_id = $3 AND ${UNCHANGED_SINCE_IMPORT('a', '$4')}
         AND (a.email, a.name, a.admin, a.state, a.fields) IS DISTINCT FROM (s.email, s.name, s.admin, s.state, s.fields)
     ), seen AS (
       UPDATE accounts a SET email = s.email, email_key = s.email_key, name = s.name, admin = s.admin, state = s.state, fields = s.fields,
         last_seen_at = now(), last_run_id = $1, removed_at = NULL
       FROM sync_run_accounts s WHERE s.run_id = $1 AND a.integration_id = $3 AND s.external_id = a.external_id AND ${UNCHANGED_SINCE_IMPORT('a', '$4')}
       RETURNING a.id
     ), events AS (
       INSERT INTO account_events (tenant_id, account_id, run_id, kind, detail)
       SELECT $2, id, $1, 'changed', jsonb_build_object('before', before, 'after', after) FROM diff RETURNING 1
     )
     SELECT count(*)::int AS n FROM events`,
    params,
  );
  const added = await db.query<{ n: number }>(
    `WITH added AS (
       INSERT INTO accounts (tenant_id, integration_id, external_id, email, email_key, name, admin, state, fields, first_seen_at, last_seen_at, last_run_id)
       SELECT $2, $3, s.external_id, s.email, s.email_key, s.name, s.admin, s.state, s.fields, now(), now(), $1
       FROM sync_run_accounts s
       WHERE s.run_id = $1 AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a.integration_id = $3 AND a.external_id = s.external_id)
       RETURNING id, email, name, admin, state, fields
     ), events AS (
       INSERT INTO account_events (tenant_id, account_id, run_id, kind, detail) SELECT $2, id, $1, 'added', ${SNAPSHOT('added')} FROM added RETURNING 1
     )
     SELECT count(*)::int AS n FROM events`,
    params.slice(0, 3),
  );
  return { added: added.rows[0]?.n ?? 0, changed: changed.rows[0]?.n ?? 0 };
}

/**
 * The accounts a complete run would remove, as a condition on `accounts a` ($runId, $since): present,
 * not seen by the run, and not changed by a workflow since its import began.
 */
const UNSEEN = (runId: string, since: string) => `a.state <> 'removed' AND a.last_run_id <> ${runId} AND ${UNCHANGED_SINCE_IMPORT('a', since)}`;

/** The accounts a held run would remove (the approval screen's list), in id order. */
export async function listUnseen<Row>(db: Queryable, scope: RunScope, page: { limit: number; after: number }): Promise<Row[]> {
  const { rows } = await db.query<Row>(`SELECT * FROM accounts a WHERE a.integration_id = $2 AND ${UNSEEN('$1', '$3')} AND a.id > $4 ORDER BY a.id LIMIT $5`, [
    scope.runId,
    scope.integrationId,
    scope.importStartedAt,
    page.after,
    page.limit,
  ]);
  return rows;
}

/** After `applyStaged`: present accounts of the integration, and those of them this run did not see. */
export async function countUnseen(db: Queryable, scope: RunScope): Promise<{ present: number; unseen: number }> {
  const { rows } = await db.query<{ present: number; unseen: number }>(
    `SELECT count(*)::int AS present, count(*) FILTER (WHERE ${UNSEEN('$1', '$3')})::int AS unseen
     FROM accounts a WHERE integration_id = $2 AND state <> 'removed'`,
    [scope.runId, scope.integrationId, scope.importStartedAt],
  );
  return rows[0] ?? { present: 0, unseen: 0 };
}

/** Marks the accounts this complete run did not see as removed (kept, with `removed_at`). */
export async function removeUnseen(db: Queryable, scope: RunScope): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH gone AS (
       SELECT id, ${SNAPSHOT('a')} AS before FROM accounts a
       WHERE integration_id = $3 AND ${UNSEEN('$1', '$4')} FOR UPDATE
     ), marked AS (
       UPDATE accounts a SET state = 'removed', removed_at = now() FROM gone WHERE a.id = gone.id RETURNING a.id
     ), events AS (
       INSERT INTO account_events (tenant_id, account_id, run_id, kind, detail) SELECT $2, id, $1, 'removed', jsonb_build_object('before', before) FROM gone RETURNING 1
     )
     SELECT (SELECT count(*) FROM marked)::int AS n FROM (SELECT count(*) FROM events) e`,
    [scope.runId, scope.tenantId, scope.integrationId, scope.importStartedAt],
  );
  return rows[0]?.n ?? 0;
}
