/**
 * msw handlers simulating GitHub's REST API for organization members and invitations
 * (docs.github.com/rest/orgs/members), as documented:
 * - A request without User-Agent is 403 "Request forbidden by administrative rules".
 * - `Authorization: Bearer <token>`; a bad token is 401 `{"message": "Bad credentials"}`.
 * - Every answer carries x-ratelimit-limit/-remaining/-used/-reset/-resource; the primary limit,
 *   once used up, is 403 or 429 (GitHub documents both) with x-ratelimit-remaining 0, no
 *   Retry-After, and "API rate limit exceeded" (`exhaustStatus` picks which).
 * - GET /orgs/{org}/members?role=all|admin|member, GET /orgs/{org}/invitations: `per_page`
 *   (default 30, max 100) and `page`, pages linked by a Link header. Member objects carry no
 *   email; invitations carry the invited email. Only owners see invitations.
 * - POST /orgs/{org}/invitations `{email, role}` (201); a member or invited email is 422.
 * - DELETE /orgs/{org}/memberships/{username} removes a member (204); DELETE
 *   /orgs/{org}/invitations/{id} cancels an invitation (204); unknown ones are 404 "Not Found".
 * - Member-management calls by a non-owner are 403.
 */
import { http, HttpResponse, type RequestHandler } from 'msw';
import type { GitHubOrgState } from './state.js';

const DOCS = 'https://docs.github.com/rest';
const LIMIT = 5000;

function rateHeaders(state: GitHubOrgState, remaining = LIMIT - 1): Record<string, string> {
  return {
    'x-ratelimit-limit': String(LIMIT),
    'x-ratelimit-remaining': String(remaining),
    'x-ratelimit-used': String(LIMIT - remaining),
    'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + state.resetSeconds),
    'x-ratelimit-resource': 'core',
    'x-github-api-version-selected': '2022-11-28',
  };
}

function message(state: GitHubOrgState, status: number, text: string, extra: Record<string, unknown> = {}): Response {
  return HttpResponse.json({ message: text, documentation_url: DOCS, status: String(status), ...extra }, { status, headers: rateHeaders(state) });
}

function guard(state: GitHubOrgState, request: Request, org: string, ownerOnly: boolean): Response | undefined {
  if (!request.headers.get('user-agent')) {
    return new HttpResponse(
      'Request forbidden by administrative rules. Please make sure your request has a User-Agent header (https://docs.github.com/en/rest/overview/resources-in-the-rest-api#user-agent-required). Check https://developer.github.com for other possible causes.\n',
      { status: 403, headers: { 'content-type': 'text/plain; charset=utf-8' } },
    );
  }
  const token = /^(?:Bearer|token) (.+)$/u.exec(request.headers.get('authorization') ?? '')?.[1];
  const owner = token !== undefined && state.ownerTokens.has(token);
  if (!owner && !(token !== undefined && state.memberTokens.has(token))) return message(state, 401, 'Bad credentials');
  if (state.exhaustNext > 0) {
    state.exhaustNext -= 1;
    return HttpResponse.json(
      {
        message: 'API rate limit exceeded for user ID 1. If you reach out to GitHub Support for help, please include the request ID.',
        documentation_url: `${DOCS}/overview/rate-limits-for-the-rest-api`,
        status: String(state.exhaustStatus),
      },
      { status: state.exhaustStatus, headers: rateHeaders(state, 0) },
    );
  }
  if (org.toLowerCase() !== state.org.toLowerCase()) return message(state, 404, 'Not Found');
  if (ownerOnly && !owner) return message(state, 403, 'You must be an admin to manage members of this organization.');
  return undefined;
}

function paged<T>(state: GitHubOrgState, request: Request, items: T[]): Response {
  const url = new URL(request.url);
  const perPage = Math.min(Math.max(Number.parseInt(url.searchParams.get('per_page') ?? '30', 10) || 30, 1), 100);
  const page = Math.max(Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1, 1);
  const last = Math.max(Math.ceil(items.length / perPage), 1);
  const link = (n: number, rel: string) => {
    const target = new URL(url);
    target.searchParams.set('per_page', String(perPage));
    target.searchParams.set('page', String(n));
    return `<${target.href}>; rel="${rel}"`;
  };
  const links = [...(page > 1 ? [link(page - 1, 'prev'), link(1, 'first')] : []), ...(page < last ? [link(page + 1, 'next'), link(last, 'last')] : [])];
  return HttpResponse.json(items.slice((page - 1) * perPage, page * perPage), {
    headers: { ...rateHeaders(state), ...(links.length > 0 ? { link: links.join(', ') } : {}) },
  });
}

