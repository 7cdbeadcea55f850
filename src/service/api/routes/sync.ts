/**
 * Account sync of an integration: "sync now", its runs, approving or rejecting a run held by the
 * deletion safeguard, lifting a quarantine, and the Accounts list the runs keep current.
 */
import type { TypedApp } from '../../http/typed-app.js';
import { SYNC_SETTING_RULES } from '../../input-rules.js';
import type { Service } from '../../open-service.js';
import type { Caller } from '../../tokens/api-tokens.js';
import { actorOf, callerOf } from '../route-access.js';
import { integrationParams, nextSchema, pageProperties, pageQuery as cursorQuery } from '../schemas.js';
import { RUN_STATUSES } from '../../store/sync-run-rows.js';
import { ACCOUNT_STATES } from '../../sync/sync-policy.js';

const tags = ['sync'];
/** Runs, statuses and accounts are documented by the library's types; the API passes them as they are. */
const anyObject = { type: 'object', additionalProperties: true } as const;
const runParams = {
  type: 'object',
  required: ['integrationId', 'runId'],
  properties: { integrationId: { type: 'string', minLength: 1, maxLength: 100 }, runId: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;
/** The name these two lists gave their cursor before `cursor`; still accepted, `cursor` wins when both are sent. */
const afterAlias = { type: 'string', minLength: 1, maxLength: 2000, deprecated: true, description: 'Old name of `cursor`' } as const;
const accountsQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    state: { type: 'string', enum: [...ACCOUNT_STATES] },
    search: { type: 'string', maxLength: 200, description: 'part of the email or name, case-insensitive and literal' },
    ...pageProperties,
    after: afterAlias,
  },
} as const;

const settingsBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    ...SYNC_SETTING_RULES,
  },
} as const;
const pageQuery = { type: 'object', additionalProperties: false, properties: { ...pageProperties, after: afterAlias } } as const;
const isoTime = { type: 'string', description: 'ISO 8601 time' } as const;
const nullableTime = { type: ['string', 'null'], description: 'ISO 8601 time; null until it happens' } as const;
const count = { type: 'integer' } as const;
const syncRunSchema = {
  title: 'SyncRun',
  type: 'object',
  required: [
    'id',
    'integrationId',
    'trigger',
    'requestedBy',
    'status',
    'attempt',
    'queuedAt',
    'startedAt',
    'heartbeatAt',
    'finishedAt',
    'counts',
    'skippedReasons',
    'warnings',
    'error',
    'decidedBy',
  ],
  properties: {
    id: { type: 'string' },
    integrationId: { type: 'string' },
    trigger: { type: 'string', enum: ['enabled', 'manual', 'scheduled'] },
    requestedBy: { type: 'string' },
    status: { type: 'string', enum: [...RUN_STATUSES] },
    attempt: count,
    queuedAt: isoTime,
    startedAt: nullableTime,
    heartbeatAt: { type: ['string', 'null'], description: 'ISO 8601 time: the last sign of life of the worker running it' },
    finishedAt: nullableTime,
    counts: {
      type: 'object',
      required: ['pages', 'seen', 'added', 'changed', 'removed', 'skipped', 'pendingRemovals'],
      properties: { pages: count, seen: count, added: count, changed: count, removed: count, skipped: count, pendingRemovals: count },
    },
    skippedReasons: { type: 'object', additionalProperties: count, description: 'How many records were skipped, by reason' },
    warnings: { type: 'array', items: { type: 'string' } },
    error: { type: ['object', 'null'], required: ['code', 'message'], properties: { code: { type: 'string' }, message: { type: 'string' } } },
    decidedBy: { type: ['string', 'null'], description: 'Who approved or rejected a run held by the deletion safeguard' },
  },
} as const;
const runPageSchema = {
  title: 'SyncRunPage',
  type: 'object',
  required: ['runs'],
  properties: { runs: { type: 'array', items: syncRunSchema }, next: nextSchema },
} as const;
const accountEventSchema = {
  title: 'AccountEvent',
  type: 'object',
  required: ['id', 'accountId', 'runId', 'kind', 'detail', 'at'],
  properties: {
    id: { type: 'string' },
    accountId: { type: 'string' },
    runId: { type: ['string', 'null'], description: 'The sync run behind the event; null for a workflow or a link change outside a run' },
    kind: { type: 'string', enum: ['added', 'changed', 'removed', 'relinked'] },
    detail: { type: 'object', additionalProperties: true },
    at: isoTime,
  },
} as const;
const eventPageSchema = {
  title: 'AccountEventPage',
  type: 'object',
  required: ['events'],
  properties: { events: { type: 'array', items: accountEventSchema }, next: nextSchema },
} as const;
const accountSchema = {
  title: 'SyncedAccount',
  type: 'object',
  required: [
    'id',
    'integrationId',
    'externalId',
    'email',
    'name',
    'admin',
    'state',
    'fields',
    'personId',
    'link',
    'firstSeenAt',
    'lastSeenAt',
    'lastRunId',
    'removedAt',
    'cleaned',
  ],
  properties: {
    id: { type: 'string' },
    integrationId: { type: 'string' },
    externalId: { type: 'string', description: 'The account’s id at the target' },
    email: { type: 'string' },
    name: { type: 'string' },
    admin: { type: 'boolean' },
    state: { type: 'string', enum: [...ACCOUNT_STATES] },
    activationDueAt: {
      type: 'string',
      description: 'ISO 8601 time a scheduled Activate User will activate the account (state `invited` until then); absent when none waits',
    },
    fields: { type: 'object', additionalProperties: true, description: 'Every field the connector maps' },
    personId: { type: ['string', 'null'], description: 'The linked person; null unless `link` is linked' },
    link: { type: 'string', enum: ['linked', 'unlinked', 'conflict'] },
    firstSeenAt: isoTime,
    lastSeenAt: isoTime,
    lastRunId: { type: 'string' },
    removedAt: { type: ['string', 'null'], description: 'ISO 8601 time; null while present' },
    cleaned: {
      type: ['string', 'null'],
      description:
        'What the sync changed in this account’s text so that it could be stored (U+0000 removed, invalid characters replaced by U+FFFD); null when nothing',
    },
  },
} as const;
const accountPageSchema = {
  title: 'SyncedAccountPage',
  type: 'object',
  required: ['accounts'],
  properties: { accounts: { type: 'array', items: accountSchema }, next: nextSchema },
} as const;
const accountParams = { type: 'object', required: ['accountId'], properties: { accountId: { type: 'string', minLength: 1, maxLength: 100 } } } as const;

