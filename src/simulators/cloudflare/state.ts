/**
 * State of the Cloudflare simulator: one account's members (pending invitations included), the
 * account's roles, the API tokens that may call it with their permission, and a rate-limit
 * scenario. Plain data, changed by the handlers and by tests.
 */

export type CloudflareMemberStatus = 'accepted' | 'pending';

export interface CloudflareRole {
  id: string;
  name: string;
  description: string;
}

export interface CloudflareMember {
  /** The membership's id (32 hexadecimal characters). */
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  status: CloudflareMemberStatus;
  roleIds: string[];
  /** Set when removed from the account. */
  removed?: boolean;
}

export interface CloudflareToken {
  token: string;
  /** Account Settings Read or Edit on the account. */
  permission: 'read' | 'edit';
}

export interface CloudflareState {
  account: string;
  members: CloudflareMember[];
  roles: CloudflareRole[];
  tokens: CloudflareToken[];
  /** Requests to answer 429 (Retry-After) before serving normally again. */
  throttleNext: number;
  nextId: number;
  /** Invitation emails sent (a member added pending). */
  invitesSent: string[];
}

export const CLOUDFLARE_ACCOUNT = '023e105f4ecef8ad9ca31a8372d0c353';
/** An account API token with Account Settings Edit. */
export const CLOUDFLARE_EDIT_TOKEN = 'cf_demo_account_settings_edit_token_0001';
/** An account API token with Account Settings Read: Import Users only. */
export const CLOUDFLARE_READ_TOKEN = 'cf_demo_account_settings_read_token_0002';

const hex = (n: number, prefix: string) => `${prefix}${n.toString(16).padStart(32 - prefix.length, '0')}`;

/** The roles every account has (a subset of Cloudflare's), with ids fixed for the tests. */
export const CLOUDFLARE_ROLES: CloudflareRole[] = [
  {
    id: hex(1, 'a0'),
    name: 'Super Administrator - All Privileges',
    description: 'Can edit any Cloudflare setting, make purchases, update billing, and manage memberships.',
  },
  { id: hex(2, 'a0'), name: 'Administrator', description: 'Can access the full account, except for membership management and billing.' },
  { id: hex(3, 'a0'), name: 'Administrator Read Only', description: 'Can access the full account in read-only mode.' },
  { id: hex(4, 'a0'), name: 'Billing', description: 'Can edit the account’s billing profile and subscriptions.' },
  { id: hex(5, 'a0'), name: 'DNS', description: 'Can edit DNS records.' },
];
export const roleId = (name: string) => CLOUDFLARE_ROLES.find((role) => role.name === name)!.id;
export const cloudflareMemberId = (n: number) => hex(n, 'b1');

/** `count` members: every 10th a Super Administrator, every 6th an Administrator, every 8th a pending invitation. */
export function seedCloudflareMembers(count: number): CloudflareMember[] {
  return Array.from({ length: count }, (_, index) => {
    const n = index + 1;
    const pending = n % 8 === 0;
    const role = n % 10 === 0 ? 'Super Administrator - All Privileges' : n % 6 === 0 ? 'Administrator' : n % 2 === 0 ? 'DNS' : 'Administrator Read Only';
    return {
      id: cloudflareMemberId(n),
      email: `person${n}@acme.test`,
      // A pending invitee has no Cloudflare user profile yet: no name.
      firstName: pending ? null : 'Person',
      lastName: pending ? null : String(n),
      status: pending ? 'pending' : 'accepted',
      roleIds: [roleId(role)],
    };
  });
}

export function createCloudflareState(members: CloudflareMember[] = seedCloudflareMembers(40)): CloudflareState {
  return {
    account: CLOUDFLARE_ACCOUNT,
    members,
    roles: CLOUDFLARE_ROLES.map((role) => ({ ...role })),
    tokens: [
      { token: CLOUDFLARE_EDIT_TOKEN, permission: 'edit' },
      { token: CLOUDFLARE_READ_TOKEN, permission: 'read' },
    ],
    throttleNext: 0,
    nextId: 900_000,
    invitesSent: [],
  };
}
