/**
 * The `accounts` and `account_events` tables: a complete run's staged accounts applied, the removal
 * sweep, what an action changed, and the reads of the Accounts list, the Access Grid and the
 * Application Audit. Every change of an account writes its account event in the same statement,
 * in the one shape `accountEventsFrom` builds; an account a sync adds carries its `added` event
 * in its own row instead (`ACCOUNT_EVENTS` reads it).
 */
import { hash } from 'node:crypto';
import type { Account } from '../../index.js';
import { emailKey, importedState, type AccountState } from '../sync/sync-policy.js';
import { cleanRecord, describeRepairs, jsonMayNeedCleaning, mayNeedCleaning } from '../sync/clean-text.js';
import type { Queryable } from './database.js';
import { LIVE_INTEGRATION } from './integration-rows.js';

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
  /** What was changed in the account's text to store it (`describeRepairs`); null when nothing was. */
  cleaned: string | null;
}

export interface AccountRow {
  id: string;
  tenant_id: string;
  integration_id: string;
  external_id: string;
  email: string;
  email_key: string;
  name: string;
  admin: boolean;
  state: AccountState;
  fields: Record<string, unknown>;
  person_id: string | null;
  link_status: 'linked' | 'unlinked' | 'conflict';
  first_seen_at: Date;
  last_seen_at: Date;
  removed_at: Date | null;
  /** The sync run that last wrote it, or `workflow:<id>` / `action:<actor>` for an account an action created. */
  last_run_id: string;
  /** What a sync changed in its text to store it; null when nothing. */
  cleaned: string | null;
  /** The complete run that did not see it (held for approval, or removed it). */
  missed_run_id: string | null;
  /** Reads through `accountColumns`: when the latest complete run saw it, and that run (else `last_seen_at`, `last_run_id`). */
  seen_at?: Date;
  seen_run_id?: string;
}

/**
 * The state an account shows (Accounts list, Access Grid, Application Audit, their CSVs and the
 * API), one rule for every read: an account that is not active and waits for a scheduled Activate
 * User (an onboarding with an activation time created it inactive) is `invited`, with the due
 * time, whatever inactive state its target reports (SCIM's `active: false` imports as
 * deactivated); otherwise the stored state. `alias` is the accounts row; the fragment is a
 * LATERAL subquery giving `shown_state` and `activation_due_at`.
 */
export const SHOWN_STATE = (alias: string) => `LATERAL (
  SELECT CASE WHEN ${alias}.state IN ('invited', 'deactivated') AND due.at IS NOT NULL THEN 'invited' ELSE ${alias}.state END AS shown_state,
    due.at AS activation_due_at
  FROM (SELECT min(t.run_at) AS at FROM workflow_tasks t
        WHERE t.integration_id = ${alias}.integration_id AND t.account_external_id = ${alias}.external_id
          AND t.action = 'activateUser' AND t.status = 'scheduled') due) shown`;

/** What the reads add to a row: the state shown and when a scheduled activation is due (see `SHOWN_STATE`). */
export interface ShownState {
  shown_state: AccountState;
  activation_due_at: Date | null;
}

/**
 * An imported or created account as the `accounts` table keeps it: text the database cannot hold
 * (NUL, lone surrogates) cleaned and the change named in `cleaned` (issue 23.7: the account is
 * kept and flagged, never lost and never failing the sync).
 */
export function toStaged(imported: Account): StagedAccount {
  const { record: account, repairs } = cleanRecord(imported as Account & Record<string, unknown>);
  return stagedOf(account, fieldsOf(account), repairs.length > 0 ? describeRepairs(repairs) : null);
}

/**
 * `toStaged`, with the account's fields as JSON text (a sync makes it once for the account's
 * digest and its staging row). The JSON is made first and stands for the fields' check for text
 * to clean (`jsonMayNeedCleaning`); only an account it may concern goes the way of `toStaged`.
 */
export function toStagedWithJson(imported: Account): { account: StagedAccount; fieldsJson: string } {
  const fields = fieldsOf(imported);
  const fieldsJson = JSON.stringify(fields);
  if (
    jsonMayNeedCleaning(fieldsJson) ||
    mayNeedCleaning(imported.id) ||
    mayNeedCleaning(imported.email) ||
    mayNeedCleaning(imported.name) ||
    mayNeedCleaning(imported.admin)
  ) {
    const account = toStaged(imported);
    return { account, fieldsJson: JSON.stringify(account.fields) };
  }
  return { account: stagedOf(imported, fields, null), fieldsJson };
}

/** The mapped fields of an account: every field but the core ones, none undefined. */
function fieldsOf(account: Account): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const record = account as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const value = record[key];
    if (value !== undefined && !CORE_FIELDS.has(key)) fields[key] = value;
  }
  return fields;
}