export function syncRoutes(app: TypedApp, service: Service): void {
  const ref = (request: { params: { integrationId: string }; caller?: Caller }) => ({
    tenantId: callerOf(request).tenantId,
    integrationId: request.params.integrationId,
  });

  app.post('/integrations/:integrationId/sync', {
    config: { access: 'admin', operationId: 'syncNow' },
    schema: { summary: 'Sync now: queue a run, or join the one already queued or running', tags, params: integrationParams, response: { 202: anyObject } },
    handler: async (request, reply) => {
      const result = await service.sync.syncNow({ ...ref(request), actor: actorOf(callerOf(request)) });
      return reply.code(202).send(result);
    },
  });

  app.get('/integrations/:integrationId/sync', {
    config: { access: 'viewer', operationId: 'syncStatus' },
    schema: {
      summary: 'Sync settings and state: interval, next run, consecutive failures, quarantine',
      tags,
      params: integrationParams,
      response: { 200: anyObject },
    },
    handler: async (request) => service.sync.status(ref(request)),
  });

  app.put('/integrations/:integrationId/sync', {
    config: { access: 'admin', operationId: 'configureSync' },
    schema: {
      summary: 'Change the sync settings: interval, deletion safeguard thresholds, failures before quarantine',
      tags,
      params: integrationParams,
      body: settingsBody,
      response: { 200: anyObject },
    },
    handler: async (request) => service.sync.configure({ ...ref(request), ...request.body, actor: actorOf(callerOf(request)) }),
  });

  app.post('/integrations/:integrationId/sync/resume', {
    config: { access: 'admin', operationId: 'resumeSync' },
    schema: { summary: 'Lift a quarantine: scheduled runs start again', tags, params: integrationParams, response: { 200: anyObject } },
    handler: async (request) => service.sync.resume({ ...ref(request), actor: actorOf(callerOf(request)) }),
  });

  app.get('/integrations/:integrationId/sync/runs', {
    config: { access: 'viewer', operationId: 'listSyncRuns' },
    schema: {
      summary: 'Sync runs, newest first, with trigger, times, status, counts and error code, by cursor',
      tags,
      params: integrationParams,
      querystring: cursorQuery,
      response: { 200: runPageSchema },
    },
    handler: async (request) => service.sync.runsPage({ ...ref(request), limit: request.query.limit, cursor: request.query.cursor }),
  });

  app.get('/integrations/:integrationId/sync/runs/:runId', {
    config: { access: 'viewer', operationId: 'getSyncRun' },
    schema: { summary: 'One sync run', tags, params: runParams, response: { 200: anyObject } },
    handler: async (request) => service.sync.getRun({ ...ref(request), runId: request.params.runId }),
  });

  for (const [verb, summary] of [
    ['approve', 'Approve the removals a run held by the deletion safeguard would make'],
    ['reject', 'Reject them: the run ends rejected and removes nothing'],
  ] as const) {
    app.post(`/integrations/:integrationId/sync/runs/:runId/${verb}`, {
      config: { access: 'admin', operationId: `${verb}SyncRun` },
      schema: { summary, tags, params: runParams, response: { 200: anyObject } },
      handler: async (request) => {
        const input = { ...ref(request), runId: request.params.runId, actor: actorOf(callerOf(request)) };
        return verb === 'approve' ? service.sync.approveRun(input) : service.sync.rejectRun(input);
      },
    });
  }

  app.get('/integrations/:integrationId/sync/runs/:runId/pending-removals', {
    config: { access: 'viewer', operationId: 'listPendingRemovals' },
    schema: {
      summary: 'The accounts a run held by the deletion safeguard would remove, by cursor',
      tags,
      params: runParams,
      querystring: pageQuery,
      response: { 200: accountPageSchema },
    },
    handler: async (request) => {
      const { cursor, after, limit } = request.query;
      return service.sync.pendingRemovals({ ...ref(request), runId: request.params.runId, limit, after: cursor ?? after });
    },
  });

  app.get('/accounts/:accountId/events', {
    config: { access: 'viewer', operationId: 'listAccountEvents' },
    schema: {
      summary: 'One account’s history, oldest first: added, changed, removed, relinked, with the run or workflow behind each, by cursor',
      tags,
      params: accountParams,
      querystring: cursorQuery,
      response: { 200: eventPageSchema },
    },
    handler: async (request) =>
      service.sync.accountEventsPage({
        tenantId: callerOf(request).tenantId,
        accountId: request.params.accountId,
        limit: request.query.limit,
        cursor: request.query.cursor,
      }),
  });

  app.get('/integrations/:integrationId/accounts', {
    config: { access: 'viewer', operationId: 'listAccounts' },
    schema: {
      summary: 'The Accounts list the syncs keep current, by cursor',
      tags,
      params: integrationParams,
      querystring: accountsQuery,
      response: { 200: accountPageSchema },
    },
    handler: async (request) => {
      const { cursor, after, ...query } = request.query;
      return service.sync.listAccounts({ ...ref(request), ...query, after: cursor ?? after });
    },
  });
}
