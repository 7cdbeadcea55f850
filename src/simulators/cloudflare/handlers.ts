/**
 * msw handlers simulating Cloudflare's account members and roles endpoints (api-schemas
 * account-members-list-members, -add-member, -update-member, -remove-member,
 * account-roles-list-roles; developers.cloudflare.com/api), as described:
 * - `Authorization: Bearer <API token>`; an unknown token is 403 with error code 10000
 *   ("Authentication error"); a token with Account Settings Read only is 403 with code 9109 on a
 *   write. Every answer is Cloudflare's envelope `{success, errors, messages, result}`.
 * - GET .../members: pages by `page` (from 1) and `per_page` (5..50, default 20), `result_info`
 *   with `page`, `per_page`, `count`, `total_count` and `total_pages`; pending invitations included.
 * - POST .../members `{"email", "roles": [role ids], "status"?}`: 200 with the member, pending
 *   (Cloudflare emails the invitation) unless the status is accepted.
 * - PUT .../members/{member_id} `{"roles": [{"id"}]}`: 200 with the member, its roles replaced.
 * - DELETE .../members/{member_id}: 200 `{"result": {"id"}}`; an unknown or removed member is 404.
 * - An unknown account is 404 with code 7003; 429 with code 971 and Retry-After when throttled.
 * Assumptions (not in the description; documented in docs/connectors/cloudflare.md): the wording
 * of the 404 for a removed member ("Member not found") and of the duplicate invitation.
 */
import { http, HttpResponse, type RequestHandler } from 'msw';
import type { CloudflareMember, CloudflareState } from './state.js';

export const CLOUDFLARE_MAX_PER_PAGE = 50;
const ACCOUNT = '*/client/v4/accounts/:account';
const HEX32 = /^[0-9a-f]{32}$/u;

type CloudflareError = { code: number; message: string };
const failure = (status: number, ...errors: CloudflareError[]) => HttpResponse.json({ success: false, errors, messages: [], result: null }, { status });
const success = (result: unknown, extra: object = {}) => HttpResponse.json({ success: true, errors: [], messages: [], result, ...extra });

function guard(state: CloudflareState, request: Request, account: unknown, write: boolean): Response | undefined {
  const presented = /^Bearer (\S+)$/u.exec(request.headers.get('authorization') ?? '')?.[1];
  const token = state.tokens.find((candidate) => candidate.token === presented);
  if (!token) return failure(403, { code: 10000, message: 'Authentication error' });
  if (state.throttleNext > 0) {
    state.throttleNext -= 1;
    return HttpResponse.json(
      { success: false, errors: [{ code: 971, message: 'Please wait and consider throttling your request speed' }], messages: [], result: null },
      { status: 429, headers: { 'retry-after': '1' } },
    );
  }
  if (String(account) !== state.account)
    return failure(404, { code: 7003, message: `Could not route to /accounts/${String(account)}/members, perhaps your object identifier is invalid?` });
  if (write && token.permission !== 'edit') return failure(403, { code: 9109, message: 'Unauthorized to access requested resource' });
  return undefined;
}

function represent(state: CloudflareState, member: CloudflareMember): object {
  return {
    id: member.id,
    email: member.email,
    status: member.status,
    roles: member.roleIds.map((id) => {
      const role = state.roles.find((candidate) => candidate.id === id)!;
      return { ...role, permissions: {} };
    }),
    policies: [],
    user: {
      id: member.status === 'pending' ? null : member.id.replace(/^b1/u, 'c2'),
      email: member.email,
      first_name: member.firstName,
      last_name: member.lastName,
      two_factor_authentication_enabled: false,
    },
  };
}

