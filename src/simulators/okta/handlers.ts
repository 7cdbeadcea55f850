/**
 * msw handlers simulating Okta's Users and User Lifecycle APIs (Management API v1,
 * developer.okta.com/docs/api/openapi/okta-management/management/tag/User/), as documented:
 * - `Authorization: SSWS <token>`; a bad token is 401 E0000011.
 * - GET /api/v1/users: `limit` (default and max 200), `after` cursor, pages linked by a Link
 *   header (`rel="self"`, `rel="next"`); without search or filter DEPROVISIONED users are left out
 *   ("omits users that have a status of DEPROVISIONED"); `search=status eq "<STATUS>"` lists the
 *   users of that status, DEPROVISIONED included (other search expressions are not simulated: 400).
 * - Profile firstName and lastName: 1 to 50 characters or null; email and login 5 to 100.
 * - POST /api/v1/users?activate=false creates a STAGED user (200); a login in use is 400 E0000001.
 * - POST .../lifecycle/activate: only STAGED or DEPROVISIONED users; others are 403 E0000016.
 *   A user without a password becomes PROVISIONED (the welcome flow finishes activation).
 * - POST .../lifecycle/deactivate: refused for a DEPROVISIONED user (403 E0000038).
 * - DELETE /api/v1/users/{id}: deletes a DEPROVISIONED user; any other is deactivated first (204 both).
 * - Every answer carries x-rate-limit-limit/-remaining/-reset (Unix seconds); 429 is E0000047.
 */
import { http, HttpResponse, type RequestHandler } from 'msw';
import { makeOktaUser, oktaId, type OktaState, type OktaUser } from './state.js';

export const OKTA_DEFAULT_LIMIT = 200;
export const OKTA_MAX_LIMIT = 200;
const RATE_LIMIT = 600;
const ACTIVE_LIKE = new Set(['ACTIVE', 'PROVISIONED', 'RECOVERY', 'PASSWORD_EXPIRED', 'LOCKED_OUT', 'SUSPENDED']);

function rateHeaders(state: OktaState): Record<string, string> {
  const reset = Math.ceil(Date.now() / 1000) + state.resetSeconds;
  return {
    'x-rate-limit-limit': String(RATE_LIMIT),
    'x-rate-limit-remaining': String(state.throttleNext > 0 ? 0 : RATE_LIMIT - 1),
    'x-rate-limit-reset': String(reset),
  };
}

/** Okta's error body: errorCode, errorSummary, errorLink, errorId, errorCauses. */
export function oktaError(state: OktaState, init: { status: number; code: string; summary: string; causes?: string[] }): Response {
  const body = {
    errorCode: init.code,
    errorSummary: init.summary,
    errorLink: init.code,
    errorId: `oae${init.code}sim`,
    errorCauses: (init.causes ?? []).map((errorSummary) => ({ errorSummary })),
  };
  return HttpResponse.json(body, { status: init.status, headers: rateHeaders(state) });
}

function represent(origin: string, user: OktaUser): object {
  const { hasPassword: _password, ...shown } = user;
  return { ...shown, credentials: { provider: { type: 'OKTA', name: 'OKTA' } }, _links: { self: { href: `${origin}/api/v1/users/${user.id}` } } };
}

/** Auth and rate limit, in the order Okta applies them; undefined when the request may go on. */
function guard(state: OktaState, request: Request, write: boolean): Response | undefined {
  const match = /^SSWS (.+)$/u.exec(request.headers.get('authorization') ?? '');
  const token = match?.[1];
  if (!token || (!state.tokens.has(token) && !state.readOnlyTokens.has(token))) {
    return oktaError(state, { status: 401, code: 'E0000011', summary: 'Invalid token provided' });
  }
  if (state.throttleNext > 0) {
    state.throttleNext -= 1;
    return oktaError(state, { status: 429, code: 'E0000047', summary: 'API call exceeded rate limit due to too many requests.' });
  }
  if (write && state.readOnlyTokens.has(token)) {
    return oktaError(state, { status: 403, code: 'E0000006', summary: 'You do not have permission to perform the requested action' });
  }
  return undefined;
}

function notFound(state: OktaState, id: string): Response {
  return oktaError(state, { status: 404, code: 'E0000007', summary: `Not found: Resource not found: ${id} (User)` });
}

function listUsers(state: OktaState, request: Request): Response {
  const url = new URL(request.url);
  const raw = url.searchParams.get('limit');
  const limit = raw === null ? OKTA_DEFAULT_LIMIT : Math.min(Math.max(Number.parseInt(raw, 10) || OKTA_DEFAULT_LIMIT, 1), OKTA_MAX_LIMIT);
  const after = url.searchParams.get('after');
  const search = url.searchParams.get('search');
  const status = search === null ? undefined : /^status eq "([A-Z_]+)"$/u.exec(search)?.[1];
  if (search !== null && status === undefined) {
    return oktaError(state, {
      status: 400,
      code: 'E0000031',
      summary: 'Invalid search.',
      causes: [`The simulator understands only status eq "<STATUS>", not: ${search}`],
    });
  }
  const listed = state.users
    .filter((user) => (status === undefined ? user.status !== 'DEPROVISIONED' : user.status === status))
    .sort((a, b) => a.id.localeCompare(b.id));
  const start = after === null ? 0 : listed.findIndex((user) => user.id > after);
  const page = start < 0 ? [] : listed.slice(start, start + limit);
  const searchQuery = search === null ? '' : `&search=${encodeURIComponent(search)}`;
  const links = [`<${url.origin}/api/v1/users?limit=${limit}${after ? `&after=${after}` : ''}${searchQuery}>; rel="self"`];
  const last = page.at(-1);
  if (start >= 0 && start + limit < listed.length && last) links.push(`<${url.origin}/api/v1/users?after=${last.id}&limit=${limit}${searchQuery}>; rel="next"`);
  return HttpResponse.json(
    page.map((user) => represent(url.origin, user)),
    { headers: { ...rateHeaders(state), link: links.join(', ') } },
  );
}

