/**
 * In-memory account of the incident platform simulator (PagerDuty REST API v2): its users, its
 * API keys and the switches tests flip (no ability to manage users, rate limit). Tests read and
 * change it directly; the handlers in `handlers.ts` are the only other code that touches it.
 */

import { createConcurrencyState, type CreateConcurrency } from './concurrent-creates.js';

/** PagerDuty user roles (REST API v2 `User.role`). */
export const USER_ROLES = ['owner', 'admin', 'user', 'limited_user', 'observer', 'restricted_access', 'read_only_user', 'read_only_limited_user'] as const;

export type UserRole = (typeof USER_ROLES)[number];

export interface SimulatedUser {
  id: string;
  name: string;
  /** Absent for a few seeded users, to exercise the empty-email mapping. */
  email?: string;
  role: UserRole;
  timeZone: string;
  /** A user with open incidents assigned cannot be deleted (400). */
  hasAssignedIncidents?: boolean;
}

export type KeyAccess = 'full' | 'read-only';

export interface RateLimitState {
  /** Requests per window (PagerDuty: 960 per minute per key). */
  limit: number;
  remaining: number;
  /** Seconds until the window resets, sent in `ratelimit-reset`. */
  resetSeconds: number;
}

export interface IncidentPlatformState {
  /** Users in listing order. */
  users: SimulatedUser[];
  /** API key -> access level. Any other key gets a 401. */
  keys: Map<string, KeyAccess>;
  /** false: the account's plan lacks the ability to manage users; writes answer 402. */
  canManageUsers: boolean;
  rateLimit: RateLimitState;
  /** Requests to teams, schedules, escalation policies or on-calls; a connector must never make one. */
  forbiddenCalls: string[];
  /** Subdomain used in `html_url`. */
  subdomain: string;
  nextIdSeed: number;
  /** POST /users in flight: PagerDuty refuses more than 50 creations at one time. */
  createConcurrency: CreateConcurrency;
}

export const DEMO_FULL_ACCESS_KEY = 'demo-full-access-key';
export const DEMO_READ_ONLY_KEY = 'demo-read-only-key';

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** PagerDuty ids look like `PXXXXXX`: `P` and six upper-case letters or digits. Deterministic per seed. */
export function makeUserId(seed: number): string {
  // An odd multiplier not divisible by 3 is coprime with 36^6: distinct seeds give distinct ids.
  let value = (seed * 2_654_435_761 + 104_729) % ID_ALPHABET.length ** 6;
  let id = '';
  for (let index = 0; index < 6; index += 1) {
    id = (ID_ALPHABET[value % ID_ALPHABET.length] ?? 'A') + id;
    value = Math.floor(value / ID_ALPHABET.length);
  }
  return `P${id}`;
}

const FIRST_NAMES = ['Ada', 'Bram', 'Chen', 'Dana', 'Emeka', 'Fatima', 'Goran', 'Hana', 'Ines', 'Jonas', 'Kiri', 'Lena'];
const LAST_NAMES = ['Okafor', 'Lindqvist', 'Moreau', 'Tanaka', 'Novak', 'Silva', 'Haddad', 'Kowalski', 'Reyes'];
const TIME_ZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Tokyo', 'UTC'];

export interface SeedOptions {
  /** Number of users, owner included. */
  count: number;
  /** Every n-th user (n >= 2) has no email. 0 = all have one. */
  withoutEmailEvery?: number;
  /** Every n-th user is an admin. */
  adminEvery?: number;
}

/**
 * Seeded users: the first is the owner, every `adminEvery`-th an admin, the others cycle through the
 * remaining roles, every `withoutEmailEvery`-th has no email. Names are unique.
 */
export function seedUsers(options: SeedOptions): SimulatedUser[] {
  const { count, withoutEmailEvery = 10, adminEvery = 7 } = options;
  const otherRoles = USER_ROLES.filter((role) => role !== 'owner' && role !== 'admin');
  const users: SimulatedUser[] = [];
  for (let index = 0; index < count; index += 1) {
    const first = FIRST_NAMES[index % FIRST_NAMES.length] ?? 'Ada';
    const last = LAST_NAMES[Math.floor(index / FIRST_NAMES.length) % LAST_NAMES.length] ?? 'Okafor';
    const suffix = index >= FIRST_NAMES.length * LAST_NAMES.length ? ` ${index}` : '';
    const name = `${first} ${last}${suffix}`;
    let role: UserRole = otherRoles[index % otherRoles.length] ?? 'user';
    if (index === 0) role = 'owner';
    else if (adminEvery > 0 && index % adminEvery === 0) role = 'admin';
    const noEmail = index > 0 && withoutEmailEvery > 1 && index % withoutEmailEvery === withoutEmailEvery - 1;
    const user: SimulatedUser = { id: makeUserId(index + 1), name, role, timeZone: TIME_ZONES[index % TIME_ZONES.length] ?? 'UTC' };
    if (!noEmail) user.email = `${first}.${last}${suffix.trim()}`.toLowerCase() + '@example.com';
    users.push(user);
  }
  return users;
}

export interface CreateStateOptions {
  users?: SimulatedUser[];
  keys?: Record<string, KeyAccess>;
}

export function createIncidentPlatformState(options: CreateStateOptions = {}): IncidentPlatformState {
  const users = options.users ?? seedUsers({ count: 30 });
  return {
    users,
    keys: new Map(Object.entries(options.keys ?? { [DEMO_FULL_ACCESS_KEY]: 'full', [DEMO_READ_ONLY_KEY]: 'read-only' })),
    canManageUsers: true,
    rateLimit: { limit: 960, remaining: 960, resetSeconds: 60 },
    forbiddenCalls: [],
    subdomain: 'acme',
    nextIdSeed: users.length + 1000,
    createConcurrency: createConcurrencyState(),
  };
}

/** A fresh id no user has yet. */
export function allocateUserId(state: IncidentPlatformState): string {
  const taken = new Set(state.users.map((user) => user.id));
  let id = makeUserId(state.nextIdSeed);
  while (taken.has(id)) {
    state.nextIdSeed += 1;
    id = makeUserId(state.nextIdSeed);
  }
  state.nextIdSeed += 1;
  return id;
}
