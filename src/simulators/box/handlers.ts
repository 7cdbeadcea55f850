/**
 * msw handlers simulating Box's token endpoint and users API (box/box-openapi openapi.json:
 * post_oauth2_token, get_users, post_users, put_users_id, delete_users_id; developer.box.com
 * reference and guides), as described:
 * - POST /oauth2/token (form): `grant_type=client_credentials` with `client_id`, `client_secret`,
 *   `box_subject_type=enterprise` and `box_subject_id` (the enterprise id) answers a bearer token;
 *   a wrong client is 400 `invalid_client`, a wrong subject 400 `invalid_grant` ("Grant credentials
 *   are invalid").
 * - Every /2.0 request needs `Authorization: Bearer <token>`, else 401 with an empty body and a
 *   `WWW-Authenticate` header. Errors are `{type: "error", status, code, message, help_url,
 *   request_id}` (ClientError). 429 `rate_limit_exceeded` carries Retry-After.
 * - GET /2.0/users: offset paging (`offset` over 10,000 is 400) with `total_count`, or marker
 *   paging with `usemarker=true`: `next_marker` until the last page, whose marker is null. `limit`
 *   is capped at 1,000. With `fields`, only the mini representation (type, id, name, login) and
 *   the fields named are returned; without, the standard one (no `role`).
 * - POST /2.0/users: `name` (at most 50) required, `login` required for a managed user; a login
 *   in use is 409 `user_login_already_used`; 201 with the user.
 * - PUT /2.0/users/{id}: `status`, `role` (coadmin or user), `name`; 200 with the user.
 * - DELETE /2.0/users/{id}: 204; a user who owns content without `force=true` is refused.
 * - An unknown user is 404 `not_found`; an app without user management rights is 403
 *   `access_denied_insufficient_permissions` on writes, before the body is read.
 * Assumed (no body documented): the 400 for a user who owns content (`user_not_deletable`, message
 * quoted below), the 403 checked before the body, and that a limited app may still list users.
 */
import { http, HttpResponse, type RequestHandler } from 'msw';
import { BOX_ENTERPRISE_ID, type BoxApp, type BoxRole, type BoxState, type BoxStatus, type BoxUser } from './state.js';

export const BOX_MAX_LIMIT = 1000;
const MAX_OFFSET = 10_000;
const STATUSES: readonly BoxStatus[] = ['active', 'inactive', 'cannot_delete_edit', 'cannot_delete_edit_upload'];
let requestCounter = 0;

function boxError(status: number, code: string, message: string, headers: Record<string, string> = {}): Response {
  requestCounter += 1;
  return HttpResponse.json(
    {
      type: 'error',
      status,
      code,
      message,
      help_url: 'http://developers.box.com/docs/#errors',
      request_id: `req${requestCounter.toString(36).padStart(8, '0')}`,
    },
    { status, headers },
  );
}

function issueToken(state: BoxState, form: URLSearchParams): Response {
  const oauthError = (error: string, description: string) => HttpResponse.json({ error, error_description: description }, { status: 400 });
  if (form.get('grant_type') !== 'client_credentials') return oauthError('unsupported_grant_type', 'Grant type is not supported');
  const app = state.apps.find((candidate) => candidate.clientId === form.get('client_id') && candidate.clientSecret === form.get('client_secret'));
  if (!app) return oauthError('invalid_client', 'The client credentials are invalid');
  if (form.get('box_subject_type') !== 'enterprise' || form.get('box_subject_id') !== app.enterpriseId) {
    return oauthError('invalid_grant', 'Grant credentials are invalid');
  }
  state.tokensIssued += 1;
  const accessToken = `box-access-${state.tokensIssued}`;
  state.tokens.set(accessToken, app);
  return HttpResponse.json({ access_token: accessToken, expires_in: 3600, restricted_to: [], token_type: 'bearer' });
}

