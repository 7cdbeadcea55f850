/**
 * State of the Grafana simulator: one instance's users, the Basic credentials that may call its
 * user API (a server admin, and a user who may only read users), and the passwords users were
 * created with. Plain data, changed by the handlers and by tests.
 */

export interface GrafanaUser {
  id: number;
  email: string;
  name: string;
  login: string;
  /** Grafana server admin. */
  isAdmin: boolean;
  isDisabled: boolean;
  lastSeenAt: string;
  /** Set when deleted. */
  deleted?: boolean;
}

export interface GrafanaCredential {
  username: string;
  password: string;
  /** A server admin may do everything; a reader may only list (Enterprise's users:read). */
  role: 'serverAdmin' | 'reader';
}

export interface GrafanaState {
  users: GrafanaUser[];
  credentials: GrafanaCredential[];
  nextId: number;
  /** The password each created user was given (by login), as Grafana stores it for logging in. */
  passwords: Record<string, string>;
}

export const GRAFANA_ADMIN = { username: 'admin', password: 'demo-admin-password-0001' } as const;
export const GRAFANA_READER = { username: 'auditor', password: 'demo-reader-password-0002' } as const;
const STAMP = '2026-01-05T09:00:00Z';

/** `count` users with ids from 2 (1 is the built-in admin, not listed here): every 10th a server admin, every 15th disabled. */
export function seedGrafanaUsers(count: number): GrafanaUser[] {
  return Array.from({ length: count }, (_, index) => {
    const n = index + 1;
    return {
      id: n + 1,
      email: `person${n}@acme.test`,
      // Every 12th has no display name: Grafana shows the login.
      name: n % 12 === 0 ? '' : `Person ${n}`,
      login: `person${n}`,
      isAdmin: n % 10 === 0,
      isDisabled: n % 15 === 0,
      lastSeenAt: STAMP,
    };
  });
}

export function createGrafanaState(users: GrafanaUser[] = seedGrafanaUsers(40)): GrafanaState {
  return {
    users,
    credentials: [
      { ...GRAFANA_ADMIN, role: 'serverAdmin' },
      { ...GRAFANA_READER, role: 'reader' },
    ],
    nextId: 90_000,
    passwords: {},
  };
}
