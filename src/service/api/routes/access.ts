/**
 * People and what they can reach: people (one by one or a CSV; read, edited, archived), accounts
 * linked or unlinked by hand, orphans and email conflicts, the
 * Access Grid (people x applications) and an application's Application Audit, each also as CSV
 * (`?format=csv`) for access reviews.
 */
import type { FastifyReply } from 'fastify';
import type { TypedApp } from '../../http/typed-app.js';
import type { Service } from '../../open-service.js';
import { MAX_ALIASES } from '../../people/people.js';
import { ACCOUNT_STATES } from '../../sync/sync-policy.js';
import { actorOf, callerOf } from '../route-access.js';
import { integrationParams, nextSchema, pageProperties, pageQuery } from '../schemas.js';

const tags = ['access'];
const formatQuery = { format: { type: 'string', enum: ['json', 'csv'] } } as const;
const gridQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...formatQuery,
    state: { type: 'string', enum: [...ACCOUNT_STATES] },
    adminOnly: { type: 'boolean' },
    search: { type: 'string', maxLength: 200 },
    ...pageProperties,
  },
} as const;
const emailField = { type: 'string', minLength: 3, maxLength: 320 } as const;
const aliasesField = {
  type: 'array',
  maxItems: MAX_ALIASES,
  items: emailField,
  description: 'Further emails of the person that also link accounts; each names one person of the tenant',
} as const;
const personBody = {
  type: 'object',
  additionalProperties: false,
  required: ['email', 'name'],
  properties: { email: emailField, name: { type: 'string', minLength: 1, maxLength: 200 }, aliases: aliasesField },
} as const;
const personPatchBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: { email: emailField, name: { type: 'string', minLength: 1, maxLength: 200 }, aliases: { ...aliasesField, description: 'Replaces the aliases' } },
} as const;
const personParams = { type: 'object', required: ['personId'], properties: { personId: { type: 'string', minLength: 1, maxLength: 100 } } } as const;
const accountParams = { type: 'object', required: ['accountId'], properties: { accountId: { type: 'string', minLength: 1, maxLength: 100 } } } as const;
const linkBody = {
  type: 'object',
  additionalProperties: false,
  required: ['personId'],
  properties: { personId: { type: ['string', 'null'], minLength: 1, maxLength: 100, description: 'The person to link to; null: linked to no one' } },
} as const;
const accountLinkSchema = {
  title: 'AccountLink',
  type: 'object',
  required: ['accountId', 'integrationId', 'externalId', 'email', 'personId', 'link', 'byHand'],
  properties: {
    accountId: { type: 'string' },
    integrationId: { type: 'string' },
    externalId: { type: 'string' },
    email: { type: 'string' },
    personId: { type: ['string', 'null'] },
    link: { type: 'string', enum: ['linked', 'unlinked', 'conflict'] },
    byHand: { type: 'boolean', description: 'Linked or unlinked by hand: syncs leave it alone until the link is cleared' },
  },
} as const;
const peopleCsvBody = {
  type: 'object',
  additionalProperties: false,
  required: ['csv'],
  properties: { csv: { type: 'string', maxLength: 10_000_000 } },
} as const;
const isoTime = { type: 'string', description: 'ISO 8601 time' } as const;
const personSchema = {
  title: 'Person',
  type: 'object',
  required: ['id', 'email', 'aliases', 'name', 'createdAt'],
  properties: {
    id: { type: 'string' },
    email: { type: 'string' },
    aliases: { type: 'array', items: { type: 'string' } },
    name: { type: 'string' },
    createdAt: isoTime,
    archivedAt: { ...isoTime, description: 'ISO 8601 time the person was archived; absent while current' },
  },
} as const;
const peoplePageSchema = {
  title: 'PeoplePage',
  type: 'object',
  required: ['people'],
  properties: { people: { type: 'array', items: personSchema }, next: nextSchema },
} as const;
const importAnswerSchema = {
  title: 'PeopleImported',
  type: 'object',
  required: ['created', 'ids'],
  properties: {
    created: { type: 'integer', description: 'How many people were created' },
    ids: { type: 'array', items: { type: 'string' }, description: 'The id of each person created, in the CSV’s row order' },
  },
} as const;

