/**
 * State of the Okta simulator: an org's users (the Users API representation), its API tokens and
 * the rate limit of the users endpoints. Plain data, changed by the handlers and by tests.
 */

/** Okta user statuses (Users API, "User status"). */
export type OktaStatus = 'STAGED' | 'PROVISIONED' | 'ACTIVE' | 'RECOVERY' | 'PASSWORD_EXPIRED' | 'LOCKED_OUT' | 'SUSPENDED' | 'DEPROVISIONED';

export interface OktaUser {
  id: string;
  status: OktaStatus;
  created: string;
  activated: string | null;
  statusChanged: string | null;
  lastLogin: string | null;
  lastUpdated: string;
  passwordChanged: string | null;
  type: { id: string };
  profile: { firstName: string | null; lastName: string | null; email: string; login: string; mobilePhone?: string | null };
  /** Whether the user has a password (activation without one leaves the user PROVISIONED). */
  hasPassword: boolean;
}

export interface OktaState {
  users: OktaUser[];
  /** Tokens of an admin who may manage users. */
  tokens: Set<string>;
  /** Tokens of an admin (e.g. a read-only admin) who may only read users. */
  readOnlyTokens: Set<string>;
  /** Requests to answer with 429 before serving normally again (a test's rate-limit scenario). */
  throttleNext: number;
  /** Seconds until the rate-limit window resets, announced in x-rate-limit-reset. */
  resetSeconds: number;
  nextId: number;
}

export const OKTA_DEMO_TOKEN = '00demo-okta-api-token-not-a-real-secret';
export const OKTA_READ_ONLY_TOKEN = '00demo-okta-read-only-token';

const STAMP = '2026-01-05T09:00:00.000Z';

/** `count` users, most ACTIVE, a few STAGED, DEPROVISIONED or SUSPENDED (the default list hides DEPROVISIONED). */
export function seedOktaUsers(count: number): OktaUser[] {
  return Array.from({ length: count }, (_, index) => {
    const n = index + 1;
    const status: OktaStatus = n % 17 === 0 ? 'DEPROVISIONED' : n % 13 === 0 ? 'STAGED' : n % 11 === 0 ? 'SUSPENDED' : n % 7 === 0 ? 'PROVISIONED' : 'ACTIVE';
    return makeOktaUser({
      id: oktaId(n),
      status,
      firstName: `First${n}`,
      lastName: `Last${n}`,
      email: `user${n}@example.com`,
      hasPassword: status !== 'PROVISIONED' && status !== 'STAGED',
    });
  });
}

export function oktaId(n: number): string {
  return `00u${String(n).padStart(10, '0')}x5d7`;
}

export function makeOktaUser(input: {
  id: string;
  status: OktaStatus;
  firstName: string | null;
  lastName: string | null;
  email: string;
  login?: string;
  hasPassword: boolean;
}): OktaUser {
  const active = input.status !== 'STAGED';
  return {
    id: input.id,
    status: input.status,
    created: STAMP,
    activated: active ? STAMP : null,
    statusChanged: active ? STAMP : null,
    lastLogin: null,
    lastUpdated: STAMP,
    passwordChanged: input.hasPassword ? STAMP : null,
    type: { id: 'oty1default0000000x5d7' },
    profile: { firstName: input.firstName, lastName: input.lastName, email: input.email, login: input.login ?? input.email, mobilePhone: null },
    hasPassword: input.hasPassword,
  };
}

export function createOktaState(users: OktaUser[] = seedOktaUsers(30)): OktaState {
  return { users, tokens: new Set([OKTA_DEMO_TOKEN]), readOnlyTokens: new Set([OKTA_READ_ONLY_TOKEN]), throttleNext: 0, resetSeconds: 30, nextId: 100_000 };
}

/**
 * The person follows the activation email's link and sets a password: a PROVISIONED user becomes
 * ACTIVE (Okta: "the user must complete the activation flow"). False when there is no such user.
 */
export function completeActivation(state: OktaState, id: string): boolean {
  const user = state.users.find((candidate) => candidate.id === id && candidate.status === 'PROVISIONED');
  if (!user) return false;
  user.hasPassword = true;
  user.passwordChanged = STAMP;
  user.status = 'ACTIVE';
  return true;
}
