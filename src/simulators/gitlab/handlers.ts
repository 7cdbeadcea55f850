/**
 * msw handlers simulating a self-managed GitLab's REST API v4 for users, as GitLab documents it
 * (docs.gitlab.com/api/users, /api/user_moderation, /api/rest pagination and authentication) and
 * as lib/api/users.rb and lib/api/system_hooks.rb behave:
 * - A token in `PRIVATE-TOKEN` (or `Authorization: Bearer`); an unknown one is 401
 *   `{"message": "401 Unauthorized"}`. A read_api token is refused every request that is not a GET
 *   when GitLab authenticates it, 403 `{"error": "insufficient_scope", ...}`.
 * - GET /users: an administrator sees every user with `email`, `is_admin` and `state`; others see
 *   the basic fields only. Offset pages (`page`, `per_page` at most 100, X-Next-Page) or keyset
 *   pages (`pagination=keyset`, `order_by=id`): the Link header's `rel="next"` URL carries a
 *   `cursor` and is absent on the last page. `exclude_internal` and `without_project_bots` filter.
 * - POST /users: the parameters are checked first (`{"error": "email is missing, ..."}`, 400), then
 *   the administrator (403 `{"message": "403 Forbidden"}`); a taken email or username is 409; a
 *   username GitLab refuses is 400 with the validation errors by attribute. 201 with the user.
 * - POST /users/:id/block, /unblock, /activate: 201 (`true`, or `null` for a user already
 *   blocked); 404 `{"message": "404 User Not Found"}`; 403 for LDAP-blocked users, for unblocking a
 *   deactivated user and for activating a blocked one, with GitLab's messages. POST
 *   /users/:id/approve: 201 `{"message": "Success"}` for a user pending approval; 403 for a
 *   blocked one, 409 for a deactivated one or one not pending approval.
 * - DELETE /users/:id: 204 (GitLab deletes in the background; here at once); 404 when unknown.
 * - POST /hooks: the administrator is checked before the parameters (403), then `url` (400
 *   `{"error": "url is missing"}`).
 * Assumed (not in GitLab's pages): the cursor's encoding, 400 `{"error": "cursor is invalid"}`
 * for a cursor that is not one, and the wording of approve's 403 and 409 for a blocked or
 * deactivated user.
 */
import { http, HttpResponse, type RequestHandler } from 'msw';
import type { GitLabState, GitLabToken, GitLabUser } from './state.js';

const message = (status: number, text: unknown) => HttpResponse.json({ message: text }, { status });
const error = (status: number, text: string) => HttpResponse.json({ error: text }, { status });
const MAX_PER_PAGE = 100;
// GitLab's username rule (app/models/namespace.rb path format), as its validation message says.
const USERNAME = /^[a-zA-Z0-9_.][a-zA-Z0-9_.-]*$/u;
const USERNAME_ERROR = "can contain only letters, digits, '_', '-' and '.'. Cannot start with '-' or end in '.', '.git' or '.atom'.";

function tokenOf(state: GitLabState, request: Request): GitLabToken | undefined {
  const header = request.headers.get('private-token') ?? /^Bearer (\S+)$/u.exec(request.headers.get('authorization') ?? '')?.[1];
  return state.tokens.find((candidate) => candidate.token === header);
}

/** GitLab's authentication: the token, and its scope for a request that is not a GET. */
function authenticate(state: GitLabState, request: Request): GitLabToken | Response {
  const token = tokenOf(state, request);
  if (!token) return message(401, '401 Unauthorized');
  if (request.method !== 'GET' && !token.scopes.includes('api'))
    return HttpResponse.json(
      { error: 'insufficient_scope', error_description: 'The request requires higher privileges than provided by the access token.', scope: 'api' },
      { status: 403 },
    );
  return token;
}

const live = (state: GitLabState) => state.users.filter((user) => !user.deleted);
const find = (state: GitLabState, id: string | readonly string[] | undefined) => live(state).find((user) => String(user.id) === String(id));

