/**
 * The client `connect()` returns. Its type comes from the compiled connector's type parameters:
 * a connector without activateUser gives a client without activateUser, and runCustomAction
 * accepts only the connector's custom action names.
 */
import type { AnswerLimits } from '../jq/index.js';
import type { StandardActionName } from '../connector.js';
import type { ActionResult, CreateOptions } from './actions/write-action.js';
import type { ImportRun } from './actions/import-users.js';
import type { RenderedRequest, TestResult } from './actions/inspect-action.js';
import type { PreviewResult } from './actions/preview-records.js';
import type { ConnectionCheck } from './actions/test-connection.js';
import type { CapabilityProbe } from './actions/probe-capabilities.js';
import type { Person } from './connect-options.js';

/** An account as the host knows it; only the fields the action's templates use must be set. */
export interface AccountRef {
  id: string;
  email?: string;
  name?: string;
  [field: string]: unknown;
}

export interface StandardMethods {
  /** Pages of accounts (`for await`), with `.accounts()` and `.collect()`. */
  importUsers(): ImportRun;
  /**
   * `options.active: false` asks for an account the person cannot use until activateUser runs;
   * only a spec whose createUser declares `createsInactive: whenAsked` sends it (`create.active`),
   * one that declares `always` creates every account inactive.
   */
  createUser(person: Person, options?: CreateOptions): Promise<ActionResult>;
  activateUser(account: AccountRef): Promise<ActionResult>;
  /** An answer an outcome rule recognises (the target's own "not found") succeeds with `alreadyAbsent: true`. */
  deleteUser(account: AccountRef): Promise<ActionResult>;
  deactivateUser(account: AccountRef): Promise<ActionResult>;
}

/** Variables for test(), previewPayload() and renderRequest(). */
export interface ActionVariables {
  user?: Partial<Person>;
  account?: AccountRef;
  vars?: Record<string, unknown>;
}

export interface CustomMethods<X extends string> {
  /** Runs a custom action; `vars` are its declared variables (`vars.<name>` in templates). */
  runCustomAction(name: X, vars?: Record<string, unknown>, subject?: { user?: Person; account?: AccountRef }): Promise<ActionResult>;
}

export interface CommonMethods<A extends StandardActionName, X extends string> {
  /** The cheapest request proving base URL and credentials (import first page, a lookup, or GET base URL). */
  testConnection(): Promise<ConnectionCheck>;
  /**
   * The spec's capability probe (`probe`), sent once: whether the credential may write, is
   * read-only, or that is unknown (any answer no rule reads, a 5xx, a network failure). Never
   * throws for the target's answer; undefined when the spec declares no probe.
   */
  probeCapabilities(): Promise<CapabilityProbe | undefined>;
  /** Sends one request and returns it with the response, redacted. Writes need `{live: true}`. */
  /**
   * `sample`: answer a sample of the body cut to these limits (DEFAULT_ANSWER_LIMITS: 100 items
   * per array, 256 KiB in all), with `sample` saying what it left out; an answer nested past
   * maxDepth or with an object past maxFields fails with BAD_RESPONSE naming the limit.
   */
  test(action: A | X, variables?: ActionVariables, options?: { live?: boolean; sample?: AnswerLimits }): Promise<TestResult>;
  /** Records path and mapping applied to a response body, with each record's problems. */
  preview(responseBody: unknown): Promise<PreviewResult>;
  /** The request an action would send, rendered (the operator as `user` when none is given), not sent. */
  previewPayload(action: A | X, variables?: ActionVariables): Promise<RenderedRequest & { payload: unknown }>;
  /** The full request for --dry-run, redacted, not sent; where the credentials go shows `***`. */
  renderRequest(action: A | X, variables?: ActionVariables): Promise<RenderedRequest>;
  /** Closes the connection's keep-alive pools. */
  close(): Promise<void>;
}

export type Client<A extends StandardActionName = StandardActionName, X extends string = string> = Pick<StandardMethods, A> &
  CommonMethods<A, X> &
  ([X] extends [never] ? unknown : CustomMethods<X>);
