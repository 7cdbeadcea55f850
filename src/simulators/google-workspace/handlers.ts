/**
 * msw handlers simulating Google's OAuth 2.0 token endpoint and the Admin SDK Directory API's
 * users methods (discovery document admin.directory_v1; developers.google.com/admin-sdk/directory),
 * as described:
 * - POST /token (form): the refresh token grant with client_id and client_secret in the body
 *   answers an access token carrying the scope consented with the refresh token; a wrong client is
 *   401 invalid_client, an unknown refresh token 400 invalid_grant.
 * - Every Directory request needs `Authorization: Bearer <access token>`, else 401 authError; a
 *   token with only the read-only scope is 403 insufficientPermissions on writes.
 * - GET /admin/directory/v1/users: `customer` or `domain` is required (400 badRequest);
 *   maxResults 1..500 (default 100); `nextPageToken` while more follow; `users` is left out of a
 *   page that has none. Deleted users are listed only with showDeleted=true (and then only they).
 * - POST /admin/directory/v1/users: primaryEmail, name.givenName, name.familyName (at most 60
 *   characters each) and password (8 to 100 characters) required; 200 with the user; an email in
 *   use (by a user deleted in the last 20 days too) is 409 duplicate.
 * - PUT /admin/directory/v1/users/{userKey} (id or primary email): patch semantics (only the
 *   fields sent change); DELETE: 204, the user is deleted but restorable for 20 days; an unknown
 *   or deleted user is 404 notFound.
 * - Quota: 429 rateLimitExceeded, or 403 userRateLimitExceeded, with no Retry-After.
 */
import { http, HttpResponse, type RequestHandler } from 'msw';
import { GOOGLE_USER_SCOPE, type GoogleUser, type GoogleWorkspaceState } from './state.js';

export const GOOGLE_MAX_RESULTS = 500;
const USERS = '*/admin/directory/v1/users';

function googleError(code: number, message: string, reason: string, status?: string): Response {
  return HttpResponse.json({ error: { code, message, errors: [{ message, domain: 'global', reason }], ...(status ? { status } : {}) } }, { status: code });
}

function guard(state: GoogleWorkspaceState, request: Request, write: boolean): Response | undefined {
  const token = /^Bearer (.+)$/u.exec(request.headers.get('authorization') ?? '')?.[1];
  const scope = token === undefined ? undefined : state.accessTokens.get(token);
  if (scope === undefined) {
    return googleError(
      401,
      'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
      'authError',
      'UNAUTHENTICATED',
    );
  }
  if (state.throttleNext > 0) {
    state.throttleNext -= 1;
    return googleError(
      429,
      "Quota exceeded for quota metric 'Queries' and limit 'Queries per minute per user' of service 'admin.googleapis.com'.",
      'rateLimitExceeded',
      'RESOURCE_EXHAUSTED',
    );
  }
  if (state.quotaNext > 0) {
    state.quotaNext -= 1;
    return googleError(403, 'User Rate Limit Exceeded', 'userRateLimitExceeded');
  }
  if (write && scope !== GOOGLE_USER_SCOPE)
    return googleError(403, 'Request had insufficient authentication scopes.', 'insufficientPermissions', 'PERMISSION_DENIED');
  return undefined;
}

async function issueToken(state: GoogleWorkspaceState, request: Request): Promise<Response> {
  const form = new URLSearchParams(await request.text());
  if (form.get('grant_type') !== 'refresh_token')
    return HttpResponse.json({ error: 'unsupported_grant_type', error_description: 'Invalid grant_type: ' + (form.get('grant_type') ?? '') }, { status: 400 });
  const client = state.grants.find((grant) => grant.clientId === form.get('client_id') && grant.clientSecret === form.get('client_secret'));
  if (!client) return HttpResponse.json({ error: 'invalid_client', error_description: 'Unauthorized' }, { status: 401 });
  const grant = state.grants.find((candidate) => candidate.clientId === client.clientId && candidate.refreshToken === form.get('refresh_token'));
  if (!grant) return HttpResponse.json({ error: 'invalid_grant', error_description: 'Bad Request' }, { status: 400 });
  state.tokensIssued += 1;
  const accessToken = `ya29.demo-${state.tokensIssued}`;
  state.accessTokens.set(accessToken, grant.scope);
  return HttpResponse.json({ access_token: accessToken, expires_in: 3599, scope: grant.scope, token_type: 'Bearer' });
}

function represent(user: GoogleUser): object {
  const { password: _password, ...shown } = user;
  return {
    kind: 'admin#directory#user',
    etag: `"etag-${user.id}"`,
    customerId: 'C0demo',
    orgUnitPath: '/',
    isMailboxSetup: true,
    isEnrolledIn2Sv: false,
    isEnforcedIn2Sv: false,
    includeInGlobalAddressList: true,
    ...shown,
  };
}

