/**
 * The access review tables: `review_campaigns` and `review_items` (issue 28). A campaign's status
 * moves only through `CAMPAIGN_MOVES`; its items are frozen from the Accounts list in one statement
 * when it opens, and carry their decision, the removal a revoke started and its confirmation.
 */
import type { Queryable } from './database.js';
import { stateMachine } from './transitions.js';

export type CampaignStatus = 'draft' | 'waiting' | 'open' | 'closed';

/** draft → waiting (data too old, syncs queued) or open; waiting → open; open → closed. */
export const CAMPAIGN_MOVES = stateMachine<CampaignStatus>('review campaign', {
  draft: ['waiting', 'open'],
  waiting: ['waiting', 'open'],
  open: ['closed'],
  closed: [],
});

export interface ReviewerRow {
  /** The reviewer's name when the campaign was created (operator username or token name), for people to read. */
  reviewer: string;
  integrationId: string | null;
  /**
   * Who decides, uniquely: `operator:<id>` or `token:<id>`, resolved when the campaign is created.
   * A campaign created before reviewers had ids has none: its reviewers decide nothing (an admin does).
   */
  reviewerId?: string;
}

export interface WaitingRow {
  integrationId: string;
  integrationName: string;
  reason: string;
}

export interface CampaignRow {
  id: string;
  tenant_id: string;
  name: string;
  integration_ids: string[] | null;
  without_integration_ids: string[];
  waiting_for: WaitingRow[];
  due_at: Date;
  reviewers: ReviewerRow[];
  status: CampaignStatus;
  created_by: string;
  created_at: Date;
  started_at: Date | null;
  closed_at: Date | null;
  closed_by: string | null;
}

export type Decision = 'keep' | 'revoke' | 'link';

/**
 * The outcome of a manual removal (no workflow: an orphan, or a deleted integration) once an admin
 * recorded that it was done on the target by hand; the next successful sync confirms or flags it.
 */
export const REMOVED_BY_HAND = 'removed_by_hand';

export interface ReviewItemRow {
  id: string;
  campaign_id: string;
  tenant_id: string;
  account_id: string | null;
  integration_id: string | null;
  integration_name: string;
  external_id: string;
  email: string;
  name: string;
  state: string;
  admin: boolean;
  person_id: string | null;
  last_seen_at: Date;
  decision: Decision | null;
  link_person_id: string | null;
  comment: string | null;
  decided_by: string | null;
  decided_at: Date | null;
  removal_workflow_id: string | null;
  removal_task_id: string | null;
  removal_outcome: string | null;
  removal_reason: string | null;
  removal_finished_at: Date | null;
  confirmation: 'confirmed' | 'flagged' | null;
  confirmed_at: Date | null;
}

const ITEM_COLUMNS = `id::text AS id, campaign_id, tenant_id, account_id::text AS account_id, integration_id, integration_name, external_id, email, name, state, admin,
  person_id, last_seen_at, decision, link_person_id, comment, decided_by, decided_at, removal_workflow_id, removal_task_id, removal_outcome, removal_reason,
  removal_finished_at, confirmation, confirmed_at`;

export async function insertCampaign(
  db: Queryable,
  input: {
    id: string;
    tenantId: string;
    name: string;
    integrationIds: readonly string[] | null;
    dueAt: Date;
    reviewers: readonly ReviewerRow[];
    createdBy: string;
  },
): Promise<CampaignRow> {
  const { rows } = await db.query<CampaignRow>(
    `INSERT INTO review_campaigns (id, tenant_id, name, integration_ids, due_at, reviewers, status, created_by)
     VALUES ($1, $2, $3, $4::text[], $5, $6::jsonb, 'draft', $7) RETURNING *`,
    [input.id, input.tenantId, input.name, input.integrationIds, input.dueAt, JSON.stringify(input.reviewers), input.createdBy],
  );
  return rows[0]!;
}

export async function findCampaign(
  db: Queryable,
  input: { tenantId: string; campaignId: string },
  options: { forUpdate?: boolean } = {},
): Promise<CampaignRow | undefined> {
  const { rows } = await db.query<CampaignRow>(`SELECT * FROM review_campaigns WHERE tenant_id = $1 AND id = $2${options.forUpdate ? ' FOR UPDATE' : ''}`, [
    input.tenantId,
    input.campaignId,
  ]);
  return rows[0];
}

export async function listCampaignRows(db: Queryable, input: { tenantId: string; limit: number }): Promise<CampaignRow[]> {
  return (
    await db.query<CampaignRow>('SELECT * FROM review_campaigns WHERE tenant_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2', [input.tenantId, input.limit])
  ).rows;
}

