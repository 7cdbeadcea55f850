/**
 * State of the Sentry simulator: one organization's members (pending invitations included), the
 * auth tokens that may call it with their scopes, and a rate-limit scenario. Plain data, changed
 * by the handlers and by tests.
 */

export type SentryOrgRole = 'billing' | 'member' | 'manager' | 'owner' | 'admin';

export interface SentryMember {
  id: string;
  email: string;
  name: string;
  orgRole: SentryOrgRole;
  /** An invitation not yet accepted. */
  pending: boolean;
  expired: boolean;
  /** The Sentry user account behind an accepted membership; null for a pending invitation. */
  user: { id: string; name: string; email: string; isActive: boolean } | null;
  dateCreated: string;
  /** Set when removed from the organization. */
  removed?: boolean;
}

export interface SentryToken {
  token: string;
  scopes: string[];
}

export interface SentryState {
  organization: string;
  members: SentryMember[];
  tokens: SentryToken[];
  /** Requests to answer 429 (X-Sentry-Rate-Limit-Reset) before serving normally again. */
  throttleNext: number;
  /** The simulator's clock (ms since the epoch): the reset a 429 announces is the next whole second of it. Tests fix it. */
  now: () => number;
  nextId: number;
  /** Invitation emails sent (sendInvite true). */
  invitesSent: string[];
}

export const SENTRY_ORG = 'acme';
/** An internal integration token with the Members permission Admin. */
export const SENTRY_ADMIN_TOKEN = 'sntrys_demo_member_admin_token';
/** An internal integration token with the Members permission Read: Import Users only. */
export const SENTRY_READ_TOKEN = 'sntrys_demo_member_read_token';
const STAMP = '2026-01-05T09:00:00.000000Z';

/** `count` members: every 10th an owner, every 6th a manager, every 8th a pending invitation, every 15th a deactivated user account. */
export function seedSentryMembers(count: number): SentryMember[] {
  return Array.from({ length: count }, (_, index) => {
    const n = index + 1;
    const pending = n % 8 === 0;
    const email = `person${n}@acme.test`;
    return {
      id: String(1_000 + n),
      email,
      name: pending ? email : `Person ${n}`,
      orgRole: n % 10 === 0 ? 'owner' : n % 6 === 0 ? 'manager' : 'member',
      pending,
      expired: false,
      user: pending ? null : { id: String(50_000 + n), name: `Person ${n}`, email, isActive: n % 15 !== 0 },
      dateCreated: STAMP,
    };
  });
}

export function createSentryState(members: SentryMember[] = seedSentryMembers(40)): SentryState {
  return {
    organization: SENTRY_ORG,
    members,
    tokens: [
      { token: SENTRY_ADMIN_TOKEN, scopes: ['member:read', 'member:write', 'member:admin'] },
      { token: SENTRY_READ_TOKEN, scopes: ['member:read'] },
    ],
    throttleNext: 0,
    now: Date.now,
    nextId: 900_000,
    invitesSent: [],
  };
}
