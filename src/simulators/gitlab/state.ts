/**
 * State of the GitLab simulator: one instance's users (internal users and project bots among
 * them, which an import leaves out), the access tokens that may call its API (an administrator's
 * with the api scope, an administrator's with read_api only, a regular user's with api), the
 * system hooks added and the password resets sent. Plain data, changed by the handlers and by tests.
 */

/** GitLab's user states (`state` of the users API). */
export type GitLabUserState = 'active' | 'blocked' | 'blocked_pending_approval' | 'deactivated' | 'banned' | 'ldap_blocked';

export interface GitLabUser {
  id: number;
  username: string;
  email: string;
  name: string;
  state: GitLabUserState;
  /** An instance administrator. */
  isAdmin: boolean;
  /** Ghost, support bot, alert bot...: `exclude_internal` leaves them out. */
  internal?: boolean;
  /** A project or group access token's bot: `without_project_bots` leaves it out. */
  projectBot?: boolean;
  lastSignInAt: string | null;
  createdAt: string;
  /** Set when deleted. */
  deleted?: boolean;
}

export interface GitLabToken {
  token: string;
  scopes: Array<'api' | 'read_api'>;
  /** Whether the token's user is an administrator. */
  admin: boolean;
}

export interface GitLabState {
  users: GitLabUser[];
  tokens: GitLabToken[];
  nextId: number;
  /** System hooks added (only through POST /hooks with a url). */
  hooks: Array<{ id: number; url: string }>;
  /** Emails a password reset link was sent to (Create User with reset_password). */
  passwordResets: string[];
}

export const GITLAB_ADMIN_TOKEN = 'glpat-demo-admin-api-0001';
export const GITLAB_READ_API_TOKEN = 'glpat-demo-admin-read-api-0002';
export const GITLAB_USER_TOKEN = 'glpat-demo-regular-user-0003';
const STAMP = '2026-01-05T09:00:00.000Z';

/**
 * `count` people with ids from 2 (1 is the administrator root, listed first): every 10th an
 * administrator, every 15th blocked, every 21st deactivated by GitLab (dormant), every 33rd
 * pending approval; then the ghost user (internal) and a project bot, which an import leaves out.
 */
export function seedGitLabUsers(count: number): GitLabUser[] {
  const root: GitLabUser = {
    id: 1,
    username: 'root',
    email: 'admin@acme.test',
    name: 'Administrator',
    state: 'active',
    isAdmin: true,
    lastSignInAt: STAMP,
    createdAt: STAMP,
  };
  const people = Array.from({ length: count }, (_, index): GitLabUser => {
    const n = index + 1;
    const state: GitLabUserState = n % 33 === 0 ? 'blocked_pending_approval' : n % 21 === 0 ? 'deactivated' : n % 15 === 0 ? 'blocked' : 'active';
    return {
      id: n + 1,
      username: `person${n}`,
      email: `person${n}@acme.test`,
      // Every 12th has no display name: GitLab shows the username.
      name: n % 12 === 0 ? '' : `Person ${n}`,
      state,
      isAdmin: n % 10 === 0,
      lastSignInAt: n % 7 === 0 ? null : STAMP,
      createdAt: STAMP,
    };
  });
  return [
    root,
    ...people,
    {
      id: count + 2,
      username: 'ghost',
      email: 'ghost@example.com',
      name: 'Ghost User',
      state: 'active',
      isAdmin: false,
      internal: true,
      lastSignInAt: null,
      createdAt: STAMP,
    },
    {
      id: count + 3,
      username: 'project_7_bot_1',
      email: 'project7_bot1@noreply.acme.test',
      name: 'Deploy bot',
      state: 'active',
      isAdmin: false,
      projectBot: true,
      lastSignInAt: null,
      createdAt: STAMP,
    },
  ];
}

/** The users an import lists: neither internal users nor project bots, nor deleted ones. */
export function importableGitLabUsers(state: GitLabState): GitLabUser[] {
  return state.users.filter((user) => !user.deleted && !user.internal && !user.projectBot);
}

export function createGitLabState(users: GitLabUser[] = seedGitLabUsers(40)): GitLabState {
  return {
    users,
    tokens: [
      { token: GITLAB_ADMIN_TOKEN, scopes: ['api'], admin: true },
      { token: GITLAB_READ_API_TOKEN, scopes: ['read_api'], admin: true },
      { token: GITLAB_USER_TOKEN, scopes: ['api'], admin: false },
    ],
    nextId: 90_000,
    hooks: [],
    passwordResets: [],
  };
}