/** The tenant's integrations in the campaign's scope (all of them when it names none), by name. */
export async function scopeIntegrations(db: Queryable, campaign: CampaignRow): Promise<{ id: string; name: string }[]> {
  return (
    await db.query<{ id: string; name: string }>(
      'SELECT id, name FROM integrations WHERE tenant_id = $1 AND ($2::text[] IS NULL OR id = ANY($2::text[])) ORDER BY name, id',
      [campaign.tenant_id, campaign.integration_ids],
    )
  ).rows;
}

/** Of `integrationIds`, those with a successful sync run that finished after `after`. */
export async function integrationsSyncedSince(
  db: Queryable,
  input: { tenantId: string; integrationIds: readonly string[]; after: Date },
): Promise<Set<string>> {
  const { rows } = await db.query<{ integration_id: string }>(
    `SELECT DISTINCT integration_id FROM sync_runs WHERE tenant_id = $1 AND integration_id = ANY($2::text[]) AND status = 'succeeded' AND finished_at > $3`,
    [input.tenantId, [...input.integrationIds], input.after],
  );
  return new Set(rows.map((row) => row.integration_id));
}

/** Moves the campaign's status (asked of `CAMPAIGN_MOVES` first); false when its status was not one of `from`. */
export async function moveCampaign(
  tx: Queryable,
  input: {
    campaignId: string;
    from: readonly CampaignStatus[];
    to: CampaignStatus;
    waitingFor?: readonly WaitingRow[];
    withoutIntegrationIds?: readonly string[];
    closedBy?: string;
  },
): Promise<boolean> {
  const sources = CAMPAIGN_MOVES.sources(input.to, input.from);
  const { rows } = await tx.query(
    `UPDATE review_campaigns SET status = $2,
       waiting_for = COALESCE($4::jsonb, waiting_for),
       without_integration_ids = COALESCE($5::text[], without_integration_ids),
       started_at = CASE WHEN $2 = 'open' THEN now() ELSE started_at END,
       closed_at = CASE WHEN $2 = 'closed' THEN now() ELSE closed_at END,
       closed_by = CASE WHEN $2 = 'closed' THEN $6 ELSE closed_by END
     WHERE id = $1 AND status = ANY($3::text[]) RETURNING id`,
    [
      input.campaignId,
      input.to,
      sources,
      input.waitingFor === undefined ? null : JSON.stringify(input.waitingFor),
      input.withoutIntegrationIds === undefined ? null : [...input.withoutIntegrationIds],
      input.closedBy ?? null,
    ],
  );
  return rows.length > 0;
}

/** Freezes one item per present account (not removed) of `integrationIds`, in one statement; returns how many. */
export async function freezeItems(tx: Queryable, input: { tenantId: string; campaignId: string; integrationIds: readonly string[] }): Promise<number> {
  const { rows } = await tx.query<{ count: string }>(
    `WITH inserted AS (
       INSERT INTO review_items (campaign_id, tenant_id, account_id, integration_id, integration_name, external_id, email, name, state, admin, person_id, last_seen_at)
       SELECT $2, a.tenant_id, a.id, a.integration_id, i.name, a.external_id, a.email, a.name, a.state, a.admin,
              CASE WHEN a.link_status = 'linked' THEN a.person_id END, a.last_seen_at
       FROM accounts a JOIN integrations i ON i.id = a.integration_id
       WHERE a.tenant_id = $1 AND a.integration_id = ANY($3::text[]) AND a.state <> 'removed' AND a.removed_at IS NULL
       RETURNING 1)
     SELECT count(*)::text AS count FROM inserted`,
    [input.tenantId, input.campaignId, [...input.integrationIds]],
  );
  return Number(rows[0]!.count);
}

export interface ItemFilter {
  decided?: boolean;
  admin?: boolean;
  linked?: boolean;
  integrationId?: string;
  /** Only items of these integrations (a reviewer's scope). */
  integrationIds?: readonly string[];
}

const FILTER_SQL = `($2::boolean IS NULL OR (decision IS NOT NULL) = $2)
  AND ($3::boolean IS NULL OR admin = $3)
  AND ($4::boolean IS NULL OR (person_id IS NOT NULL) = $4)
  AND ($5::text IS NULL OR integration_id = $5)
  AND ($6::text[] IS NULL OR integration_id = ANY($6::text[]))`;

const filterParams = (filter: ItemFilter) => [
  filter.decided ?? null,
  filter.admin ?? null,
  filter.linked ?? null,
  filter.integrationId ?? null,
  filter.integrationIds === undefined ? null : [...filter.integrationIds],
];

/** The campaign's items in id order, optionally filtered, a page at a time (`after`: the last id seen). */
export async function listItemRows(db: Queryable, input: { campaignId: string; filter?: ItemFilter; after?: string; limit: number }): Promise<ReviewItemRow[]> {
  const { rows } = await db.query<ReviewItemRow>(
    `SELECT ${ITEM_COLUMNS} FROM review_items WHERE campaign_id = $1 AND ${FILTER_SQL} AND ($7::bigint IS NULL OR id > $7::bigint) ORDER BY review_items.id LIMIT $8`,
    [input.campaignId, ...filterParams(input.filter ?? {}), input.after ?? null, input.limit],
  );
  return rows;
}

