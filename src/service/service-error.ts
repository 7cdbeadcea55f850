/**
 * Errors of the service library. One class with a stable `code` that the API and CLI map to
 * their answers, in the manner of the runtime's `ConnectorError`. Messages name the tenant,
 * integration, directory or field concerned and never carry a secret.
 */
import type { Diagnostic } from '../compiler/index.js';

export type ServiceErrorCode =
  /** The tenant's plan does not permit this; `requiredPlan` names the plan that does. */
  | 'PLAN_REQUIRED'
  | 'NOT_FOUND'
  | 'INVALID_INPUT'
  /** A build-your-own spec has errors; `diagnostics` lists each with its line and column. */
  | 'INVALID_SPEC'
  /** An action was asked for before authentication was configured (setup order). */
  | 'AUTH_NOT_CONFIGURED'
  | 'ACTION_NOT_OFFERED'
  /** The action is offered but not enabled, so it may not run. */
  | 'ACTION_NOT_ENABLED'
  /** The target refused or failed an action; `failure` is its redacted answer. */
  | 'ACTION_FAILED'
  /** The key proved read-only: the integration imports only, its write actions are off. */
  | 'IMPORT_ONLY'
  /** Another process holds the embedded data directory. */
  | 'DATA_DIR_LOCKED'
  | 'DATABASE_UNAVAILABLE'
  | 'MIGRATION_FAILED'
  /** The key-encryption key is malformed, missing, or not the one that wrapped the data keys. */
  | 'KEY_INVALID'
  /** A sync was asked for on an integration whose Import Users action is not enabled. */
  | 'IMPORT_NOT_ENABLED'
  /** A run of the integration waits for an admin to approve or reject its removals. */
  | 'SYNC_AWAITING_APPROVAL'
  /** Approve or reject was asked for a run that does not await approval. */
  | 'RUN_NOT_AWAITING_APPROVAL'
  /** The integration's configuration is the shipped connector's (prebuilt, SCIM): only build-your-own specs are edited. */
  | 'CONFIG_NOT_EDITABLE'
  /** Generate Config found no array of user records in the target's answer. */
  | 'NO_USER_ARRAY'
  /** The target's answer passes a limit of Test, Preview or Generate Config (nesting depth, fields of one object); `failure.limit` names it. */
  | 'BAD_RESPONSE'
  /** An idempotency key was used before for a different request. */
  | 'IDEMPOTENCY_KEY_REUSED'
  /** Cancel or retry was asked of a workflow or task in a state that does not allow it. */
  | 'WORKFLOW_STATE'
  /** An email (or alias) given for a person is another person's; `conflicts` names each, with the CSV line. */
  | 'EMAIL_TAKEN'
  /** A person with present accounts was to be archived; `accounts` lists them: offboard first. */
  | 'PERSON_HAS_ACCOUNTS'
  /** A workflow that gives access (onboarding, an action, a move, Add User) named an archived person. */
  | 'PERSON_ARCHIVED'
  /** An onboarding with an activation time names an application that cannot hold the account inactive until then. */
  | 'ACTIVATION_NOT_POSSIBLE'
  /** The integration is disabled: no sync or action runs for it until it is enabled again. */
  | 'INTEGRATION_DISABLED'
  /** A destructive request (deleting an integration) came without the confirmation it needs. */
  | 'CONFIRMATION_REQUIRED'
  /** Keep accounts asks for Deactivate User: enable it first, or turn Keep accounts off. */
  | 'DEACTIVATE_REQUIRED'
  /** A custom action's declared variables are missing, of the wrong type or unknown; `failure.variables` names each. */
  | 'ACTION_VARIABLES_INVALID'
  /** The caller's role does not allow this here: a reviewer deciding outside the campaigns and integrations that name them. */
  | 'FORBIDDEN'
  /** An access review campaign's status, or a started removal, does not allow this (start a closed campaign, decide after close). */
  | 'REVIEW_STATE'
  /** An access profile's name is another profile's in the tenant (archived ones included). */
  | 'PROFILE_NAME_TAKEN'
  /** An archived access profile was to be given to a person who does not hold it. */
  | 'PROFILE_ARCHIVED'
  /** A profile's application asks for an option its connector cannot honour (admin where Create User sends no admin flag). */
  | 'PROFILE_OPTION_NOT_SUPPORTED';

export interface ServiceErrorDetails {
  hint?: string;
  requiredPlan?: string;
  diagnostics?: Diagnostic[];
  /** INVALID_SPEC: the spec text the diagnostics' lines count in (for showing the lines; not in toJSON). */
  specText?: string;
  /** ACTION_FAILED, IMPORT_ONLY: the target's answer, redacted. */
  failure?: Record<string, unknown>;
  /** EMAIL_TAKEN: each email refused, with the person who has it (or the CSV line that gave it first). */
  conflicts?: Record<string, unknown>[];
  /** PERSON_HAS_ACCOUNTS: the present accounts still linked. */
  accounts?: Record<string, unknown>[];
  cause?: unknown;
}

export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  readonly code: ServiceErrorCode;
  readonly hint: string | undefined;
  readonly requiredPlan: string | undefined;
  readonly diagnostics: Diagnostic[] | undefined;
  readonly specText: string | undefined;
  readonly failure: Record<string, unknown> | undefined;
  readonly conflicts: Record<string, unknown>[] | undefined;
  readonly accounts: Record<string, unknown>[] | undefined;

  constructor(code: ServiceErrorCode, message: string, details: ServiceErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = code;
    this.hint = details.hint;
    this.requiredPlan = details.requiredPlan;
    this.diagnostics = details.diagnostics;
    this.specText = details.specText;
    this.failure = details.failure;
    this.conflicts = details.conflicts;
    this.accounts = details.accounts;
  }

  /** Plain data for JSON answers and logs (no stack, no cause). */
  toJSON(): Record<string, unknown> {
    return {
      code: this.code,
      message: this.message,
      hint: this.hint,
      requiredPlan: this.requiredPlan,
      diagnostics: this.diagnostics,
      failure: this.failure,
      conflicts: this.conflicts,
      accounts: this.accounts,
    };
  }
}

export function isServiceError(error: unknown, code?: ServiceErrorCode): error is ServiceError {
  return error instanceof ServiceError && (code === undefined || error.code === code);
}