function simpleUser(member: { id: number; login: string }): object {
  return {
    login: member.login,
    id: member.id,
    node_id: `MDQ6VXNlcj${member.id}`,
    avatar_url: `https://avatars.example/u/${member.id}`,
    type: 'User',
    site_admin: false,
    url: `https://api.github.com/users/${member.login}`,
  };
}

export function gitHubOrgHandlers(state: GitHubOrgState): RequestHandler[] {
  return [
    http.get('*/orgs/:org/members', ({ request, params }) => {
      const refused = guard(state, request, String(params.org), false);
      if (refused) return refused;
      const role = new URL(request.url).searchParams.get('role') ?? 'all';
      const members = state.members.filter((member) => role === 'all' || member.role === role);
      return paged(state, request, members.map(simpleUser));
    }),
    http.get('*/orgs/:org/invitations', ({ request, params }) => {
      const refused = guard(state, request, String(params.org), true);
      if (refused) return refused;
      return paged(
        state,
        request,
        state.invitations.map((invitation) => ({
          ...invitation,
          node_id: `MDIyOk9yZ2FuaXphdGlvbkludml0YXRpb24${invitation.id}`,
          failed_at: null,
          failed_reason: null,
          team_count: 0,
          invitation_source: 'member',
        })),
      );
    }),
    http.post('*/orgs/:org/invitations', async ({ request, params }) => {
      const refused = guard(state, request, String(params.org), true);
      if (refused) return refused;
      const body = ((await request.json().catch(() => undefined)) ?? {}) as { email?: unknown; role?: unknown };
      const email = typeof body.email === 'string' ? body.email : undefined;
      const role = body.role === 'admin' || body.role === 'billing_manager' ? body.role : 'direct_member';
      const invalid = (text: string) =>
        message(state, 422, 'Validation Failed', { errors: [{ resource: 'OrganizationInvitation', code: 'unprocessable', field: 'data', message: text }] });
      if (!email) return invalid('Invitee must be a GitHub user or an email address');
      if (state.invitations.some((invitation) => invitation.email?.toLowerCase() === email.toLowerCase())) return invalid('Invitee has already been invited');
      state.nextId += 1;
      const invitation = { id: state.nextId, login: null, email, role, created_at: new Date().toISOString().replace(/\.\d+Z$/u, 'Z') } as const;
      state.invitations.push({ ...invitation });
      return HttpResponse.json(
        { ...invitation, failed_at: null, failed_reason: null, team_count: 0, invitation_source: 'member' },
        { status: 201, headers: rateHeaders(state) },
      );
    }),
    http.delete('*/orgs/:org/memberships/:username', ({ request, params }) => {
      const refused = guard(state, request, String(params.org), true);
      if (refused) return refused;
      const login = String(params.username).toLowerCase();
      const member = state.members.find((candidate) => candidate.login.toLowerCase() === login);
      const invitation = state.invitations.find((candidate) => candidate.login?.toLowerCase() === login);
      if (!member && !invitation) return message(state, 404, 'Not Found');
      state.members = state.members.filter((candidate) => candidate !== member);
      state.invitations = state.invitations.filter((candidate) => candidate !== invitation);
      return new HttpResponse(null, { status: 204, headers: rateHeaders(state) });
    }),
    http.delete('*/orgs/:org/invitations/:id', ({ request, params }) => {
      const refused = guard(state, request, String(params.org), true);
      if (refused) return refused;
      const invitation = state.invitations.find((candidate) => String(candidate.id) === params.id);
      if (!invitation) return message(state, 404, 'Not Found');
      state.invitations = state.invitations.filter((candidate) => candidate !== invitation);
      return new HttpResponse(null, { status: 204, headers: rateHeaders(state) });
    }),
  ];
}
