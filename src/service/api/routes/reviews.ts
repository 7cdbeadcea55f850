/**
 * Access review campaigns: create and list campaigns, start one (it waits for fresh syncs, or
 * starts without named integrations), read its items, decide one or many by a filter, close it,
 * and download its report as CSV or printable HTML. Reads are for any caller of the tenant;
 * creating, starting and closing need an admin token; deciding needs an admin token or a reviewer
 * token the campaign names (for the items of the integrations it reviews; reviews/review-access.ts).
 */
import type { TypedApp } from '../../http/typed-app.js';
import type { Service } from '../../open-service.js';
import { REVIEW_LIMITS } from '../../reviews/review-operations.js';
import { REPORT_HTML_HEADERS } from '../../reviews/review-report-html.js';
import { CAMPAIGN_STATUSES, DECISIONS } from '../../reviews/review-view.js';
import { actorOf, callerOf } from '../route-access.js';

const tags = ['reviews'];
const id = { type: 'string', minLength: 1, maxLength: 200 } as const;
const isoTime = { type: 'string', description: 'ISO 8601 time' } as const;
const nullableTime = { type: ['string', 'null'], description: 'ISO 8601 time' } as const;
const count = { type: 'integer' } as const;

const reviewerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['reviewer'],
  properties: {
    reviewer: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      description:
        'An operator or API token of the tenant with the reviewer role: its name (refused when two share it) or its id, operator:<id> or token:<id>; answered with its name',
    },
    integrationId: { type: ['string', 'null'], maxLength: 200, description: 'The integration they review; null or absent: every integration' },
  },
} as const;

/** A campaign's reviewer as answered: with the unique id that decides (absent on a campaign created before ids). */
const reviewerAnswerSchema = {
  ...reviewerSchema,
  properties: {
    ...reviewerSchema.properties,
    reviewerId: { type: 'string', description: 'operator:<id> or token:<id>: only this operator or token decides as this reviewer' },
  },
} as const;

const campaignSchema = {
  title: 'ReviewCampaign',
  type: 'object',
  required: [
    'id',
    'tenantId',
    'name',
    'integrationIds',
    'withoutIntegrationIds',
    'waitingFor',
    'dueAt',
    'overdue',
    'reviewers',
    'status',
    'createdBy',
    'createdAt',
    'progress',
  ],
  properties: {
    id: { type: 'string' },
    tenantId: { type: 'string' },
    name: { type: 'string' },
    integrationIds: { type: ['array', 'null'], items: { type: 'string' }, description: 'null: every integration of the tenant' },
    withoutIntegrationIds: { type: 'array', items: { type: 'string' }, description: 'Left out at start by an explicit choice' },
    waitingFor: {
      type: 'array',
      description: 'While waiting: the integrations without a successful sync newer than the campaign, and why',
      items: {
        type: 'object',
        required: ['integrationId', 'integrationName', 'reason'],
        properties: { integrationId: { type: 'string' }, integrationName: { type: 'string' }, reason: { type: 'string' } },
      },
    },
    dueAt: isoTime,
    overdue: { type: 'boolean', description: 'Not closed and past its due date' },
    reviewers: { type: 'array', items: reviewerAnswerSchema },
    status: { type: 'string', enum: [...CAMPAIGN_STATUSES] },
    createdBy: { type: 'string' },
    createdAt: isoTime,
    startedAt: nullableTime,
    closedAt: nullableTime,
    closedBy: { type: ['string', 'null'] },
    progress: {
      type: 'object',
      required: ['items', 'decided', 'kept', 'revoked', 'linked', 'removed', 'confirmed', 'flagged'],
      properties: { items: count, decided: count, kept: count, revoked: count, linked: count, removed: count, confirmed: count, flagged: count },
    },
  },
} as const;

const itemSchema = {
  title: 'ReviewItem',
  type: 'object',
  required: ['id', 'campaignId', 'integrationName', 'externalId', 'email', 'name', 'state', 'admin', 'personId', 'lastSeenAt', 'decision'],
  properties: {
    id: { type: 'string' },
    campaignId: { type: 'string' },
    accountId: { type: ['string', 'null'] },
    integrationId: { type: ['string', 'null'] },
    integrationName: { type: 'string' },
    externalId: { type: 'string' },
    email: { type: 'string' },
    name: { type: 'string' },
    state: { type: 'string' },
    admin: { type: 'boolean' },
    personId: { type: ['string', 'null'], description: 'null: no person (an orphan)' },
    lastSeenAt: isoTime,
    decision: { type: ['string', 'null'], enum: [...DECISIONS, null], description: 'null: undecided' },
    linkPersonId: { type: ['string', 'null'] },
    comment: { type: ['string', 'null'] },
    decidedBy: { type: ['string', 'null'] },
    decidedAt: nullableTime,
    removal: {
      type: ['object', 'null'],
      description: 'The removal a revoke started: its workflow (null only for an account of a deleted integration) and the task’s outcome',
      properties: { workflowId: { type: ['string', 'null'] }, outcome: { type: 'string' }, reason: { type: ['string', 'null'] }, finishedAt: nullableTime },
    },
    confirmation: {
      type: ['string', 'null'],
      enum: ['confirmed', 'flagged', null],
      description: 'After a later successful sync: gone (confirmed) or still present (flagged)',
    },
    confirmedAt: nullableTime,
  },
} as const;

