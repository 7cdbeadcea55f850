/**
 * What an operator uses to check a connector before enabling it: `test()` sends one request and
 * returns what went out and came back, redacted (a write only when the caller says it is live);
 * `renderRequest()` and `previewPayload()` render without sending (for --dry-run and the payload
 * preview, which renders with the logged-in operator as `user` when no person is given), with
 * the auth header or query parameter present and masked as `***`.
 */
import { customKey, type CompiledRequest, type RuntimeConnector } from '../compile-connector.js';
import type { Connection } from '../connection.js';
import { ConnectorError } from '../errors.js';
import { executeRequest } from '../execute-request.js';
import { resolveLookups } from '../lookups.js';
import { firstPageQuery } from '../pagination/paginate.js';
import { renderActionRequest, type TemplateVariables } from '../render-request.js';
import { checkRequired, generateSecrets } from './write-preconditions.js';
import { stepApplies } from './run-steps.js';
import type { PreparedRequest } from '../send-request.js';
import { STANDARD_ACTION_NAMES } from '../../../generated/spec-types.js';
import { addAuthPlaceholder } from './auth-placeholder.js';
import { isAnswerRefusal, sampleAnswerText, type AnswerLimits, type Omission } from '../../jq/index.js';

export interface RenderedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** A write action of several requests: each step's request, in order (conditions not evaluated). */
  steps?: RenderedRequest[];
}

export interface TestResult {
  request: RenderedRequest;
  status: number;
  headers: Record<string, string>;
  body: unknown;
  /** With `sample`: what the body leaves out of the answer (each cut, by JSON pointer). */
  sample?: AnswerCuts;
}

/** The cause of a BAD_RESPONSE that refused a sampled answer: which limit it passed. */
export interface AnswerLimitCause {
  answerLimit: 'maxDepth' | 'maxFields';
  value: number;
}

/** The limit a sampled answer passed, when that is why `error` is a BAD_RESPONSE. */
export function answerLimitOf(error: ConnectorError): AnswerLimitCause | undefined {
  const cause = error.cause as Partial<AnswerLimitCause> | undefined;
  return error.code === 'BAD_RESPONSE' && typeof cause?.answerLimit === 'string' ? (cause as AnswerLimitCause) : undefined;
}

/** What a sampled answer left out: every cut (the first 50; `more` counts the rest) and the answer's size. */
export interface AnswerCuts {
  omitted: Omission[];
  more: number;
  /** Characters of the answer as received. */
  chars: number;
  /** False when the answer is not JSON (then `body` is its text, cut). */
  isJson: boolean;
}

const STANDARD: ReadonlySet<string> = new Set(STANDARD_ACTION_NAMES);

export function findAction(runtime: RuntimeConnector, action: string): CompiledRequest {
  const request = STANDARD.has(action) ? runtime.requests.get(action) : runtime.requests.get(customKey(action));
  if (!request) throw new ConnectorError('CONFIG', `${runtime.source}: the connector has no action "${action}"`, { action });
  return request;
}

function redactRequest(
  connection: Connection,
  request: PreparedRequest | { method: string; url: URL; headers: Record<string, string>; body?: string | undefined },
): RenderedRequest {
  const { redactor } = connection;
  const rendered: RenderedRequest = { method: request.method, url: redactor.redactUrl(request.url), headers: redactor.redactHeaders(request.headers) };
  if (request.body !== undefined) rendered.body = redactor.redact(request.body);
  return rendered;
}

/** The variables an action sees: import gets none of user/account/vars, and no lookups. */
async function prepareVariables(
  connection: Connection,
  runtime: RuntimeConnector,
  request: CompiledRequest,
  variables: TemplateVariables,
): Promise<TemplateVariables> {
  if (request.name === 'importUsers') return {};
  checkRequired(request, { inputs: connection.templateInputs, ...variables });
  const lookups = await resolveLookups(connection, runtime, request.lookupNames);
  // A preview shows a generated secret masked, like a credential: it is registered before rendering.
  const generated = generateSecrets(request, (secret) => connection.redactor.registerSecret(secret));
  return { ...variables, lookups, ...(generated ? { generated } : {}) };
}

