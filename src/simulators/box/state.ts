/**
 * State of the Box simulator: one enterprise's managed users, the apps that may get tokens for it
 * (Client Credentials Grant), the access tokens issued and a rate limit a test can arm. Plain
 * data, changed by the handlers and by tests.
 */

export type BoxStatus = 'active' | 'inactive' | 'cannot_delete_edit' | 'cannot_delete_edit_upload';
export type BoxRole = 'admin' | 'coadmin' | 'user';

export interface BoxUser {
  id: string;
  name: string;
  login: string;
  status: BoxStatus;
  role: BoxRole;
  /** An app user (is_platform_access_only): made by an application, listed among managed users. */
  appUser: boolean;
  /** Files or folders the user owns: deleting them needs `force=true`. */
  ownsContent: boolean;
  createdAt: string;
}

export interface BoxApp {
  clientId: string;
  clientSecret: string;
  enterpriseId: string;
  /** Whether the app has the "Manage users" scope and enterprise access (else it may only read users). */
  manageUsers: boolean;
}

export interface BoxState {
  users: BoxUser[];
  apps: BoxApp[];
  /** Access token -> the app it was issued to. */
  tokens: Map<string, BoxApp>;
  tokensIssued: number;
  nextId: number;
  /** The next `count` API requests are answered 429 with Retry-After. */
  rateLimit: { count: number; retryAfterSeconds: number };
}

export const BOX_ENTERPRISE_ID = '917251';
export const BOX_APP = { clientId: 'ccg-client-0001', clientSecret: 'ccg-secret-value-0001', enterpriseId: BOX_ENTERPRISE_ID } as const;
export const BOX_READER_APP = { clientId: 'ccg-reader-0002', clientSecret: 'ccg-reader-secret-0002', enterpriseId: BOX_ENTERPRISE_ID } as const;
const STAMP = '2026-01-05T09:00:00-08:00';

/** Box user ids are numeric strings. */
export const boxUserId = (n: number): string => String(20_000_000_000 + n);

/** `count` managed users: the first is the primary admin, every 10th a co-admin, every 15th inactive, every 20th restricted (cannot_delete_edit), every 4th owns content, every 50th an app user. */
export function seedBoxUsers(count: number): BoxUser[] {
  return Array.from({ length: count }, (_, index) => {
    const n = index + 1;
    const status: BoxStatus = n % 15 === 0 ? 'inactive' : n % 20 === 0 ? 'cannot_delete_edit' : n % 35 === 0 ? 'cannot_delete_edit_upload' : 'active';
    return {
      id: boxUserId(n),
      name: n % 50 === 0 ? `App user ${n}` : `Person ${n}`,
      // Box gives an app user a login of its own domain.
      login: n % 50 === 0 ? `AppUser_${n}_demo@boxdevedition.com` : `person${n}@acme.test`,
      appUser: n % 50 === 0,
      status,
      role: n === 1 ? 'admin' : n % 10 === 0 ? 'coadmin' : 'user',
      ownsContent: n % 4 === 0,
      createdAt: STAMP,
    };
  });
}

export function createBoxState(users: BoxUser[] = seedBoxUsers(40)): BoxState {
  return {
    users,
    apps: [
      { ...BOX_APP, manageUsers: true },
      { ...BOX_READER_APP, manageUsers: false },
    ],
    tokens: new Map(),
    tokensIssued: 0,
    nextId: 30_000_000_000,
    rateLimit: { count: 0, retryAfterSeconds: 1 },
  };
}
