/**
 * msw handlers simulating Atlassian's user provisioning REST API for users (schema-original.json:
 * getUsersFromAnActiveDirectory, createAUserInAnActiveDirectory,
 * patchUserInformationInAnActiveDirectory, deleteAUserFromAnActiveDirectory; its narrative
 * "Limitations"), as described:
 * - The directory's API key as a bearer token; none or a wrong one is 401 `Failure`
 *   `{"error", "traceId"}`; a directory that does not exist is 404 ("Directory does not exist").
 *   Every other error is a SCIM Error (`ScimError` `{"schemas", "status", "scimType", "detail"}`,
 *   status as a string).
 * - GET .../Users: startIndex (1-based) and count, 100 a page without one; `filter` only as
 *   `userName eq "..."` or `externalId eq "..."` (400 invalidFilter otherwise); a ListResponse
 *   with totalResults. Deactivated users are listed (active false); users a DELETE took out are not.
 * - POST .../Users: userName required and unique in the directory (409 uniqueness, "User already
 *   exists"), emails with one primary, on a verified domain (400 otherwise); 201 with the user. An
 *   email whose managed account a DELETE took out of the directory is linked again (same Atlassian
 *   account, a new SCIM id), active.
 * - PATCH .../Users/{userId}: a PatchOp whose list is `operations` (Atlassian's description) or
 *   `Operations` (RFC 7644; attribute names are case-insensitive, RFC 7643 section 2.1); replace of
 *   `active`; 200 with the user.
 * - DELETE .../Users/{userId}: 204; "The DELETE operation deactivates the user account" and "any
 *   future operation for the deactivated user returns the 404": the account stays, deactivated,
 *   outside the directory.
 * - 429 with Retry-After when throttled (Atlassian's REST APIs: "HTTP 429 Too Many Requests").
 * Assumed (the description gives no bodies): the wording of the details, the 429's body, and that only `active` is patched here (other paths are 400).
 */
import { http, HttpResponse, type RequestHandler } from 'msw';
import { atlassianAccountId, atlassianUserId, type AtlassianState, type AtlassianUser } from './state.js';

export const ATLASSIAN_DEFAULT_COUNT = 100;
const SCIM_ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
const USERS = '*/scim/directory/:directoryId/Users';

const failure = (status: number, error: string) => HttpResponse.json({ error, traceId: 'a1b2c3d4e5f60718' }, { status });

function scimError(status: number, detail: string, scimType?: string): Response {
  return HttpResponse.json({ schemas: [SCIM_ERROR], status: String(status), ...(scimType ? { scimType } : {}), detail }, { status });
}

function guard(state: AtlassianState, request: Request, directoryId: unknown): Response | undefined {
  if (state.throttleNext > 0) {
    state.throttleNext -= 1;
    return HttpResponse.json({ schemas: [SCIM_ERROR], status: '429', detail: 'Too many requests' }, { status: 429, headers: { 'retry-after': '1' } });
  }
  const token = /^Bearer (\S+)$/u.exec(request.headers.get('authorization') ?? '')?.[1];
  if (token !== state.apiKey) return failure(401, 'Unauthorized');
  if (String(directoryId) !== state.directoryId) return scimError(404, `Directory ${String(directoryId)} does not exist`);
  return undefined;
}

const listed = (state: AtlassianState) => state.users.filter((user) => user.inDirectory);
const find = (state: AtlassianState, id: unknown) => listed(state).find((user) => user.id === String(id));

function represent(state: AtlassianState, user: AtlassianUser): object {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', 'urn:scim:schemas:extension:atlassian-external:1.0'],
    id: user.id,
    userName: user.userName,
    emails: user.emails,
    name: user.name,
    ...(user.displayName === undefined ? {} : { displayName: user.displayName }),
    active: user.active,
    groups: [],
    meta: {
      resourceType: 'USER',
      location: `https://api.atlassian.com/scim/directory/${state.directoryId}/Users/${user.id}`,
      created: user.created,
      lastModified: user.lastModified,
    },
    'urn:scim:schemas:extension:atlassian-external:1.0': { atlassianAccountId: user.atlassianAccountId },
  };
}

function listUsers(state: AtlassianState, request: Request): Response {
  const url = new URL(request.url);
  const startIndex = Number(url.searchParams.get('startIndex') ?? '1');
  const count = Number(url.searchParams.get('count') ?? String(ATLASSIAN_DEFAULT_COUNT));
  if (!Number.isInteger(startIndex) || !Number.isInteger(count)) return scimError(400, 'startIndex and count must be integers', 'invalidValue');
  let users = listed(state);
  const filter = url.searchParams.get('filter');
  if (filter !== null) {
    const match = /^(userName|externalId) eq "([^"]*)"$/u.exec(filter.trim());
    if (!match) return scimError(400, `Unsupported filter: ${filter}`, 'invalidFilter');
    users = match[1] === 'userName' ? users.filter((user) => user.userName.toLowerCase() === match[2]!.toLowerCase()) : [];
  }
  // RFC 7644 section 3.4.2.4: a startIndex below 1 is read as 1, a negative count as 0.
  const first = Math.max(startIndex, 1) - 1;
  const page = users.slice(first, first + Math.max(count, 0));
  return HttpResponse.json({
    schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
    totalResults: users.length,
    startIndex: first + 1,
    itemsPerPage: page.length,
    Resources: page.map((user) => represent(state, user)),
  });
}