export async function renderRequestFor(input: {
  connection: Connection;
  runtime: RuntimeConnector;
  action: string;
  variables: TemplateVariables;
}): Promise<RenderedRequest> {
  const { connection, runtime } = input;
  const request = findAction(runtime, input.action);
  const variables = await prepareVariables(connection, runtime, request, withPreviewUser(connection, input.variables));
  const extraQuery = request.name === 'importUsers' ? firstPageQuery(runtime.spec.actions.importUsers?.pagination) : [];
  const render = (one: CompiledRequest) =>
    addAuthPlaceholder(redactRequest(connection, renderActionRequest({ connection, runtime, request: one, variables, extraQuery })), runtime.spec.auth);
  if (!request.steps) return render(request);
  // Only the steps whose condition holds for this account are shown (GitHub's delete sends one of
  // two, by whether the account is an invitation); `previous` is unknown before sending.
  const context = { account: variables.account ?? null, user: variables.user ?? null, previous: null };
  const applicable: CompiledRequest[] = [];
  for (const [index, step] of request.steps.entries()) if (await stepApplies(step, context, index)) applicable.push(step.request);
  const [head = request] = applicable;
  return { ...render(head), steps: applicable.map(render) };
}

/** A payload preview renders with the operator (actor) as the person when none is given. */
function withPreviewUser(connection: Connection, variables: TemplateVariables): TemplateVariables {
  if (variables.user !== undefined) return variables;
  const { email = '', name = '', ...rest } = connection.actor;
  return { ...variables, user: { ...rest, email, name } };
}

export async function previewPayloadFor(input: {
  connection: Connection;
  runtime: RuntimeConnector;
  action: string;
  variables: TemplateVariables;
}): Promise<RenderedRequest & { payload: unknown }> {
  const rendered = await renderRequestFor(input);
  return { ...rendered, payload: rendered.body === undefined ? undefined : (JSON.parse(rendered.body) as unknown) };
}

export async function testAction(input: {
  connection: Connection;
  runtime: RuntimeConnector;
  action: string;
  variables: TemplateVariables;
  live: boolean;
  /** Answer a sample of the body, cut to these limits (measured and parsed in the isolate); past maxDepth or maxFields: BAD_RESPONSE. */
  sample?: AnswerLimits;
}): Promise<TestResult> {
  const { connection, runtime, action } = input;
  const request = findAction(runtime, action);
  if (action !== 'importUsers' && request.method !== 'GET' && !input.live) {
    throw new ConnectorError('CONFIG', `test of ${action} would send a real ${request.method} to the target`, {
      action,
      hint: 'Pass {live: true} to confirm (the CLI: --live), or use renderRequest() for a dry run.',
    });
  }
  const variables = await prepareVariables(connection, runtime, request, input.variables);
  let sent: RenderedRequest | undefined;
  const result = await executeRequest({
    connection,
    runtime,
    request,
    variables,
    acceptAnyStatus: true,
    ...(input.sample ? { parse: false } : {}),
    onSent: (outgoing) => {
      sent = redactRequest(connection, { ...outgoing, body: undefined });
    },
  });
  const request_ = sent ?? redactRequest(connection, result.prepared);
  if (result.prepared.body !== undefined) request_.body = connection.redactor.redact(result.prepared.body);
  const answer = { request: request_, status: result.response.status, headers: connection.redactor.redactHeaders(result.response.headers) };
  if (!input.sample) return { ...answer, body: connection.redactor.redactValue(result.body) };
  // The body goes to the isolate as bytes, handed over without a copy: neither decoded nor cloned on this thread.
  const empty = result.response.body.length === 0;
  const sampled = await (
    runtime.sampleAnswer ??
    (async (bytes: Uint8Array, limits: AnswerLimits) =>
      sampleAnswerText(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'), limits))
  )(result.response.body, input.sample);
  if (isAnswerRefusal(sampled)) {
    throw new ConnectorError('BAD_RESPONSE', `${action}: ${sampled.message}, past the limit ${sampled.limit} (${sampled.value}); nothing of it was read`, {
      action,
      method: result.prepared.method,
      url: connection.redactor.redactUrl(result.prepared.url),
      status: result.response.status,
      hint: 'The target answered with a document no user list has: check the path, or the target.',
      cause: { answerLimit: sampled.limit, value: sampled.value } satisfies AnswerLimitCause,
    });
  }
  const sample = {
    omitted: sampled.omitted.map((cut) => ({ ...cut, pointer: connection.redactor.redact(cut.pointer) })),
    more: sampled.more,
    chars: sampled.chars,
    isJson: sampled.isJson,
  };
  return { ...answer, body: sampled.value === undefined || empty ? undefined : connection.redactor.redactValue(sampled.value), sample };
}