function stagedOf(account: Account, fields: Record<string, unknown>, cleaned: string | null): StagedAccount {
  const email = typeof account.email === 'string' ? account.email.trim() : '';
  return {
    external_id: account.id,
    email,
    email_key: emailKey(email),
    name: typeof account.name === 'string' ? account.name : '',
    admin: account.admin === true,
    state: importedState(fields),
    fields,
    cleaned,
  };
}

/**
 * The digest of the values a sync writes to an account (`SYNCED`), kept beside them: a later run
 * whose import digests alike leaves the account unstaged (see `loadSyncDigests`). Only a filter: a
 * different digest of equal values (mapped keys in another order) stages the account, and the
 * apply compares the columns themselves.
 */
export function syncDigest(account: StagedAccount, fieldsJson: string = JSON.stringify(account.fields)): string {
  // JSON.stringify([email, email_key, name, admin, state, fields, cleaned]), written out so that a
  // sync that stages the account too makes the fields' JSON once (`fieldsJson`) for both.
  const { email, email_key, name, admin, state, cleaned } = account;
  const values = `[${JSON.stringify(email)},${JSON.stringify(email_key)},${JSON.stringify(name)},${admin},${JSON.stringify(state)},${fieldsJson},${cleaned === null ? 'null' : JSON.stringify(cleaned)}]`;
  return hash('sha1', values, 'base64');
}

/**
 * The present accounts of an integration with the digest of what a sync last wrote to each (null
 * when something else wrote it since, or no sync has): read once per run, before its import. One
 * JSON array of [external id, digest] pairs, not a row each: on PGlite 100,000 rows took about
 * 0.7 s to read, the one array about 0.3 s (the same on PostgreSQL).
 */
export async function loadSyncDigests(db: Queryable, integrationId: string): Promise<Map<string, string | null>> {
  const { rows } = await db.query<{ digests: string }>(
    `SELECT coalesce(json_agg(json_build_array(external_id, sync_digest)), '[]')::text AS digests FROM accounts WHERE integration_id = $1 AND state <> 'removed'`,
    [integrationId],
  );
  return new Map(JSON.parse(rows[0]?.digests ?? '[]') as [string, string | null][]);
}

/** Whether the integration has any account, present or removed. */
export async function hasAccounts(db: Queryable, integrationId: string): Promise<boolean> {
  const { rows } = await db.query<{ any: boolean }>(`SELECT EXISTS (SELECT 1 FROM accounts WHERE integration_id = $1) AS any`, [integrationId]);
  return rows[0]?.any === true;
}

/**
 * A stored account as a connector's write action reads it: the row's id, email, name and admin
 * with every other mapped field (the inverse of toStaged). A write action may need more than the
 * id (GitHub's delete needs the login or the invitation id).
 */
export function accountSubject(row: Pick<AccountRow, 'external_id' | 'email' | 'name' | 'admin' | 'fields'>): Account {
  return { ...row.fields, id: row.external_id, email: row.email, name: row.name, admin: row.admin };
}

/**
 * An account was seen by its integration's latest complete run (`sync_settings m`) unless that run
 * wrote it itself, did not see it (`missed_run_id`), or found it changed by an action during its
 * import; such a run rewrites only the accounts it adds or changes, so "seen" is read here.
 */
const SEEN_BY_LATEST = `(a.state <> 'removed' AND m.seen_run_id IS NOT NULL AND a.last_seen_at < m.seen_at AND a.missed_run_id IS DISTINCT FROM m.seen_run_id
  AND NOT (a.workflow_changed_at IS NOT NULL AND a.workflow_changed_at >= m.seen_since AND a.workflow_changed_at < m.seen_at))`;

/** Every column of `accounts a` and when (`seen_at`) and by which run (`seen_run_id`) it was last seen; FROM `ACCOUNTS_SEEN`. */
export const accountColumns = () =>
  `a.*, CASE WHEN ${SEEN_BY_LATEST} THEN m.seen_at ELSE a.last_seen_at END AS seen_at, CASE WHEN ${SEEN_BY_LATEST} THEN m.seen_run_id ELSE a.last_run_id END AS seen_run_id`;
export const ACCOUNTS_SEEN = 'accounts a LEFT JOIN sync_settings m ON m.integration_id = a.integration_id';

/** One account of an integration by its external id, present or removed. */
export async function findAccount(db: Queryable, input: { tenantId: string; integrationId: string; externalId: string }): Promise<AccountRow | undefined> {
  const { rows } = await db.query<AccountRow>(
    `SELECT ${accountColumns()} FROM ${ACCOUNTS_SEEN} WHERE a.tenant_id = $1 AND a.integration_id = $2 AND a.external_id = $3`,
    [input.tenantId, input.integrationId, input.externalId],
  );
  return rows[0];
}