async function createUser(state: OktaState, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const body = (await request.json().catch(() => undefined)) as { profile?: Record<string, unknown> } | undefined;
  const profile = body?.profile ?? {};
  // firstName and lastName are nullable (UserProfile), but never "" (minLength 1).
  const missing = ['firstName', 'lastName', 'email', 'login'].filter(
    (field) => (profile[field] !== null || field === 'email' || field === 'login') && (typeof profile[field] !== 'string' || profile[field] === ''),
  );
  if (missing.length > 0) {
    return oktaError(state, {
      status: 400,
      code: 'E0000001',
      summary: `Api validation failed: ${missing[0]}`,
      causes: missing.map((field) => `${field}: The field cannot be left blank`),
    });
  }
  const tooLong = (['firstName', 'lastName', 'email', 'login'] as const).filter(
    (field) => typeof profile[field] === 'string' && [...String(profile[field])].length > (field === 'firstName' || field === 'lastName' ? 50 : 100),
  );
  if (tooLong.length > 0) {
    return oktaError(state, {
      status: 400,
      code: 'E0000001',
      summary: `Api validation failed: ${tooLong[0]}`,
      causes: tooLong.map((field) => `${field}: The field is too long`),
    });
  }
  const login = String(profile.login);
  if (state.users.some((user) => user.profile.login.toLowerCase() === login.toLowerCase())) {
    return oktaError(state, {
      status: 400,
      code: 'E0000001',
      summary: 'Api validation failed: login',
      causes: ['login: An object with this field already exists in the current organization'],
    });
  }
  state.nextId += 1;
  const activate = url.searchParams.get('activate') !== 'false';
  const user = makeOktaUser({
    id: oktaId(state.nextId),
    status: activate ? 'PROVISIONED' : 'STAGED',
    firstName: profile.firstName as string | null,
    lastName: profile.lastName as string | null,
    email: String(profile.email),
    login,
    hasPassword: false,
  });
  state.users.push(user);
  return HttpResponse.json(represent(url.origin, user), { headers: rateHeaders(state) });
}

export function oktaHandlers(state: OktaState): RequestHandler[] {
  const find = (id: unknown) => state.users.find((user) => user.id === id);
  return [
    http.get('*/api/v1/users', ({ request }) => guard(state, request, false) ?? listUsers(state, request)),
    http.post('*/api/v1/users', async ({ request }) => guard(state, request, true) ?? createUser(state, request)),
    http.post('*/api/v1/users/:id/lifecycle/activate', ({ request, params }) => {
      const refused = guard(state, request, true);
      if (refused) return refused;
      const user = find(params.id);
      if (!user) return notFound(state, String(params.id));
      if (user.status !== 'STAGED' && user.status !== 'DEPROVISIONED') {
        return oktaError(state, { status: 403, code: 'E0000016', summary: 'Activation failed because the user is already active' });
      }
      user.status = user.hasPassword ? 'ACTIVE' : 'PROVISIONED';
      const sendEmail = new URL(request.url).searchParams.get('sendEmail') !== 'false';
      const body = sendEmail ? {} : { activationUrl: `${new URL(request.url).origin}/welcome/sim-${user.id}`, activationToken: `sim-${user.id}` };
      return HttpResponse.json(body, { headers: rateHeaders(state) });
    }),
    http.post('*/api/v1/users/:id/lifecycle/deactivate', ({ request, params }) => {
      const refused = guard(state, request, true);
      if (refused) return refused;
      const user = find(params.id);
      if (!user) return notFound(state, String(params.id));
      if (!ACTIVE_LIKE.has(user.status) && user.status !== 'STAGED') {
        return oktaError(state, { status: 403, code: 'E0000038', summary: "This operation is not allowed in the user's current status." });
      }
      user.status = 'DEPROVISIONED';
      return HttpResponse.json({}, { headers: rateHeaders(state) });
    }),
    http.delete('*/api/v1/users/:id', ({ request, params }) => {
      const refused = guard(state, request, true);
      if (refused) return refused;
      const user = find(params.id);
      if (!user) return notFound(state, String(params.id));
      if (user.status === 'DEPROVISIONED') state.users = state.users.filter((other) => other !== user);
      else user.status = 'DEPROVISIONED';
      return new HttpResponse(null, { status: 204, headers: rateHeaders(state) });
    }),
  ];
}
