/** What an access review campaign and its items look like to callers (API, CLI, console), and the report's rows. */
import { formatCsv } from '../access/csv.js';
import type { CampaignRow, CampaignStatus, Decision, ItemCounts, ReviewerRow, ReviewItemRow, WaitingRow } from '../store/review-rows.js';

export const CAMPAIGN_STATUSES: readonly CampaignStatus[] = ['draft', 'waiting', 'open', 'closed'];
export const DECISIONS: readonly Decision[] = ['keep', 'revoke', 'link'];

export interface Campaign {
  id: string;
  tenantId: string;
  name: string;
  /** Null: every integration of the tenant. */
  integrationIds: string[] | null;
  withoutIntegrationIds: string[];
  /** While `waiting`: the integrations without a successful sync newer than the campaign, and why. */
  waitingFor: WaitingRow[];
  dueAt: string;
  /** True when the campaign is not closed and its due date has passed. */
  overdue: boolean;
  reviewers: ReviewerRow[];
  status: CampaignStatus;
  createdBy: string;
  createdAt: string;
  startedAt: string | null;
  closedAt: string | null;
  closedBy: string | null;
  progress: ItemCounts;
}

export interface ReviewItem {
  id: string;
  campaignId: string;
  accountId: string | null;
  integrationId: string | null;
  integrationName: string;
  externalId: string;
  email: string;
  name: string;
  state: string;
  admin: boolean;
  /** Null: no person is linked (an orphan). */
  personId: string | null;
  lastSeenAt: string;
  /** Null: undecided. */
  decision: Decision | null;
  linkPersonId: string | null;
  comment: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  removal: { workflowId: string | null; outcome: string; reason: string | null; finishedAt: string | null } | null;
  confirmation: 'confirmed' | 'flagged' | null;
  confirmedAt: string | null;
}

const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

export function toCampaign(row: CampaignRow, progress: ItemCounts, now: Date): Campaign {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    name: row.name,
    integrationIds: row.integration_ids,
    withoutIntegrationIds: row.without_integration_ids,
    waitingFor: row.waiting_for,
    dueAt: iso(row.due_at)!,
    overdue: row.status !== 'closed' && new Date(row.due_at).getTime() < now.getTime(),
    reviewers: row.reviewers,
    status: row.status,
    createdBy: row.created_by,
    createdAt: iso(row.created_at)!,
    startedAt: iso(row.started_at),
    closedAt: iso(row.closed_at),
    closedBy: row.closed_by,
    progress,
  };
}

export function toReviewItem(row: ReviewItemRow): ReviewItem {
  return {
    id: row.id,
    campaignId: row.campaign_id,
    accountId: row.account_id,
    integrationId: row.integration_id,
    integrationName: row.integration_name,
    externalId: row.external_id,
    email: row.email,
    name: row.name,
    state: row.state,
    admin: row.admin,
    personId: row.person_id,
    lastSeenAt: iso(row.last_seen_at)!,
    decision: row.decision,
    linkPersonId: row.link_person_id,
    comment: row.comment,
    decidedBy: row.decided_by,
    decidedAt: iso(row.decided_at),
    removal:
      row.removal_outcome === null
        ? null
        : { workflowId: row.removal_workflow_id, outcome: row.removal_outcome, reason: row.removal_reason, finishedAt: iso(row.removal_finished_at) },
    confirmation: row.confirmation,
    confirmedAt: iso(row.confirmed_at),
  };
}

export const REPORT_HEADER = [
  'item',
  'integration',
  'account id',
  'email',
  'name',
  'state',
  'admin',
  'person',
  'last seen',
  'decision',
  'linked to',
  'reviewer',
  'decided at',
  'comment',
  'removal workflow',
  'removal outcome',
  'removal detail',
  'confirmation',
] as const;

/** One report row per item; an undecided item says `undecided`, never kept. */
export function reportRow(item: ReviewItem): unknown[] {
  return [
    item.id,
    item.integrationName,
    item.externalId,
    item.email,
    item.name,
    item.state,
    item.admin ? 'yes' : 'no',
    item.personId ?? 'no person',
    item.lastSeenAt,
    item.decision ?? 'undecided',
    item.linkPersonId ?? '',
    item.decidedBy ?? '',
    item.decidedAt ?? '',
    item.comment ?? '',
    item.removal?.workflowId ?? '',
    item.removal?.outcome ?? '',
    item.removal?.reason ?? '',
    item.confirmation ?? '',
  ];
}

export const reportCsv = (items: readonly ReviewItem[]) => formatCsv(REPORT_HEADER, items.map(reportRow));