/** The identity sequence of `account_events.id`: a sync-added account's own `added` event draws its id from it. */
const EVENT_IDS = 'account_events_id_seq';

/**
 * The one `INSERT INTO account_events` of the service: each argument is an SQL expression over the
 * rows of `from` (a CTE or a table with its alias). Returns one row per event, for counting.
 */
export function accountEventsFrom(event: { tenant: string; account: string; run: string; kind: string; detail: string; from: string }): string {
  return `INSERT INTO account_events (tenant_id, account_id, run_id, kind, detail)
     SELECT ${event.tenant}, ${event.account}, ${event.run}, ${event.kind}, ${event.detail} FROM ${event.from} RETURNING 1`;
}

export interface RunScope {
  runId: string;
  tenantId: string;
  integrationId: string;
  /** When the run's import began reading the target: a workflow's later change to an account is newer than what the run saw. */
  importStartedAt: Date;
}

/** A complete run's staged accounts: the attempt that holds the run's fence. */
interface ApplyScope extends RunScope {
  attempt: number;
}

/** The account's state is not newer than the run's import (no action changed it since). */
const UNCHANGED_SINCE_IMPORT = (alias: string, param: string) => `(${alias}.workflow_changed_at IS NULL OR ${alias}.workflow_changed_at < ${param})`;

const SNAPSHOT = (alias: string) =>
  `jsonb_build_object('email', ${alias}.email, 'name', ${alias}.name, 'admin', ${alias}.admin, 'state', ${alias}.state, 'fields', ${alias}.fields)`;

/** The columns a sync compares and writes; an account whose staged values equal these is not written at all. */
const SYNCED = ['email', 'email_key', 'name', 'admin', 'state', 'fields', 'cleaned'] as const;
const tuple = (alias: string) => `(${SYNCED.map((column) => `${alias}.${column}`).join(', ')})`;

/**
 * The values of `from` that differ in `to`, as a jsonb object: each changed column, and of the
 * mapped fields only the keys that changed (a key `to` lacks is in `from`'s side alone).
 */
const CHANGED_VALUES = (from: string, to: string) =>
  `('{}'::jsonb${['email', 'name', 'admin', 'state', 'cleaned']
    .map((column) => ` || CASE WHEN ${from}.${column} IS DISTINCT FROM ${to}.${column} THEN jsonb_build_object('${column}', ${from}.${column}) ELSE '{}' END`)
    .join('')}
    || CASE WHEN ${from}.fields IS DISTINCT FROM ${to}.fields THEN jsonb_build_object('fields',
         (SELECT COALESCE(jsonb_object_agg(e.key, e.value), '{}') FROM jsonb_each(${from}.fields) e WHERE (${to}.fields -> e.key) IS DISTINCT FROM e.value)) ELSE '{}' END)`;

/**
 * For the rest of the transaction, joins of whole sets (a run's staging against an integration's
 * accounts) as hash or merge joins, never nested loops: staging is scratch without statistics
 * (PGlite never analyzes, and PostgreSQL's autovacuum lags a large run), so the planner believes
 * it holds one row, and a nested-loop anti-join over 10,000 accounts took 78 s on PGlite. And
 * sorts of a run's rows in memory: the first sync of 100,000 accounts sorted its staging by
 * arrival on disk (20 MB, beyond the default 4 MB of `work_mem`).
 */
export async function planForSets(tx: Queryable): Promise<void> {
  await tx.query(`SELECT ${PLAN_FOR_SETS}`);
}

/** `planForSets` as an expression, for a statement that opens the apply anyway (`openApply`). */
export const PLAN_FOR_SETS = `set_config('enable_nestloop', 'off', true) || set_config('work_mem', '64MB', true)`;

/**
 * Applies a complete run's staged accounts (the attempt's own), writing only what changed: the
 * accounts that changed or came back are updated with a `changed` event naming the changed values
 * before and after; the new ones are inserted with an `added` event (kept in their row, see
 * `ACCOUNT_EVENTS`); an unchanged account is not written (see `accountColumns`), except that a
 * staged account whose digest the row lacks gets it (no event, not counted). Returns the two
 * counts, and `onlyAdded` when the integration had no account at all (a first sync): nothing to
 * compare, every account the run wrote is new. `db` is the run's transaction (the insert may undo
 * itself to a savepoint).
 */
