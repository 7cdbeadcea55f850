/**
 * Create, Activate, Delete and Deactivate User, and custom actions: render, send once (retried
 * only when idempotent), map errors. An answer one of the action's outcome rules recognises
 * succeeds with `alreadyAbsent: true` (deleting a deleted user: offboarding can be repeated) or
 * `alreadyDone: true` (activating an active user); any other error status fails.
 */
import type { StandardActionName } from '../../../generated/spec-types.js';
import { customKey, type RuntimeConnector } from '../compile-connector.js';
import { runWithinCap, type Connection } from '../connection.js';
import { ConnectorError } from '../errors.js';
import { executeRequest } from '../execute-request.js';
import type { Account } from '../mapping/map-records.js';
import { resolveLookups } from '../lookups.js';
import type { TemplateVariables } from '../render-request.js';
import { runSteps } from './run-steps.js';
import { jqLimitExceeded } from '../jq-limit-error.js';
import { checkRequired, generateSecrets } from './write-preconditions.js';

export interface ActionResult {
  status: number;
  /** The created or changed account, when the action has `result` and the connector a mapping. */
  account?: Account;
  /** The target said, in words an outcome rule recognises, that it no longer has the account. */
  alreadyAbsent?: boolean;
  /** The target said the account was already in the state the action wants. */
  alreadyDone?: boolean;
  /** The response body (JSON parsed, else text), secrets redacted. */
  body?: unknown;
  /** Custom actions: the output of their `result` expression. */
  result?: unknown;
  /**
   * Secrets the action generated and sent (`generate`, e.g. a one-time password), for the
   * workflow to hand to the person. Registered with the connection's redactor: never logged; not
   * enumerable, so serialising the result leaves them out.
   */
  secrets?: Record<string, string>;
}

/** Every standard action but the import, from the schema's list. */
export type WriteActionName = Exclude<StandardActionName, 'importUsers'>;

/** Variables of a standard action: createUser gets `user`, the others `account`. */
export function variablesFor(action: WriteActionName, subject: unknown, options: CreateOptions = {}): TemplateVariables {
  return action === 'createUser' ? { user: subject, create: createVariables(options) } : { account: subject };
}

/** How createUser is asked to make the account (the spec's `createsInactive`). */
export interface CreateOptions {
  /** False: create the account inactive, for an Activate User later (`create.active` false, `create.inactive` true). Default true. */
  active?: boolean;
}

/** createUser's `create.*` template variables. */
export function createVariables(options: CreateOptions = {}): { active: boolean; inactive: boolean } {
  const active = options.active !== false;
  return { active, inactive: !active };
}

export function findRequest(runtime: RuntimeConnector, key: string, label: string) {
  const request = runtime.requests.get(key);
  if (!request) throw new ConnectorError('CONFIG', `${runtime.source}: the connector has no ${label} action`, { action: label });
  return request;
}

export async function runWriteAction(input: {
  connection: Connection;
  runtime: RuntimeConnector;
  key: string;
  label: string;
  variables: TemplateVariables;
}): Promise<ActionResult> {
  const { connection, runtime, key, label } = input;
  const request = findRequest(runtime, key, label);
  checkRequired(request, { inputs: connection.templateInputs, ...input.variables });
  const lookups = await resolveLookups(connection, runtime, request.lookupNames);
  const generated = generateSecrets(request, (secret) => connection.redactor.registerSecret(secret));
  const variables = { ...input.variables, lookups, ...(generated ? { generated } : {}) };
  // Only the action's own requests count against its cap (retries included), not lookups.
  const outcome = await runWithinCap(connection, {
    key,
    maxInFlight: request.maxInFlight,
    work: async () => {
      if (request.steps) return runSteps({ connection, runtime, steps: request.steps, variables });
      const last = await executeRequest({ connection, runtime, request, variables });
      return { last, nothingToDo: last.nothingToDo };
    },
  });
  const result = outcome.last;
  // Every step skipped: no request was needed, so none was sent (status 0).
  if (!result) return { status: 0, alreadyDone: true };
  const body = connection.redactor.redactValue(result.body);
  if (outcome.nothingToDo !== undefined) return { status: result.response.status, [outcome.nothingToDo]: true, body };
  const output: ActionResult = { status: result.response.status, body };
  // Not enumerable: JSON of the result (an API answer, an audit entry, a log line) never carries a
  // generated secret; only code that asks for `secrets` by name gets it.
  if (generated) Object.defineProperty(output, 'secrets', { value: generated, enumerable: false });
  if (request.resultMapper && result.isJson) {
    const mapped = await request.resultMapper.map(result.body, { action: label, method: request.method });
    const account = mapped.records[0]?.account;
    // The changed account is data, like an imported one: not rewritten by redaction.
    if (account) output.account = account;
  }
  if (request.result && result.isJson) {
    try {
      [output.result] = await request.result.run(result.body);
    } catch (error) {
      throw (
        jqLimitExceeded(error, 'the result expression', { action: label }) ??
        new ConnectorError('MAPPING_FAILED', `${label}: result expression failed: ${(error as Error).message}`, { action: label, cause: error })
      );
    }
  }
  return output;
}

/** Checks a custom action's variables against its declaration (required, type). */
export function checkCustomVariables(runtime: RuntimeConnector, name: string, vars: Record<string, unknown>): void {
  const declared = runtime.spec.actions.custom?.[name]?.variables ?? {};
  for (const [variable, rule] of Object.entries(declared)) {
    const value = vars[variable];
    if (value === undefined || value === null || value === '') {
      if (rule.required) throw new ConnectorError('CONFIG', `${name}: the variable \`${variable}\` is required`, { action: name });
      continue;
    }
    const type = rule.type ?? 'string';
    if (typeof value !== type) {
      throw new ConnectorError('CONFIG', `${name}: the variable \`${variable}\` must be a ${type}, not a ${typeof value}`, { action: name });
    }
  }
}

export { customKey };
