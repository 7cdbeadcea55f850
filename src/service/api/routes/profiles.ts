/**
 * Access profiles and movers: profiles (list, create, read, edit or archive), a person's profiles,
 * the preview of a move (the difference, nothing changed) and its confirmation (one workflow, with
 * an idempotency key), a profile given to many people at once (one workflow each), and drift.
 */
import type { FastifyRequest } from 'fastify';
import type { TypedApp } from '../../http/typed-app.js';
import type { Service } from '../../open-service.js';
import { PROFILE_LIMITS } from '../../movers/movers.js';
import { actorOf, callerOf } from '../route-access.js';
import { keyOf, workflowSchema } from './workflows.js';

const tags = ['movers'];
const id = { type: 'string', minLength: 1, maxLength: 200 } as const;
const isoTime = { type: 'string', description: 'ISO 8601 time' } as const;

const applicationInput = {
  type: 'object',
  additionalProperties: false,
  required: ['integrationId'],
  properties: {
    integrationId: id,
    options: {
      type: 'object',
      additionalProperties: false,
      properties: {
        admin: {
          type: 'boolean',
          description:
            'The move’s Create User creates the account as an admin (the template’s user.admin). Refused with 409 PROFILE_OPTION_NOT_SUPPORTED where the connector’s Create User sends no admin flag',
        },
      },
      description: 'Per-application options',
    },
  },
} as const;
const applicationsInput = { type: 'array', maxItems: PROFILE_LIMITS.applications, items: applicationInput } as const;
const profileSchema = {
  title: 'AccessProfile',
  type: 'object',
  required: ['id', 'name', 'archived', 'createdBy', 'createdAt', 'applications'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    archived: { type: 'boolean' },
    createdBy: { type: 'string' },
    createdAt: isoTime,
    applications: {
      type: 'array',
      items: {
        type: 'object',
        required: ['integrationId', 'integrationName', 'options', 'deleted'],
        properties: {
          integrationId: { type: 'string' },
          integrationName: { type: 'string' },
          options: { type: 'object', additionalProperties: true },
          deleted: { type: 'boolean', description: 'The integration was deleted since: moves create nothing there' },
        },
      },
    },
  },
} as const;
const profilesSchema = { type: 'object', required: ['profiles'], properties: { profiles: { type: 'array', items: profileSchema } } } as const;
const profileParams = { type: 'object', required: ['profileId'], properties: { profileId: id } } as const;
const personParams = { type: 'object', required: ['personId'], properties: { personId: id } } as const;
const profileBody = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'applications'],
  properties: { name: { type: 'string', minLength: 1, maxLength: PROFILE_LIMITS.name }, applications: applicationsInput },
} as const;
const profilePatchBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: PROFILE_LIMITS.name },
    applications: { ...applicationsInput, description: 'Replaces the applications; people holding the profile are not moved by an edit' },
    archived: { type: 'boolean', description: 'true archives (given to nobody new), false restores' },
  },
} as const;
const profileIds = {
  type: 'array',
  maxItems: PROFILE_LIMITS.profilesPerPerson,
  items: id,
  description: 'The person’s profiles after the move (all of them)',
} as const;
const removeDrift = {
  type: 'boolean',
  description: 'Also remove accounts in applications no profile gives (drift); left alone when false or left out',
} as const;
const idempotencyKey = {
  type: 'string',
  minLength: 1,
  maxLength: 200,
  description: 'Or the Idempotency-Key header: the same key and request start one workflow',
} as const;
const previewBody = { type: 'object', additionalProperties: false, required: ['profileIds'], properties: { profileIds, removeDrift } } as const;
const moveBody = { type: 'object', additionalProperties: false, required: ['profileIds'], properties: { profileIds, removeDrift, idempotencyKey } } as const;
const assignBody = {
  type: 'object',
  additionalProperties: false,
  required: ['people'],
  properties: {
    people: {
      type: 'array',
      minItems: 1,
      maxItems: PROFILE_LIMITS.people,
      items: { type: 'string', minLength: 1, maxLength: 320 },
      description: 'Person ids or emails (an email names the one person who has it)',
    },
    idempotencyKey,
  },
} as const;
const stepSchema = {
  type: 'object',
  required: ['integrationId', 'integrationName', 'action', 'status'],
  properties: {
    integrationId: { type: ['string', 'null'] },
    integrationName: { type: 'string' },
    action: { type: 'string' },
    status: { type: 'string' },
    accountId: { type: 'string' },
    reason: { type: 'string' },
    admin: { type: 'boolean', description: 'Create User: the account is created as an admin; a manual step: the admin flag to set by hand' },
  },
} as const;
const keptSchema = {
  type: 'object',
  required: ['integrationId', 'integrationName', 'accountId', 'email', 'state', 'admin'],
  properties: {
    integrationId: { type: 'string' },
    integrationName: { type: 'string' },
    accountId: { type: 'string' },
    email: { type: 'string' },
    state: { type: 'string' },
    admin: { type: 'boolean', description: 'The admin flag the Accounts list holds' },
  },
} as const;
const briefProfiles = {
  type: 'array',
  items: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'string' }, name: { type: 'string' } } },
} as const;
const planSchema = {
  title: 'MovePlan',
  type: 'object',
  required: ['personId', 'from', 'to', 'create', 'change', 'remove', 'keep', 'drift'],
  properties: {
    personId: { type: 'string' },
    from: briefProfiles,
    to: briefProfiles,
    create: { type: 'array', items: stepSchema, description: 'Create User and Activate User steps' },
    change: {
      type: 'array',
      items: stepSchema,
      description: 'Kept accounts whose admin flag the new profiles change: manual steps (no connector action changes an existing account’s admin flag)',
    },
    remove: { type: 'array', items: stepSchema, description: 'Delete User, Deactivate User (where the application keeps accounts) or manual steps' },
    keep: { type: 'array', items: keptSchema },
    drift: { type: 'array', items: keptSchema, description: 'Accounts in applications no profile gives, left alone' },
  },
} as const;
const driftSchema = {
  type: 'object',
  required: ['drift'],
  properties: {
    drift: {
      type: 'array',
      items: {
        type: 'object',
        required: ['personId', 'personName', 'personEmail', 'integrationId', 'integrationName', 'accountId', 'email', 'state'],
        properties: {
          personId: { type: 'string' },
          personName: { type: 'string' },
          personEmail: { type: 'string' },
          integrationId: { type: 'string' },
          integrationName: { type: 'string' },
          accountId: { type: 'string' },
          email: { type: 'string' },
          state: { type: 'string' },
        },
      },
    },
  },
} as const;

