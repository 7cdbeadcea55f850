/**
 * Console sessions, kept in this process's memory: the cookie carries only a random id, never the
 * API token or password. A session holds the token's id, or the id of an operator signed in with
 * a username and password (role and liveness are read from the database on every request) and the CSRF token of its forms. Sessions before sign-in (they carry the sign-in
 * form's CSRF token) are kept apart and capped, so a flood of them never evicts signed-in ones.
 * Sessions are per process: behind several service processes the console needs sticky routing.
 */
import { randomBytes } from 'node:crypto';

export interface ConsoleSession {
  id: string;
  /** The CSRF token every form of this session carries back. */
  csrf: string;
  /** Set once signed in with an API token: the token's id. */
  tokenId?: string;
  /** Set once signed in with a username and password: the operator's id. */
  operatorId?: string;
  createdAt: number;
  seenAt: number;
}

export interface SessionStore {
  /** A new session (signed in when a token id, or an operator's, is given) with fresh id and CSRF token. */
  create(signedIn?: string | { operatorId: string }): ConsoleSession;
  /** The session if it exists and has not expired; refreshes its idle time. */
  get(id: string | undefined): ConsoleSession | undefined;
  destroy(id: string): void;
}

export interface SessionLimits {
  /** A session unused this long ends. */
  idleMs: number;
  /** A session ends this long after sign-in whatever its use. */
  absoluteMs: number;
  /** Sessions before sign-in kept at most; the oldest goes first. */
  maxAnonymous: number;
  /** Signed-in sessions kept at most; the oldest goes first. */
  maxSignedIn: number;
}

export const DEFAULT_SESSION_LIMITS: SessionLimits = { idleMs: 30 * 60_000, absoluteMs: 12 * 3600_000, maxAnonymous: 1000, maxSignedIn: 10_000 };

/** 32 random bytes: unguessable ids and CSRF tokens (OWASP session management: at least 64 bits of entropy). */
export const randomSecret = (): string => randomBytes(32).toString('base64url');

export function sessionStore(limits: SessionLimits = DEFAULT_SESSION_LIMITS, now: () => number = Date.now): SessionStore {
  const anonymous = new Map<string, ConsoleSession>();
  const signedIn = new Map<string, ConsoleSession>();
  const expired = (session: ConsoleSession, at: number) => at - session.seenAt > limits.idleMs || at - session.createdAt > limits.absoluteMs;
  const keep = (map: Map<string, ConsoleSession>, max: number, session: ConsoleSession) => {
    // Maps iterate in insertion order: the first key is the oldest session.
    while (map.size >= max) map.delete(map.keys().next().value!);
    map.set(session.id, session);
  };
  return {
    create(principal) {
      const at = now();
      const who = principal === undefined ? {} : typeof principal === 'string' ? { tokenId: principal } : { operatorId: principal.operatorId };
      const session: ConsoleSession = { id: randomSecret(), csrf: randomSecret(), createdAt: at, seenAt: at, ...who };
      if (principal === undefined) keep(anonymous, limits.maxAnonymous, session);
      else keep(signedIn, limits.maxSignedIn, session);
      return session;
    },
    get(id) {
      if (id === undefined) return undefined;
      const map = signedIn.has(id) ? signedIn : anonymous;
      const session = map.get(id);
      if (!session) return undefined;
      const at = now();
      if (expired(session, at)) {
        map.delete(id);
        return undefined;
      }
      session.seenAt = at;
      return session;
    },
    destroy(id) {
      anonymous.delete(id);
      signedIn.delete(id);
    },
  };
}
