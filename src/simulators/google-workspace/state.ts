/**
 * State of the Google Workspace simulator: an account's users (Directory API user resource), the
 * OAuth clients and refresh tokens that may call it, and rate-limit scenarios. Plain data, changed
 * by the handlers and by tests.
 */

export interface GoogleUser {
  id: string;
  primaryEmail: string;
  name: { givenName: string; familyName: string; fullName: string };
  isAdmin: boolean;
  isDelegatedAdmin: boolean;
  suspended: boolean;
  suspensionReason?: string;
  archived: boolean;
  agreedToTerms: boolean;
  changePasswordAtNextLogin: boolean;
  creationTime: string;
  /** Set when deleted: the user is restorable for 20 days and no longer listed. */
  deletionTime?: string;
  password?: string;
}

export const GOOGLE_USER_SCOPE = 'https://www.googleapis.com/auth/admin.directory.user';
export const GOOGLE_USER_READONLY_SCOPE = 'https://www.googleapis.com/auth/admin.directory.user.readonly';

export interface GoogleRefreshGrant {
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  /** The scope the admin consented to when the refresh token was issued. */
  scope: string;
}

export interface GoogleWorkspaceState {
  users: GoogleUser[];
  grants: GoogleRefreshGrant[];
  /** Access tokens issued, with the scope each carries. */
  accessTokens: Map<string, string>;
  /** Requests to answer 429 rateLimitExceeded before serving normally again. */
  throttleNext: number;
  /** Requests to answer 403 userRateLimitExceeded (Google's other quota answer). */
  quotaNext: number;
  nextId: number;
  tokensIssued: number;
}

/** A refresh token consented to the read-write users scope. */
export const GOOGLE_ADMIN_GRANT = {
  clientId: 'lc-client.apps.googleusercontent.com',
  clientSecret: 'GOCSPX-demo-client-secret',
  refreshToken: '1//demo-admin-refresh-token',
} as const;
/** A refresh token consented to the read-only users scope: Import Users only. */
export const GOOGLE_READONLY_GRANT = {
  clientId: 'lc-client.apps.googleusercontent.com',
  clientSecret: 'GOCSPX-demo-client-secret',
  refreshToken: '1//demo-readonly-refresh-token',
} as const;
const STAMP = '2026-01-05T09:00:00.000Z';

/** Google user ids are 21-digit numbers, as strings. */
export function googleUserId(n: number): string {
  return String(100_000_000_000_000_000_000n + BigInt(n));
}

/** `count` users: every 9th a super admin, every 13th a delegated admin, every 7th suspended, every 11th never signed in, every 17th archived. */
export function seedGoogleUsers(count: number): GoogleUser[] {
  return Array.from({ length: count }, (_, index) => {
    const n = index + 1;
    return {
      id: googleUserId(n),
      primaryEmail: `person${n}@acme.test`,
      name: { givenName: 'Person', familyName: String(n), fullName: `Person ${n}` },
      isAdmin: n % 9 === 0,
      isDelegatedAdmin: n % 13 === 0,
      suspended: n % 7 === 0,
      ...(n % 7 === 0 ? { suspensionReason: 'ADMIN' } : {}),
      archived: n % 17 === 0,
      agreedToTerms: n % 11 !== 0,
      changePasswordAtNextLogin: false,
      creationTime: STAMP,
    };
  });
}

export function createGoogleWorkspaceState(users: GoogleUser[] = seedGoogleUsers(40)): GoogleWorkspaceState {
  return {
    users,
    grants: [
      { ...GOOGLE_ADMIN_GRANT, scope: GOOGLE_USER_SCOPE },
      { ...GOOGLE_READONLY_GRANT, scope: GOOGLE_USER_READONLY_SCOPE },
    ],
    accessTokens: new Map(),
    throttleNext: 0,
    quotaNext: 0,
    nextId: 900_000,
    tokensIssued: 0,
  };
}
