/**
 * State of the Atlassian Cloud user provisioning simulator: one identity provider directory of an
 * organization, its API key, the domains the organization has verified, and the managed accounts
 * (those the directory holds, and those a DELETE took out of it: deactivated, still existing in
 * Atlassian Administration). Plain data, changed by the handlers and by tests.
 */

export interface AtlassianUser {
  /** The SCIM id the directory gives the user (a new one each time the account is linked). */
  id: string;
  /** The managed Atlassian account behind it; it outlives the directory's user. */
  atlassianAccountId: string;
  userName: string;
  emails: Array<{ value: string; type?: string; primary?: boolean }>;
  name: { formatted?: string; givenName?: string; familyName?: string };
  displayName?: string;
  /** false: deactivated (no access to any Atlassian product). */
  active: boolean;
  /** false once a DELETE took the user out of the directory: every request about it is 404 then. */
  inDirectory: boolean;
  created: string;
  lastModified: string;
}

export interface AtlassianState {
  directoryId: string;
  /** The directory's API key (full access: Atlassian has no read-only directory key). */
  apiKey: string;
  /** Domains the organization has verified: accounts are created only for emails on them. */
  verifiedDomains: string[];
  users: AtlassianUser[];
  /** Requests to answer 429 (Retry-After) before serving normally again. */
  throttleNext: number;
  nextId: number;
}

export const ATLASSIAN_DIRECTORY_ID = '3f1c2a9e-7b4d-4e61-9a0f-5d2c8b7e1a40';
export const ATLASSIAN_API_KEY = 'atl-demo-directory-api-key-0001';
export const ATLASSIAN_VERIFIED_DOMAIN = 'acme.test';
const STAMP = '2026-01-05T09:00:00.000Z';

/** A SCIM id like Atlassian's (a UUID), from a number. */
export function atlassianUserId(n: number): string {
  return `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

/** An Atlassian account id like the real ones (`712020:` and a UUID), from a number. */
export function atlassianAccountId(n: number): string {
  return `712020:${n.toString(16).padStart(8, '0')}-0000-4000-9000-000000000000`;
}

/** `count` users of the directory: every 15th deactivated, every 12th without a displayName (only name parts). */
export function seedAtlassianUsers(count: number): AtlassianUser[] {
  return Array.from({ length: count }, (_, index) => {
    const n = index + 1;
    const email = `person${n}@${ATLASSIAN_VERIFIED_DOMAIN}`;
    return {
      id: atlassianUserId(n),
      atlassianAccountId: atlassianAccountId(n),
      userName: email,
      emails: [{ value: email, type: 'work', primary: true }],
      name: { givenName: 'Person', familyName: String(n), ...(n % 12 === 0 ? {} : { formatted: `Person ${n}` }) },
      ...(n % 12 === 0 ? {} : { displayName: `Person ${n}` }),
      active: n % 15 !== 0,
      inDirectory: true,
      created: STAMP,
      lastModified: STAMP,
    };
  });
}

export function createAtlassianState(users: AtlassianUser[] = seedAtlassianUsers(40)): AtlassianState {
  return {
    directoryId: ATLASSIAN_DIRECTORY_ID,
    apiKey: ATLASSIAN_API_KEY,
    verifiedDomains: [ATLASSIAN_VERIFIED_DOMAIN],
    users,
    throttleNext: 0,
    nextId: 90_000,
  };
}
