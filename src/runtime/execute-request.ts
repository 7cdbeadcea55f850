/**
 * Render + send + check, shared by every action: a response outside the action's success
 * statuses becomes a mapped ConnectorError; a success body is parsed as JSON (or kept as text).
 */
import type { CompiledRequest, RuntimeConnector } from './compile-connector.js';
import type { OutcomeRule } from '../../generated/spec-types.js';
import type { Connection } from './connection.js';
import { ConnectorError } from './errors.js';
import type { HttpResponse } from './http/http-transport.js';
import { mapHttpError, parseBody } from './map-http-error.js';
import { renderActionRequest, type TemplateVariables } from './render-request.js';
import { sendRequest, type OnSent, type PreparedRequest } from './send-request.js';
import { jqLimitExceeded } from './jq-limit-error.js';

export interface ExecuteInput {
  connection: Connection;
  runtime: RuntimeConnector;
  request: CompiledRequest;
  variables: TemplateVariables;
  extraQuery?: ReadonlyArray<readonly [string, string]>;
  /** Send to this URL instead of the rendered one (Link pagination). */
  url?: URL;
  /** `test()`: return any status instead of throwing on errors. */
  acceptAnyStatus?: boolean;
  /** false: leave the body unparsed (`body` undefined; a sampled test() parses it off the main thread). Only with acceptAnyStatus. */
  parse?: boolean;
  onSent?: OnSent;
  /**
   * The caller parses a JSON success body itself, off this thread (an isolated import mapping):
   * see SendRequestInput.checkBody. A success is then returned unparsed (`body` undefined,
   * `parsed` false) unless an outcome rule needs the body here.
   */
  checkBody?: (response: HttpResponse) => Promise<boolean>;
}

export interface ExecuteResult {
  prepared: PreparedRequest;
  response: HttpResponse;
  /** Parsed JSON, or the text when the body is not JSON; undefined when empty. */
  body: unknown;
  isJson: boolean;
  /** An outcome rule recognised the answer: the action had nothing to do. */
  nothingToDo?: OutcomeRule['means'];
  /** False when the body was left for the caller to parse (checkBody). */
  parsed?: boolean;
}

export function isSuccess(request: CompiledRequest, status: number): boolean {
  return request.success ? request.success.includes(status) : status >= 200 && status < 300;
}

export async function executeRequest(input: ExecuteInput): Promise<ExecuteResult> {
  const { connection, request } = input;
  const rendered = renderActionRequest(input);
  const prepared = input.url ? { ...rendered, url: input.url } : rendered;
  const response = await sendRequest({
    connection,
    request: prepared,
    action: request.name,
    idempotent: request.idempotent,
    // A sampled test() checks the body in the isolate, not by parsing it whole here.
    expectJson: request.readsJson && input.parse !== false,
    retryRules: input.runtime.spec.retryOn,
    onSent: input.onSent,
    checkBody: input.checkBody,
  });
  const deferred = input.checkBody !== undefined && request.outcomes.length === 0 && isSuccess(request, response.status);
  if (deferred) return { prepared, response, body: undefined, isJson: false, parsed: false };
  const parsed = response.body.length === 0 || (input.parse === false && input.acceptAnyStatus) ? undefined : parseBody(response.body);
  const nothingToDo = await matchOutcome(request, response.status, parsed);
  if (nothingToDo === undefined && !isSuccess(request, response.status) && !input.acceptAnyStatus) {
    throw await mapHttpError({
      action: request.name,
      method: prepared.method,
      url: prepared.url,
      status: response.status,
      headers: response.headers,
      body: response.body,
      handling: request.errors,
      redactor: connection.redactor,
    });
  }
  const outcome = nothingToDo === undefined ? {} : { nothingToDo };
  if (parsed === undefined) return { prepared, response, body: undefined, isJson: false, ...outcome };
  return { prepared, response, body: parsed.json, isJson: parsed.isJson, ...outcome };
}

/**
 * The first outcome rule whose status matches and whose `when` gives true on the JSON body. A
 * body that is not JSON (an HTML error page of a wrong base URL) never proves anything, and a
 * `when` that fails counts as "no": an absent account is never assumed.
 */
async function matchOutcome(
  request: CompiledRequest,
  status: number,
  parsed: { json: unknown; isJson: boolean } | undefined,
): Promise<OutcomeRule['means'] | undefined> {
  if (parsed === undefined || !parsed.isJson) return undefined;
  for (const rule of request.outcomes) {
    if (rule.status !== status) continue;
    try {
      const [answer] = await rule.when.run(parsed.json);
      if (answer === true) return rule.means;
    } catch (error) {
      // A condition that fails on this body does not match it; one stopped by a limit says nothing either way.
      const stopped = jqLimitExceeded(error, `the outcome rule for status ${status}`, { action: request.name, method: request.method });
      if (stopped) throw stopped;
    }
  }
  return undefined;
}

/** For reads whose body must be JSON (imports, lookups): anything else is BAD_RESPONSE. */
export function requireJson(result: ExecuteResult, action: string, redactUrl: (url: URL) => string): unknown {
  if (result.isJson) return result.body;
  const type = result.response.headers['content-type'] ?? 'no content type';
  const cutOff = /json/iu.test(type) || /^\s*[[{]/u.test(String(result.body ?? '').slice(0, 64));
  const what = cutOff ? `the JSON body does not parse (${result.response.body.length} bytes; cut off or malformed)` : `the response is not JSON (${type})`;
  throw new ConnectorError('BAD_RESPONSE', `${action}: ${what}`, {
    action,
    method: result.prepared.method,
    url: redactUrl(result.prepared.url),
    status: result.response.status,
    hint: cutOff
      ? 'The target (or a proxy between) cut the body short; it was fetched again within the retry budget. Try again later.'
      : 'Check the path and the base URL: an HTML page often means a login or error page.',
  });
}
