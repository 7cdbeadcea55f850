/**
 * Every `code` an HTTP answer of the service can carry, defined once: its status, its RFC 9457
 * `title` (the same for every occurrence of the code) and a general hint. The API answers these as
 * problem+json, the console as error pages, and docs/api/errors.md is generated from this table.
 * A ServiceError's code maps to the row of the same name, except INVALID_INPUT, which callers see
 * as VALIDATION_FAILED (the same refusal as a request that fails its route schema).
 */
import type { ServiceErrorCode } from '../service-error.js';

export interface ProblemCodeEntry {
  status: number;
  title: string;
  /** What a caller does about it, in general (an answer's own hint is more specific). */
  hint: string;
}

/** The codes only the HTTP layer raises (authentication, roles, unreadable requests); FORBIDDEN also a review decision outside the reviewer's campaigns. */
export type HttpOnlyCode =
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'VALIDATION_FAILED'
  | 'AUTH_TEST_FAILED'
  | 'MALFORMED_REQUEST'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'PAYLOAD_TOO_LARGE'
  | 'INTERNAL_ERROR';

export type ProblemCode = Exclude<ServiceErrorCode, 'INVALID_INPUT'> | HttpOnlyCode;

/** The public code of a service refusal. */
export const SERVICE_CODE_ALIASES: { readonly [code in ServiceErrorCode]?: ProblemCode } = { INVALID_INPUT: 'VALIDATION_FAILED' };