export async function applyStaged(db: Queryable, scope: ApplyScope): Promise<{ added: number; changed: number; onlyAdded: boolean }> {
  if (!(await hasAccounts(db, scope.integrationId)))
    return { added: await addAccounts(db, scope, { attempt: scope.attempt, first: true }), changed: 0, onlyAdded: true };
  // Data-modifying CTEs see one snapshot: `diff` reads the rows before `written` updates them.
  // An account an action changed during the import keeps the action's state (and is not counted unseen below).
  const changed = await db.query<{ n: number }>(
    // `written` runs to completion though nothing reads it (data-modifying CTEs always do).
    `WITH diff AS (
       SELECT a.id, s.email, s.email_key, s.name, s.admin, s.state, s.fields, s.cleaned, s.sync_digest,
         ${tuple('a')} IS DISTINCT FROM ${tuple('s')} AS changed,
         jsonb_build_object('before', ${CHANGED_VALUES('a', 's')}, 'after', ${CHANGED_VALUES('s', 'a')}) AS detail
       FROM accounts a JOIN sync_run_accounts s ON s.run_id = $1 AND s.attempt = $5 AND s.external_id = a.external_id
       WHERE a.integration_id = $3 AND ${UNCHANGED_SINCE_IMPORT('a', '$4')}
         AND (${tuple('a')} IS DISTINCT FROM ${tuple('s')} OR a.sync_digest IS DISTINCT FROM s.sync_digest)
     ), written AS (
       UPDATE accounts a SET email = d.email, email_key = d.email_key, name = d.name, admin = d.admin, state = d.state, fields = d.fields, cleaned = d.cleaned,
         sync_digest = d.sync_digest, last_seen_at = now(), last_run_id = $1, removed_at = NULL, missed_run_id = NULL
       FROM diff d WHERE a.id = d.id RETURNING a.id
     ), events AS (
       ${accountEventsFrom({ tenant: '$2', account: 'id', run: '$1', kind: `'changed'`, detail: 'detail', from: 'diff WHERE changed' })}
     )
     SELECT count(*)::int AS n FROM events`,
    [scope.runId, scope.tenantId, scope.integrationId, scope.importStartedAt, scope.attempt],
  );
  const added = await addAccounts(db, scope, { attempt: scope.attempt });
  return { added, changed: changed.rows[0]?.n ?? 0, onlyAdded: false };
}

/**
 * Inserts a run's new accounts, in the order the import listed them, each with its own `added`
 * event (see `ACCOUNT_EVENTS`): an id from the events' sequence and this run; only one added with
 * text cleaned has its event stored (with `cleaned`). Returns how many. From the attempt's staging
 * (`{ attempt }`): the ones without an account yet (`first`: the integration had none at all when
 * the caller looked). From a batch in hand (`{ batch }`, the table
 * of `STAGED_BATCH`, while the import goes on): the ones without an account when inserted, an
 * account that another writer added meanwhile left as that writer left it.
 */
export async function addAccounts(db: Queryable, scope: RunScope, from: { attempt: number; first?: boolean } | { batch: string }): Promise<number> {
  if ('attempt' in from) {
    const staged = 'FROM sync_run_accounts s WHERE s.run_id = $1 AND s.attempt = $4';
    const withoutAccount = () =>
      insertAdded(
        db,
        scope,
        `${staged} AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a.integration_id = $3 AND a.external_id = s.external_id) ORDER BY s.seq`,
        [from.attempt],
      );
    // An integration with no account at all (a first sync) has none to leave out: no anti-join
    // (on PGlite its sort of 100,000 staged rows by id was 0.3 s of the apply's 3.6 s). An account
    // that another writer adds after the caller's look fails the plain insert, made again with it.
    if (from.first !== true) return withoutAccount();
    return insertOrAgain(db, () => insertAdded(db, scope, `${staged} ORDER BY s.seq`, [from.attempt]), withoutAccount);
  }
  // A first sync's batch: an account is there already only if a workflow created it during the
  // import (rare). A plain INSERT is a quarter cheaper than ON CONFLICT DO NOTHING.
  return insertOrAgain(
    db,
    () => insertAdded(db, scope, `FROM ${from.batch} s ORDER BY s.seq`),
    () => insertAdded(db, scope, `FROM ${from.batch} s ORDER BY s.seq ON CONFLICT (integration_id, external_id) DO NOTHING`),
  );
}

/**
 * `plain`, an insert that fails on an account already there; when it does (a unique violation,
 * undone to a savepoint), `careful`, the same insert leaving such accounts out.
 */
async function insertOrAgain(db: Queryable, plain: () => Promise<number>, careful: () => Promise<number>): Promise<number> {
  await db.query('SAVEPOINT add_accounts');
  let added: number;
  try {
    added = await plain();
  } catch (error) {
    if ((error as { code?: unknown }).code !== UNIQUE_VIOLATION) throw error;
    await db.query('ROLLBACK TO SAVEPOINT add_accounts');
    added = await careful();
  }
  await db.query('RELEASE SAVEPOINT add_accounts');
  return added;
}

