/**
 * Render + send + check, shared by every action: a response outside the action's success
 * statuses becomes a mapped ConnectorError; a success body is parsed as JSON (or kept as text).
 */
import type { CompiledRequest, RuntimeConnector } from './compile-connector.js';
import type { Connection } from './connection.js';
import { ConnectorError } from './errors.js';
import type { HttpResponse } from './http/http-transport.js';
import { mapHttpError, parseBody } from './map-http-error.js';
import { renderActionRequest, type TemplateVariables } from './render-request.js';
import { sendRequest, type OnSent, type PreparedRequest } from './send-request.js';

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
  onSent?: OnSent;
}

export interface ExecuteResult {
  prepared: PreparedRequest;
  response: HttpResponse;
  /** Parsed JSON, or the text when the body is not JSON; undefined when empty. */
  body: unknown;
  isJson: boolean;
  absent: boolean;
}

export function isSuccess(request: CompiledRequest, status: number): boolean {
  return request.success ? request.success.includes(status) : status >= 200 && status < 300;
}

export async function executeRequest(input: ExecuteInput): Promise<ExecuteResult> {
  const { connection, request } = input;
  const rendered = renderActionRequest(input);
  const prepared = input.url ? { ...rendered, url: input.url } : rendered;
  const response = await sendRequest({ connection, request: prepared, action: request.name, idempotent: request.idempotent, onSent: input.onSent });
  const absent = request.absentOn?.includes(response.status) ?? false;
  if (!absent && !isSuccess(request, response.status) && !input.acceptAnyStatus) {
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
  if (response.body.length === 0) return { prepared, response, body: undefined, isJson: false, absent };
  const { json, isJson } = parseBody(response.body);
  return { prepared, response, body: json, isJson, absent };
}

/** For reads whose body must be JSON (imports, lookups): anything else is BAD_RESPONSE. */
export function requireJson(result: ExecuteResult, action: string, redactUrl: (url: URL) => string): unknown {
  if (result.isJson) return result.body;
  const type = result.response.headers['content-type'] ?? 'no content type';
  throw new ConnectorError('BAD_RESPONSE', `${action}: the response is not JSON (${type})`, {
    action,
    method: result.prepared.method,
    url: redactUrl(result.prepared.url),
    status: result.response.status,
    hint: 'Check the path and the base URL: an HTML page often means a login or error page.',
  });
}
