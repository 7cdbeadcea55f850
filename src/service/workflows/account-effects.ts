/**
 * docs/contributors/product-rules.md "States and transitions" / issue 13 item 6: after each action the Accounts list reflects it at once, without
 * waiting for the next sync (which reconciles). A created account is added (or brought back) and
 * linked by email; an activated, deactivated or deleted one changes state. Each change writes the
 * account event a sync would, naming the workflow.
 */
import type { Account } from '../../index.js';
import { relinkAccounts } from '../people/person-links.js';
import type { Queryable } from '../store/database.js';
import { toStaged } from '../sync/account-store.js';
import type { AccountState } from '../sync/sync-policy.js';

const SNAPSHOT = `jsonb_build_object('email', a.email, 'name', a.name, 'admin', a.admin, 'state', a.state, 'fields', a.fields)`;

/** The `last_run_id` of an account a workflow added: not a sync run, so the Application Audit shows no sync time for it yet. */
export const workflowSource = (workflowId: string) => `workflow:${workflowId}`;

export async function recordCreatedAccount(tx: Queryable, input: { tenantId: string; integrationId: string; workflowId: string; account: Account }): Promise<void> {
  const staged = toStaged(input.account);
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO accounts (tenant_id, integration_id, external_id, email, email_key, name, admin, state, fields, first_seen_at, last_seen_at, last_run_id, workflow_changed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, now(), now(), $10, clock_timestamp())
     ON CONFLICT (integration_id, external_id) DO UPDATE SET email = EXCLUDED.email, email_key = EXCLUDED.email_key, name = EXCLUDED.name,
       admin = EXCLUDED.admin, state = EXCLUDED.state, fields = EXCLUDED.fields, last_seen_at = now(), removed_at = NULL, workflow_changed_at = clock_timestamp()
     RETURNING id`,
    [input.tenantId, input.integrationId, staged.external_id, staged.email, staged.email_key, staged.name, staged.admin, staged.state, JSON.stringify(staged.fields), workflowSource(input.workflowId)],
  );
  const accountId = rows[0]!.id;
  await tx.query(
    `INSERT INTO account_events (tenant_id, account_id, kind, detail)
     SELECT $1, a.id, 'added', ${SNAPSHOT} || jsonb_build_object('workflowId', $3::text) FROM accounts a WHERE a.id = $2`,
    [input.tenantId, accountId, input.workflowId],
  );
  await relinkAccounts(tx, { tenantId: input.tenantId, integrationId: input.integrationId, emailKeys: [staged.email_key] });
}

/** Activate, deactivate or delete: the account's new state (a deleted account is kept, marked removed). */
export async function recordAccountState(
  tx: Queryable,
  input: { tenantId: string; integrationId: string; externalId: string; workflowId: string; state: AccountState },
): Promise<void> {
  await tx.query(
    `WITH before AS (
       SELECT a.id, ${SNAPSHOT} AS snapshot FROM accounts a
       WHERE a.integration_id = $2 AND a.external_id = $3 AND a.state <> $4 FOR UPDATE
     ), changed AS (
       UPDATE accounts a SET state = $4, removed_at = CASE WHEN $4 = 'removed' THEN now() END, workflow_changed_at = clock_timestamp()
       FROM before WHERE a.id = before.id RETURNING a.id
     )
     INSERT INTO account_events (tenant_id, account_id, kind, detail)
     SELECT $1, before.id, CASE WHEN $4 = 'removed' THEN 'removed' ELSE 'changed' END,
       jsonb_build_object('before', before.snapshot, 'state', $4::text, 'workflowId', $5::text)
     FROM before JOIN changed ON changed.id = before.id`,
    [input.tenantId, input.integrationId, input.externalId, input.state, input.workflowId],
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
export async function listPersonAccounts(db: Queryable, input: { tenantId: string; personId: string }): Promise<{ integration_id: string; external_id: string; email: string; name: string }[]> {
  const { rows } = await db.query<{ integration_id: string; external_id: string; email: string; name: string }>(
    `SELECT integration_id, external_id, email, name FROM accounts WHERE tenant_id = $1 AND person_id = $2 AND state <> 'removed' ORDER BY integration_id, external_id`,
    [input.tenantId, input.personId],
  );
  return rows;
}