export function profileRoutes(app: TypedApp, service: Service): void {
  const caller = (request: FastifyRequest) => {
    const who = callerOf(request);
    return { tenantId: who.tenantId, actor: actorOf(who) };
  };
  const tenantOf = (request: FastifyRequest) => callerOf(request).tenantId;

  app.get('/profiles', {
    config: { access: 'viewer', operationId: 'listProfiles' },
    schema: {
      summary: 'Access profiles by name (archived ones with includeArchived)',
      tags,
      querystring: { type: 'object', additionalProperties: false, properties: { includeArchived: { type: 'boolean' } } },
      response: { 200: profilesSchema },
    },
    handler: async (request) => ({
      profiles: await service.movers.listProfiles({ tenantId: tenantOf(request), includeArchived: request.query.includeArchived ?? false }),
    }),
  });

  app.post('/profiles', {
    config: { access: 'admin', operationId: 'createProfile' },
    schema: {
      summary: 'Create an access profile: a named set of applications with their options. 409 PROFILE_NAME_TAKEN when the name is another profile’s',
      tags,
      body: profileBody,
      response: { 201: profileSchema },
    },
    handler: async (request, reply) => reply.code(201).send(await service.movers.createProfile({ ...caller(request), ...request.body })),
  });

  app.get('/profiles/:profileId', {
    config: { access: 'viewer', operationId: 'getProfile' },
    schema: { summary: 'One access profile with its applications', tags, params: profileParams, response: { 200: profileSchema } },
    handler: async (request) => service.movers.getProfile({ tenantId: tenantOf(request), profileId: request.params.profileId }),
  });

  app.patch('/profiles/:profileId', {
    config: { access: 'admin', operationId: 'updateProfile' },
    schema: {
      summary: 'Rename, replace the applications, archive or restore an access profile (nobody is moved by an edit)',
      tags,
      params: profileParams,
      body: profilePatchBody,
      response: { 200: profileSchema },
    },
    handler: async (request) => service.movers.updateProfile({ ...caller(request), profileId: request.params.profileId, ...request.body }),
  });

  app.post('/profiles/:profileId/assign', {
    config: { access: 'admin', operationId: 'assignProfile' },
    schema: {
      summary: 'Give the profile to many people at once: one move workflow per person ("N workflows were created …")',
      description:
        'Each person keeps their other profiles. Every entry is resolved first: one unknown person starts no workflow. The key of person P is `<key>:<P>`, so a repeated request answers the same workflows.',
      tags,
      params: profileParams,
      body: assignBody,
      response: {
        201: {
          type: 'object',
          required: ['message', 'workflows'],
          properties: { message: { type: 'string' }, workflows: { type: 'array', items: workflowSchema } },
        },
      },
    },
    handler: async (request, reply) =>
      reply.code(201).send(
        await service.movers.assignProfile({
          ...caller(request),
          profileId: request.params.profileId,
          people: request.body.people,
          idempotencyKey: keyOf(request),
        }),
      ),
  });

  app.get('/people/:personId/profiles', {
    config: { access: 'viewer', operationId: 'listPersonProfiles' },
    schema: { summary: 'The access profiles a person holds', tags, params: personParams, response: { 200: profilesSchema } },
    handler: async (request) => ({ profiles: await service.movers.personProfiles({ tenantId: tenantOf(request), personId: request.params.personId }) }),
  });

  app.post('/people/:personId/profiles/preview', {
    config: { access: 'viewer', operationId: 'previewMove' },
    schema: {
      summary: 'Preview a move: the accounts to create and activate, to remove or deactivate, kept, and drift; nothing is changed',
      tags,
      params: personParams,
      body: previewBody,
      response: { 200: planSchema },
    },
    handler: async (request) => service.movers.planMove({ tenantId: tenantOf(request), personId: request.params.personId, ...request.body }),
  });

  app.put('/people/:personId/profiles', {
    config: { access: 'admin', operationId: 'confirmMove' },
    schema: {
      summary: 'Confirm a move: set the person’s profiles and run the difference as one workflow',
      description: '201 when started; 200 when the idempotency key returned an earlier workflow (the same request).',
      tags,
      params: personParams,
      body: moveBody,
      response: { 200: workflowSchema, 201: workflowSchema },
    },
    handler: async (request, reply) => {
      const started = await service.movers.applyMove({
        ...caller(request),
        personId: request.params.personId,
        profileIds: request.body.profileIds,
        ...(request.body.removeDrift === undefined ? {} : { removeDrift: request.body.removeDrift }),
        idempotencyKey: keyOf(request),
      });
      return reply.code(started.created ? 201 : 200).send(started.workflow);
    },
  });

  app.get('/drift', {
    config: { access: 'viewer', operationId: 'listDrift' },
    schema: {
      summary: 'Drift: present accounts of people with profiles, in applications none of their profiles gives',
      tags,
      querystring: { type: 'object', additionalProperties: false, properties: { limit: { type: 'integer', minimum: 1, maximum: PROFILE_LIMITS.drift } } },
      response: { 200: driftSchema },
    },
    handler: async (request) =>
      service.movers.drift({ tenantId: tenantOf(request), ...(request.query.limit === undefined ? {} : { limit: request.query.limit }) }),
  });
}