function represent(user: GitLabUser, admin: boolean, origin: string): object {
  const basic = {
    id: user.id,
    username: user.username,
    name: user.name,
    state: user.state,
    locked: false,
    avatar_url: `${origin}/uploads/-/system/user/avatar/${user.id}/avatar.png`,
    web_url: `${origin}/${user.username}`,
  };
  if (!admin) return basic;
  return {
    ...basic,
    created_at: user.createdAt,
    bio: '',
    public_email: null,
    bot: user.projectBot === true,
    last_sign_in_at: user.lastSignInAt,
    confirmed_at: user.createdAt,
    last_activity_on: null,
    email: user.email,
    projects_limit: 100000,
    current_sign_in_at: user.lastSignInAt,
    identities: [],
    can_create_group: true,
    can_create_project: true,
    two_factor_enabled: false,
    external: false,
    private_profile: false,
    is_admin: user.isAdmin,
    note: null,
  };
}

const encodeCursor = (id: number) => Buffer.from(JSON.stringify({ id: String(id), _kd: 'n' })).toString('base64url');
function decodeCursor(cursor: string): number | undefined {
  try {
    const id = Number((JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { id?: unknown }).id);
    return Number.isInteger(id) ? id : undefined;
  } catch {
    return undefined;
  }
}

function listUsers(state: GitLabState, request: Request, token: GitLabToken): Response {
  const url = new URL(request.url);
  const query = url.searchParams;
  const perPage = Math.min(Math.max(Number(query.get('per_page') ?? '20') || 20, 1), MAX_PER_PAGE);
  let users = live(state);
  if (query.get('exclude_internal') === 'true') users = users.filter((user) => !user.internal);
  if (query.get('without_project_bots') === 'true') users = users.filter((user) => !user.projectBot);
  const descending = (query.get('sort') ?? 'desc') === 'desc';
  users = [...users].sort((a, b) => (descending ? b.id - a.id : a.id - b.id));
  const show = (page: GitLabUser[], headers: Record<string, string>) =>
    HttpResponse.json(
      page.map((user) => represent(user, token.admin, url.origin)),
      { headers },
    );
  if (query.get('pagination') === 'keyset') {
    if ((query.get('order_by') ?? 'id') !== 'id') return error(405, 'This endpoint does not support keyset pagination for this order');
    const cursor = query.get('cursor');
    const after = cursor === null ? undefined : decodeCursor(cursor);
    if (cursor !== null && after === undefined) return error(400, 'cursor is invalid');
    const rest = after === undefined ? users : users.filter((user) => (descending ? user.id < after : user.id > after));
    const page = rest.slice(0, perPage);
    const headers: Record<string, string> = {};
    if (rest.length > perPage) {
      const next = new URL(url);
      next.searchParams.set('cursor', encodeCursor(page[page.length - 1]!.id));
      headers.link = `<${next.href}>; rel="next"`;
    }
    return show(page, headers);
  }
  const pageNumber = Math.max(Number(query.get('page') ?? '1') || 1, 1);
  const page = users.slice((pageNumber - 1) * perPage, pageNumber * perPage);
  const more = users.length > pageNumber * perPage;
  const headers: Record<string, string> = { 'x-page': String(pageNumber), 'x-per-page': String(perPage), 'x-next-page': more ? String(pageNumber + 1) : '' };
  if (more) {
    const next = new URL(url);
    next.searchParams.set('page', String(pageNumber + 1));
    headers.link = `<${next.href}>; rel="next"`;
  }
  return show(page, headers);
}

async function createUser(state: GitLabState, request: Request, token: GitLabToken): Promise<Response> {
  const body = ((await request.json().catch(() => undefined)) ?? {}) as Record<string, unknown>;
  const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : '');
  const missing = ['email', 'name', 'username'].filter((name) => body[name] === undefined);
  if (missing.length > 0) return error(400, missing.map((name) => `${name} is missing`).join(', '));
  if (body.password === undefined && body.reset_password === undefined && body.force_random_password === undefined)
    return error(400, 'password, reset_password, force_random_password are missing, at least one parameter must be provided');
  if (!token.admin) return message(403, '403 Forbidden');
  const email = text('email');
  const username = text('username');
  if (live(state).some((user) => user.email.toLowerCase() === email.toLowerCase())) return message(409, 'Email has already been taken');
  if (live(state).some((user) => user.username.toLowerCase() === username.toLowerCase())) return message(409, 'Username has already been taken');
  if (!USERNAME.test(username) || /(\.|\.git|\.atom)$/u.test(username)) return message(400, { username: [USERNAME_ERROR] });
  state.nextId += 1;
  const user: GitLabUser = {
    id: state.nextId,
    username,
    email,
    name: text('name'),
    state: 'active',
    isAdmin: body.admin === true,
    lastSignInAt: null,
    createdAt: new Date().toISOString(),
  };
  state.users.push(user);
  if (body.reset_password === true) state.passwordResets.push(email);
  return HttpResponse.json(represent(user, true, new URL(request.url).origin), { status: 201 });
}

