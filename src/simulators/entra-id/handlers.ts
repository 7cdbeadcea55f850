/**
 * msw handlers simulating Microsoft Entra ID for a connector: the Microsoft identity platform's
 * token endpoint (client credentials, learn.microsoft.com "OAuth 2.0 client credentials flow")
 * and the Microsoft Graph v1.0 users endpoints (learn.microsoft.com/graph/api/resources/user):
 * - POST /{tenant}/oauth2/v2.0/token: `client_id`, `client_secret` in the form, `scope` must be
 *   `https://graph.microsoft.com/.default`; errors are `{"error", "error_description": "AADSTS..."}`.
 * - GET /v1.0/users: `$select`, `$top` (1 to 999, default 100), pages linked by `@odata.nextLink`
 *   (an absolute URL with `$skiptoken`).
 * - POST /v1.0/users needs accountEnabled, displayName, mailNickname, userPrincipalName (on a
 *   verified domain) and passwordProfile.password; 201 with the user.
 * - PATCH /v1.0/users/{id} answers 204; DELETE answers 204 (a soft delete: the user moves to
 *   deleted items, where its userPrincipalName stays taken for 30 days).
 * - POST /v1.0/users/{id}/revokeSignInSessions answers 200 `{"value": true}` and ends the user's
 *   sessions (counted in `state.revokedSessions`).
 * - Errors are `{"error": {"code", "message", "innerError"}}`: 401 InvalidAuthenticationToken,
 *   403 Authorization_RequestDenied, 404 Request_ResourceNotFound, 400 Request_BadRequest,
 *   429 TooManyRequests with Retry-After.
 */
import { randomUUID } from 'node:crypto';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { entraUserId, type EntraState, type GraphUser } from './state.js';

export const GRAPH_SCOPE = 'https://graph.microsoft.com/.default';
export const GRAPH_MAX_TOP = 999;
const GRAPH_DEFAULT_TOP = 100;

export function graphError(status: number, code: string, message: string, headers: Record<string, string> = {}): Response {
  return HttpResponse.json(
    { error: { code, message, innerError: { date: '2026-01-05T09:00:00', 'request-id': randomUUID(), 'client-request-id': randomUUID() } } },
    { status, headers },
  );
}

function tokenError(status: number, error: string, description: string): Response {
  return HttpResponse.json(
    { error, error_description: description, error_codes: [Number(/^AADSTS(\d+)/u.exec(description)?.[1] ?? 0)], timestamp: '2026-01-05 09:00:00Z' },
    { status },
  );
}

async function issueToken(state: EntraState, request: Request, tenant: string): Promise<Response> {
  if (tenant !== state.tenantId) return tokenError(400, 'invalid_request', `AADSTS90002: Tenant '${tenant}' not found.`);
  const form = new URLSearchParams(await request.text());
  if (form.get('grant_type') !== 'client_credentials')
    return tokenError(400, 'unsupported_grant_type', 'AADSTS70003: The app requested an unsupported grant type.');
  const app = state.apps.find((candidate) => candidate.clientId === form.get('client_id'));
  if (!app)
    return tokenError(400, 'unauthorized_client', `AADSTS700016: Application with identifier '${form.get('client_id')}' was not found in the directory.`);
  if (form.get('client_secret') !== app.clientSecret) return tokenError(401, 'invalid_client', 'AADSTS7000215: Invalid client secret provided.');
  if (form.get('scope') !== GRAPH_SCOPE)
    return tokenError(400, 'invalid_scope', `AADSTS1002012: The provided value for scope ${form.get('scope') ?? ''} is not valid.`);
  const token = `eyJ0eXAiOiJKV1Qi.sim.${randomUUID()}`;
  state.tokens.set(token, app.clientId);
  return HttpResponse.json({ token_type: 'Bearer', expires_in: 3599, ext_expires_in: 3599, access_token: token });
}

/** Bearer token, throttling, permission; undefined when the request may go on. */
function guard(state: EntraState, request: Request, write: boolean): Response | undefined {
  const token = /^Bearer (.+)$/u.exec(request.headers.get('authorization') ?? '')?.[1];
  const clientId = token === undefined ? undefined : state.tokens.get(token);
  if (clientId === undefined)
    return graphError(401, 'InvalidAuthenticationToken', token === undefined ? 'Access token is empty.' : 'Access token validation failure. Invalid audience.');
  if (state.throttleNext > 0) {
    state.throttleNext -= 1;
    return graphError(429, 'TooManyRequests', 'Too many requests.', { 'retry-after': String(state.retryAfterSeconds) });
  }
  const app = state.apps.find((candidate) => candidate.clientId === clientId);
  if (write && !app?.permissions.includes('User.ReadWrite.All'))
    return graphError(403, 'Authorization_RequestDenied', 'Insufficient privileges to complete the operation.');
  return undefined;
}

const notFound = (id: string) =>
  graphError(404, 'Request_ResourceNotFound', `Resource '${id}' does not exist or one of its queried reference-property objects are not present.`);

