/**
 * Running one enabled action of an integration (the hook the workflows and the API use), and the
 * read-only key rule of docs/contributors/product-rules.md ("Incident platform" 6, "Limits" 4): when a write action is
 * refused with the target's read-only signature, the integration becomes import-only.
 */
import type { AccountRef, ActionResult, Client, CreateOptions, Person } from '../../index.js';
import { isConnectorError, type ConnectorError } from '../../runtime/errors.js';
import type { ConnectorSpec } from '../../../generated/spec-types.js';
import { STANDARD_ACTION_NAMES } from '../../../generated/spec-types.js';
import { ServiceError } from '../service-error.js';

/** What an action runs on: the person to create, the account to change, a custom action's variables. */
export interface ActionSubject {
  user?: Person;
  account?: AccountRef;
  vars?: Record<string, unknown>;
  /** createUser: `{active: false}` asks for an account inactive until Activate User (an onboarding with an activation time). */
  create?: CreateOptions;
}

export interface ActionRun {
  action: string;
  /** importUsers: the accounts read. */
  accounts?: unknown[];
  /** Write and custom actions: the target's answer, redacted. */
  result?: ActionResult;
}

/**
 * A 403 whose body says the key is read-only: the incident platform answers "This API key is
 * read-only and cannot make changes." (PagerDuty error 2010 with that text). A 403 for any other
 * reason (a missing permission of a full key) is not this signature.
 */
export function isReadOnlyRefusal(error: unknown): error is ConnectorError {
  return isConnectorError(error) && error.status === 403 && /\bread[- ]only\b/i.test(`${error.bodyExcerpt ?? ''} ${error.message}`);
}

/** Every action of the spec that changes the target: the standard writes, and custom actions not sent with GET. */
export function writeActionsOf(spec: ConnectorSpec): string[] {
  const standard = STANDARD_ACTION_NAMES.filter((name) => name !== 'importUsers' && spec.actions[name] !== undefined);
  const custom = Object.entries(spec.actions.custom ?? {})
    .filter(([, action]) => (action as { method?: string }).method?.toUpperCase() !== 'GET')
    .map(([name]) => name);
  return [...standard, ...custom];
}

function needs<T>(value: T | undefined, action: string, field: string): T {
  if (value === undefined || value === null) throw new ServiceError('INVALID_INPUT', `${action} needs ${field}`, { hint: `give ${field} in the request` });
  return value;
}

/** Calls the client method of one action. */
export async function invokeAction(client: Client, action: string, subject: ActionSubject): Promise<ActionRun> {
  switch (action) {
    case 'importUsers':
      return { action, accounts: await client.importUsers().collect() };
    case 'createUser':
      return { action, result: await client.createUser(needs(subject.user, action, 'user'), subject.create) };
    case 'activateUser':
    case 'deleteUser':
    case 'deactivateUser':
      return { action, result: await client[action](needs(subject.account, action, 'account')) };
    default: {
      const custom = client as unknown as {
        runCustomAction(name: string, vars?: Record<string, unknown>, subject?: { user?: Person; account?: AccountRef }): Promise<ActionResult>;
      };
      return { action, result: await custom.runCustomAction(action, subject.vars, { user: subject.user, account: subject.account }) };
    }
  }
}

/** What an audit entry or an API answer may carry of a runtime failure: it is already redacted by the runtime. */
export function describeFailure(error: ConnectorError): Record<string, unknown> {
  const { code, message, status, bodyExcerpt, hint, action } = error;
  return { code, message, action, status, bodyExcerpt, hint };
}
