/**
 * msw handlers simulating Sentry's organization members endpoints (sentry-api-schema
 * listOrganizationMembers, addOrganizationMember, deleteOrganizationMember; docs.sentry.io/api),
 * as described:
 * - `Authorization: Bearer <token>`, else 401 `{"detail": "Invalid token"}`; listing needs
 *   member:read, inviting and removing member:write or member:admin (else 403 `{"detail": ...}`).
 * - GET .../members/: pages of 100 by `cursor` ("<value>:<offset>:<is_prev>"), pending invitations
 *   included; the Link header always carries a `previous` and a `next` link, each with
 *   `results="true"` or `"false"` (the last page's next link leads to an empty page).
 * - POST .../members/ `{"email", "orgRole", "sendInvite"}`: 201 with a pending member; an email
 *   already a member or invited is 409 `{"email": ["..."]}`; an invalid one 400.
 * - DELETE .../members/{member_id}/: 204; an unknown or removed member is 404
 *   `{"detail": "The requested resource does not exist"}`.
 * - 429 with X-Sentry-Rate-Limit-Remaining 0 and X-Sentry-Rate-Limit-Reset (Unix seconds).
 */
import { http, HttpResponse, type RequestHandler } from 'msw';
import type { SentryMember, SentryOrgRole, SentryState, SentryToken } from './state.js';

export const SENTRY_PAGE_SIZE = 100;
const ROLES: readonly SentryOrgRole[] = ['billing', 'member', 'manager', 'owner', 'admin'];
const MEMBERS = '*/api/0/organizations/:org/members/';
const notFound = () => HttpResponse.json({ detail: 'The requested resource does not exist' }, { status: 404 });

function guard(state: SentryState, request: Request, org: unknown, scopes: string[]): Response | undefined {
  const presented = /^Bearer (.+)$/u.exec(request.headers.get('authorization') ?? '')?.[1];
  const token: SentryToken | undefined = state.tokens.find((candidate) => candidate.token === presented);
  if (!token) return HttpResponse.json({ detail: 'Invalid token' }, { status: 401 });
  if (state.throttleNext > 0) {
    state.throttleNext -= 1;
    const reset = Math.floor(state.now() / 1000) + 1;
    return HttpResponse.json(
      { detail: 'You are attempting to use this endpoint too frequently. Limit is 40 requests in 1 seconds' },
      { status: 429, headers: { 'x-sentry-rate-limit-remaining': '0', 'x-sentry-rate-limit-limit': '40', 'x-sentry-rate-limit-reset': String(reset) } },
    );
  }
  if (String(org) !== state.organization) return notFound();
  if (!token.scopes.some((scope) => scopes.includes(scope)))
    return HttpResponse.json({ detail: 'You do not have permission to perform this action.' }, { status: 403 });
  return undefined;
}

function represent(member: SentryMember): object {
  const { removed: _removed, ...shown } = member;
  return {
    ...shown,
    externalUsers: [],
    flags: { 'sso:linked': false, 'sso:invalid': false, 'member-limit:restricted': false },
    inviteStatus: 'approved',
    inviterName: member.pending ? 'IT Admin' : null,
  };
}

function listMembers(state: SentryState, request: Request): Response {
  const url = new URL(request.url);
  const cursor = url.searchParams.get('cursor') ?? '0:0:0';
  const match = /^(\d+):(\d+):([01])$/u.exec(cursor);
  if (!match) return HttpResponse.json({ detail: 'Invalid cursor parameter.' }, { status: 400 });
  const offset = Number(match[2]);
  const listed = state.members.filter((member) => !member.removed);
  const page = listed.slice(offset, offset + SENTRY_PAGE_SIZE);
  const base = `${url.origin}${url.pathname}`;
  const previous = Math.max(offset - SENTRY_PAGE_SIZE, 0);
  const link = [
    `<${base}?&cursor=0:${previous}:1>; rel="previous"; results="${offset > 0}"; cursor="0:${previous}:1"`,
    `<${base}?&cursor=0:${offset + SENTRY_PAGE_SIZE}:0>; rel="next"; results="${offset + SENTRY_PAGE_SIZE < listed.length}"; cursor="0:${offset + SENTRY_PAGE_SIZE}:0"`,
  ].join(', ');
  return HttpResponse.json(page.map(represent), { headers: { link } });
}

async function inviteMember(state: SentryState, request: Request): Promise<Response> {
  const body = (await request.json().catch(() => undefined)) as { email?: unknown; orgRole?: unknown; sendInvite?: unknown } | undefined;
  const email = typeof body?.email === 'string' ? body.email : '';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/u.test(email) || email.length > 75) return HttpResponse.json({ email: ['Enter a valid email address.'] }, { status: 400 });
  const role = body?.orgRole ?? 'member';
  if (!ROLES.includes(role as SentryOrgRole)) return HttpResponse.json({ orgRole: [`"${String(role)}" is not a valid choice.`] }, { status: 400 });
  const existing = state.members.find((member) => !member.removed && member.email.toLowerCase() === email.toLowerCase());
  if (existing)
    return HttpResponse.json(
      { email: [existing.pending ? `There is an existing invite for ${email}` : `The user ${email} is already a member`] },
      { status: 409 },
    );
  state.nextId += 1;
  const member: SentryMember = {
    id: String(state.nextId),
    email,
    name: email,
    orgRole: role as SentryOrgRole,
    pending: true,
    expired: false,
    user: null,
    dateCreated: new Date().toISOString(),
  };
  state.members.push(member);
  if (body?.sendInvite !== false) state.invitesSent.push(email);
  return HttpResponse.json(represent(member), { status: 201 });
}

export function sentryHandlers(state: SentryState): RequestHandler[] {
  return [
    http.get(
      MEMBERS,
      ({ request, params }) => guard(state, request, params.org, ['member:read', 'member:write', 'member:admin']) ?? listMembers(state, request),
    ),
    http.post(
      MEMBERS,
      async ({ request, params }) => guard(state, request, params.org, ['member:write', 'member:admin', 'member:invite']) ?? inviteMember(state, request),
    ),
    http.delete(`${MEMBERS}:memberId/`, ({ request, params }) => {
      const refused = guard(state, request, params.org, ['member:write', 'member:admin']);
      if (refused) return refused;
      const member = state.members.find((candidate) => !candidate.removed && candidate.id === params.memberId);
      if (!member) return notFound();
      member.removed = true;
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}
