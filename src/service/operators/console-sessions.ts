/**
 * Console sessions in the database, shared by every service process and kept across restarts.
 * The cookie carries only a random id; the database keeps its SHA-256, so a dump yields no usable
 * session. A signed-in session holds its tenant and the token or operator it was opened with,
 * re-checked by the console on every request. Each tenant's sessions are capped on their own:
 * reaching the cap ends that tenant's oldest sessions, never another tenant's.
 *
 * Before sign-in nothing is stored: the sign-in form's CSRF token is an HMAC of the cookie's
 * random value (a signed double-submit token, OWASP CSRF Prevention Cheat Sheet), so a flood of
 * anonymous visits fills no table and evicts nobody. The HMAC key is derived from the
 * key-encryption key (HKDF), which every process of one service already shares.
 */
import { createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { Database } from '../store/database.js';
import {
  clearAttempts,
  countAttempt,
  deleteSession,
  deleteStaleAttempts,
  findSession,
  forgiveAttempt,
  insertSession,
  touchSession,
  trimTenantSessions,
  type SessionExpiry,
} from '../store/operators-and-sessions.js';
import type { Caller } from '../tokens/api-tokens.js';
import { decideSignIn, DEFAULT_THROTTLE_LIMITS, throttleKeys, type AttemptCount, type ThrottleLimits } from './sign-in-throttle.js';

export interface SessionLimits {
  /** A session unused this long ends. */
  idleMs: number;
  /** A session ends this long after sign-in whatever its use. */
  absoluteMs: number;
  /** Signed-in sessions kept per tenant; the tenant's oldest goes first. */
  maxPerTenant: number;
  /** How long a sign-in form stays valid after it was served. */
  signInFormMs: number;
}

export const DEFAULT_SESSION_LIMITS: SessionLimits = { idleMs: 30 * 60_000, absoluteMs: 12 * 3600_000, maxPerTenant: 1000, signInFormMs: 60 * 60_000 };

/** The console's session settings (ServiceOptions.console). */
export interface ConsoleSessionOptions {
  sessions?: Partial<SessionLimits>;
  throttle?: Partial<ThrottleLimits>;
  /** The clock of expiry and throttling, in epoch milliseconds (tests move it). */
  now?: () => number;
}

export interface ConsoleSession {
  id: string;
  /** The CSRF token every form of this session carries back. */
  csrf: string;
  /** Set once signed in: the session's tenant. */
  tenantId?: string;
  /** Set once signed in with an API token: the token's id. */
  tokenId?: string;
  /** Set once signed in with a username and password: the operator's id. */
  operatorId?: string;
}

export type SignInCredentials = { method: 'token'; token: string } | { method: 'password'; username: string; password: string };

export type SignInResult = { session: ConsoleSession; caller: Caller } | { refused: 'credentials' } | { refused: 'throttled'; retryAfterSeconds: number };

export interface ConsoleSessionOperations {
  /** A session before sign-in, for the sign-in form: nothing is stored. */
  begin(): ConsoleSession;
  /** The live session a cookie names (signed in, or a sign-in form's), refreshing its idle time; else undefined. */
  open(id: string | undefined): Promise<ConsoleSession | undefined>;
  /** Checks the throttle, then the credentials; a new signed-in session on success. */
  signIn(input: { credentials: SignInCredentials; address: string }): Promise<SignInResult>;
  end(id: string): Promise<void>;
}

/** 32 random bytes: unguessable ids and CSRF tokens (OWASP session management: at least 64 bits of entropy). */
export const randomSecret = (): string => randomBytes(32).toString('base64url');

const ID = /^[A-Za-z0-9_-]{43}$/;
const hashId = (id: string) => createHash('sha256').update(id).digest('base64url');
/** A signed-in session's idle time is written at most this often, not on every page. */
const TOUCH_EVERY_MS = 60_000;
/** Stale throttle counters are swept on about one failure in this many. */
const SWEEP_ONE_IN = 50;

export function deriveSessionKey(kek: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', kek, Buffer.alloc(0), 'lifecycle-connectors console sessions v1', 32));
}

export function consoleSessionOperations(input: {
  db: Database;
  key: Buffer;
  verifyToken(token: string): Promise<Caller | undefined>;
  verifyPassword(input: { username: string; password: string }): Promise<Caller | undefined>;
  options?: ConsoleSessionOptions;
}): ConsoleSessionOperations {
  const { db, key } = input;
  const limits: SessionLimits = { ...DEFAULT_SESSION_LIMITS, ...input.options?.sessions };
  const throttle: ThrottleLimits = { ...DEFAULT_THROTTLE_LIMITS, ...input.options?.throttle };
  const now = input.options?.now ?? Date.now;
  const csrfOf = (kind: 'pending' | 'session', id: string) => createHmac('sha256', key).update(`${kind}\0${id}`).digest('base64url');
  const expiry = (at: number): SessionExpiry => ({ idleSince: new Date(at - limits.idleMs), createdSince: new Date(at - limits.absoluteMs) });

  /** A sign-in form's id: 24 random bytes, then the time it was issued (8 bytes), so forms expire without a row. */
  const pendingId = (at: number): string => {
    const bytes = Buffer.alloc(32);
    randomBytes(24).copy(bytes);
    bytes.writeBigUInt64BE(BigInt(Math.max(0, Math.floor(at))), 24);
    return bytes.toString('base64url');
  };
  const pendingSession = (id: string, at: number): ConsoleSession | undefined => {
    const issued = Number(Buffer.from(id, 'base64url').readBigUInt64BE(24));
    return issued <= at && at - issued <= limits.signInFormMs ? { id, csrf: csrfOf('pending', id) } : undefined;
  };

  return {
    begin() {
      const id = pendingId(now());
      return { id, csrf: csrfOf('pending', id) };
    },
    async open(id) {
      if (id === undefined || !ID.test(id)) return undefined;
      const at = now();
      const idHash = hashId(id);
      const row = await findSession(db, idHash);
      if (!row) return pendingSession(id, at);
      const seenAt = new Date(row.seen_at).getTime();
      const { idleSince, createdSince } = expiry(at);
      if (seenAt < idleSince.getTime() || new Date(row.created_at).getTime() < createdSince.getTime()) {
        await deleteSession(db, idHash);
        return undefined;
      }
      if (at - seenAt >= TOUCH_EVERY_MS) await touchSession(db, idHash, new Date(at));
      const who = row.token_id !== null ? { tokenId: row.token_id } : { operatorId: row.operator_id! };
      return { id, csrf: csrfOf('session', id), tenantId: row.tenant_id, ...who };
    },
    async signIn({ credentials, address }) {
      const at = now();
      const windowSince = new Date(at - throttle.windowMs);
      const keys = throttleKeys({ address, username: credentials.method === 'password' ? credentials.username : undefined, limits: throttle });
      const all = keys.username ? [keys.address, keys.username] : [keys.address];
      // Counted before the credentials are checked, so parallel attempts cannot slip past the limit together.
      const counts: AttemptCount[] = [];
      for (const one of all) {
        const row = await countAttempt(db, { keyHash: one.hash, at: new Date(at), windowSince });
        counts.push({ keyHash: row.key_hash, windowStart: new Date(row.window_start).getTime(), failures: row.failures });
      }
      if (Math.random() * SWEEP_ONE_IN < 1) await deleteStaleAttempts(db, windowSince);
      const decision = decideSignIn({ keys: all, counts, limits: throttle, now: at });
      // Refused before any scrypt: a throttled attempt costs the service its count.
      if (!decision.allowed) return { refused: 'throttled', retryAfterSeconds: Math.ceil(decision.retryAfterMs / 1000) };
      const caller = credentials.method === 'password' ? await input.verifyPassword(credentials) : await input.verifyToken(credentials.token);
      if (!caller) return { refused: 'credentials' };
      // The username's count starts over; the address's only takes this attempt back, so one good account cannot reset it.
      if (keys.username) await clearAttempts(db, keys.username.hash);
      await forgiveAttempt(db, keys.address.hash);
      const id = randomSecret();
      const who = caller.operatorId !== undefined ? { operatorId: caller.operatorId } : { tokenId: caller.tokenId! };
      await db.transaction(async (tx) => {
        await insertSession(tx, { idHash: hashId(id), tenantId: caller.tenantId, ...who, at: new Date(at) });
        await trimTenantSessions(tx, { tenantId: caller.tenantId, keep: limits.maxPerTenant, ...expiry(at) });
      });
      return { session: { id, csrf: csrfOf('session', id), tenantId: caller.tenantId, ...who }, caller };
    },
    async end(id) {
      if (ID.test(id)) await deleteSession(db, hashId(id));
    },
  };
}