/** An administrator's action on one user: authentication, the parameters' id, the admin, the user. */
function onUser(state: GitLabState, request: Request, id: string | readonly string[] | undefined, act: (user: GitLabUser, token: GitLabToken) => Response) {
  const token = authenticate(state, request);
  if (token instanceof Response) return token;
  if (!/^\d+$/u.test(String(id))) return error(400, 'id is invalid');
  if (!token.admin) return message(403, '403 Forbidden');
  const user = find(state, id);
  return user ? act(user, token) : message(404, '404 User Not Found');
}

const done = (value: boolean | null) => HttpResponse.json(value, { status: 201 });

function block(user: GitLabUser): Response {
  if (user.state === 'ldap_blocked') return message(403, 'LDAP blocked users cannot be modified by the API');
  if (user.state === 'blocked') return done(null);
  user.state = 'blocked';
  return done(true);
}

function unblock(user: GitLabUser): Response {
  if (user.state === 'ldap_blocked') return message(403, 'LDAP blocked users cannot be unblocked by the API');
  if (user.state === 'deactivated') return message(403, 'Deactivated users cannot be unblocked by the API');
  user.state = 'active';
  return done(true);
}

function activate(user: GitLabUser): Response {
  if (user.state === 'blocked' || user.state === 'ldap_blocked') return message(403, 'A blocked user must be unblocked to be activated');
  user.state = 'active';
  return done(true);
}

function approve(user: GitLabUser): Response {
  if (user.state === 'blocked' || user.state === 'ldap_blocked') return message(403, 'The user you are trying to approve has been blocked');
  if (user.state === 'deactivated') return message(409, 'The user you are trying to approve has been deactivated');
  if (user.state !== 'blocked_pending_approval') return message(409, 'The user you are trying to approve is not pending approval');
  user.state = 'active';
  return HttpResponse.json({ message: 'Success' }, { status: 201 });
}

async function addSystemHook(state: GitLabState, request: Request): Promise<Response> {
  const token = authenticate(state, request);
  if (token instanceof Response) return token;
  if (!token.admin) return message(403, '403 Forbidden');
  const body = ((await request.json().catch(() => undefined)) ?? {}) as { url?: unknown };
  if (typeof body.url !== 'string' || body.url === '') return error(400, 'url is missing');
  const hook = { id: state.hooks.length + 1, url: body.url };
  state.hooks.push(hook);
  return HttpResponse.json(hook, { status: 201 });
}

export function gitlabHandlers(state: GitLabState): RequestHandler[] {
  return [
    http.get('*/api/v4/users', ({ request }) => {
      const token = authenticate(state, request);
      return token instanceof Response ? token : listUsers(state, request, token);
    }),
    http.post('*/api/v4/users', async ({ request }) => {
      const token = authenticate(state, request);
      return token instanceof Response ? token : createUser(state, request, token);
    }),
    http.post('*/api/v4/users/:id/block', ({ request, params }) => onUser(state, request, params.id, block)),
    http.post('*/api/v4/users/:id/unblock', ({ request, params }) => onUser(state, request, params.id, unblock)),
    http.post('*/api/v4/users/:id/activate', ({ request, params }) => onUser(state, request, params.id, activate)),
    http.post('*/api/v4/users/:id/approve', ({ request, params }) => onUser(state, request, params.id, approve)),
    http.delete('*/api/v4/users/:id', ({ request, params }) =>
      onUser(state, request, params.id, (user) => {
        user.deleted = true;
        return new HttpResponse(null, { status: 204 });
      }),
    ),
    http.post('*/api/v4/hooks', ({ request }) => addSystemHook(state, request)),
  ];
}