/** PostgreSQL's SQLSTATE for a duplicate key. */
const UNIQUE_VIOLATION = '23505';

/** The INSERT of `addAccounts` from `source` (the rows `s`; $1 run, $2 tenant, $3 integration, then `extra`). */
async function insertAdded(db: Queryable, scope: RunScope, source: string, extra: readonly unknown[] = []): Promise<number> {
  // `events` runs to completion though nothing reads it.
  const { rows } = await db.query<{ n: number }>(
    `WITH added AS (
       INSERT INTO accounts (tenant_id, integration_id, external_id, email, email_key, name, admin, state, fields, cleaned, sync_digest, first_seen_at, last_seen_at, last_run_id,
         added_event_id, added_run_id)
       SELECT $2, $3, s.external_id, s.email, s.email_key, s.name, s.admin, s.state, s.fields, s.cleaned, s.sync_digest, now(), now(), $1,
         CASE WHEN s.cleaned IS NULL THEN nextval('${EVENT_IDS}') END, CASE WHEN s.cleaned IS NULL THEN $1 END
       ${source}
       RETURNING id, cleaned
     ), events AS (
       ${accountEventsFrom({
         tenant: '$2',
         account: 'id',
         run: '$1',
         kind: `'added'`,
         detail: `jsonb_build_object('cleaned', cleaned)`,
         from: 'added WHERE cleaned IS NOT NULL',
       })}
     )
     SELECT count(*)::int AS n FROM added`,
    [scope.runId, scope.tenantId, scope.integrationId, ...extra],
  );
  return rows[0]?.n ?? 0;
}

/**
 * The accounts a complete run would remove, as a condition on `accounts a` ($runId, $since): present,
 * marked missed by the run (`markMissed`), and not changed by an action since its import began.
 */
const UNSEEN = (runId: string, since: string) => `a.state <> 'removed' AND a.missed_run_id = ${runId} AND ${UNCHANGED_SINCE_IMPORT('a', since)}`;

/** The accounts a held run would remove (the approval screen's list), in id order. */
export async function listUnseen(db: Queryable, scope: RunScope, page: { limit: number; after: number }): Promise<AccountRow[]> {
  const { rows } = await db.query<AccountRow>(
    `SELECT ${accountColumns()} FROM ${ACCOUNTS_SEEN} WHERE a.integration_id = $2 AND ${UNSEEN('$1', '$3')} AND a.id > $4 ORDER BY a.id LIMIT $5`,
    [scope.runId, scope.integrationId, scope.importStartedAt, page.after, page.limit],
  );
  return rows;
}

/**
 * After `applyStaged`: marks the present accounts the run did not see as missed by it: `unseen`,
 * the external ids of the accounts present when the run began (`loadSyncDigests`) that its import
 * never listed, less any changed by an action since the import began; writes only those. Returns
 * the present accounts of the integration and how many were missed.
 */
export async function markMissed(db: Queryable, scope: RunScope, unseen: readonly string[]): Promise<{ present: number; unseen: number }> {
  const { rows } = await db.query<{ present: number; unseen: number }>(
    `WITH missed AS (
       UPDATE accounts a SET missed_run_id = $1
       WHERE a.integration_id = $2 AND a.external_id = ANY($4::text[]) AND a.state <> 'removed' AND ${UNCHANGED_SINCE_IMPORT('a', '$3')}
       RETURNING 1
     )
     SELECT (SELECT count(*) FROM accounts WHERE integration_id = $2 AND state <> 'removed')::int AS present, (SELECT count(*) FROM missed)::int AS unseen`,
    [scope.runId, scope.integrationId, scope.importStartedAt, [...unseen]],
  );
  return rows[0] ?? { present: 0, unseen: 0 };
}

