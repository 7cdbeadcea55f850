/** The `operators` table: password hashes stay in this file and operators.ts, never in answers. */
import type { Queryable } from './database.js';

export interface OperatorRow {
  id: string;
  tenant_id: string;
  username: string;
  role: 'admin' | 'viewer';
  created_at: Date;
  disabled_at: Date | null;
}

const COLUMNS = 'id, tenant_id, username, role, created_at, disabled_at';

export async function insertOperator(db: Queryable, row: { id: string; tenantId: string; username: string; role: string; passwordHash: string }): Promise<OperatorRow | undefined> {
  const { rows } = await db.query<OperatorRow>(
    `INSERT INTO operators (id, tenant_id, username, role, password_hash) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (username) DO NOTHING RETURNING ${COLUMNS}`,
    [row.id, row.tenantId, row.username, row.role, row.passwordHash],
  );
  return rows[0];
}

/** The enabled operator with this username and its hash (for sign-in only). */
export async function findOperatorForSignIn(db: Queryable, username: string): Promise<(OperatorRow & { password_hash: string }) | undefined> {
  const { rows } = await db.query<OperatorRow & { password_hash: string }>(`SELECT ${COLUMNS}, password_hash FROM operators WHERE username = $1 AND disabled_at IS NULL`, [username]);
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