function listMembers(state: CloudflareState, request: Request): Response {
  const url = new URL(request.url);
  const page = Number(url.searchParams.get('page') ?? '1');
  const perPage = Number(url.searchParams.get('per_page') ?? '20');
  if (!Number.isInteger(page) || page < 1) return failure(400, { code: 1001, message: 'page must be a positive integer' });
  if (!Number.isInteger(perPage) || perPage < 5 || perPage > CLOUDFLARE_MAX_PER_PAGE)
    return failure(400, { code: 1001, message: 'per_page must be between 5 and 50' });
  const listed = state.members.filter((member) => !member.removed);
  const result = listed.slice((page - 1) * perPage, page * perPage).map((member) => represent(state, member));
  return success(result, {
    result_info: { page, per_page: perPage, count: result.length, total_count: listed.length, total_pages: Math.ceil(listed.length / perPage) },
  });
}

async function addMember(state: CloudflareState, request: Request): Promise<Response> {
  const body = (await request.json().catch(() => undefined)) as { email?: unknown; roles?: unknown; status?: unknown } | undefined;
  const email = typeof body?.email === 'string' ? body.email : '';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/u.test(email) || email.length > 90) return failure(400, { code: 1001, message: 'Invalid email address' });
  const roles = Array.isArray(body?.roles) ? body.roles : [];
  if (roles.length === 0 || !roles.every((id) => typeof id === 'string' && state.roles.some((role) => role.id === id)))
    return failure(400, { code: 1001, message: 'Invalid or missing roles' });
  if (state.members.some((member) => !member.removed && member.email.toLowerCase() === email.toLowerCase()))
    return failure(400, { code: 1001, message: 'User is already a member of this account' });
  state.nextId += 1;
  const status = body?.status === 'accepted' ? 'accepted' : 'pending';
  const member: CloudflareMember = {
    id: state.nextId.toString(16).padStart(32, 'e'),
    email,
    firstName: null,
    lastName: null,
    status,
    roleIds: roles as string[],
  };
  state.members.push(member);
  if (status === 'pending') state.invitesSent.push(email);
  return success(represent(state, member));
}

async function updateMember(state: CloudflareState, request: Request, member: CloudflareMember): Promise<Response> {
  const body = (await request.json().catch(() => undefined)) as { roles?: unknown } | undefined;
  const ids = Array.isArray(body?.roles) ? body.roles.map((role) => (role as { id?: unknown } | null)?.id) : [];
  if (ids.length === 0 || !ids.every((id) => typeof id === 'string' && state.roles.some((role) => role.id === id)))
    return failure(400, { code: 1001, message: 'Invalid or missing roles' });
  member.roleIds = ids as string[];
  return success(represent(state, member));
}

const memberNotFound = () => failure(404, { code: 1003, message: 'Member not found' });
const find = (state: CloudflareState, id: unknown) => state.members.find((member) => !member.removed && member.id === String(id));

export function cloudflareHandlers(state: CloudflareState): RequestHandler[] {
  return [
    http.get(`${ACCOUNT}/members`, ({ request, params }) => guard(state, request, params.account, false) ?? listMembers(state, request)),
    http.post(`${ACCOUNT}/members`, async ({ request, params }) => guard(state, request, params.account, true) ?? addMember(state, request)),
    http.put(`${ACCOUNT}/members/:member`, async ({ request, params }) => {
      const refused = guard(state, request, params.account, true);
      if (refused) return refused;
      const member = find(state, params.member);
      return member ? updateMember(state, request, member) : memberNotFound();
    }),
    http.delete(`${ACCOUNT}/members/:member`, ({ request, params }) => {
      const refused = guard(state, request, params.account, true);
      if (refused) return refused;
      if (!HEX32.test(String(params.member))) return failure(400, { code: 1001, message: 'Invalid member identifier' });
      const member = find(state, params.member);
      if (!member) return memberNotFound();
      member.removed = true;
      return success({ id: member.id });
    }),
    http.get(`${ACCOUNT}/roles`, ({ request, params }) => {
      const refused = guard(state, request, params.account, false);
      if (refused) return refused;
      const roles = state.roles.map((role) => ({ ...role, permissions: {} }));
      return success(roles, { result_info: { page: 1, per_page: roles.length, count: roles.length, total_count: roles.length, total_pages: 1 } });
    }),
  ];
}
