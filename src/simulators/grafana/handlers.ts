/**
 * msw handlers simulating Grafana's user API (openapi3.json searchUsers, adminCreateUser,
 * adminDisableUser, adminEnableUser, adminUpdateUserPermissions, adminDeleteUser; grafana.com/docs
 * "Admin HTTP API" and "User HTTP API"), as described:
 * - Basic authentication; a wrong login or password is 401 `{"message": "invalid username or
 *   password"}`; a user who may only read users is 403 `{"message": "Permission denied"}` on the
 *   admin endpoints.
 * - GET /api/users: pages by `page` (from 1) and `perpage` (default 1000), every user of the
 *   instance (disabled ones too), with `isAdmin` (server admin) and `isDisabled`.
 * - POST /api/admin/users `{name, email, login, password}`: 200 `{"id", "message": "User created"}`;
 *   an email or login already taken is 412.
 * - POST /api/admin/users/{id}/disable and /enable, PUT .../permissions `{"isGrafanaAdmin"}`,
 *   DELETE /api/admin/users/{id}: 200 `{"message"}`; an unknown user is 404 `{"message": "user not found"}`.
 * Assumed (the description gives no bodies): the messages quoted above and the password rule
 * (at least 4 characters).
 */
import { http, HttpResponse, type RequestHandler } from 'msw';
import type { GrafanaState, GrafanaUser } from './state.js';

const message = (status: number, text: string) => HttpResponse.json({ message: text }, { status });

function guard(state: GrafanaState, request: Request, write: boolean): Response | undefined {
  const encoded = /^Basic (\S+)$/u.exec(request.headers.get('authorization') ?? '')?.[1];
  const decoded = encoded ? Buffer.from(encoded, 'base64').toString('utf8') : '';
  const separator = decoded.indexOf(':');
  const credential = state.credentials.find(
    (candidate) => candidate.username === decoded.slice(0, separator) && candidate.password === decoded.slice(separator + 1),
  );
  if (separator < 0 || !credential) return message(401, 'invalid username or password');
  if (write && credential.role !== 'serverAdmin') return message(403, 'Permission denied');
  return undefined;
}

const live = (state: GrafanaState) => state.users.filter((user) => !user.deleted);
const find = (state: GrafanaState, id: unknown) => live(state).find((user) => String(user.id) === String(id));

function represent(user: GrafanaUser): object {
  return {
    id: user.id,
    uid: `u${user.id.toString(36).padStart(8, '0')}`,
    name: user.name,
    login: user.login,
    email: user.email,
    avatarUrl: `/avatar/${user.id}`,
    isAdmin: user.isAdmin,
    isDisabled: user.isDisabled,
    lastSeenAt: user.lastSeenAt,
    lastSeenAtAge: '1d',
    authLabels: [],
  };
}

function searchUsers(state: GrafanaState, request: Request): Response {
  const url = new URL(request.url);
  const page = Number(url.searchParams.get('page') ?? '1');
  const perpage = Number(url.searchParams.get('perpage') ?? '1000');
  if (!Number.isInteger(page) || !Number.isInteger(perpage)) return message(400, 'bad request data');
  // Grafana reads a page below 1 as the first.
  const first = (Math.max(page, 1) - 1) * perpage;
  return HttpResponse.json(
    live(state)
      .slice(first, first + perpage)
      .map(represent),
  );
}

async function createUser(state: GrafanaState, request: Request): Promise<Response> {
  const body = (await request.json().catch(() => undefined)) as { name?: unknown; email?: unknown; login?: unknown; password?: unknown } | undefined;
  const email = typeof body?.email === 'string' ? body.email : '';
  const login = typeof body?.login === 'string' && body.login !== '' ? body.login : email;
  const password = typeof body?.password === 'string' ? body.password : '';
  if (email === '' && login === '') return message(400, 'bad request data');
  if (password.length < 4) return message(400, 'Password is missing or too short');
  const taken = live(state).some((user) => user.email.toLowerCase() === email.toLowerCase() || user.login.toLowerCase() === login.toLowerCase());
  if (taken) return message(412, 'User with same email address or login already exists');
  state.nextId += 1;
  const user: GrafanaUser = {
    id: state.nextId,
    email,
    name: typeof body?.name === 'string' ? body.name : '',
    login,
    isAdmin: false,
    isDisabled: false,
    lastSeenAt: '2010-01-01T00:00:00Z',
  };
  state.users.push(user);
  state.passwords[login] = password;
  return HttpResponse.json({ id: user.id, message: 'User created' });
}

function onUser(state: GrafanaState, request: Request, id: unknown, change: (user: GrafanaUser) => Response | Promise<Response>) {
  const refused = guard(state, request, true);
  if (refused) return refused;
  const user = find(state, id);
  return user ? change(user) : message(404, 'user not found');
}

export function grafanaHandlers(state: GrafanaState): RequestHandler[] {
  return [
    http.get('*/api/users', ({ request }) => guard(state, request, false) ?? searchUsers(state, request)),
    http.post('*/api/admin/users', async ({ request }) => guard(state, request, true) ?? createUser(state, request)),
    http.post('*/api/admin/users/:id/disable', ({ request, params }) =>
      onUser(state, request, params.id, (user) => {
        user.isDisabled = true;
        return message(200, 'User disabled');
      }),
    ),
    http.post('*/api/admin/users/:id/enable', ({ request, params }) =>
      onUser(state, request, params.id, (user) => {
        user.isDisabled = false;
        return message(200, 'User enabled');
      }),
    ),
    http.put('*/api/admin/users/:id/permissions', ({ request, params }) =>
      onUser(state, request, params.id, async (user) => {
        const body = (await request.json().catch(() => undefined)) as { isGrafanaAdmin?: unknown } | undefined;
        if (typeof body?.isGrafanaAdmin !== 'boolean') return message(400, 'bad request data');
        user.isAdmin = body.isGrafanaAdmin;
        return message(200, 'User permissions updated');
      }),
    ),
    http.delete('*/api/admin/users/:id', ({ request, params }) =>
      onUser(state, request, params.id, (user) => {
        user.deleted = true;
        return message(200, 'User deleted');
      }),
    ),
  ];
}