const pageTokenOf = (offset: number) => Buffer.from(`offset:${offset}`).toString('base64url');
const offsetOf = (token: string) => Number(/^offset:(\d+)$/u.exec(Buffer.from(token, 'base64url').toString('utf8'))?.[1] ?? Number.NaN);

function listUsers(state: GoogleWorkspaceState, request: Request): Response {
  const url = new URL(request.url);
  if (!url.searchParams.get('customer') && !url.searchParams.get('domain')) return googleError(400, 'Bad Request', 'badRequest');
  const raw = url.searchParams.get('maxResults');
  const size = raw === null ? 100 : Number(raw);
  if (!Number.isInteger(size) || size < 1 || size > GOOGLE_MAX_RESULTS)
    return googleError(400, `Invalid value '${raw}'. Values must be within the range: [1, ${GOOGLE_MAX_RESULTS}]`, 'invalid');
  const token = url.searchParams.get('pageToken');
  const offset = token === null ? 0 : offsetOf(token);
  if (Number.isNaN(offset)) return googleError(400, 'Invalid Input: pageToken', 'invalid');
  const deleted = url.searchParams.get('showDeleted') === 'true';
  const listed = state.users.filter((user) => (user.deletionTime !== undefined) === deleted);
  const page = listed.slice(offset, offset + size);
  const more = offset + size < listed.length;
  return HttpResponse.json({
    kind: 'admin#directory#users',
    etag: '"etag-users"',
    ...(page.length > 0 ? { users: page.map(represent) } : {}),
    ...(more ? { nextPageToken: pageTokenOf(offset + size) } : {}),
  });
}

async function insertUser(state: GoogleWorkspaceState, request: Request): Promise<Response> {
  const body = (await request.json().catch(() => undefined)) as
    | {
        primaryEmail?: unknown;
        name?: { givenName?: unknown; familyName?: unknown };
        password?: unknown;
        changePasswordAtNextLogin?: unknown;
        suspended?: unknown;
      }
    | undefined;
  if (typeof body?.primaryEmail !== 'string' || !body.primaryEmail.includes('@')) return googleError(400, 'Invalid Input: primary_user_email', 'invalid');
  const { givenName, familyName } = body.name ?? {};
  if (typeof givenName !== 'string' || givenName === '' || givenName.length > 60) return googleError(400, 'Invalid Given/Family Name: GivenName', 'invalid');
  if (typeof familyName !== 'string' || familyName === '' || familyName.length > 60)
    return googleError(400, 'Invalid Given/Family Name: FamilyName', 'invalid');
  if (typeof body.password !== 'string' || body.password.length < 8 || body.password.length > 100) return googleError(400, 'Invalid Password', 'invalid');
  const email = body.primaryEmail.toLowerCase();
  // A deleted user keeps its address until purged (20 days).
  if (state.users.some((user) => user.primaryEmail.toLowerCase() === email)) return googleError(409, 'Entity already exists.', 'duplicate');
  state.nextId += 1;
  const user: GoogleUser = {
    id: String(200_000_000_000_000_000_000n + BigInt(state.nextId)),
    primaryEmail: body.primaryEmail,
    name: { givenName, familyName, fullName: `${givenName} ${familyName}` },
    isAdmin: false,
    isDelegatedAdmin: false,
    suspended: body.suspended === true,
    archived: false,
    agreedToTerms: false,
    changePasswordAtNextLogin: body.changePasswordAtNextLogin === true,
    creationTime: new Date().toISOString(),
    password: body.password,
  };
  state.users.push(user);
  return HttpResponse.json(represent(user));
}

export function googleWorkspaceHandlers(state: GoogleWorkspaceState): RequestHandler[] {
  const find = (key: unknown) => {
    const wanted = decodeURIComponent(String(key)).toLowerCase();
    return state.users.find((user) => user.deletionTime === undefined && (user.id === wanted || user.primaryEmail.toLowerCase() === wanted));
  };
  const notFound = () => googleError(404, 'Resource Not Found: userKey', 'notFound');
  return [
    http.post('*/token', async ({ request }) => issueToken(state, request)),
    http.get(USERS, ({ request }) => guard(state, request, false) ?? listUsers(state, request)),
    http.post(USERS, async ({ request }) => guard(state, request, true) ?? insertUser(state, request)),
    http.put(`${USERS}/:userKey`, async ({ request, params }) => {
      const refused = guard(state, request, true);
      if (refused) return refused;
      const user = find(params.userKey);
      if (!user) return notFound();
      const body = (await request.json().catch(() => undefined)) as { suspended?: unknown } | undefined;
      if (typeof body?.suspended === 'boolean') {
        user.suspended = body.suspended;
        if (body.suspended) user.suspensionReason = 'ADMIN';
        else delete user.suspensionReason;
      }
      return HttpResponse.json(represent(user));
    }),
    http.delete(`${USERS}/:userKey`, ({ request, params }) => {
      const refused = guard(state, request, true);
      if (refused) return refused;
      const user = find(params.userKey);
      if (!user) return notFound();
      user.deletionTime = new Date().toISOString();
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}
