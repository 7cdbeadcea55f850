/**
 * State of the Datadog simulator: one organization's users (service accounts among them), its
 * roles, the API and application keys that may call it (an application key's scopes), and a
 * rate-limit scenario. Plain data, changed by the handlers and by tests.
 */

export type DatadogStatus = 'Active' | 'Pending' | 'Disabled';

export interface DatadogRole {
  id: string;
  name: string;
}

export interface DatadogUser {
  id: string;
  email: string;
  name: string | null;
  handle: string;
  /** Pending until the first login. */
  verified: boolean;
  disabled: boolean;
  serviceAccount: boolean;
  roleIds: string[];
  createdAt: string;
}

export interface DatadogApplicationKey {
  key: string;
  /** Authorization scopes; an unscoped key has every permission of its admin owner. */
  scopes: 'all' | string[];
}

export interface DatadogState {
  users: DatadogUser[];
  roles: DatadogRole[];
  apiKeys: string[];
  applicationKeys: DatadogApplicationKey[];
  /** Requests to answer 429 (X-RateLimit-Reset) before serving normally again. */
  throttleNext: number;
  nextId: number;
  /** Users an invitation email was sent to (their ids). */
  invitationsSent: string[];
}

export const DATADOG_API_KEY = 'dd0123456789abcdef0123456789abcd';
/** An unscoped application key of an admin user. */
export const DATADOG_ADMIN_APP_KEY = 'ddapp_demo_admin_unscoped_0123456789abcdef';
/** An application key scoped to user_access_read: Import Users only. */
export const DATADOG_READ_APP_KEY = 'ddapp_demo_scoped_user_access_read_0123456';

export const DATADOG_ROLES: DatadogRole[] = [
  { id: '3653d3c6-0c75-11ea-ad28-fb5701eabc7d', name: 'Datadog Admin Role' },
  { id: '3653d3c6-0c75-11ea-ad28-fb5701eabc7e', name: 'Datadog Standard Role' },
  { id: '3653d3c6-0c75-11ea-ad28-fb5701eabc7f', name: 'Datadog Read Only Role' },
];
export const datadogRoleId = (name: string) => DATADOG_ROLES.find((role) => role.name === name)!.id;
export const datadogUserId = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const STAMP = '2026-01-05T09:00:00.000000+00:00';

/** `count` users: every 10th an admin, every 4th read-only, every 8th pending, every 15th disabled, every 25th a service account. */
export function seedDatadogUsers(count: number): DatadogUser[] {
  return Array.from({ length: count }, (_, index) => {
    const n = index + 1;
    const role = n % 10 === 0 ? 'Datadog Admin Role' : n % 4 === 0 ? 'Datadog Read Only Role' : 'Datadog Standard Role';
    const serviceAccount = n % 25 === 0;
    const email = serviceAccount ? `robot${n}@acme.test` : `person${n}@acme.test`;
    return {
      id: datadogUserId(n),
      email,
      name: serviceAccount ? `Robot ${n}` : `Person ${n}`,
      handle: email,
      verified: n % 8 !== 0,
      disabled: n % 15 === 0,
      serviceAccount,
      roleIds: [datadogRoleId(role)],
      createdAt: STAMP,
    };
  });
}

export function createDatadogState(users: DatadogUser[] = seedDatadogUsers(40)): DatadogState {
  return {
    users,
    roles: DATADOG_ROLES.map((role) => ({ ...role })),
    apiKeys: [DATADOG_API_KEY],
    applicationKeys: [
      { key: DATADOG_ADMIN_APP_KEY, scopes: 'all' },
      { key: DATADOG_READ_APP_KEY, scopes: ['user_access_read'] },
    ],
    throttleNext: 0,
    nextId: 90_000,
    invitationsSent: [],
  };
}