/** The app behind the request's token, or the answer refusing it. */
function guard(state: BoxState, request: Request, write: boolean): { app: BoxApp } | { refused: Response } {
  if (state.rateLimit.count > 0) {
    state.rateLimit.count -= 1;
    return {
      refused: boxError(429, 'rate_limit_exceeded', 'Request rate limit exceeded, please try again later', {
        'retry-after': String(state.rateLimit.retryAfterSeconds),
      }),
    };
  }
  const token = /^Bearer (\S+)$/u.exec(request.headers.get('authorization') ?? '')?.[1];
  const app = token === undefined ? undefined : state.tokens.get(token);
  if (!app) {
    return {
      refused: new HttpResponse(null, {
        status: 401,
        headers: { 'www-authenticate': 'Bearer realm="Service", error="invalid_token", error_description="The access token provided is invalid."' },
      }),
    };
  }
  if (write && !app.manageUsers) {
    return { refused: boxError(403, 'access_denied_insufficient_permissions', 'Access denied - insufficient permission') };
  }
  return { app };
}

function full(user: BoxUser): Record<string, unknown> {
  return {
    type: 'user',
    id: user.id,
    name: user.name,
    login: user.login,
    created_at: user.createdAt,
    modified_at: user.createdAt,
    language: 'en',
    timezone: 'America/Los_Angeles',
    space_amount: 11_345_156_112,
    space_used: user.ownsContent ? 1_237_009_912 : 0,
    max_upload_size: 2_147_483_648,
    status: user.status,
    job_title: '',
    phone: '',
    address: '',
    avatar_url: `https://app.box.com/api/avatar/large/${user.id}`,
    role: user.role,
    is_platform_access_only: user.appUser,
    enterprise: { type: 'enterprise', id: BOX_ENTERPRISE_ID, name: 'Acme' },
  };
}

/** The representation Box returns: standard without `fields`, else mini plus the fields named. */
function represent(user: BoxUser, fields: string[] | undefined): Record<string, unknown> {
  const all = full(user);
  const keep =
    fields === undefined
      ? Object.keys(all).filter((key) => !['role', 'is_platform_access_only', 'enterprise'].includes(key))
      : ['type', 'id', 'name', 'login', ...fields];
  return Object.fromEntries(Object.entries(all).filter(([key]) => keep.includes(key)));
}

const encodeMarker = (index: number) => Buffer.from(`m:${index}`, 'utf8').toString('base64url');
const decodeMarker = (marker: string) => Number(/^m:(\d+)$/u.exec(Buffer.from(marker, 'base64url').toString('utf8'))?.[1] ?? Number.NaN);

function listUsers(state: BoxState, request: Request): Response {
  const url = new URL(request.url);
  const limitText = url.searchParams.get('limit');
  const limit = Math.min(limitText === null ? 100 : Number(limitText), BOX_MAX_LIMIT);
  if (!Number.isInteger(limit) || limit < 1) return boxError(400, 'bad_request', 'Invalid value for limit');
  const fieldsText = url.searchParams.get('fields');
  const fields = fieldsText === null ? undefined : fieldsText.split(',').map((field) => field.trim());
  const userType = url.searchParams.get('user_type') ?? 'all';
  // "managed returns all managed and app users"; every simulated user is one of them.
  const users = userType === 'external' ? [] : state.users;
  if (url.searchParams.get('usemarker') === 'true') {
    const marker = url.searchParams.get('marker');
    const start = marker === null || marker === '' ? 0 : decodeMarker(marker);
    if (!Number.isInteger(start)) return boxError(400, 'bad_request', 'Invalid marker');
    const entries = users.slice(start, start + limit);
    const next = start + limit < users.length ? encodeMarker(start + limit) : null;
    return HttpResponse.json({
      limit,
      next_marker: next,
      prev_marker: start === 0 ? null : encodeMarker(Math.max(start - limit, 0)),
      entries: entries.map((user) => represent(user, fields)),
    });
  }
  if (url.searchParams.has('marker')) return boxError(400, 'bad_request', 'marker requires usemarker=true');
  const offset = Number(url.searchParams.get('offset') ?? '0');
  if (!Number.isInteger(offset) || offset < 0) return boxError(400, 'bad_request', 'Invalid value for offset');
  if (offset > MAX_OFFSET)
    return boxError(400, 'bad_request', 'Queries with offset parameter value exceeding 10000 are not supported, use marker based pagination');
  return HttpResponse.json({
    total_count: users.length,
    limit,
    offset,
    order: [{ by: 'type', direction: 'ASC' }],
    entries: users.slice(offset, offset + limit).map((user) => represent(user, fields)),
  });
}