const personRef = {
  type: 'object',
  required: ['id', 'name', 'email'],
  properties: { id: { type: 'string' }, name: { type: 'string' }, email: { type: 'string' } },
} as const;
const auditLineSchema = {
  title: 'AuditLine',
  type: 'object',
  required: ['accountId', 'externalId', 'email', 'name', 'person', 'link', 'admin', 'state', 'lastSeenAt', 'syncedAt'],
  properties: {
    accountId: { type: 'string' },
    externalId: { type: 'string', description: 'The account’s id at the target' },
    email: { type: 'string' },
    name: { type: 'string' },
    person: { anyOf: [personRef, { type: 'null' }], description: 'The linked person; null unless linked' },
    link: { type: 'string', enum: ['linked', 'unlinked', 'conflict'] },
    admin: { type: 'boolean' },
    state: { type: 'string', enum: [...ACCOUNT_STATES] },
    activationDueAt: {
      type: 'string',
      description: 'ISO 8601 time a scheduled Activate User will activate the account (state `invited` until then); absent when none waits',
    },
    lastSeenAt: isoTime,
    syncedAt: { type: ['string', 'null'], description: 'ISO 8601 time the run this row reflects finished' },
  },
} as const;
const auditPageSchema = {
  title: 'ApplicationAuditPage',
  type: 'object',
  required: ['accounts'],
  properties: { accounts: { type: 'array', items: auditLineSchema }, next: nextSchema },
} as const;
const orphansPageSchema = {
  title: 'OrphanAccountPage',
  type: 'object',
  required: ['orphans'],
  properties: {
    orphans: {
      type: 'array',
      description: 'Present accounts linked to no person, by application then account',
      items: {
        type: 'object',
        required: ['accountId', 'integrationId', 'externalId', 'email', 'name', 'byHand'],
        properties: {
          accountId: { type: 'string' },
          integrationId: { type: 'string' },
          externalId: { type: 'string' },
          email: { type: 'string' },
          name: { type: 'string' },
          byHand: { type: 'boolean', description: 'Unlinked by hand (a shared mailbox, a service login)' },
        },
      },
    },
    next: nextSchema,
  },
} as const;
const conflictsPageSchema = {
  title: 'EmailConflictPage',
  type: 'object',
  required: ['conflicts'],
  properties: {
    conflicts: {
      type: 'array',
      description: 'Emails two or more people share, by email (`limit` counts emails)',
      items: {
        type: 'object',
        required: ['email', 'people', 'accounts'],
        properties: {
          email: { type: 'string' },
          people: { type: 'array', items: personSchema },
          accounts: { type: 'integer', description: 'Present accounts with this email, left unlinked until it is resolved' },
        },
      },
    },
    next: nextSchema,
  },
} as const;
const gridCellSchema = {
  type: 'object',
  required: ['state', 'admin'],
  properties: {
    state: { type: 'string', enum: [...ACCOUNT_STATES] },
    admin: { type: 'boolean' },
    activationDueAt: {
      type: 'string',
      description: 'ISO 8601 time a scheduled Activate User will activate the account (state `invited` until then); absent when none waits',
    },
  },
} as const;
const gridPageSchema = {
  title: 'AccessGridPage',
  type: 'object',
  required: ['applications', 'rows'],
  properties: {
    applications: {
      type: 'array',
      items: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'string' }, name: { type: 'string' } } },
      description: 'The columns: every application of the tenant',
    },
    rows: {
      type: 'array',
      items: {
        type: 'object',
        required: ['person', 'cells'],
        properties: {
          person: personRef,
          cells: { type: 'object', additionalProperties: gridCellSchema, description: 'By application id; none where the person has no account' },
        },
      },
    },
    next: nextSchema,
  },
} as const;
const auditQuery = { type: 'object', additionalProperties: false, properties: { ...formatQuery, ...pageProperties } } as const;

function sendCsv(reply: FastifyReply, name: string, csv: string): FastifyReply {
  return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}.csv"`).send(csv);
}