interface CreateBody {
  userName?: unknown;
  emails?: unknown;
  name?: AtlassianUser['name'];
  displayName?: unknown;
  active?: unknown;
}

async function createUser(state: AtlassianState, request: Request): Promise<Response> {
  const body = (await request.json().catch(() => undefined)) as CreateBody | undefined;
  if (body === undefined || typeof body !== 'object') return scimError(400, 'Request body is not valid JSON', 'invalidSyntax');
  if (typeof body.userName !== 'string' || body.userName.trim() === '') return scimError(400, 'userName is required', 'invalidValue');
  const emails = Array.isArray(body.emails) ? (body.emails as AtlassianUser['emails']) : [];
  const primary = emails.find((email) => email?.primary === true);
  if (!primary || typeof primary.value !== 'string') return scimError(400, 'emails must contain one primary email address', 'invalidValue');
  const domain = primary.value.split('@')[1]?.toLowerCase() ?? '';
  if (!state.verifiedDomains.includes(domain))
    return scimError(400, `The email address ${primary.value} is not on a verified domain of the organization`, 'invalidValue');
  const userName = body.userName;
  if (listed(state).some((user) => user.userName.toLowerCase() === userName.toLowerCase())) return scimError(409, 'User already exists', 'uniqueness');
  state.nextId += 1;
  const now = new Date().toISOString();
  const fields = {
    id: atlassianUserId(state.nextId),
    userName,
    emails,
    name: body.name ?? {},
    ...(typeof body.displayName === 'string' ? { displayName: body.displayName } : {}),
    active: body.active !== false,
    inDirectory: true,
    lastModified: now,
  };
  // A managed account that already exists for the email (taken out of the directory by a DELETE) is linked again.
  const existing = state.users.find((user) => !user.inDirectory && user.emails.some((email) => email.value.toLowerCase() === primary.value.toLowerCase()));
  let user: AtlassianUser;
  if (existing) user = Object.assign(existing, fields);
  else {
    user = { ...fields, atlassianAccountId: atlassianAccountId(state.nextId), created: now };
    state.users.push(user);
  }
  return HttpResponse.json(represent(state, user), { status: 201 });
}

interface PatchOperation {
  op?: unknown;
  path?: unknown;
  value?: unknown;
}

async function patchUser(state: AtlassianState, request: Request, user: AtlassianUser): Promise<Response> {
  const body = (await request.json().catch(() => undefined)) as Record<string, unknown> | undefined;
  const key = Object.keys(body ?? {}).find((name) => name.toLowerCase() === 'operations');
  const operations = key === undefined ? undefined : (body?.[key] as PatchOperation[] | undefined);
  if (!Array.isArray(operations) || operations.length === 0) return scimError(400, 'operations are required', 'invalidSyntax');
  let active = user.active;
  for (const operation of operations) {
    if (String(operation.op).toLowerCase() !== 'replace') return scimError(400, `Unsupported operation: ${String(operation.op)}`, 'invalidSyntax');
    const value = operation.path === undefined ? (operation.value as { active?: unknown } | undefined)?.active : operation.value;
    if (operation.path !== undefined && String(operation.path).toLowerCase() !== 'active')
      return scimError(400, `Unsupported path: ${String(operation.path)}`, 'invalidPath');
    if (typeof value !== 'boolean') return scimError(400, 'active must be a boolean', 'invalidValue');
    active = value;
  }
  user.active = active;
  user.lastModified = new Date().toISOString();
  return HttpResponse.json(represent(state, user));
}

function onUser(state: AtlassianState, request: Request, params: Record<string, unknown>, change: (user: AtlassianUser) => Response | Promise<Response>) {
  const refused = guard(state, request, params.directoryId);
  if (refused) return refused;
  const user = find(state, params.userId);
  return user ? change(user) : scimError(404, `User ${String(params.userId)} not found`);
}

export function atlassianHandlers(state: AtlassianState): RequestHandler[] {
  return [
    http.get(USERS, ({ request, params }) => guard(state, request, params.directoryId) ?? listUsers(state, request)),
    http.post(USERS, async ({ request, params }) => guard(state, request, params.directoryId) ?? createUser(state, request)),
    http.patch(`${USERS}/:userId`, ({ request, params }) => onUser(state, request, params, (user) => patchUser(state, request, user))),
    http.delete(`${USERS}/:userId`, ({ request, params }) =>
      onUser(state, request, params, (user) => {
        user.active = false;
        user.inDirectory = false;
        user.lastModified = new Date().toISOString();
        return new HttpResponse(null, { status: 204 });
      }),
    ),
  ];
}