async function readBody(request: Request): Promise<Record<string, unknown> | undefined> {
  const body = (await request.json().catch(() => undefined)) as unknown;
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
}

function applyChanges(user: BoxUser, body: Record<string, unknown>): Response | undefined {
  if (body.status !== undefined) {
    if (!STATUSES.includes(body.status as BoxStatus)) return boxError(400, 'bad_request', 'Invalid value for status');
    user.status = body.status as BoxStatus;
  }
  if (body.role !== undefined) {
    // The primary admin is set in the Admin Console only.
    if (body.role !== 'coadmin' && body.role !== 'user') return boxError(400, 'bad_request', 'Invalid value for role');
    if (user.role === 'admin') return boxError(403, 'access_denied_insufficient_permissions', 'Access denied - insufficient permission');
    user.role = body.role as BoxRole;
  }
  if (body.name !== undefined) {
    if (typeof body.name !== 'string' || body.name === '' || body.name.length > 50) return boxError(400, 'bad_request', 'Invalid value for name');
    user.name = body.name;
  }
  return undefined;
}

async function createUser(state: BoxState, request: Request): Promise<Response> {
  const body = await readBody(request);
  if (!body) return boxError(400, 'bad_request', 'Invalid JSON');
  if (typeof body.name !== 'string' || body.name === '') return boxError(400, 'bad_request', "Bad Request: 'name' is required");
  if (typeof body.login !== 'string' || !/^[^@\s]+@[^@\s]+$/u.test(body.login)) return boxError(400, 'bad_request', "Bad Request: 'login' is required");
  const login = body.login;
  if (state.users.some((user) => user.login.toLowerCase() === login.toLowerCase())) {
    return boxError(409, 'user_login_already_used', 'User with the specified login already exists');
  }
  state.nextId += 1;
  const user: BoxUser = {
    id: String(state.nextId),
    name: '',
    login,
    status: 'active',
    role: 'user',
    appUser: false,
    ownsContent: false,
    createdAt: '2026-11-26T09:00:00-08:00',
  };
  const refused = applyChanges(user, body);
  if (refused) return refused;
  state.users.push(user);
  return HttpResponse.json(full(user), { status: 201 });
}

function onUser(
  state: BoxState,
  request: Request,
  id: unknown,
  change: (user: BoxUser, url: URL) => Response | Promise<Response>,
): Response | Promise<Response> {
  const checked = guard(state, request, true);
  if ('refused' in checked) return checked.refused;
  const user = state.users.find((candidate) => candidate.id === String(id));
  return user ? change(user, new URL(request.url)) : boxError(404, 'not_found', 'Not Found');
}

export function boxHandlers(state: BoxState): RequestHandler[] {
  return [
    http.post('*/oauth2/token', async ({ request }) => issueToken(state, new URLSearchParams(await request.text()))),
    http.get('*/2.0/users', ({ request }) => {
      const checked = guard(state, request, false);
      return 'refused' in checked ? checked.refused : listUsers(state, request);
    }),
    http.post('*/2.0/users', async ({ request }) => {
      const checked = guard(state, request, true);
      return 'refused' in checked ? checked.refused : createUser(state, request);
    }),
    http.put('*/2.0/users/:id', ({ request, params }) =>
      onUser(state, request, params.id, async (user) => {
        const body = await readBody(request);
        if (!body) return boxError(400, 'bad_request', 'Invalid JSON');
        return applyChanges(user, body) ?? HttpResponse.json(full(user));
      }),
    ),
    http.delete('*/2.0/users/:id', ({ request, params }) =>
      onUser(state, request, params.id, (user, url) => {
        if (user.ownsContent && url.searchParams.get('force') !== 'true') {
          return boxError(400, 'user_not_deletable', 'User cannot be deleted because they still own content. Transfer it first, or use force');
        }
        state.users = state.users.filter((candidate) => candidate !== user);
        return new HttpResponse(null, { status: 204 });
      }),
    ),
  ];
}