/** Marks the accounts this complete run did not see (`markMissed`) as removed (kept, with `removed_at`). */
export async function removeUnseen(db: Queryable, scope: RunScope): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH gone AS (
       SELECT id, ${SNAPSHOT('a')} AS before FROM accounts a
       WHERE integration_id = $3 AND ${UNSEEN('$1', '$4')} FOR UPDATE
     ), marked AS (
       UPDATE accounts a SET state = 'removed', removed_at = now() FROM gone WHERE a.id = gone.id RETURNING a.id
     ), events AS (
       ${accountEventsFrom({ tenant: '$2', account: 'id', run: '$1', kind: `'removed'`, detail: `jsonb_build_object('before', before)`, from: 'gone' })}
     )
     SELECT (SELECT count(*) FROM marked)::int AS n FROM (SELECT count(*) FROM events) e`,
    [scope.runId, scope.tenantId, scope.integrationId, scope.importStartedAt],
  );
  return rows[0]?.n ?? 0;
}

/**
 * Who changed an account outside a sync: a workflow, or an action run through the API. Its
 * `last_run_id` (not a sync run, so the Application Audit shows no sync time for it yet) and
 * what its account event names.
 */
export interface ActionSource {
  workflowId?: string;
  actor: string;
}

const sourceRunId = (source: ActionSource) => (source.workflowId !== undefined ? `workflow:${source.workflowId}` : `action:${source.actor}`);
const sourceDetail = (source: ActionSource) => (source.workflowId !== undefined ? { workflowId: source.workflowId } : { actor: source.actor });

/** A created account, added (or brought back) and marked changed by an action; returns its id and state. */
export async function recordCreatedAccount(
  tx: Queryable,
  input: { tenantId: string; integrationId: string; account: StagedAccount; source: ActionSource },
): Promise<{ id: string; state: string }> {
  const staged = input.account;
  const { rows } = await tx.query<{ id: string; state: string }>(
    `INSERT INTO accounts (tenant_id, integration_id, external_id, email, email_key, name, admin, state, fields, cleaned, first_seen_at, last_seen_at, last_run_id, workflow_changed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $11, now(), now(), $10, clock_timestamp())
     ON CONFLICT (integration_id, external_id) DO UPDATE SET email = EXCLUDED.email, email_key = EXCLUDED.email_key, name = EXCLUDED.name,
       admin = EXCLUDED.admin, state = EXCLUDED.state, fields = EXCLUDED.fields, cleaned = EXCLUDED.cleaned, last_seen_at = now(), removed_at = NULL,
       missed_run_id = NULL, workflow_changed_at = clock_timestamp(), sync_digest = NULL
     RETURNING id, state`,
    [
      input.tenantId,
      input.integrationId,
      staged.external_id,
      staged.email,
      staged.email_key,
      staged.name,
      staged.admin,
      staged.state,
      JSON.stringify(staged.fields),
      sourceRunId(input.source),
      staged.cleaned,
    ],
  );
  const account = rows[0]!;
  await tx.query(
    accountEventsFrom({
      tenant: '$1',
      account: 'a.id',
      run: 'NULL',
      kind: `'added'`,
      detail: `${SNAPSHOT('a')} || $3::jsonb`,
      from: 'accounts a WHERE a.id = $2',
    }),
    [input.tenantId, account.id, JSON.stringify(sourceDetail(input.source))],
  );
  return account;
}

/** Activated, deactivated or deleted by an action: the account's new state (a deleted account is kept, marked removed). */
export async function recordAccountState(
  tx: Queryable,
  input: { tenantId: string; integrationId: string; externalId: string; state: AccountState; source: ActionSource },
): Promise<void> {
  await tx.query(
    `WITH before AS (
       SELECT a.id, ${SNAPSHOT('a')} AS snapshot FROM accounts a
       WHERE a.integration_id = $2 AND a.external_id = $3 AND a.state <> $4 FOR UPDATE
     ), changed AS (
       UPDATE accounts a SET state = $4, removed_at = CASE WHEN $4 = 'removed' THEN now() END, workflow_changed_at = clock_timestamp(), sync_digest = NULL
       FROM before WHERE a.id = before.id RETURNING a.id
     )
     ${accountEventsFrom({
       tenant: '$1',
       account: 'before.id',
       run: 'NULL',
       kind: `CASE WHEN $4 = 'removed' THEN 'removed' ELSE 'changed' END`,
       detail: `jsonb_build_object('before', before.snapshot, 'state', $4::text) || $5::jsonb`,
       from: 'before JOIN changed ON changed.id = before.id',
     })}`,
    [input.tenantId, input.integrationId, input.externalId, input.state, JSON.stringify(sourceDetail(input.source))],
  );
}

/** `recordAccountState` for many accounts of one integration in one statement (a batch of workflow tasks). */
export async function recordAccountStates(
  tx: Queryable,
  input: { tenantId: string; integrationId: string; state: AccountState; changes: readonly { externalId: string; source: ActionSource }[] },
): Promise<void> {
  if (input.changes.length === 0) return;
  await tx.query(
    `WITH x AS (
       SELECT * FROM jsonb_to_recordset($4::jsonb) AS x(external_id text, source jsonb)
     ), before AS (
       SELECT a.id, ${SNAPSHOT('a')} AS snapshot, x.source FROM accounts a JOIN x ON x.external_id = a.external_id
       WHERE a.integration_id = $2 AND a.state <> $3 FOR UPDATE OF a
     ), changed AS (
       UPDATE accounts a SET state = $3, removed_at = CASE WHEN $3 = 'removed' THEN now() END, workflow_changed_at = clock_timestamp(), sync_digest = NULL
       FROM before WHERE a.id = before.id RETURNING a.id
     )
     ${accountEventsFrom({
       tenant: '$1',
       account: 'before.id',
       run: 'NULL',
       kind: `CASE WHEN $3 = 'removed' THEN 'removed' ELSE 'changed' END`,
       detail: `jsonb_build_object('before', before.snapshot, 'state', $3::text) || before.source`,
       from: 'before JOIN changed ON changed.id = before.id',
     })}`,
    [
      input.tenantId,
      input.integrationId,
      input.state,
      JSON.stringify(input.changes.map((change) => ({ external_id: change.externalId, source: sourceDetail(change.source) }))),
    ],
  );
}

/** The person's present account in an integration: by link, else by email (an account the last import found). */
export async function findPersonAccount(
  db: Queryable,
  input: { tenantId: string; integrationId: string; personId: string; emailKey: string },
): Promise<{ external_id: string; email: string; name: string; state: AccountState } | undefined> {
  const { rows } = await db.query<{ external_id: string; email: string; name: string; state: AccountState }>(
    `SELECT external_id, email, name, state FROM accounts
     WHERE tenant_id = $1 AND integration_id = $2 AND state <> 'removed' AND (person_id = $3 OR (email_key = $4 AND email_key <> ''))
     ORDER BY (person_id = $3) DESC NULLS LAST, last_seen_at DESC LIMIT 1`,
    [input.tenantId, input.integrationId, input.personId, input.emailKey],
  );
  return rows[0];
}

/** Every present account linked to the person, with its integration: what offboarding removes. */
export async function listPersonAccounts(
  db: Queryable,
  input: { tenantId: string; personId: string },
): Promise<{ integration_id: string; external_id: string; email: string; name: string }[]> {
  const { rows } = await db.query<{ integration_id: string; external_id: string; email: string; name: string }>(
    `SELECT integration_id, external_id, email, name FROM accounts WHERE tenant_id = $1 AND person_id = $2 AND state <> 'removed' AND ${LIVE_INTEGRATION('accounts.integration_id')}
     ORDER BY integration_id, external_id`,
    [input.tenantId, input.personId],
  );
  return rows;
}

/** A page of the Accounts list in id order; `pattern` is an ILIKE pattern already escaped. */
export async function listAccountRows(
  db: Queryable,
  query: { tenantId: string; integrationId: string; state: AccountState | null; after: number; limit: number; pattern: string | null },
): Promise<(AccountRow & ShownState)[]> {
  const { rows } = await db.query<AccountRow & ShownState>(
    `SELECT ${accountColumns()}, shown.shown_state, shown.activation_due_at FROM ${ACCOUNTS_SEEN} CROSS JOIN ${SHOWN_STATE('a')}
     WHERE a.tenant_id = $1 AND a.integration_id = $2 AND ($3::text IS NULL OR shown.shown_state = $3) AND a.id > $4
       AND ($6::text IS NULL OR a.email ILIKE $6 OR a.name ILIKE $6) ORDER BY a.id LIMIT $5`,
    [query.tenantId, query.integrationId, query.state, query.after, query.limit, query.pattern],
  );
  return rows;
}

export interface AccountEventRow {
  id: string;
  account_id: string;
  run_id: string | null;
  kind: 'added' | 'changed' | 'removed' | 'relinked';
  detail: Record<string, unknown>;
  at: Date;
}

/**
 * One account's history ($1 tenant, $2 account): its stored events and, for an account a sync
 * added (migration 0350), the `added` event it carries: the id drawn from the events' sequence
 * when it was added (so it keeps its place among the later events), the run that added it, an
 * empty detail, and its time `first_seen_at` (the adding transaction's now(), as a stored event's
 * `at` is).
 */
const ACCOUNT_EVENTS = `(
  SELECT e.id, e.tenant_id, e.account_id, e.run_id, e.kind, e.detail, e.at FROM account_events e WHERE e.tenant_id = $1 AND e.account_id = $2
  UNION ALL
  SELECT a.added_event_id, a.tenant_id, a.id, a.added_run_id, 'added', '{}'::jsonb, a.first_seen_at FROM accounts a
  WHERE a.tenant_id = $1 AND a.id = $2 AND a.added_event_id IS NOT NULL) events`;

/** A page of one account's events, oldest first: at most `limit`, after the event `afterId`. */
export async function listAccountEventPage(
  db: Queryable,
  input: { tenantId: string; accountId: string; afterId?: string; limit: number },
): Promise<AccountEventRow[]> {
  const { rows } = await db.query<AccountEventRow>(`SELECT * FROM ${ACCOUNT_EVENTS} WHERE ($3::bigint IS NULL OR id > $3::bigint) ORDER BY id LIMIT $4`, [
    input.tenantId,
    input.accountId,
    input.afterId ?? null,
    input.limit,
  ]);
  return rows;
}

/** Every event of one account, oldest first. */
export async function listAccountEvents(db: Queryable, input: { tenantId: string; accountId: string }): Promise<AccountEventRow[]> {
  const { rows } = await db.query<AccountEventRow>(`SELECT * FROM ${ACCOUNT_EVENTS} ORDER BY id`, [input.tenantId, input.accountId]);
  return rows;
}

/** Present accounts linked to no person (no email match, or unlinked by hand). */
export async function listOrphanAccounts(
  db: Queryable,
  tenantId: string,
  page: { after?: readonly string[]; limit: number | null } = { limit: null },
): Promise<(Pick<AccountRow, 'id' | 'integration_id' | 'external_id' | 'email' | 'name'> & { link_by_hand: boolean })[]> {
  const { rows } = await db.query<Pick<AccountRow, 'id' | 'integration_id' | 'external_id' | 'email' | 'name'> & { link_by_hand: boolean }>(
    `SELECT id, integration_id, external_id, email, name, link_by_hand FROM accounts WHERE tenant_id = $1 AND state <> 'removed' AND link_status = 'unlinked'
       AND ${LIVE_INTEGRATION('accounts.integration_id')}
       AND ($2::text IS NULL OR (integration_id, id) > ($2::text, $3::bigint)) ORDER BY integration_id, id LIMIT $4`,
    [tenantId, page.after?.[0] ?? null, page.after?.[1] ?? null, page.limit],
  );
  return rows;
}

/** Present accounts left unlinked because two people share their email key, by key. */
export async function countConflictAccounts(db: Queryable, tenantId: string): Promise<Map<string, number>> {
  const { rows } = await db.query<{ email_key: string; n: number }>(
    `SELECT email_key, count(*)::int AS n FROM accounts WHERE tenant_id = $1 AND link_status = 'conflict' AND state <> 'removed' GROUP BY email_key`,
    [tenantId],
  );
  return new Map(rows.map((row) => [row.email_key, row.n]));
}

/** The Access Grid's cells: one per person and application, a present account winning over a removed one. */
export async function gridCells(
  db: Queryable,
  input: { personIds: readonly string[]; integrationIds: readonly string[] },
): Promise<{ person_id: string; integration_id: string; state: AccountState; admin: boolean; activation_due_at: Date | null }[]> {
  const { rows } = await db.query<{ person_id: string; integration_id: string; state: AccountState; admin: boolean; activation_due_at: Date | null }>(
    `SELECT DISTINCT ON (a.person_id, a.integration_id) a.person_id, a.integration_id, shown.shown_state AS state, a.admin, shown.activation_due_at
     FROM accounts a, ${SHOWN_STATE('a')}
     WHERE a.person_id = ANY($1::text[]) AND a.integration_id = ANY($2::text[]) ORDER BY a.person_id, a.integration_id, (a.state = 'removed'), a.id`,
    [[...input.personIds], [...input.integrationIds]],
  );
  return rows;
}

export interface AuditLineRow {
  id: string;
  external_id: string;
  email: string;
  name: string;
  link_status: AccountRow['link_status'];
  admin: boolean;
  state: AccountState;
  activation_due_at: Date | null;
  last_seen_at: Date;
  person_id: string | null;
  person_name: string | null;
  person_email: string | null;
  synced_at: Date | null;
}

/** The Application Audit: one application's accounts with their person and the finish time of the sync they reflect. */
/** The Application Audit's rows by account name then id: all, or at most `limit` after the account whose (name, id) is `after`. */
export async function auditLines(
  db: Queryable,
  input: { tenantId: string; integrationId: string; after?: readonly string[]; limit?: number },
): Promise<AuditLineRow[]> {
  const { rows } = await db.query<AuditLineRow>(
    `WITH a AS (SELECT ${accountColumns()} FROM ${ACCOUNTS_SEEN} WHERE a.tenant_id = $1 AND a.integration_id = $2)
     SELECT a.id, a.external_id, a.email, a.name, a.link_status, a.admin, shown.shown_state AS state, shown.activation_due_at, a.seen_at AS last_seen_at,
       p.id AS person_id, p.name AS person_name, p.email AS person_email, r.finished_at AS synced_at
     FROM a CROSS JOIN ${SHOWN_STATE('a')} LEFT JOIN people p ON p.id = a.person_id LEFT JOIN sync_runs r ON r.id = a.seen_run_id
     WHERE a.tenant_id = $1 AND a.integration_id = $2 AND ($3::text IS NULL OR (a.name, a.id) > ($3::text, $4::bigint))
     ORDER BY a.name, a.id LIMIT $5`,
    [input.tenantId, input.integrationId, input.after?.[0] ?? null, input.after?.[1] ?? null, input.limit ?? null],
  );
  return rows;
}
