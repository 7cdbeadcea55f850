/**
 * Renders an action's request from its compiled templates and the template variables: path
 * placeholders encoded as segments, query and header values as plain strings, the body as JSON
 * (which must parse, else CONFIG before anything is sent).
 */
import type { CompiledRequest, RuntimeConnector } from './compile-connector.js';
import type { Connection } from './connection.js';
import { ConnectorError } from './errors.js';
import { joinUrl } from './http/join-url.js';
import { planned } from './plan.js';
import { defaultUserAgent } from './http/user-agent.js';
import type { PreparedRequest } from './send-request.js';
import { renderPath } from './template/path-template.js';
import { TemplateLimitError } from '../template/render-limits.js';

/** Variables of one action; `inputs` and `actor` come from the connection. */
export interface TemplateVariables {
  user?: unknown;
  account?: unknown;
  vars?: unknown;
  lookups?: Record<string, unknown>;
  /** Secrets the action generated for this call (`generate`), already registered for redaction. */
  generated?: Record<string, string>;
  /** createUser: whether the account is to be usable at once (`createsInactive: whenAsked`); active when not given. */
  create?: { active: boolean; inactive: boolean };
}

/** `create.*` when the caller said nothing: the account is created usable at once. */
const CREATE_ACTIVE = Object.freeze({ active: true, inactive: false });

export interface RenderInput {
  connection: Connection;
  runtime: RuntimeConnector;
  request: CompiledRequest;
  variables: TemplateVariables;
  /** Query parameters added by pagination; they replace same-named ones. */
  extraQuery?: ReadonlyArray<readonly [string, string]>;
}

function renderText({ render, context, field, action }: { render: (context: object) => string; context: object; field: string; action: string }): string {
  try {
    return render(context);
  } catch (error) {
    if (error instanceof TemplateLimitError) {
      throw new ConnectorError('LIMIT_EXCEEDED', `${action}: ${field}: ${error.message}; nothing was sent`, {
        action,
        hint: 'Iterate over fewer items (a lookup of thousands of entries nested in another #each multiplies them).',
      });
    }
    throw new ConnectorError('CONFIG', `${action}: ${field} could not be rendered: ${(error as Error).message}`, { action });
  }
}

export function renderActionRequest({ connection, runtime, request, variables, extraQuery = [] }: RenderInput): PreparedRequest {
  const action = request.name;
  const context = { inputs: connection.templateInputs, actor: connection.actor, create: CREATE_ACTIVE, ...variables };
  const path = renderPath({ template: request.path, variables: context, action });
  const overridden = new Set(extraQuery.map(([name]) => name));
  const query: Array<readonly [string, string]> = [];
  for (const [name, render] of request.query) {
    if (overridden.has(name)) continue;
    const value = renderText({ render, context, field: `query ${name}`, action });
    // An optional input left empty leaves its parameter out rather than sending `name=`.
    if (value !== '') query.push([name, value]);
  }
  query.push(...extraQuery);
  const url = joinUrl({ base: connection.baseUrl, path, query });

  // Spec and action headers may replace both defaults.
  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': defaultUserAgent() };
  const specContext = { inputs: connection.templateInputs, lookups: variables.lookups ?? {} };
  for (const [name, render] of runtime.specHeaders) headers[name.toLowerCase()] = renderText({ render, context: specContext, field: `header ${name}`, action });
  for (const [name, render] of request.headers) headers[name.toLowerCase()] = renderText({ render, context, field: `header ${name}`, action });
  for (const [name, value] of Object.entries(headers)) {
    if (/[\r\n\0]/u.test(value)) throw new ConnectorError('CONFIG', `${action}: header ${name} would contain a line break`, { action });
  }

  let body: string | undefined;
  if (request.body) {
    body = renderText({ render: request.body, context, field: 'body', action });
    try {
      JSON.parse(body);
    } catch (error) {
      throw new ConnectorError('CONFIG', `${action}: the rendered body is not valid JSON (${(error as Error).message}); nothing was sent`, {
        action,
        hint: 'Write values without quotes ("name": {{user.name}}); every {{value}} is inserted as JSON.',
      });
    }
    headers['content-type'] ??= planned(request.contentType, `actions.${action}.contentType`);
  }
  return { method: request.method, url, headers, body };
}
