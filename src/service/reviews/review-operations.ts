/**
 * Access review campaigns (issue 28 point 1): create, start on fresh data (or wait for it), decide
 * items one by one or by a filter, revoke through the workflow engine, close, and the report.
 * Every decision is in the audit log, written in the transaction that records it.
 */
import { randomUUID } from 'node:crypto';
import { recordAudit } from '../audit/audit-log.js';
import type { ServiceContext } from '../context.js';
import { isServiceError, ServiceError } from '../service-error.js';
import { findPerson } from '../store/people-rows.js';
import {
  countItems,
  findCampaign,
  findItem,
  freezeItems,
  insertCampaign,
  integrationsSyncedSince,
  listCampaignRows,
  listItemRows,
  moveCampaign,
  REMOVED_BY_HAND,
  refreshItems,
  saveDecision,
  saveRemoval,
  scopeIntegrations,
  type CampaignRow,
  type Decision,
  type ItemFilter,
  type ReviewerRow,
  type ReviewItemRow,
  type WaitingRow,
} from '../store/review-rows.js';
import type { SyncOperations } from '../sync/sync-operations.js';
import { loadTenant } from '../tenants/tenants.js';
import { requireActor, requireText } from '../validate-input.js';
import type { WorkflowOperations } from '../workflows/workflow-operations.js';
import { decidableScope, requireInScope, type DecidableScope, type Decider } from './review-access.js';
import { resolveReviewers, reviewerCandidates } from './reviewers.js';
import { reviewReportDocument } from './review-report-html.js';
import { DECISIONS, reportCsv, toCampaign, toReviewItem, type Campaign, type ReviewItem } from './review-view.js';

/** The decider of a call without one: an operator's act (the CLI, the library), as an admin. */
const OPERATOR: Decider = { role: 'admin', name: 'operator' };

/** Limits of one request, in one place. */
export const REVIEW_LIMITS = { integrations: 500, reviewers: 500, comment: 2000, itemsPage: { default: 100, max: 1000 }, campaigns: 500 } as const;

export interface ReviewOperations {
  create(input: {
    tenantId: string;
    name: string;
    /** Left out: every integration of the tenant. */
    integrationIds?: string[];
    dueAt: string;
    /** One reviewer for all, or one per integration. */
    reviewers: { reviewer: string; integrationId?: string | null }[];
    actor: string;
  }): Promise<Campaign>;
  list(input: { tenantId: string }): Promise<Campaign[]>;
  get(input: { tenantId: string; campaignId: string }): Promise<Campaign>;
  /**
   * Opens the campaign when every integration in scope (less `withoutIntegrations`) has a
   * successful sync that finished after the campaign was created; otherwise queues a sync of each
   * stale one and answers `waiting`, naming them (and why one cannot sync).
   */
  start(input: { tenantId: string; campaignId: string; withoutIntegrations?: string[]; actor: string }): Promise<Campaign>;
  items(input: { tenantId: string; campaignId: string; filter?: ItemFilter; after?: string; limit?: number }): Promise<{ items: ReviewItem[]; next?: string }>;
  decide(input: {
    tenantId: string;
    campaignId: string;
    itemId: string;
    decision: Decision;
    comment?: string;
    personId?: string;
    /** Who decides (their role and name); absent: an operator's act (the CLI), as an admin. */
    decider?: Decider;
    actor: string;
  }): Promise<ReviewItem>;
  /** Keep or revoke every item the filter selects (undecided ones only unless `filter.decided` says otherwise). */
  decideMany(input: {
    tenantId: string;
    campaignId: string;
    filter: ItemFilter;
    decision: 'keep' | 'revoke';
    comment?: string;
    /** Who decides; a reviewer's bulk decision selects only the items of the integrations they review. */
    decider?: Decider;
    actor: string;
  }): Promise<{ decided: number }>;
  /**
   * Records that a manual removal (a removal workflow's manual task: neither Delete User nor
   * Deactivate User is enabled; or an account of a deleted integration, no workflow) was done on the
   * target by hand, with who and when; the next successful sync then confirms it, or flags it when
   * the account is still there. Open or closed campaigns.
   */
  recordRemovedByHand(input: { tenantId: string; campaignId: string; itemId: string; comment?: string; actor: string }): Promise<ReviewItem>;
  close(input: { tenantId: string; campaignId: string; actor: string }): Promise<Campaign>;
  /** Every item with its decision, reviewer, time, comment and the removal's outcome, in item order. */
  report(input: { tenantId: string; campaignId: string }): Promise<ReviewItem[]>;
  /** The report as CSV (formulas neutralised). */
  reportCsv(input: { tenantId: string; campaignId: string }): Promise<string>;
  /** The report as a standalone printable HTML document (every value escaped; the console's page has the same body). */
  reportHtml(input: { tenantId: string; campaignId: string }): Promise<string>;
}

