/**
 * msw handlers simulating Datadog's users API v2 (openapi.yaml ListUsers, CreateUser, UpdateUser,
 * SendInvitations; docs.datadoghq.com/api/latest/users), as described:
 * - Every request carries `DD-API-KEY` and `DD-APPLICATION-KEY`; a wrong or missing key is 403
 *   `{"errors": ["Forbidden"]}`. An application key scoped without the permission a call needs
 *   (user_access_read to list, user_access_invite to create and invite, user_access_manage to
 *   edit) is 403 `{"errors": ["Forbidden", "Failed permission authorization checks"]}`.
 * - GET /api/v2/users: pages by `page[number]` (from 0) and `page[size]` (default 10, at most
 *   100), every user (disabled and pending ones too, service accounts among them), with
 *   `included` naming their roles and `meta.page.total_count`.
 * - POST /api/v2/users: 201, the user Pending (unverified) until the first login; an email
 *   already a user is 400.
 * - PATCH /api/v2/users/{user_id}: `attributes.disabled` disables or enables; an unknown id is 404.
 * - POST /api/v2/user_invitations: 201, one invitation per user (an email is sent).
 * - 429 with X-RateLimit-Limit, -Period, -Remaining and -Reset (seconds until the reset).
 * Assumed (the description does not give it): the wording of the duplicate email's 400 and of
 * the 404 ("Not found"), and the scoped key's message.
 */
import { http, HttpResponse, type RequestHandler } from 'msw';
import type { DatadogState, DatadogUser } from './state.js';

export const DATADOG_MAX_PAGE_SIZE = 100;
const errors = (status: number, ...messages: string[]) => HttpResponse.json({ errors: messages }, { status });

