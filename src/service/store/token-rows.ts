/** The `api_tokens` table: token hashes, never tokens. */
import { FROM_MICROS, MICROS, type Queryable } from './database.js';

export interface TokenRow {
  id: string;
  tenant_id: string;
  name: string;
  role: 'admin' | 'reviewer' | 'viewer';
  created_at: Date;
}

export async function insertToken(db: Queryable, row: { id: string; tenantId: string; name: string; role: string; tokenHash: string }): Promise<TokenRow> {
  const { rows } = await db.query<TokenRow>(
    'INSERT INTO api_tokens (id, tenant_id, name, role, token_hash) VALUES ($1, $2, $3, $4, $5) RETURNING id, tenant_id, name, role, created_at',
    [row.id, row.tenantId, row.name, row.role, row.tokenHash],
  );
  return rows[0]!;
}

/** The live (not revoked) token with this hash, and whether its last use is older than a minute. */
export async function findTokenByHash(db: Queryable, tokenHash: string): Promise<(TokenRow & { use_is_stale: boolean }) | undefined> {
  const { rows } = await db.query<TokenRow & { use_is_stale: boolean }>(
    `SELECT id, tenant_id, name, role, created_at, (last_used_at IS NULL OR last_used_at < now() - interval '1 minute') AS use_is_stale
     FROM api_tokens WHERE token_hash = $1 AND revoked_at IS NULL`,
    [tokenHash],
  );
  return rows[0];
}

/** The live (not revoked) token with this id: a console session re-checks its token by id on every request. */
export async function findLiveTokenById(db: Queryable, tokenId: string): Promise<TokenRow | undefined> {
  const { rows } = await db.query<TokenRow>('SELECT id, tenant_id, name, role, created_at FROM api_tokens WHERE id = $1 AND revoked_at IS NULL', [tokenId]);
  return rows[0];
}

/** Records a use; callers write only when the last one is stale, so a busy token costs one write a minute. */
export async function touchToken(db: Queryable, tokenId: string): Promise<void> {
  await db.query('UPDATE api_tokens SET last_used_at = now() WHERE id = $1', [tokenId]);
}

export interface TokenListRow extends TokenRow {
  revoked_at: Date | null;
  last_used_at: Date | null;
}

/** A tenant's tokens, oldest first, revoked ones included (their hashes never leave this file). */
export async function listTokenRows(db: Queryable, tenantId: string): Promise<TokenListRow[]> {
  return (
    await db.query<TokenListRow>(
      'SELECT id, tenant_id, name, role, created_at, revoked_at, last_used_at FROM api_tokens WHERE tenant_id = $1 ORDER BY created_at, id',
      [tenantId],
    )
  ).rows;
}

/** A page of a tenant's tokens, oldest first: at most `limit`, after the token whose (created_at, id) is `after`. */
/** `created_at_key`: created_at in microseconds since the epoch (a Date would round it to milliseconds), the cursor's first half. */
export async function listTokenPage(
  db: Queryable,
  input: { tenantId: string; after?: readonly string[]; limit: number },
): Promise<(TokenListRow & { created_at_key: string })[]> {
  const { rows } = await db.query<TokenListRow & { created_at_key: string }>(
    `SELECT id, tenant_id, name, role, created_at, revoked_at, last_used_at, ${MICROS('created_at')} AS created_at_key FROM api_tokens
     WHERE tenant_id = $1 AND ($2::bigint IS NULL OR (created_at, id) > (${FROM_MICROS('$2')}, $3::text)) ORDER BY created_at, id LIMIT $4`,
    [input.tenantId, input.after?.[0] ?? null, input.after?.[1] ?? null, input.limit],
  );
  return rows;
}

/** Revokes a token of this tenant (a revoked one keeps its first revocation time); undefined when the tenant has no such token. */
export async function revokeTokenRow(db: Queryable, scope: { tenantId: string; tokenId: string }): Promise<TokenListRow | undefined> {
  const { rows } = await db.query<TokenListRow>(
    'UPDATE api_tokens SET revoked_at = COALESCE(revoked_at, now()) WHERE tenant_id = $1 AND id = $2 RETURNING id, tenant_id, name, role, created_at, revoked_at, last_used_at',
    [scope.tenantId, scope.tokenId],
  );
  return rows[0];
}
