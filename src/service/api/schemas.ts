/**
 * The JSON Schemas of the API's resources and requests: the one source of request validation,
 * response serialisation and the OpenAPI document. Lists of values (types, plans, roles) come from
 * the service's own constants.
 */
import { INTEGRATION_TYPES, SCIM_CONNECTOR_IDS } from '../integrations/integration-types.js';
import { PAGE_LIMITS, SET_ACTION_MANY_LIMIT } from '../integrations/integrations.js';
import { PLANS } from '../tenants/plans.js';

const text = (maxLength: number, description?: string) => ({ type: 'string', maxLength, ...(description ? { description } : {}) }) as const;
const isoTime = { type: 'string', description: 'ISO 8601 time' } as const;

export const tenantSchema = {
  title: 'Tenant',
  type: 'object',
  required: ['id', 'name', 'plan', 'createdAt'],
  properties: { id: { type: 'string' }, name: { type: 'string' }, plan: { type: 'string', enum: [...PLANS] }, createdAt: isoTime },
} as const;

export const integrationSchema = {
  title: 'Integration',
  description: 'An integration without its secrets: `credentialFields` names the secret inputs that are set, never their values.',
  type: 'object',
  required: [
    'id',
    'tenantId',
    'name',
    'type',
    'connector',
    'baseUrl',
    'settings',
    'authConfigured',
    'credentialFields',
    'authConfiguredAt',
    'importOnly',
    'disabled',
    'createdAt',
    'updatedAt',
  ],
  properties: {
    id: { type: 'string' },
    tenantId: { type: 'string' },
    name: { type: 'string' },
    type: { type: 'string', enum: [...INTEGRATION_TYPES] },
    connector: { type: 'string' },
    baseUrl: { type: ['string', 'null'] },
    settings: { type: 'object', additionalProperties: { type: 'string' } },
    authConfigured: { type: 'boolean' },
    credentialFields: { type: 'array', items: { type: 'string' } },
    authConfiguredAt: { type: ['string', 'null'] },
    importOnly: {
      type: ['object', 'null'],
      description: 'Set when the key proved read-only: imports run, write actions are off.',
      properties: { reason: { type: 'string' }, since: isoTime },
    },
    disabled: {
      type: ['object', 'null'],
      description: 'Set while the integration is disabled: no sync or workflow task runs for it.',
      properties: { since: isoTime, by: { type: 'string' } },
    },
    createdAt: isoTime,
    updatedAt: isoTime,
  },
} as const;

export const offeredActionSchema = {
  title: 'OfferedAction',
  type: 'object',
  required: ['name', 'kind', 'enabled'],
  properties: {
    name: { type: 'string' },
    kind: { type: 'string', enum: ['standard', 'custom'] },
    enabled: { type: 'boolean' },
    unavailable: { type: 'string', description: 'Why the action cannot be enabled now: a write action of an import-only integration.' },
    variables: {
      type: 'array',
      description: 'A custom action’s declared variables: a provisioner action gives them as `vars`.',
      items: {
        title: 'ActionVariable',
        type: 'object',
        required: ['name', 'label', 'type', 'required'],
        properties: { name: { type: 'string' }, label: { type: 'string' }, type: { enum: ['string', 'number', 'boolean'] }, required: { type: 'boolean' } },
      },
    },
  },
} as const;

export const actionListSchema = { type: 'object', required: ['actions'], properties: { actions: { type: 'array', items: offeredActionSchema } } } as const;

const nameField = {
  type: 'string',
  minLength: 1,
  maxLength: 200,
  description: 'Display name (default: the connector’s name; a SCIM integration’s also names its base URL’s host)',
} as const;
const urlField = (description: string) => ({ type: 'string', minLength: 1, maxLength: 2000, description }) as const;

export const createIntegrationBody = {
  title: 'IntegrationChoice',
  description: 'The first step of the setup order: the integration type.',
  type: 'object',
  discriminator: { propertyName: 'type' },
  oneOf: [
    {
      title: 'Prebuilt',
      type: 'object',
      additionalProperties: false,
      required: ['type', 'connector'],
      properties: {
        type: { const: 'prebuilt' },
        connector: text(100, 'A shipped prebuilt connector, e.g. incident-platform'),
        baseUrl: urlField('Overrides the prefilled base URL'),
        name: nameField,
      },
    },
    {
      title: 'Scim',
      type: 'object',
      additionalProperties: false,
      required: ['type', 'scimBaseUrl'],
      properties: {
        type: { const: 'scim' },
        scimBaseUrl: urlField('The tenant’s SCIM 2.0 base URL'),
        connector: { enum: [...SCIM_CONNECTOR_IDS], description: 'The SCIM connector: bearer token (default) or OAuth 2.0 client credentials' },
        name: nameField,
      },
    },
    {
      title: 'BuildYourOwn',
      type: 'object',
      additionalProperties: false,
      required: ['type', 'spec'],
      properties: {
        type: { const: 'build-your-own' },
        spec: { type: 'string', minLength: 1, maxLength: 200_000, description: 'The connector spec, YAML' },
        baseUrl: urlField('Overrides the spec’s base URL'),
        name: nameField,
      },
    },
  ],
} as const;

export const configureAuthBody = {
  title: 'AuthenticationInputs',
  description: 'The connector’s inputs by name. Secrets are write-only: they are tested, sealed and never returned.',
  type: 'object',
  additionalProperties: false,
  required: ['inputs'],
  properties: { inputs: { type: 'object', maxProperties: 50, additionalProperties: { type: 'string', maxLength: 10_000 } } },
} as const;

