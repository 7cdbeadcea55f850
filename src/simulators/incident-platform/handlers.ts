/**
 * msw handlers simulating the users part of the PagerDuty REST API v2
 * (https://developer.pagerduty.com/api-reference/, "Users"), over an `IncidentPlatformState`.
 * Teams, schedules, escalation policies and on-calls answer too, but only so a test can assert
 * that no connector ever calls them.
 */
import { http, HttpResponse, type RequestHandler } from 'msw';
import { withinCreateLimit } from './concurrent-creates.js';
import { checkRequest, checkWrite } from './guards.js';
import { ERROR_CODES, invalidInput, pagerDutyError, representUser } from './responses.js';
import { allocateUserId, USER_ROLES, type IncidentPlatformState, type SimulatedUser, type UserRole } from './state.js';

export const DEFAULT_LIMIT = 25;
export const MAX_LIMIT = 100;
/** PagerDuty refuses classic pagination past offset + limit = 10000. */
export const MAX_OFFSET_PLUS_LIMIT = 10_000;

const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

function parseCount(raw: string | null, fallback: number): number | undefined {
  if (raw === null || raw === '') return fallback;
  return /^\d+$/.test(raw) ? Number(raw) : undefined;
}

function listUsers(state: IncidentPlatformState, url: URL): Response {
  const requested = parseCount(url.searchParams.get('limit'), DEFAULT_LIMIT);
  const offset = parseCount(url.searchParams.get('offset'), 0);
  if (requested === undefined || offset === undefined) return invalidInput('limit and offset must be non-negative integers');
  const limit = Math.min(Math.max(requested, 1), MAX_LIMIT);
  if (offset + limit > MAX_OFFSET_PLUS_LIMIT) {
    return invalidInput(`Offset + limit must not exceed ${MAX_OFFSET_PLUS_LIMIT}.`);
  }
  const query = url.searchParams.get('query')?.toLowerCase();
  const matching =
    query === undefined
      ? state.users
      : state.users.filter((user) => user.name.toLowerCase().includes(query) || (user.email ?? '').toLowerCase().includes(query));
  const page = matching.slice(offset, offset + limit);
  return HttpResponse.json({
    users: page.map((user) => representUser(state, user)),
    limit,
    offset,
    more: offset + limit < matching.length,
    total: null,
  });
}

function validateNewUser(state: IncidentPlatformState, body: unknown): { user?: SimulatedUser; errors: string[] } {
  const wrapper = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).user : undefined;
  if (typeof wrapper !== 'object' || wrapper === null) return { errors: ['User must be an object under "user".'] };
  const fields = wrapper as Record<string, unknown>;
  const errors: string[] = [];
  if (fields.type !== 'user') errors.push('Type must be "user".');
  const name = typeof fields.name === 'string' ? fields.name.trim() : '';
  if (name === '') errors.push("Name can't be blank.");
  const email = typeof fields.email === 'string' ? fields.email.trim() : '';
  if (!EMAIL_PATTERN.test(email)) errors.push('Email is invalid.');
  else if (state.users.some((user) => user.email?.toLowerCase() === email.toLowerCase())) errors.push('Email has already been taken.');
  const role = fields.role ?? 'user';
  if (typeof role !== 'string' || !(USER_ROLES as readonly string[]).includes(role) || role === 'owner') {
    errors.push('Role is not a valid role.');
  }
  if (errors.length > 0) return { errors };
  return { user: { id: allocateUserId(state), name, email, role: role as UserRole, timeZone: 'UTC' }, errors };
}

async function createUser(state: IncidentPlatformState, request: Request): Promise<Response> {
  if (!(request.headers.get('content-type') ?? '').startsWith('application/json')) {
    return invalidInput('Content-Type must be application/json.');
  }
  const from = request.headers.get('from')?.trim().toLowerCase() ?? '';
  if (from === '' || !state.users.some((user) => user.email?.toLowerCase() === from)) {
    return invalidInput('The From header must be the email address of a valid user of this account.');
  }
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    return invalidInput('The request body is not valid JSON.');
  }
  const { user, errors } = validateNewUser(state, body);
  if (user === undefined) return invalidInput(...errors);
  state.users.push(user);
  return HttpResponse.json({ user: representUser(state, user) }, { status: 201 });
}

function deleteUser(state: IncidentPlatformState, id: string): Response {
  const index = state.users.findIndex((user) => user.id === id);
  const user = state.users[index];
  if (user === undefined) return pagerDutyError({ status: 404, code: ERROR_CODES.notFound, message: 'Not Found' });
  if (user.hasAssignedIncidents === true) {
    return invalidInput('User has assigned incidents. Resolve or reassign them before deleting the user.');
  }
  if (user.role === 'owner') return invalidInput('The account owner cannot be deleted.');
  state.users.splice(index, 1);
  return new HttpResponse(null, { status: 204 });
}

/** Handlers for one simulated account; serve them with `serveHandlers(...)`. */
export function incidentPlatformHandlers(state: IncidentPlatformState): RequestHandler[] {
  const forbidden = ['teams', 'schedules', 'escalation_policies', 'oncalls'].map((resource) =>
    http.all(new RegExp(`/${resource}(/.*)?$`), ({ request }) => {
      state.forbiddenCalls.push(`${request.method} ${new URL(request.url).pathname}`);
      return HttpResponse.json({ [resource]: [], limit: DEFAULT_LIMIT, offset: 0, more: false, total: null });
    }),
  );
  return [
    ...forbidden,
    http.get('*/users', ({ request }) => {
      const { response } = checkRequest(state, request);
      return response ?? listUsers(state, new URL(request.url));
    }),
    http.post('*/users', async ({ request }) => {
      const { response, access } = checkRequest(state, request);
      if (response !== undefined || access === undefined) return response;
      return checkWrite(state, access) ?? withinCreateLimit(state, () => createUser(state, request));
    }),
    http.get('*/users/:id', ({ request, params }) => {
      const { response } = checkRequest(state, request);
      if (response !== undefined) return response;
      const user = state.users.find((candidate) => candidate.id === params.id);
      if (user === undefined) return pagerDutyError({ status: 404, code: ERROR_CODES.notFound, message: 'Not Found' });
      return HttpResponse.json({ user: representUser(state, user) });
    }),
    http.delete('*/users/:id', ({ request, params }) => {
      const { response, access } = checkRequest(state, request);
      if (response !== undefined || access === undefined) return response;
      return checkWrite(state, access) ?? deleteUser(state, String(params.id));
    }),
  ];
}
