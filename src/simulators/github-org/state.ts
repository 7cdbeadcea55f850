/**
 * State of the GitHub organization simulator: one organization's members (with their role),
 * pending invitations, tokens, and the REST API's primary rate limit. Plain data, changed by the
 * handlers and by tests.
 */

export interface GitHubMember {
  id: number;
  login: string;
  role: 'admin' | 'member';
}

export interface GitHubInvitation {
  id: number;
  login: string | null;
  email: string | null;
  role: 'admin' | 'direct_member' | 'billing_manager';
  created_at: string;
}

export interface GitHubOrgState {
  org: string;
  members: GitHubMember[];
  invitations: GitHubInvitation[];
  /** Tokens of an organization owner (may manage members). */
  ownerTokens: Set<string>;
  /** Tokens of a plain member (may list members only). */
  memberTokens: Set<string>;
  /** Requests to answer with the primary rate limit's 403 before serving normally again. */
  exhaustNext: number;
  /** The status of a used-up primary rate limit: GitHub answers 403 or 429 (REST docs, "Rate limits"). */
  exhaustStatus: 403 | 429;
  /** Seconds until the rate-limit window resets (x-ratelimit-reset is this from now, in Unix seconds). */
  resetSeconds: number;
  nextId: number;
}

export const GITHUB_ORG = 'acme-corp';
export const GITHUB_OWNER_TOKEN = 'github_pat_sim_owner_0000000000';
export const GITHUB_MEMBER_TOKEN = 'github_pat_sim_member_000000000';

/** `count` members, every 8th an owner (role admin); `invitations` pending email invitations. */
export function seedGitHubOrg(count: number, invitations = 3): Pick<GitHubOrgState, 'members' | 'invitations'> {
  return {
    members: Array.from({ length: count }, (_, index) => ({
      id: 5_000 + index + 1,
      login: `dev-${index + 1}`,
      role: (index + 1) % 8 === 0 ? ('admin' as const) : ('member' as const),
    })),
    invitations: Array.from({ length: invitations }, (_, index) => ({
      id: 90_000 + index + 1,
      login: null,
      email: `invitee${index + 1}@acme.test`,
      role: index === 0 ? ('admin' as const) : ('direct_member' as const),
      created_at: '2026-01-05T09:00:00Z',
    })),
  };
}

export function createGitHubOrgState(seed = seedGitHubOrg(20)): GitHubOrgState {
  return {
    org: GITHUB_ORG,
    ...seed,
    ownerTokens: new Set([GITHUB_OWNER_TOKEN]),
    memberTokens: new Set([GITHUB_MEMBER_TOKEN]),
    exhaustNext: 0,
    exhaustStatus: 403,
    resetSeconds: 40,
    nextId: 99_000,
  };
}