export const setActionBody = {
  type: 'object',
  additionalProperties: false,
  required: ['enabled'],
  properties: { enabled: { type: 'boolean' } },
} as const;

/** The bulk path: one action enabled or disabled on many integrations of the tenant, all or nothing. */
export const setActionManyBody = {
  title: 'SetActionMany',
  type: 'object',
  additionalProperties: false,
  required: ['integrationIds', 'enabled'],
  properties: {
    integrationIds: {
      type: 'array',
      minItems: 1,
      maxItems: SET_ACTION_MANY_LIMIT,
      uniqueItems: true,
      items: text(100),
      description: `The integrations (1 to ${SET_ACTION_MANY_LIMIT}, each once)`,
    },
    enabled: { type: 'boolean' },
  },
} as const;

export const setActionManySchema = {
  title: 'SetActionManyResult',
  type: 'object',
  required: ['action', 'enabled', 'integrationIds'],
  properties: { action: { type: 'string' }, enabled: { type: 'boolean' }, integrationIds: { type: 'array', items: { type: 'string' } } },
} as const;

export const actionNameParams = {
  type: 'object',
  required: ['action'],
  properties: { action: text(100) },
} as const;

export const runActionBody = {
  title: 'ActionSubject',
  type: 'object',
  additionalProperties: false,
  properties: {
    user: {
      type: 'object',
      required: ['email', 'name'],
      properties: { email: text(320), name: text(200), admin: { type: 'boolean' } },
      additionalProperties: true,
    },
    account: { type: 'object', required: ['id'], properties: { id: text(500) }, additionalProperties: true },
    vars: { type: 'object', additionalProperties: true },
  },
} as const;

export const actionRunSchema = {
  title: 'ActionRun',
  type: 'object',
  required: ['action'],
  properties: {
    action: { type: 'string' },
    accounts: { type: 'array', items: { type: 'object', additionalProperties: true } },
    result: { type: 'object', additionalProperties: true },
  },
} as const;

export const integrationParams = {
  type: 'object',
  required: ['integrationId'],
  properties: { integrationId: text(100) },
} as const;

export const actionParams = {
  type: 'object',
  required: ['integrationId', 'action'],
  properties: { integrationId: text(100), action: text(100) },
} as const;

/** `limit` and `cursor`, the query of every list paged by cursor. */
export const pageProperties = {
  limit: { type: 'integer', minimum: 1, maximum: PAGE_LIMITS.max, description: `Page size (default ${PAGE_LIMITS.default})` },
  cursor: { type: 'string', minLength: 1, maxLength: 2000, description: 'The `next` of the previous page' },
} as const;

export const pageQuery = { type: 'object', additionalProperties: false, properties: pageProperties } as const;

/** The `next` of a page's answer. */
export const nextSchema = { type: 'string', description: 'The cursor of the next page; absent on the last' } as const;

export const integrationPageSchema = {
  type: 'object',
  required: ['integrations'],
  properties: { integrations: { type: 'array', items: integrationSchema }, next: { type: 'string' } },
} as const;

export const configureAuthAnswer = {
  type: 'object',
  required: ['integration', 'check'],
  properties: {
    integration: integrationSchema,
    check: { type: 'object', properties: { ok: { type: 'boolean' }, via: { type: 'string' }, status: { type: 'integer' }, records: { type: 'integer' } } },
    capabilities: {
      type: 'object',
      description:
        'What the connector’s probe found the credential may do (only when its spec declares a `probe`): `writeAllowed`, `readOnly` (the integration is import-only) or `unknown` (write actions stay off).',
      properties: {
        writes: { type: 'string', enum: ['writeAllowed', 'readOnly', 'unknown'] },
        request: { type: 'object', properties: { method: { type: 'string' }, url: { type: 'string' } } },
        status: { type: 'integer' },
        reason: { type: 'string' },
        failureCode: { type: 'string' },
      },
    },
  },
} as const;

export const auditQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    integrationId: text(100),
    limit: { type: 'integer', minimum: 1, maximum: 500 },
    cursor: { type: 'string', pattern: '^[0-9]{1,18}$', description: 'The `next` of the previous page' },
  },
} as const;

export const auditPageSchema = {
  type: 'object',
  required: ['entries'],
  properties: {
    entries: {
      type: 'array',
      items: {
        title: 'AuditEntry',
        type: 'object',
        required: ['id', 'at', 'tenantId', 'integrationId', 'actor', 'event', 'detail'],
        properties: {
          id: { type: 'string' },
          at: isoTime,
          tenantId: { type: 'string' },
          integrationId: { type: ['string', 'null'] },
          actor: { type: 'string' },
          event: { type: 'string' },
          detail: { type: 'object', additionalProperties: true },
        },
      },
    },
    next: { type: 'string' },
  },
} as const;

export const problemSchema = {
  title: 'Problem',
  description: 'RFC 9457 problem details with a stable `code`.',
  type: 'object',
  required: ['type', 'title', 'status', 'detail', 'code'],
  properties: {
    type: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    instance: { type: 'string' },
    code: { type: 'string', examples: ['PLAN_REQUIRED', 'AUTH_NOT_CONFIGURED', 'INVALID_SPEC', 'NOT_FOUND', 'VALIDATION_FAILED', 'UNAUTHORIZED', 'FORBIDDEN'] },
    hint: { type: 'string' },
    requiredPlan: { type: 'string' },
    errors: { type: 'array', items: { type: 'object', properties: { pointer: { type: 'string' }, message: { type: 'string' } } } },
    diagnostics: { type: 'array', items: { type: 'object' } },
    failure: { type: 'object' },
  },
} as const;
