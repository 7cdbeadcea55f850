/**
 * msw handlers simulating the Zendesk Support API users endpoints
 * (developer.zendesk.com/api-reference/ticketing/users/users/), as documented:
 * - Basic auth `{email}/token:{api_token}`; anything else is 401 `{"error": "Couldn't authenticate you"}`.
 * - GET /api/v2/users: cursor pagination with `page[size]` (max 100) and `page[after]`; the page
 *   says `meta.has_more`, `meta.after_cursor` and `links.next` (kept on the last page too, so a
 *   client must read has_more); `role[]` filters by role. Deleted users are not listed.
 * - POST /api/v2/users `{"user": {...}}` creates (201); an email in use is 422 RecordInvalid with
 *   `details.email[].error == "DuplicateValue"`.
 * - PUT /api/v2/users/{id} updates (`suspended`); DELETE /api/v2/users/{id} soft-deletes (200,
 *   `active: false`); a deleted or unknown user is 404 RecordNotFound.
 * - Only admins manage users: an agent's token is 403 Forbidden on writes.
 * - 429 carries Retry-After (seconds).
 */
import { http, HttpResponse, type RequestHandler } from 'msw';
import type { ZendeskCredential, ZendeskRole, ZendeskState, ZendeskUser } from './state.js';

export const ZENDESK_MAX_PAGE_SIZE = 100;
const ROLES: readonly ZendeskRole[] = ['end-user', 'agent', 'admin'];

function rateHeaders(): Record<string, string> {
  return { 'x-rate-limit': '700', 'x-rate-limit-remaining': '699' };
}

function authenticate(state: ZendeskState, request: Request): ZendeskCredential | undefined {
  const match = /^Basic (.+)$/u.exec(request.headers.get('authorization') ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  return state.credentials.find((credential) => decoded === `${credential.email}/token:${credential.token}`);
}

function guard(state: ZendeskState, request: Request, write: boolean): Response | undefined {
  const credential = authenticate(state, request);
  if (!credential) return HttpResponse.json({ error: "Couldn't authenticate you" }, { status: 401 });
  if (state.throttleNext > 0) {
    state.throttleNext -= 1;
    return new HttpResponse('Rate limit for ticket updates exceeded, please wait before updating this ticket again', {
      status: 429,
      headers: { 'retry-after': String(state.retryAfterSeconds), 'content-type': 'text/plain' },
    });
  }
  if (write && credential.role !== 'admin') {
    return HttpResponse.json(
      { error: 'Forbidden', description: 'You do not have access to this page. Please contact the account owner of this help desk for further help.' },
      { status: 403, headers: rateHeaders() },
    );
  }
  return undefined;
}

function represent(origin: string, user: ZendeskUser): object {
  return { ...user, url: `${origin}/api/v2/users/${user.id}.json`, time_zone: 'UTC', locale: 'en-US', organization_id: null, tags: [], user_fields: {} };
}

const notFound = () => HttpResponse.json({ error: 'RecordNotFound', description: 'Not found' }, { status: 404, headers: rateHeaders() });
const cursorOf = (id: number) => Buffer.from(`id:${id}`).toString('base64url');
const idOfCursor = (cursor: string) => Number(Buffer.from(cursor, 'base64url').toString('utf8').replace(/^id:/u, ''));

function listUsers(state: ZendeskState, request: Request): Response {
  const url = new URL(request.url);
  const size = Math.min(Math.max(Number.parseInt(url.searchParams.get('page[size]') ?? '100', 10) || 100, 1), ZENDESK_MAX_PAGE_SIZE);
  const after = url.searchParams.get('page[after]');
  const roles = url.searchParams.getAll('role[]').filter((role): role is ZendeskRole => ROLES.includes(role as ZendeskRole));
  const listed = state.users.filter((user) => user.active && (roles.length === 0 || roles.includes(user.role))).sort((a, b) => a.id - b.id);
  const start = after === null ? 0 : listed.findIndex((user) => user.id > idOfCursor(after));
  const page = start < 0 ? [] : listed.slice(start, start + size);
  const last = page.at(-1);
  const hasMore = start >= 0 && start + size < listed.length;
  const next = new URL(`${url.origin}/api/v2/users.json`);
  next.searchParams.set('page[size]', String(size));
  for (const role of roles) next.searchParams.append('role[]', role);
  if (last) next.searchParams.set('page[after]', cursorOf(last.id));
  return HttpResponse.json(
    {
      users: page.map((user) => represent(url.origin, user)),
      meta: { has_more: hasMore, after_cursor: last ? cursorOf(last.id) : null, before_cursor: page[0] ? cursorOf(page[0].id) : null },
      links: { next: last ? next.href : null, prev: null },
    },
    { headers: rateHeaders() },
  );
}

async function createUser(state: ZendeskState, request: Request): Promise<Response> {
  const body = (await request.json().catch(() => undefined)) as { user?: Partial<ZendeskUser> } | undefined;
  const input = body?.user;
  const invalid = (field: string, description: string, error: string) =>
    HttpResponse.json(
      { error: 'RecordInvalid', description: 'Record validation errors', details: { [field]: [{ description, error }] } },
      { status: 422, headers: rateHeaders() },
    );
  if (!input?.name) return invalid('name', 'Name:  is too short (minimum is 1 character)', 'BlankValue');
  const email = typeof input.email === 'string' ? input.email : null;
  if (email && state.users.some((user) => user.active && user.email?.toLowerCase() === email.toLowerCase())) {
    return invalid('email', `Email: ${email} is already being used by another user`, 'DuplicateValue');
  }
  state.nextId += 1;
  const role = ROLES.includes(input.role as ZendeskRole) ? (input.role as ZendeskRole) : 'end-user';
  const now = new Date().toISOString().replace(/\.\d+Z$/u, 'Z');
  const user: ZendeskUser = {
    id: state.nextId,
    name: input.name,
    email,
    role,
    active: true,
    suspended: input.suspended === true,
    verified: input.verified === true,
    created_at: now,
    updated_at: now,
  };
  state.users.push(user);
  return HttpResponse.json({ user: represent(new URL(request.url).origin, user) }, { status: 201, headers: rateHeaders() });
}

export function zendeskHandlers(state: ZendeskState): RequestHandler[] {
  const find = (id: unknown) => state.users.find((user) => String(user.id) === String(id).replace(/\.json$/u, '') && user.active);
  return [
    http.get('*/api/v2/users', ({ request }) => guard(state, request, false) ?? listUsers(state, request)),
    http.get('*/api/v2/users.json', ({ request }) => guard(state, request, false) ?? listUsers(state, request)),
    http.post('*/api/v2/users', async ({ request }) => guard(state, request, true) ?? createUser(state, request)),
    http.put('*/api/v2/users/:id', async ({ request, params }) => {
      const refused = guard(state, request, true);
      if (refused) return refused;
      const user = find(params.id);
      if (!user) return notFound();
      const body = (await request.json().catch(() => undefined)) as { user?: { suspended?: unknown } } | undefined;
      if (typeof body?.user?.suspended === 'boolean') user.suspended = body.user.suspended;
      return HttpResponse.json({ user: represent(new URL(request.url).origin, user) }, { headers: rateHeaders() });
    }),
    http.delete('*/api/v2/users/:id', ({ request, params }) => {
      const refused = guard(state, request, true);
      if (refused) return refused;
      const user = find(params.id);
      if (!user) return notFound();
      user.active = false;
      return HttpResponse.json({ user: represent(new URL(request.url).origin, user) }, { headers: rateHeaders() });
    }),
  ];
}