function requireIds(field: string, value: unknown, max: number): string[] {
  if (!Array.isArray(value) || value.length > max || value.some((id) => typeof id !== 'string' || id.length === 0 || id.length > 200))
    throw new ServiceError('INVALID_INPUT', `${field} must be a list of at most ${max} ids`, { hint: `give ${field}: ["<id>", ...]` });
  return [...new Set(value as string[])];
}

function requireDue(value: unknown): Date {
  const time = typeof value === 'string' ? new Date(value) : new Date(Number.NaN);
  if (Number.isNaN(time.getTime())) throw new ServiceError('INVALID_INPUT', 'dueAt must be an ISO 8601 time', { hint: 'e.g. 2026-12-31T17:00:00Z' });
  return time;
}

function requireReviewers(value: unknown, scope: ReadonlySet<string> | undefined): ReviewerRow[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > REVIEW_LIMITS.reviewers)
    throw new ServiceError('INVALID_INPUT', `reviewers must be a list of 1 to ${REVIEW_LIMITS.reviewers} reviewers`, {
      hint: 'give reviewers: [{"reviewer": "<name, or operator:<id> / token:<id>>"}] for one for all, or one per integration with integrationId',
    });
  return value.map((entry: { reviewer?: unknown; integrationId?: unknown }, index) => {
    const reviewer = requireText(`reviewers[${index}].reviewer`, entry?.reviewer, { max: 200 });
    const integrationId = entry?.integrationId ?? null;
    if (integrationId !== null && (typeof integrationId !== 'string' || (scope !== undefined && !scope.has(integrationId))))
      throw new ServiceError('INVALID_INPUT', `reviewers[${index}].integrationId is not an integration of the campaign`, {
        hint: 'leave it out for a reviewer of every integration',
      });
    return { reviewer, integrationId: integrationId as string | null };
  });
}

const decodeAfter = (after: string | undefined) => {
  if (after !== undefined && !/^\d{1,18}$/.test(after))
    throw new ServiceError('INVALID_INPUT', 'after must be the `next` of the previous page', { hint: 'pass it unchanged' });
  return after;
};

