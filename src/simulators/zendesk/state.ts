/**
 * State of the Zendesk simulator: an account's users (Support API user representation), its API
 * tokens and a rate-limit scenario. Plain data, changed by the handlers and by tests.
 */

export type ZendeskRole = 'end-user' | 'agent' | 'admin';

export interface ZendeskUser {
  id: number;
  name: string;
  email: string | null;
  role: ZendeskRole;
  active: boolean;
  suspended: boolean;
  verified: boolean;
  created_at: string;
  updated_at: string;
}

export interface ZendeskCredential {
  email: string;
  token: string;
  /** An admin may manage users; an agent only reads them. */
  role: 'admin' | 'agent';
}

export interface ZendeskState {
  users: ZendeskUser[];
  credentials: ZendeskCredential[];
  /** Requests to answer with 429 (Retry-After) before serving normally again. */
  throttleNext: number;
  retryAfterSeconds: number;
  nextId: number;
}

export const ZENDESK_ADMIN = { email: 'it-admin@acme.test', token: 'zd-demo-admin-api-token' } as const;
export const ZENDESK_AGENT = { email: 'agent@acme.test', token: 'zd-demo-agent-api-token' } as const;
const STAMP = '2026-01-05T09:00:00Z';

/** `count` users: every 5th an end-user (a customer), every 9th an admin, every 7th suspended. */
export function seedZendeskUsers(count: number): ZendeskUser[] {
  return Array.from({ length: count }, (_, index) => {
    const n = index + 1;
    const role: ZendeskRole = n % 5 === 0 ? 'end-user' : n % 9 === 0 ? 'admin' : 'agent';
    return {
      id: 360_000 + n,
      name: `Person ${n}`,
      email: `person${n}@acme.test`,
      role,
      active: true,
      suspended: n % 7 === 0,
      verified: true,
      created_at: STAMP,
      updated_at: STAMP,
    };
  });
}

export function createZendeskState(users: ZendeskUser[] = seedZendeskUsers(40)): ZendeskState {
  return {
    users,
    credentials: [
      { ...ZENDESK_ADMIN, role: 'admin' },
      { ...ZENDESK_AGENT, role: 'agent' },
    ],
    throttleNext: 0,
    retryAfterSeconds: 7,
    nextId: 900_000,
  };
}