function guard(state: DatadogState, request: Request, permission: string): Response | undefined {
  const apiKey = request.headers.get('dd-api-key');
  const appKey = state.applicationKeys.find((candidate) => candidate.key === request.headers.get('dd-application-key'));
  if (!apiKey || !state.apiKeys.includes(apiKey) || !appKey) return errors(403, 'Forbidden');
  if (state.throttleNext > 0) {
    state.throttleNext -= 1;
    return HttpResponse.json(
      { errors: ['Too many requests'] },
      { status: 429, headers: { 'x-ratelimit-limit': '1000', 'x-ratelimit-period': '10', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1' } },
    );
  }
  if (appKey.scopes !== 'all' && !appKey.scopes.includes(permission)) return errors(403, 'Forbidden', 'Failed permission authorization checks');
  return undefined;
}

function represent(user: DatadogUser): object {
  return {
    type: 'users',
    id: user.id,
    attributes: {
      name: user.name,
      handle: user.handle,
      created_at: user.createdAt,
      modified_at: user.createdAt,
      email: user.email,
      icon: `https://secure.gravatar.com/avatar/${user.id}?s=48&d=retro`,
      title: null,
      verified: user.verified,
      service_account: user.serviceAccount,
      disabled: user.disabled,
      allowed_login_methods: [],
      status: user.disabled ? 'Disabled' : user.verified ? 'Active' : 'Pending',
      last_login_time: null,
      mfa_enabled: false,
    },
    relationships: {
      roles: { data: user.roleIds.map((id) => ({ type: 'roles', id })) },
      org: { data: { type: 'orgs', id: '4dee724d-00cc-11ea-a77b-570c9d03c6c5' } },
    },
  };
}

function includedRoles(state: DatadogState, users: DatadogUser[]): object[] {
  const ids = new Set(users.flatMap((user) => user.roleIds));
  return state.roles
    .filter((role) => ids.has(role.id))
    .map((role) => ({ type: 'roles', id: role.id, attributes: { name: role.name, created_at: '2019-11-20T00:00:00+00:00', user_count: 0 } }));
}

const single = (state: DatadogState, user: DatadogUser, status = 200) =>
  HttpResponse.json({ data: represent(user), included: includedRoles(state, [user]) }, { status });

function listUsers(state: DatadogState, request: Request): Response {
  const url = new URL(request.url);
  const number = Number(url.searchParams.get('page[number]') ?? '0');
  const size = Number(url.searchParams.get('page[size]') ?? '10');
  if (!Number.isInteger(number) || number < 0) return errors(400, 'page[number] must be a non-negative integer');
  if (!Number.isInteger(size) || size < 1 || size > DATADOG_MAX_PAGE_SIZE) return errors(400, 'page[size] must be between 1 and 100');
  const page = state.users.slice(number * size, (number + 1) * size);
  return HttpResponse.json({
    data: page.map(represent),
    included: includedRoles(state, page),
    meta: { page: { total_count: state.users.length, total_filtered_count: state.users.length } },
  });
}

async function createUser(state: DatadogState, request: Request): Promise<Response> {
  const body = (await request.json().catch(() => undefined)) as
    | { data?: { type?: unknown; attributes?: { email?: unknown; name?: unknown }; relationships?: { roles?: { data?: Array<{ id?: unknown }> } } } }
    | undefined;
  const data = body?.data;
  const email = typeof data?.attributes?.email === 'string' ? data.attributes.email : '';
  if (data?.type !== 'users' || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/u.test(email)) return errors(400, 'Invalid email');
  const roleIds = (data.relationships?.roles?.data ?? []).map((role) => String(role.id));
  if (!roleIds.every((id) => state.roles.some((role) => role.id === id))) return errors(400, 'Invalid role');
  if (state.users.some((user) => user.email.toLowerCase() === email.toLowerCase())) return errors(400, `User with email ${email} already exists`);
  state.nextId += 1;
  const user: DatadogUser = {
    id: `00000000-0000-4000-9000-${state.nextId.toString(16).padStart(12, '0')}`,
    email,
    name: typeof data.attributes?.name === 'string' ? data.attributes.name : null,
    handle: email,
    verified: false,
    disabled: false,
    serviceAccount: false,
    roleIds,
    createdAt: new Date().toISOString(),
  };
  state.users.push(user);
  return single(state, user, 201);
}

async function updateUser(state: DatadogState, request: Request, id: string): Promise<Response> {
  const user = state.users.find((candidate) => candidate.id === id);
  if (!user) return errors(404, 'Not found');
  const body = (await request.json().catch(() => undefined)) as { data?: { type?: unknown; id?: unknown; attributes?: { disabled?: unknown } } } | undefined;
  if (body?.data?.type !== 'users' || body.data.id !== id) return errors(422, 'The id in the body does not match the user_id of the path');
  if (typeof body.data.attributes?.disabled === 'boolean') user.disabled = body.data.attributes.disabled;
  return single(state, user);
}

async function sendInvitations(state: DatadogState, request: Request): Promise<Response> {
  const body = (await request.json().catch(() => undefined)) as { data?: Array<{ relationships?: { user?: { data?: { id?: unknown } } } }> } | undefined;
  const ids = (body?.data ?? []).map((invitation) => String(invitation.relationships?.user?.data?.id));
  if (ids.length === 0 || !ids.every((id) => state.users.some((user) => user.id === id))) return errors(400, 'Invalid user');
  state.invitationsSent.push(...ids);
  const now = new Date();
  return HttpResponse.json(
    {
      data: ids.map((id, index) => ({
        type: 'user_invitations',
        id: `00000000-0000-0000-3456-${String(state.invitationsSent.length + index).padStart(12, '0')}`,
        attributes: { created_at: now.toISOString(), expires_at: new Date(now.getTime() + 48 * 3600_000).toISOString(), invite_type: 'basic_invite' },
        relationships: { user: { data: { type: 'users', id } } },
      })),
    },
    { status: 201 },
  );
}

export function datadogHandlers(state: DatadogState): RequestHandler[] {
  return [
    http.get('*/api/v2/users', ({ request }) => guard(state, request, 'user_access_read') ?? listUsers(state, request)),
    http.post('*/api/v2/users', async ({ request }) => guard(state, request, 'user_access_invite') ?? createUser(state, request)),
    http.patch(
      '*/api/v2/users/:userId',
      async ({ request, params }) => guard(state, request, 'user_access_manage') ?? updateUser(state, request, String(params.userId)),
    ),
    http.post('*/api/v2/user_invitations', async ({ request }) => guard(state, request, 'user_access_invite') ?? sendInvitations(state, request)),
  ];
}