export function reviewOperations(context: ServiceContext, deps: { sync: SyncOperations; workflows: WorkflowOperations; now?: () => Date }): ReviewOperations {
  const { db } = context;
  const now = deps.now ?? (() => new Date());

  const campaignRow = async (tenantId: string, campaignId: string): Promise<CampaignRow> => {
    const row = await findCampaign(db, { tenantId, campaignId: requireText('campaignId', campaignId, { max: 200 }) });
    if (!row)
      throw new ServiceError('NOT_FOUND', `review campaign ${campaignId} does not exist in tenant ${tenantId}`, { hint: 'list the campaigns to find its id' });
    return row;
  };

  const view = async (row: CampaignRow): Promise<Campaign> => {
    if (row.status === 'open' || row.status === 'closed') await db.transaction((tx) => refreshItems(tx, row.id));
    return toCampaign(row, await countItems(db, row.id), now());
  };

  const requireOpen = (row: CampaignRow, what: string) => {
    if (row.status !== 'open')
      throw new ServiceError('REVIEW_STATE', `review campaign ${row.id} is ${row.status}; ${what} only while it is open`, {
        hint: row.status === 'closed' ? 'a closed campaign keeps its decisions; start a new one' : 'start it first',
      });
  };

  /** Starts the removal of a revoked item (once: the workflow's idempotency key is the item's). */
  const startRemoval = async (campaign: CampaignRow, item: ReviewItemRow, actor: string): Promise<void> => {
    if (item.integration_id === null) {
      await saveRemoval(db, {
        itemId: item.id,
        workflowId: null,
        taskId: null,
        outcome: 'manual',
        reason: 'the integration was deleted: remove the account by hand',
      });
      return;
    }
    try {
      const { workflow } = await deps.workflows.startAccountRemoval({
        tenantId: campaign.tenant_id,
        personId: item.person_id,
        integrationId: item.integration_id,
        accountExternalId: item.external_id,
        idempotencyKey: `review:${campaign.id}:${item.id}`,
        actor,
      });
      const task = workflow.tasks[0];
      await saveRemoval(db, {
        itemId: item.id,
        workflowId: workflow.id,
        taskId: task?.id ?? null,
        outcome: task?.status ?? workflow.status,
        reason: task?.reason ?? null,
      });
    } catch (error) {
      if (!isServiceError(error)) throw error;
      // The decision stands; deciding revoke again tries the removal again with the same key.
      await saveRemoval(db, { itemId: item.id, workflowId: null, taskId: null, outcome: 'not_started', reason: `${error.code}: ${error.message}` });
    }
  };

  const decideOne = async (
    campaign: CampaignRow,
    input: { itemId: string; decision: Decision; comment: string | null; personId: string | null; actor: string; decider: Decider; scope: DecidableScope },
  ): Promise<void> => {
    const item = await db.transaction(async (tx) => {
      const current = await findCampaign(tx, { tenantId: campaign.tenant_id, campaignId: campaign.id }, { forUpdate: true });
      requireOpen(current!, 'items are decided');
      const row = await findItem(tx, { campaignId: campaign.id, itemId: input.itemId }, { forUpdate: true });
      if (!row) throw new ServiceError('NOT_FOUND', `review campaign ${campaign.id} has no item ${input.itemId}`, { hint: 'list the campaign’s items' });
      requireInScope(input.scope, row, input.decider);
      if (row.removal_workflow_id !== null && input.decision !== 'revoke')
        throw new ServiceError(
          'REVIEW_STATE',
          `item ${row.id} was revoked and its removal started (workflow ${row.removal_workflow_id}); it cannot be changed`,
          {
            hint: 'the removal runs to its end; onboard the person again if the access must stay',
          },
        );
      await saveDecision(tx, { itemId: row.id, decision: input.decision, linkPersonId: input.personId, comment: input.comment, decidedBy: input.actor });
      await recordAudit(tx, {
        tenantId: campaign.tenant_id,
        ...(row.integration_id ? { integrationId: row.integration_id } : {}),
        actor: input.actor,
        event: 'review.decided',
        detail: {
          campaignId: campaign.id,
          itemId: row.id,
          account: row.external_id,
          decision: input.decision,
          previous: row.decision,
          ...(input.personId ? { personId: input.personId } : {}),
          ...(input.comment ? { comment: input.comment } : {}),
        },
      });
      return row;
    });
    if (input.decision === 'revoke' && item.removal_workflow_id === null) await startRemoval(campaign, item, input.actor);
  };

  const requireComment = (comment: unknown): string | null => {
    if (comment === undefined || comment === null || comment === '') return null;
    return requireText('comment', comment, { max: REVIEW_LIMITS.comment });
  };

  const requireDecision = (decision: unknown, allowed: readonly string[]): Decision => {
    if (typeof decision !== 'string' || !allowed.includes(decision))
      throw new ServiceError('INVALID_INPUT', `decision must be one of ${allowed.join(', ')}`, {
        hint: 'keep the access, revoke it, or link the account to a person',
      });
    return decision as Decision;
  };

  const operations: ReviewOperations = {
    async create(input) {
      const actor = requireActor(input.actor);
      await loadTenant(db, input.tenantId);
      const name = requireText('name', input.name, { max: 200 });
      const dueAt = requireDue(input.dueAt);
      let integrationIds: string[] | null = null;
      if (input.integrationIds !== undefined) {
        integrationIds = requireIds('integrationIds', input.integrationIds, REVIEW_LIMITS.integrations);
        if (integrationIds.length === 0) throw new ServiceError('INVALID_INPUT', 'integrationIds names none', { hint: 'leave it out for every integration' });
        const known = new Set(
          (await scopeIntegrations(db, { tenant_id: input.tenantId, integration_ids: integrationIds } as CampaignRow)).map((row) => row.id),
        );
        const unknown = integrationIds.filter((id) => !known.has(id));
        if (unknown.length > 0)
          throw new ServiceError('NOT_FOUND', `integration ${unknown.join(', ')} does not exist in tenant ${input.tenantId}`, {
            hint: 'list the tenant’s integrations to find the ids',
          });
      }
      const reviewers = resolveReviewers({
        tenantId: input.tenantId,
        entries: requireReviewers(input.reviewers, integrationIds === null ? undefined : new Set(integrationIds)),
        candidates: await reviewerCandidates(db, input.tenantId),
      });
      const row = await db.transaction(async (tx) => {
        const inserted = await insertCampaign(tx, { id: randomUUID(), tenantId: input.tenantId, name, integrationIds, dueAt, reviewers, createdBy: actor });
        await recordAudit(tx, {
          tenantId: input.tenantId,
          actor,
          event: 'review.created',
          detail: { campaignId: inserted.id, name, integrationIds, dueAt: dueAt.toISOString(), reviewers },
        });
        return inserted;
      });
      return view(row);
    },

    async list(input) {
      await loadTenant(db, input.tenantId);
      const rows = await listCampaignRows(db, { tenantId: input.tenantId, limit: REVIEW_LIMITS.campaigns });
      return Promise.all(rows.map(view));
    },

    get: async (input) => view(await campaignRow(input.tenantId, input.campaignId)),

    async start(input) {
      const actor = requireActor(input.actor);
      const campaign = await campaignRow(input.tenantId, input.campaignId);
      if (campaign.status !== 'draft' && campaign.status !== 'waiting')
        throw new ServiceError('REVIEW_STATE', `review campaign ${campaign.id} is ${campaign.status}; only a draft or waiting campaign starts`, {
          hint: 'read its items',
        });
      const without = requireIds('withoutIntegrations', input.withoutIntegrations ?? [], REVIEW_LIMITS.integrations);
      const all = await scopeIntegrations(db, campaign);
      const outside = without.filter((id) => !all.some((integration) => integration.id === id));
      if (outside.length > 0)
        throw new ServiceError('INVALID_INPUT', `withoutIntegrations names ${outside.join(', ')}, not in the campaign’s scope`, {
          hint: 'name only integrations the campaign waits for',
        });
      const scope = all.filter((integration) => !without.includes(integration.id));
      const fresh = await integrationsSyncedSince(db, { tenantId: campaign.tenant_id, integrationIds: scope.map((i) => i.id), after: campaign.created_at });
      const stale = scope.filter((integration) => !fresh.has(integration.id));
      if (stale.length > 0) {
        const waitingFor: WaitingRow[] = [];
        for (const integration of stale) {
          let reason: string;
          try {
            const { run, joined } = await deps.sync.syncNow({ tenantId: campaign.tenant_id, integrationId: integration.id, actor });
            reason = joined ? `waits for the sync run ${run.id} in progress` : `a sync was queued (run ${run.id})`;
          } catch (error) {
            if (!isServiceError(error)) throw error;
            reason = `cannot sync: ${error.message} (start without it to leave it out)`;
          }
          waitingFor.push({ integrationId: integration.id, integrationName: integration.name, reason });
        }
        await db.transaction(async (tx) => {
          if (!(await moveCampaign(tx, { campaignId: campaign.id, from: ['draft', 'waiting'], to: 'waiting', waitingFor, withoutIntegrationIds: without })))
            throw new ServiceError('REVIEW_STATE', `review campaign ${campaign.id} was started or closed meanwhile`, { hint: 'read it again' });
          await recordAudit(tx, { tenantId: campaign.tenant_id, actor, event: 'review.waiting', detail: { campaignId: campaign.id, waitingFor } });
        });
        return view((await findCampaign(db, { tenantId: campaign.tenant_id, campaignId: campaign.id }))!);
      }
      await db.transaction(async (tx) => {
        if (!(await moveCampaign(tx, { campaignId: campaign.id, from: ['draft', 'waiting'], to: 'open', waitingFor: [], withoutIntegrationIds: without })))
          throw new ServiceError('REVIEW_STATE', `review campaign ${campaign.id} was started or closed meanwhile`, { hint: 'read it again' });
        const items = await freezeItems(tx, { tenantId: campaign.tenant_id, campaignId: campaign.id, integrationIds: scope.map((i) => i.id) });
        await recordAudit(tx, {
          tenantId: campaign.tenant_id,
          actor,
          event: 'review.started',
          detail: { campaignId: campaign.id, items, integrationIds: scope.map((i) => i.id), withoutIntegrations: without },
        });
      });
      return view((await findCampaign(db, { tenantId: campaign.tenant_id, campaignId: campaign.id }))!);
    },

    async items(input) {
      const campaign = await campaignRow(input.tenantId, input.campaignId);
      const limit = input.limit ?? REVIEW_LIMITS.itemsPage.default;
      if (!Number.isInteger(limit) || limit < 1 || limit > REVIEW_LIMITS.itemsPage.max)
        throw new ServiceError('INVALID_INPUT', `limit must be a whole number from 1 to ${REVIEW_LIMITS.itemsPage.max}`, {
          hint: `leave it out for ${REVIEW_LIMITS.itemsPage.default}`,
        });
      await db.transaction((tx) => refreshItems(tx, campaign.id));
      const rows = await listItemRows(db, { campaignId: campaign.id, filter: input.filter ?? {}, after: decodeAfter(input.after), limit: limit + 1 });
      const items = rows.slice(0, limit).map(toReviewItem);
      return rows.length > limit ? { items, next: items.at(-1)!.id } : { items };
    },

    async decide(input) {
      const actor = requireActor(input.actor);
      const campaign = await campaignRow(input.tenantId, input.campaignId);
      const decider = input.decider ?? OPERATOR;
      const scope = decidableScope({ campaignId: campaign.id, reviewers: campaign.reviewers, decider });
      const decision = requireDecision(input.decision, DECISIONS);
      const comment = requireComment(input.comment);
      let personId: string | null = null;
      if (decision === 'link') {
        personId = requireText('personId', input.personId, { max: 200 });
        if (!(await findPerson(db, { tenantId: input.tenantId, personId })))
          throw new ServiceError('NOT_FOUND', `person ${personId} does not exist in tenant ${input.tenantId}`, {
            hint: 'list the tenant’s people to find the id',
          });
      }
      const itemId = requireText('itemId', input.itemId, { max: 20 });
      await decideOne(campaign, { itemId, decision, comment, personId, actor, decider, scope });
      await db.transaction((tx) => refreshItems(tx, campaign.id));
      return toReviewItem((await findItem(db, { campaignId: campaign.id, itemId }))!);
    },

    async decideMany(input) {
      const actor = requireActor(input.actor);
      const campaign = await campaignRow(input.tenantId, input.campaignId);
      const decider = input.decider ?? OPERATOR;
      const scope = decidableScope({ campaignId: campaign.id, reviewers: campaign.reviewers, decider });
      requireOpen(campaign, 'items are decided');
      const decision = requireDecision(input.decision, ['keep', 'revoke']);
      const comment = requireComment(input.comment);
      const filter: ItemFilter = { decided: false, ...input.filter, ...(scope.all ? {} : { integrationIds: scope.integrationIds }) };
      let decided = 0;
      for (let after: string | undefined; ; ) {
        const page = await listItemRows(db, { campaignId: campaign.id, filter, ...(after ? { after } : {}), limit: 500 });
        for (const item of page) {
          await decideOne(campaign, { itemId: item.id, decision, comment, personId: null, actor, decider, scope });
          decided += 1;
        }
        if (page.length < 500) break;
        after = page.at(-1)!.id;
      }
      return { decided };
    },

    async recordRemovedByHand(input) {
      const actor = requireActor(input.actor);
      const campaign = await campaignRow(input.tenantId, input.campaignId);
      const itemId = requireText('itemId', input.itemId, { max: 20 });
      const comment = requireComment(input.comment);
      await db.transaction(async (tx) => {
        const row = await findItem(tx, { campaignId: campaign.id, itemId }, { forUpdate: true });
        if (!row) throw new ServiceError('NOT_FOUND', `review campaign ${campaign.id} has no item ${itemId}`, { hint: 'list the campaign’s items' });
        if (row.decision !== 'revoke' || row.removal_outcome !== 'manual')
          throw new ServiceError(
            'REVIEW_STATE',
            `item ${row.id} has no manual removal to record (decision ${row.decision ?? 'undecided'}, removal ${row.removal_outcome ?? 'none'})`,
            {
              hint: 'only a revoked item whose removal is a manual task (or whose integration was deleted) is recorded as removed by hand; Delete User and Deactivate User track themselves',
            },
          );
        const reason = `removed by hand on the target, recorded by ${actor}${comment ? `: ${comment}` : ''}`;
        // The workflow and its manual task stay named: the evidence shows which removal was done by hand.
        await saveRemoval(tx, { itemId: row.id, workflowId: row.removal_workflow_id, taskId: row.removal_task_id, outcome: REMOVED_BY_HAND, reason });
        await recordAudit(tx, {
          tenantId: campaign.tenant_id,
          ...(row.integration_id ? { integrationId: row.integration_id } : {}),
          actor,
          event: 'review.removed_by_hand',
          detail: { campaignId: campaign.id, itemId: row.id, account: row.external_id, ...(comment ? { comment } : {}) },
        });
      });
      await db.transaction((tx) => refreshItems(tx, campaign.id));
      return toReviewItem((await findItem(db, { campaignId: campaign.id, itemId }))!);
    },

    async close(input) {
      const actor = requireActor(input.actor);
      const campaign = await campaignRow(input.tenantId, input.campaignId);
      requireOpen(campaign, 'a campaign is closed');
      await db.transaction(async (tx) => {
        if (!(await moveCampaign(tx, { campaignId: campaign.id, from: ['open'], to: 'closed', closedBy: actor })))
          throw new ServiceError('REVIEW_STATE', `review campaign ${campaign.id} was closed meanwhile`, { hint: 'read it again' });
        await recordAudit(tx, {
          tenantId: campaign.tenant_id,
          actor,
          event: 'review.closed',
          detail: { campaignId: campaign.id, progress: await countItems(tx, campaign.id) },
        });
      });
      return view((await findCampaign(db, { tenantId: campaign.tenant_id, campaignId: campaign.id }))!);
    },

    async report(input) {
      const campaign = await campaignRow(input.tenantId, input.campaignId);
      await db.transaction((tx) => refreshItems(tx, campaign.id));
      const items: ReviewItem[] = [];
      for (let after: string | undefined; ; ) {
        const page = await listItemRows(db, { campaignId: campaign.id, ...(after ? { after } : {}), limit: 5000 });
        items.push(...page.map(toReviewItem));
        if (page.length < 5000) break;
        after = page.at(-1)!.id;
      }
      return items;
    },

    reportCsv: async (input) => reportCsv(await operations.report(input)),

    async reportHtml(input) {
      // Items first: reading them brings removals up to date, so the facts count the same rows.
      const items = await operations.report(input);
      return reviewReportDocument({ campaign: await operations.get(input), items, generatedAt: new Date().toISOString() });
    },
  };
  return operations;
}
