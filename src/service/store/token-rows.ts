/** The `api_tokens` table: token hashes, never tokens. */
import type { Queryable } from './database.js';

export interface TokenRow {
  id: string;
  tenant_id: string;
  name: string;
  role: 'admin' | 'viewer';
  created_at: Date;
}

export async function insertToken(db: Queryable, row: { id: string; tenantId: string; name: string; role: string; tokenHash: string }): Promise<TokenRow> {
  const { rows } = await db.query<TokenRow>(
    'INSERT INTO api_tokens (id, tenant_id, name, role, token_hash) VALUES ($1, $2, $3, $4, $5) RETURNING id, tenant_id, name, role, created_at',
    [row.id, row.tenantId, row.name, row.role, row.tokenHash],
  );
  return rows[0]!;
}

/** The live (not revoked) token with this hash. */
export async function findTokenByHash(db: Queryable, tokenHash: string): Promise<TokenRow | undefined> {
  const { rows } = await db.query<TokenRow>('SELECT id, tenant_id, name, role, created_at FROM api_tokens WHERE token_hash = $1 AND revoked_at IS NULL', [tokenHash]);
  return rows[0];
}