export const PROBLEM_CODES: { readonly [code in ProblemCode]: ProblemCodeEntry } = {
  UNAUTHORIZED: { status: 401, title: 'Not authenticated', hint: 'Send Authorization: Bearer <token> with a live token of the tenant.' },
  FORBIDDEN: {
    status: 403,
    title: 'Role not allowed',
    hint: 'A viewer token only reads; use an admin token of the tenant to change configuration (a reviewer decides only in the campaigns that name them).',
  },
  PLAN_REQUIRED: {
    status: 403,
    title: 'Plan required',
    hint: 'The tenant’s plan does not permit this; `requiredPlan` names the plan that does. An operator changes it with `connector service tenant set-plan`.',
  },
  NOT_FOUND: { status: 404, title: 'Not found', hint: 'Check the id: another tenant’s resources are not found either.' },
  VALIDATION_FAILED: {
    status: 400,
    title: 'Invalid request',
    hint: 'Fix each field named in `errors` (a JSON pointer into the request); see /openapi.json for the schema.',
  },
  MALFORMED_REQUEST: { status: 400, title: 'Unreadable request', hint: 'Send a well-formed JSON body.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, title: 'Unsupported media type', hint: 'Send the body as application/json.' },
  PAYLOAD_TOO_LARGE: { status: 413, title: 'Request too large', hint: 'Bodies are limited to 1 MiB.' },
  INVALID_SPEC: { status: 422, title: 'Invalid connector spec', hint: 'Fix each entry of `diagnostics` at its line and column.' },
  AUTH_TEST_FAILED: {
    status: 422,
    title: 'Connection test failed',
    hint: 'Check the credential and the base URL; `failure` is the target’s redacted answer. Nothing was saved.',
  },
  NO_USER_ARRAY: {
    status: 422,
    title: 'No user records found',
    hint: 'Point Generate Config at the endpoint that lists users, or write the records path by hand.',
  },
  BAD_RESPONSE: {
    status: 422,
    title: 'Target answer refused',
    hint: 'The target’s answer is over a limit the detail names (depth, fields in one object); point the request at a smaller answer or fix the target.',
  },
  AUTH_NOT_CONFIGURED: { status: 409, title: 'Authentication not configured', hint: 'Configure authentication first: actions are offered only after it.' },
  ACTION_NOT_OFFERED: { status: 409, title: 'Action not offered', hint: 'List the integration’s actions: only those offered can be enabled.' },
  ACTION_NOT_ENABLED: { status: 409, title: 'Action not enabled', hint: 'Enable the action before running it.' },
  ACTIVATION_NOT_POSSIBLE: {
    status: 409,
    title: 'Activation time not possible',
    hint: 'An application named cannot create the account inactive until the activation time, or its Activate User is not enabled: enable Activate User, onboard that application without an activation time, or leave it out. Nothing was started.',
  },
  IMPORT_ONLY: { status: 409, title: 'Integration is import-only', hint: 'The key proved read-only; configure a read/write key to enable write actions.' },
  IMPORT_NOT_ENABLED: { status: 409, title: 'Import Users not enabled', hint: 'Enable the Import Users action to sync.' },
  SYNC_AWAITING_APPROVAL: { status: 409, title: 'Sync awaits approval', hint: 'Approve or reject the pending removals of the waiting run first.' },
  RUN_NOT_AWAITING_APPROVAL: {
    status: 409,
    title: 'Run does not await approval',
    hint: 'Only a run that stopped before its removals can be approved or rejected.',
  },
  CONFIG_NOT_EDITABLE: {
    status: 409,
    title: 'Configuration not editable',
    hint: 'Only build-your-own specs are edited; a shipped connector’s configuration is fixed.',
  },
  IDEMPOTENCY_KEY_REUSED: { status: 409, title: 'Idempotency key reused', hint: 'Send a new key for a different request.' },
  WORKFLOW_STATE: { status: 409, title: 'Workflow state does not allow this', hint: 'Only a running workflow is cancelled and only a failed task retried.' },
  EMAIL_TAKEN: {
    status: 409,
    title: 'Email belongs to another person',
    hint: 'An email or alias names one person of the tenant; `conflicts` names the person who has it (and the CSV line). Edit that person (PATCH /v1/people/{personId}) or give another email; nothing was saved.',
  },
  PERSON_ARCHIVED: {
    status: 409,
    title: 'Person archived',
    hint: 'An archived person is only offboarded; add them again (POST /v1/people) if they are back.',
  },
  PERSON_HAS_ACCOUNTS: {
    status: 409,
    title: 'Person still has accounts',
    hint: 'Offboard first (POST /v1/workflows/offboarding), or unlink an account that is not theirs (PUT /v1/accounts/{accountId}/link); `accounts` lists those present.',
  },
  INTEGRATION_DISABLED: {
    status: 409,
    title: 'Integration disabled',
    hint: 'No sync or action runs for a disabled integration; enable it (POST /v1/integrations/{id}/enable), then retry.',
  },
  CONFIRMATION_REQUIRED: {
    status: 409,
    title: 'Confirmation required',
    hint: 'Repeat the request with `confirm` set to the integration’s name exactly as it is shown.',
  },
  DEACTIVATE_REQUIRED: {
    status: 409,
    title: 'Keep accounts needs Deactivate User',
    hint: 'Enable the Deactivate User action first, or turn Keep accounts off before disabling it.',
  },
  ACTION_VARIABLES_INVALID: {
    status: 422,
    title: 'Action variables invalid',
    hint: 'Give every required variable of the custom action with its declared type; `failure.variables` names each problem.',
  },
  REVIEW_STATE: {
    status: 409,
    title: 'Review campaign state does not allow this',
    hint: 'A draft or waiting campaign is started, an open one decided and closed; a revoke whose removal started is not changed.',
  },
  PROFILE_NAME_TAKEN: {
    status: 409,
    title: 'Profile name taken',
    hint: 'Another access profile of the tenant (perhaps archived) has this name; choose another, or restore and edit that one.',
  },
  PROFILE_ARCHIVED: {
    status: 409,
    title: 'Profile archived',
    hint: 'An archived access profile is given to nobody new; restore it (PATCH /v1/profiles/{profileId} with archived: false) or choose another.',
  },
  PROFILE_OPTION_NOT_SUPPORTED: {
    status: 409,
    title: 'Profile option not supported',
    hint: 'The connector cannot honour this option (admin: its Create User sends no admin flag); leave the option off for that application.',
  },
  ACTION_FAILED: { status: 502, title: 'Target refused the action', hint: '`failure` is the target’s redacted answer; fix the cause there and retry.' },
  DATA_DIR_LOCKED: { status: 503, title: 'Data directory locked', hint: 'Another process holds the embedded data directory; stop it or use its API.' },
  DATABASE_UNAVAILABLE: { status: 503, title: 'Database unavailable', hint: 'Try again; if it persists, check the database.' },
  MIGRATION_FAILED: { status: 503, title: 'Migration failed', hint: 'See the service log; the database was left at its last complete migration.' },
  KEY_INVALID: { status: 503, title: 'Encryption key invalid', hint: 'Give the key-encryption key that wrapped the data keys, readable by its owner only.' },
  INTERNAL_ERROR: { status: 500, title: 'Internal error', hint: 'Try again; if it persists, see the service log.' },
};

/** The public code and table row of a service refusal. */
export function problemCodeOf(code: ServiceErrorCode): ProblemCode {
  return SERVICE_CODE_ALIASES[code] ?? (code as ProblemCode);
}
