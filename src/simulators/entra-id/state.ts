/**
 * State of the Microsoft Entra ID simulator: a tenant's users (Microsoft Graph v1.0 user
 * resource), its verified domains, the app registrations that may get tokens, the tokens issued,
 * and a throttling scenario. Plain data, changed by the handlers and by tests.
 */

export interface GraphUser {
  id: string;
  displayName: string;
  userPrincipalName: string;
  mail: string | null;
  givenName: string | null;
  surname: string | null;
  accountEnabled: boolean;
  mailNickname: string;
}

export interface AppRegistration {
  clientId: string;
  clientSecret: string;
  /** Application permissions granted with admin consent. */
  permissions: ReadonlyArray<'User.Read.All' | 'User.ReadWrite.All'>;
}

export interface EntraState {
  tenantId: string;
  domains: string[];
  users: GraphUser[];
  apps: AppRegistration[];
  /** access token -> client id */
  tokens: Map<string, string>;
  /** Graph requests to answer with 429 (Retry-After) before serving normally again. */
  throttleNext: number;
  retryAfterSeconds: number;
  nextId: number;
  /** Users deleted (soft): restorable, their userPrincipalName still taken. */
  deletedUsers: GraphUser[];
  /** user id -> how many times its sign-in sessions were revoked. */
  revokedSessions: Map<string, number>;
  /** user id -> the initial password it was created with (what the person signs in with first). */
  initialPasswords: Map<string, string>;
}

export const ENTRA_TENANT_ID = '72f988bf-0000-4000-8000-2d7cd011db47';
export const ENTRA_WRITER_APP = { clientId: '11111111-2222-4333-8444-555555555555', clientSecret: 'sim~entra~writer~secret' } as const;
export const ENTRA_READER_APP = { clientId: '66666666-7777-4888-9999-000000000000', clientSecret: 'sim~entra~reader~secret' } as const;

export function entraUserId(n: number): string {
  return `${String(n).padStart(8, '0')}-0000-4000-8000-000000000000`;
}

/** `count` users of acme.test; every 6th disabled, every 10th without a mailbox (mail null). */
export function seedGraphUsers(count: number): GraphUser[] {
  return Array.from({ length: count }, (_, index) => {
    const n = index + 1;
    const upn = `user${n}@acme.test`;
    return {
      id: entraUserId(n),
      displayName: `User ${n}`,
      userPrincipalName: upn,
      mail: n % 10 === 0 ? null : upn,
      givenName: 'User',
      surname: String(n),
      accountEnabled: n % 6 !== 0,
      mailNickname: `user${n}`,
    };
  });
}

export function createEntraState(users: GraphUser[] = seedGraphUsers(30)): EntraState {
  return {
    tenantId: ENTRA_TENANT_ID,
    domains: ['acme.test'],
    users,
    apps: [
      { ...ENTRA_WRITER_APP, permissions: ['User.ReadWrite.All'] },
      { ...ENTRA_READER_APP, permissions: ['User.Read.All'] },
    ],
    tokens: new Map(),
    throttleNext: 0,
    retryAfterSeconds: 3,
    initialPasswords: new Map(),
    nextId: 1_000,
    deletedUsers: [],
    revokedSessions: new Map(),
  };
}