export function accessRoutes(app: TypedApp, service: Service): void {
  app.get('/people', {
    config: { access: 'viewer', operationId: 'listPeople' },
    schema: {
      summary: 'People of the tenant (the identities accounts link to), by name, by cursor',
      tags,
      querystring: pageQuery,
      response: { 200: peoplePageSchema },
    },
    handler: async (request) => {
      return service.people.page({ tenantId: callerOf(request).tenantId, limit: request.query.limit, cursor: request.query.cursor });
    },
  });

  app.post('/people', {
    config: { access: 'admin', operationId: 'createPerson' },
    schema: {
      summary: 'Create a person; 409 EMAIL_TAKEN, naming the person, when the email or an alias is another person’s',
      tags,
      body: personBody,
      response: { 201: personSchema },
    },
    handler: async (request, reply) => {
      const caller = callerOf(request);
      const { email, name, aliases } = request.body;
      return reply.code(201).send(await service.people.create({ tenantId: caller.tenantId, email, name, aliases, actor: actorOf(caller) }));
    },
  });

  app.get('/people/:personId', {
    config: { access: 'viewer', operationId: 'getPerson' },
    schema: { summary: 'One person, with the aliases', tags, params: personParams, response: { 200: personSchema } },
    handler: async (request) => service.people.get({ tenantId: callerOf(request).tenantId, personId: request.params.personId }),
  });

  app.patch('/people/:personId', {
    config: { access: 'admin', operationId: 'updatePerson' },
    schema: {
      summary:
        'Edit a person: name, email, aliases (each given replaces the old); the accounts of the old and new emails relink. 409 EMAIL_TAKEN names the person who has an email',
      tags,
      params: personParams,
      body: personPatchBody,
      response: { 200: personSchema },
    },
    handler: async (request) => {
      const caller = callerOf(request);
      return service.people.update({ tenantId: caller.tenantId, personId: request.params.personId, ...request.body, actor: actorOf(caller) });
    },
  });

  app.post('/people/:personId/archive', {
    config: { access: 'admin', operationId: 'archivePerson' },
    schema: {
      summary: 'Archive a person (kept as history, emails freed); refused with 409 PERSON_HAS_ACCOUNTS while an account is present: offboard first',
      tags,
      params: personParams,
      response: { 200: personSchema },
    },
    handler: async (request) => {
      const caller = callerOf(request);
      return service.people.archive({ tenantId: caller.tenantId, personId: request.params.personId, actor: actorOf(caller) });
    },
  });

  app.put('/accounts/:accountId/link', {
    config: { access: 'admin', operationId: 'linkAccount' },
    schema: {
      summary: 'Link an account to a person by hand, or (personId null) to no one; audited, and syncs leave it alone until the link is cleared',
      tags,
      params: accountParams,
      body: linkBody,
      response: { 200: accountLinkSchema },
    },
    handler: async (request) => {
      const caller = callerOf(request);
      return service.people.linkAccount({
        tenantId: caller.tenantId,
        accountId: request.params.accountId,
        personId: request.body.personId,
        actor: actorOf(caller),
      });
    },
  });

  app.delete('/accounts/:accountId/link', {
    config: { access: 'admin', operationId: 'clearAccountLink' },
    schema: {
      summary: 'Clear a hand-made link: the account links by email again',
      tags,
      params: accountParams,
      response: { 200: accountLinkSchema },
    },
    handler: async (request) => {
      const caller = callerOf(request);
      return service.people.clearAccountLink({ tenantId: caller.tenantId, accountId: request.params.accountId, actor: actorOf(caller) });
    },
  });

  app.post('/people/import', {
    config: { access: 'admin', operationId: 'importPeople' },
    schema: {
      summary:
        'Create people from a CSV with `email` and `name` columns (optionally `aliases`, separated by `;`): all rows or none (409 EMAIL_TAKEN lists every line whose email is taken or repeated); answers the ids created',
      tags,
      body: peopleCsvBody,
      response: { 200: importAnswerSchema },
    },
    handler: async (request) => {
      const caller = callerOf(request);
      return service.people.importCsv({ tenantId: caller.tenantId, csv: request.body.csv, actor: actorOf(caller) });
    },
  });

  app.get('/people/unlinked', {
    config: { access: 'viewer', operationId: 'listUnlinked' },
    schema: {
      summary: 'Accounts linked to no person (orphans), by application then account, by cursor',
      tags,
      querystring: pageQuery,
      response: { 200: orphansPageSchema },
    },
    handler: async (request) => service.people.orphansPage({ tenantId: callerOf(request).tenantId, limit: request.query.limit, cursor: request.query.cursor }),
  });

  app.get('/people/conflicts', {
    config: { access: 'viewer', operationId: 'listEmailConflicts' },
    schema: {
      summary: 'Emails two or more people share (their accounts stay unlinked until resolved), by email, by cursor',
      tags,
      querystring: pageQuery,
      response: { 200: conflictsPageSchema },
    },
    handler: async (request) =>
      service.people.conflictsPage({ tenantId: callerOf(request).tenantId, limit: request.query.limit, cursor: request.query.cursor }),
  });

  app.get('/access-grid', {
    config: { access: 'viewer', operationId: 'accessGrid' },
    schema: {
      summary: 'The Access Grid: people x applications, each cell the account state and admin flag; people by name, by cursor, or all as CSV',
      tags,
      querystring: gridQuery,
      response: { 200: gridPageSchema },
    },
    handler: async (request, reply) => {
      const { format, ...query } = request.query;
      const tenantId = callerOf(request).tenantId;
      if (format === 'csv') {
        const { limit: _limit, cursor: _cursor, ...filters } = query;
        return sendCsv(reply, 'access-grid', await service.access.gridCsv({ tenantId, ...filters }));
      }
      return service.access.grid({ tenantId, ...query });
    },
  });

  app.get('/integrations/:integrationId/audit', {
    config: { access: 'viewer', operationId: 'applicationAudit' },
    schema: {
      summary:
        'The Application Audit: every account with its linked person, admin flag, state, last seen and the sync it reflects, by account name; by cursor, or whole as CSV',
      tags,
      params: integrationParams,
      querystring: auditQuery,
      response: { 200: auditPageSchema },
    },
    handler: async (request, reply) => {
      const input = { tenantId: callerOf(request).tenantId, integrationId: request.params.integrationId };
      if (request.query.format === 'csv') return sendCsv(reply, 'application-audit', await service.access.applicationAuditCsv(input));
      return service.access.applicationAuditPage({ ...input, limit: request.query.limit, cursor: request.query.cursor });
    },
  });
}