export async function findItem(
  db: Queryable,
  input: { campaignId: string; itemId: string },
  options: { forUpdate?: boolean } = {},
): Promise<ReviewItemRow | undefined> {
  if (!/^\d{1,18}$/.test(input.itemId)) return undefined;
  const { rows } = await db.query<ReviewItemRow>(
    `SELECT ${ITEM_COLUMNS} FROM review_items WHERE campaign_id = $1 AND id = $2::bigint${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [input.campaignId, input.itemId],
  );
  return rows[0];
}

export async function saveDecision(
  tx: Queryable,
  input: { itemId: string; decision: Decision; linkPersonId: string | null; comment: string | null; decidedBy: string },
): Promise<void> {
  await tx.query(`UPDATE review_items SET decision = $2, link_person_id = $3, comment = $4, decided_by = $5, decided_at = now() WHERE id = $1::bigint`, [
    input.itemId,
    input.decision,
    input.linkPersonId,
    input.comment,
    input.decidedBy,
  ]);
}

export async function saveRemoval(
  tx: Queryable,
  input: { itemId: string; workflowId: string | null; taskId: string | null; outcome: string; reason: string | null },
): Promise<void> {
  await tx.query(
    `UPDATE review_items SET removal_workflow_id = $2, removal_task_id = $3, removal_outcome = $4, removal_reason = $5,
       removal_finished_at = CASE WHEN $4 IN ('succeeded', 'skipped', 'failed', '${REMOVED_BY_HAND}') THEN now() END WHERE id = $1::bigint`,
    [input.itemId, input.workflowId, input.taskId, input.outcome, input.reason],
  );
}

/**
 * Brings the campaign's items up to date: each removal takes its task's status (a manual task
 * recorded as removed by hand keeps that outcome), and an item whose
 * removal succeeded (or was a manual step) is confirmed when a successful sync finished after it
 * and the account is gone or deactivated, flagged when that sync still found it present.
 */
export async function refreshItems(tx: Queryable, campaignId: string): Promise<void> {
  await tx.query(
    `UPDATE review_items i SET removal_outcome = t.status, removal_reason = COALESCE(t.error_message, t.reason, i.removal_reason), removal_finished_at = t.finished_at
     FROM workflow_tasks t WHERE i.campaign_id = $1 AND i.removal_task_id = t.id AND i.removal_outcome IS DISTINCT FROM t.status
       AND i.removal_outcome IS DISTINCT FROM '${REMOVED_BY_HAND}'`,
    [campaignId],
  );
  await tx.query(
    `UPDATE review_items i SET
       confirmation = CASE WHEN EXISTS (SELECT 1 FROM accounts a WHERE a.id = i.account_id AND a.state IN ('active', 'invited') AND a.removed_at IS NULL)
         THEN 'flagged' ELSE 'confirmed' END,
       confirmed_at = r.finished_at
     FROM (SELECT i2.id AS item_id, max(r2.finished_at) AS finished_at
           FROM review_items i2 JOIN sync_runs r2 ON r2.integration_id = i2.integration_id AND r2.status = 'succeeded'
             AND r2.finished_at > COALESCE(i2.removal_finished_at, i2.decided_at)
           WHERE i2.campaign_id = $1 AND i2.confirmation IS NULL AND i2.removal_outcome IN ('succeeded', 'manual', '${REMOVED_BY_HAND}')
           GROUP BY i2.id) r
     WHERE i.id = r.item_id`,
    [campaignId],
  );
}

export interface ItemCounts {
  items: number;
  decided: number;
  kept: number;
  revoked: number;
  linked: number;
  removed: number;
  confirmed: number;
  flagged: number;
}

export async function countItems(db: Queryable, campaignId: string): Promise<ItemCounts> {
  const { rows } = await db.query<Record<keyof ItemCounts, string>>(
    `SELECT count(*)::text AS items, count(decision)::text AS decided,
       count(*) FILTER (WHERE decision = 'keep')::text AS kept, count(*) FILTER (WHERE decision = 'revoke')::text AS revoked,
       count(*) FILTER (WHERE decision = 'link')::text AS linked, count(*) FILTER (WHERE removal_outcome IN ('succeeded', '${REMOVED_BY_HAND}'))::text AS removed,
       count(*) FILTER (WHERE confirmation = 'confirmed')::text AS confirmed, count(*) FILTER (WHERE confirmation = 'flagged')::text AS flagged
     FROM review_items WHERE campaign_id = $1`,
    [campaignId],
  );
  const row = rows[0]!;
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)])) as unknown as ItemCounts;
}