function listUsers(state: EntraState, request: Request): Response {
  const url = new URL(request.url);
  const rawTop = url.searchParams.get('$top');
  const top = rawTop === null ? GRAPH_DEFAULT_TOP : Number(rawTop);
  if (!Number.isInteger(top) || top < 1 || top > GRAPH_MAX_TOP)
    return graphError(400, 'Request_UnsupportedQuery', `Invalid page size specified: '${rawTop}'. Must be between 1 and ${GRAPH_MAX_TOP} inclusive.`);
  const select = url.searchParams
    .get('$select')
    ?.split(',')
    .map((field) => field.trim())
    .filter(Boolean);
  const skip = Number(Buffer.from(url.searchParams.get('$skiptoken') ?? '', 'base64url').toString('utf8') || '0');
  const page = state.users.slice(skip, skip + top);
  const shown = page.map((user) =>
    select ? Object.fromEntries(select.map((field) => [field, (user as unknown as Record<string, unknown>)[field] ?? null])) : { ...user },
  );
  const body: Record<string, unknown> = { '@odata.context': `${url.origin}/v1.0/$metadata#users${select ? `(${select.join(',')})` : ''}`, value: shown };
  if (skip + top < state.users.length) {
    const next = new URL(`${url.origin}/v1.0/users`);
    if (select) next.searchParams.set('$select', select.join(','));
    next.searchParams.set('$top', String(top));
    next.searchParams.set('$skiptoken', Buffer.from(String(skip + top)).toString('base64url'));
    body['@odata.nextLink'] = next.href;
  }
  return HttpResponse.json(body);
}

async function createUser(state: EntraState, request: Request): Promise<Response> {
  const input = ((await request.json().catch(() => undefined)) ?? {}) as Partial<GraphUser> & {
    passwordProfile?: { password?: unknown; forceChangePasswordNextSignIn?: unknown };
  };
  for (const field of ['accountEnabled', 'displayName', 'mailNickname', 'userPrincipalName'] as const) {
    if (input[field] === undefined || input[field] === null || input[field] === '')
      return graphError(400, 'Request_BadRequest', `Property '${field}' is required but was not provided.`);
  }
  if (typeof input.passwordProfile?.password !== 'string' || input.passwordProfile.password.length < 8) {
    return graphError(400, 'Request_BadRequest', "Invalid value specified for property 'passwordProfile' of resource 'User'.");
  }
  const upn = String(input.userPrincipalName);
  if (!state.domains.includes(upn.split('@')[1] ?? '')) {
    return graphError(
      400,
      'Request_BadRequest',
      'The domain portion of the userPrincipalName property is invalid. You must use one of the verified domain names in your organization.',
    );
  }
  // A soft-deleted user keeps its userPrincipalName for 30 days (until purged or restored).
  if ([...state.users, ...state.deletedUsers].some((user) => user.userPrincipalName.toLowerCase() === upn.toLowerCase())) {
    return graphError(400, 'Request_BadRequest', 'Another object with the same value for property userPrincipalName already exists.');
  }
  state.nextId += 1;
  const user: GraphUser = {
    id: entraUserId(state.nextId),
    displayName: String(input.displayName),
    userPrincipalName: upn,
    mail: input.mail ?? null,
    givenName: input.givenName ?? null,
    surname: input.surname ?? null,
    accountEnabled: input.accountEnabled === true,
    mailNickname: String(input.mailNickname),
  };
  state.users.push(user);
  state.initialPasswords.set(user.id, input.passwordProfile.password);
  return HttpResponse.json({ '@odata.context': `${new URL(request.url).origin}/v1.0/$metadata#users/$entity`, ...user }, { status: 201 });
}

export function entraHandlers(state: EntraState): RequestHandler[] {
  const find = (id: unknown) => state.users.find((user) => user.id === id || user.userPrincipalName === id);
  return [
    http.post('*/:tenant/oauth2/v2.0/token', ({ request, params }) => issueToken(state, request, String(params.tenant))),
    http.get('*/v1.0/users', ({ request }) => guard(state, request, false) ?? listUsers(state, request)),
    http.post('*/v1.0/users', async ({ request }) => guard(state, request, true) ?? createUser(state, request)),
    http.patch('*/v1.0/users/:id', async ({ request, params }) => {
      const refused = guard(state, request, true);
      if (refused) return refused;
      const user = find(params.id);
      if (!user) return notFound(String(params.id));
      const patch = ((await request.json().catch(() => undefined)) ?? {}) as { accountEnabled?: unknown };
      if (typeof patch.accountEnabled === 'boolean') user.accountEnabled = patch.accountEnabled;
      return new HttpResponse(null, { status: 204 });
    }),
    http.delete('*/v1.0/users/:id', ({ request, params }) => {
      const refused = guard(state, request, true);
      if (refused) return refused;
      const user = find(params.id);
      if (!user) return notFound(String(params.id));
      state.users = state.users.filter((other) => other !== user);
      state.deletedUsers.push(user);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('*/v1.0/users/:id/revokeSignInSessions', ({ request, params }) => {
      const refused = guard(state, request, true);
      if (refused) return refused;
      const user = find(params.id);
      if (!user) return notFound(String(params.id));
      state.revokedSessions.set(user.id, (state.revokedSessions.get(user.id) ?? 0) + 1);
      return HttpResponse.json({ '@odata.context': `${new URL(request.url).origin}/v1.0/$metadata#Edm.Boolean`, value: true });
    }),
  ];
}
