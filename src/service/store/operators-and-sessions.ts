/**
 * The operators and sessions table group: `operators` (password hashes stay in this file and
 * operators.ts, never in answers), `console_sessions` (keyed by the SHA-256 of the session id) and
 * `sign_in_attempts` (the sign-in throttle's counters). Every statement on these tables is here.
 */
import type { Queryable } from './database.js';

export interface OperatorRow {
  id: string;
  tenant_id: string;
  username: string;
  role: 'admin' | 'reviewer' | 'viewer';
  created_at: Date;
  disabled_at: Date | null;
}

const COLUMNS = 'id, tenant_id, username, role, created_at, disabled_at';

export async function insertOperator(
  db: Queryable,
  row: { id: string; tenantId: string; username: string; role: string; passwordHash: string },
): Promise<OperatorRow | undefined> {
  const { rows } = await db.query<OperatorRow>(
    `INSERT INTO operators (id, tenant_id, username, role, password_hash) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (username) DO NOTHING RETURNING ${COLUMNS}`,
    [row.id, row.tenantId, row.username, row.role, row.passwordHash],
  );
  return rows[0];
}

/** The enabled operator with this username and its hash (for sign-in only). */
export async function findOperatorForSignIn(db: Queryable, username: string): Promise<(OperatorRow & { password_hash: string }) | undefined> {
  const { rows } = await db.query<OperatorRow & { password_hash: string }>(
    `SELECT ${COLUMNS}, password_hash FROM operators WHERE username = $1 AND disabled_at IS NULL`,
    [username],
  );
  return rows[0];
}

/** The enabled operator with this id: a console session re-checks its operator on every request. */
export async function findLiveOperatorById(db: Queryable, operatorId: string): Promise<OperatorRow | undefined> {
  const { rows } = await db.query<OperatorRow>(`SELECT ${COLUMNS} FROM operators WHERE id = $1 AND disabled_at IS NULL`, [operatorId]);
  return rows[0];
}

export async function listOperatorRows(db: Queryable, tenantId: string): Promise<OperatorRow[]> {
  return (await db.query<OperatorRow>(`SELECT ${COLUMNS} FROM operators WHERE tenant_id = $1 ORDER BY created_at, id`, [tenantId])).rows;
}

export interface SessionRow {
  id_hash: string;
  tenant_id: string;
  token_id: string | null;
  operator_id: string | null;
  created_at: Date;
  seen_at: Date;
}

/** What makes a session expired: unused since `idleSince`, or created before `createdSince`. */
export interface SessionExpiry {
  idleSince: Date;
  createdSince: Date;
}

export async function insertSession(db: Queryable, row: { idHash: string; tenantId: string; tokenId?: string; operatorId?: string; at: Date }): Promise<void> {
  await db.query('INSERT INTO console_sessions (id_hash, tenant_id, token_id, operator_id, created_at, seen_at) VALUES ($1, $2, $3, $4, $5, $5)', [
    row.idHash,
    row.tenantId,
    row.tokenId ?? null,
    row.operatorId ?? null,
    row.at,
  ]);
}

/** The session with this id hash; the caller checks its expiry (one parameter: the cheapest lookup on PGlite). */
export async function findSession(db: Queryable, idHash: string): Promise<SessionRow | undefined> {
  const { rows } = await db.query<SessionRow>(
    'SELECT id_hash, tenant_id, token_id, operator_id, created_at, seen_at FROM console_sessions WHERE id_hash = $1',
    [idHash],
  );
  return rows[0];
}

export async function touchSession(db: Queryable, idHash: string, at: Date): Promise<void> {
  await db.query('UPDATE console_sessions SET seen_at = $2 WHERE id_hash = $1 AND seen_at < $2', [idHash, at]);
}

export async function deleteSession(db: Queryable, idHash: string): Promise<void> {
  await db.query('DELETE FROM console_sessions WHERE id_hash = $1', [idHash]);
}

/** Removes the tenant's expired sessions and its oldest beyond `keep`; other tenants' rows are untouched. */
export async function trimTenantSessions(db: Queryable, input: { tenantId: string; keep: number } & SessionExpiry): Promise<void> {
  await db.query(
    `DELETE FROM console_sessions WHERE tenant_id = $1 AND (seen_at < $2 OR created_at < $3 OR id_hash IN (
       SELECT id_hash FROM console_sessions WHERE tenant_id = $1 ORDER BY created_at DESC, seq DESC OFFSET $4))`,
    [input.tenantId, input.idleSince, input.createdSince, input.keep],
  );
}

export async function countTenantSessions(db: Queryable, tenantId: string): Promise<number> {
  const { rows } = await db.query<{ count: string | number }>('SELECT count(*) AS count FROM console_sessions WHERE tenant_id = $1', [tenantId]);
  return Number(rows[0]?.count ?? 0);
}

export interface AttemptRow {
  key_hash: string;
  window_start: Date;
  failures: number;
}

/**
 * Counts one attempt under a key, before its credentials are checked (so a burst of parallel
 * attempts is counted before any is verified): in the key's current window, or in a new one from
 * `at` when the last has passed. Answers the count and window after this attempt.
 */
export async function countAttempt(db: Queryable, input: { keyHash: string; at: Date; windowSince: Date }): Promise<AttemptRow> {
  const { rows } = await db.query<AttemptRow>(
    `INSERT INTO sign_in_attempts (key_hash, window_start, failures) VALUES ($1, $2, 1)
     ON CONFLICT (key_hash) DO UPDATE SET
       failures = CASE WHEN sign_in_attempts.window_start < $3 THEN 1 ELSE sign_in_attempts.failures + 1 END,
       window_start = CASE WHEN sign_in_attempts.window_start < $3 THEN $2 ELSE sign_in_attempts.window_start END
     RETURNING key_hash, window_start, failures`,
    [input.keyHash, input.at, input.windowSince],
  );
  return rows[0]!;
}

/** Takes back one counted attempt that succeeded. */
export async function forgiveAttempt(db: Queryable, keyHash: string): Promise<void> {
  await db.query('UPDATE sign_in_attempts SET failures = failures - 1 WHERE key_hash = $1 AND failures > 0', [keyHash]);
}

export async function clearAttempts(db: Queryable, keyHash: string): Promise<void> {
  await db.query('DELETE FROM sign_in_attempts WHERE key_hash = $1', [keyHash]);
}

/** Forgets counters whose window has passed (they no longer refuse anything). */
export async function deleteStaleAttempts(db: Queryable, windowSince: Date): Promise<void> {
  await db.query('DELETE FROM sign_in_attempts WHERE window_start < $1', [windowSince]);
}