const campaignParams = { type: 'object', required: ['campaignId'], properties: { campaignId: id } } as const;
const itemParams = {
  type: 'object',
  required: ['campaignId', 'itemId'],
  properties: { campaignId: id, itemId: { type: 'string', minLength: 1, maxLength: 20 } },
} as const;
const filterProperties = {
  decided: { type: 'boolean' },
  admin: { type: 'boolean' },
  linked: { type: 'boolean', description: 'true: the account is linked to a person; false: orphans' },
  integrationId: id,
} as const;
const comment = { type: 'string', maxLength: REVIEW_LIMITS.comment } as const;

export function reviewRoutes(app: TypedApp, service: Service): void {
  app.post('/reviews', {
    config: { access: 'admin', operationId: 'createReviewCampaign' },
    schema: {
      summary: 'Create an access review campaign (draft): a name, a scope (integrations, or all), a due date and reviewers',
      tags,
      body: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'dueAt', 'reviewers'],
        properties: {
          name: { type: 'string', minLength: 1, maxLength: 200 },
          integrationIds: { type: 'array', minItems: 1, maxItems: REVIEW_LIMITS.integrations, items: id, description: 'Absent: every integration' },
          dueAt: isoTime,
          reviewers: { type: 'array', minItems: 1, maxItems: REVIEW_LIMITS.reviewers, items: reviewerSchema },
        },
      },
      response: { 201: campaignSchema },
    },
    handler: async (request, reply) => {
      const caller = callerOf(request);
      return reply.code(201).send(await service.reviews.create({ tenantId: caller.tenantId, ...request.body, actor: actorOf(caller) }));
    },
  });

  app.get('/reviews', {
    config: { access: 'viewer', operationId: 'listReviewCampaigns' },
    schema: {
      summary: `The tenant’s review campaigns, newest first (at most ${REVIEW_LIMITS.campaigns})`,
      tags,
      response: {
        200: { title: 'ReviewCampaignList', type: 'object', required: ['campaigns'], properties: { campaigns: { type: 'array', items: campaignSchema } } },
      },
    },
    handler: async (request) => ({ campaigns: await service.reviews.list({ tenantId: callerOf(request).tenantId }) }),
  });

  app.get('/reviews/:campaignId', {
    config: { access: 'viewer', operationId: 'getReviewCampaign' },
    schema: {
      summary: 'A review campaign with its progress (decided, revoked, removed, confirmed) and whether it is overdue',
      tags,
      params: campaignParams,
      response: { 200: campaignSchema },
    },
    handler: async (request) => service.reviews.get({ tenantId: callerOf(request).tenantId, campaignId: request.params.campaignId }),
  });

  app.post('/reviews/:campaignId/start', {
    config: { access: 'admin', operationId: 'startReviewCampaign' },
    schema: {
      summary:
        'Start the campaign: open with one item per present account once every integration in scope has a successful sync newer than the campaign; else queue those syncs and answer waiting, naming them',
      tags,
      params: campaignParams,
      body: {
        type: ['object', 'null'],
        additionalProperties: false,
        properties: {
          withoutIntegrations: { type: 'array', maxItems: REVIEW_LIMITS.integrations, items: id, description: 'Start without these (an explicit choice)' },
        },
      },
      response: { 200: campaignSchema },
    },
    handler: async (request) => {
      const caller = callerOf(request);
      return service.reviews.start({
        tenantId: caller.tenantId,
        campaignId: request.params.campaignId,
        withoutIntegrations: request.body?.withoutIntegrations ?? [],
        actor: actorOf(caller),
      });
    },
  });

  app.get('/reviews/:campaignId/items', {
    config: { access: 'viewer', operationId: 'listReviewItems' },
    schema: {
      summary: 'The campaign’s items in order, filtered, by cursor',
      tags,
      params: campaignParams,
      querystring: {
        type: 'object',
        additionalProperties: false,
        properties: {
          ...filterProperties,
          limit: { type: 'integer', minimum: 1, maximum: REVIEW_LIMITS.itemsPage.max },
          after: { type: 'string', maxLength: 20 },
        },
      },
      response: {
        200: {
          title: 'ReviewItemPage',
          type: 'object',
          required: ['items'],
          properties: {
            items: { type: 'array', items: itemSchema },
            next: { type: 'string', description: 'The `after` of the next page; absent on the last' },
          },
        },
      },
    },
    handler: async (request) => {
      const { limit, after, ...filter } = request.query;
      return service.reviews.items({
        tenantId: callerOf(request).tenantId,
        campaignId: request.params.campaignId,
        filter,
        ...(after ? { after } : {}),
        ...(limit ? { limit } : {}),
      });
    },
  });

  app.put('/reviews/:campaignId/items/:itemId/decision', {
    config: { access: 'reviewer', operationId: 'decideReviewItem' },
    schema: {
      summary: 'Decide an item (keep, revoke, or link to a person), with a comment; changeable until close, except a revoke whose removal started',
      tags,
      params: itemParams,
      body: {
        type: 'object',
        additionalProperties: false,
        required: ['decision'],
        properties: { decision: { type: 'string', enum: [...DECISIONS] }, comment, personId: { ...id, description: 'The person to link (decision link)' } },
      },
      response: { 200: itemSchema },
    },
    handler: async (request) => {
      const caller = callerOf(request);
      return service.reviews.decide({
        tenantId: caller.tenantId,
        campaignId: request.params.campaignId,
        itemId: request.params.itemId,
        ...request.body,
        decider: caller,
        actor: actorOf(caller),
      });
    },
  });

  app.post('/reviews/:campaignId/decisions', {
    config: { access: 'reviewer', operationId: 'decideReviewItems' },
    schema: {
      summary: 'Keep or revoke every item a filter selects (undecided ones unless the filter says decided)',
      tags,
      params: campaignParams,
      body: {
        type: 'object',
        additionalProperties: false,
        required: ['filter', 'decision'],
        properties: {
          filter: { type: 'object', additionalProperties: false, properties: filterProperties },
          decision: { type: 'string', enum: ['keep', 'revoke'] },
          comment,
        },
      },
      response: { 200: { title: 'ReviewBulkDecision', type: 'object', required: ['decided'], properties: { decided: count } } },
    },
    handler: async (request) => {
      const caller = callerOf(request);
      return service.reviews.decideMany({
        tenantId: caller.tenantId,
        campaignId: request.params.campaignId,
        ...request.body,
        decider: caller,
        actor: actorOf(caller),
      });
    },
  });

  app.post('/reviews/:campaignId/items/:itemId/removed-by-hand', {
    config: { access: 'admin', operationId: 'recordReviewItemRemovedByHand' },
    schema: {
      summary:
        'Record that a manual removal (a removal workflow’s manual task: neither Delete User nor Deactivate User enabled; or an account of a deleted integration) was done on the target by hand; the next successful sync confirms or flags it',
      tags,
      params: itemParams,
      body: { type: ['object', 'null'], additionalProperties: false, properties: { comment } },
      response: { 200: itemSchema },
    },
    handler: async (request) => {
      const caller = callerOf(request);
      return service.reviews.recordRemovedByHand({
        tenantId: caller.tenantId,
        campaignId: request.params.campaignId,
        itemId: request.params.itemId,
        ...(request.body?.comment ? { comment: request.body.comment } : {}),
        actor: actorOf(caller),
      });
    },
  });

  app.post('/reviews/:campaignId/close', {
    config: { access: 'admin', operationId: 'closeReviewCampaign' },
    schema: { summary: 'Close the campaign: undecided items stay undecided in the report', tags, params: campaignParams, response: { 200: campaignSchema } },
    handler: async (request) => {
      const caller = callerOf(request);
      return service.reviews.close({ tenantId: caller.tenantId, campaignId: request.params.campaignId, actor: actorOf(caller) });
    },
  });

  app.get('/reviews/:campaignId/report', {
    config: { access: 'viewer', operationId: 'getReviewReport' },
    schema: {
      summary:
        'The campaign’s report: every item, decision, reviewer, time, comment and the removal’s outcome; `?format=csv` for a CSV file (formulas neutralised), `?format=html` for the printable page (every value escaped, nothing runs)',
      tags,
      params: campaignParams,
      querystring: { type: 'object', additionalProperties: false, properties: { format: { type: 'string', enum: ['json', 'csv', 'html'] } } },
      response: { 200: { title: 'ReviewReport', type: 'object', required: ['items'], properties: { items: { type: 'array', items: itemSchema } } } },
    },
    handler: async (request, reply) => {
      const input = { tenantId: callerOf(request).tenantId, campaignId: request.params.campaignId };
      if (request.query.format === 'html') return reply.headers(REPORT_HTML_HEADERS).send(await service.reviews.reportHtml(input));
      if (request.query.format !== 'csv') return { items: await service.reviews.report(input) };
      const csv = await service.reviews.reportCsv(input);
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="access-review.csv"').send(csv);
    },
  });
}
