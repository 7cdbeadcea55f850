/** The `kek_versions` and `tenant_data_keys` tables. */
import type { Sealed } from '../crypto/aead.js';
import type { Queryable } from './database.js';

export interface KekVersionRow {
  version: number;
  fingerprint: string;
}

export interface DataKeyRow {
  tenant_id: string;
  kek_version: number;
  nonce: string;
  wrapped_key: string;
}

export async function currentKekVersion(db: Queryable, options: { forUpdate?: boolean } = {}): Promise<KekVersionRow | undefined> {
  const { rows } = await db.query<KekVersionRow>(
    `SELECT version, fingerprint FROM kek_versions ORDER BY version DESC LIMIT 1${options.forUpdate ? ' FOR UPDATE' : ''}`,
  );
  return rows[0];
}

export async function findKekVersionByFingerprint(db: Queryable, fingerprint: string): Promise<KekVersionRow | undefined> {
  const { rows } = await db.query<KekVersionRow>('SELECT version, fingerprint FROM kek_versions WHERE fingerprint = $1', [fingerprint]);
  return rows[0];
}

/** Records a version; false when another process recorded that version first. */
export async function insertKekVersion(db: Queryable, row: KekVersionRow): Promise<boolean> {
  const { rows } = await db.query('INSERT INTO kek_versions (version, fingerprint) VALUES ($1, $2) ON CONFLICT (version) DO NOTHING RETURNING version', [
    row.version,
    row.fingerprint,
  ]);
  return rows.length === 1;
}

export async function insertDataKey(db: Queryable, row: { tenantId: string; kekVersion: number; wrapped: Sealed }): Promise<void> {
  await db.query('INSERT INTO tenant_data_keys (tenant_id, kek_version, nonce, wrapped_key) VALUES ($1, $2, $3, $4)', [
    row.tenantId,
    row.kekVersion,
    row.wrapped.nonce,
    row.wrapped.ciphertext,
  ]);
}

export async function findDataKey(db: Queryable, tenantId: string): Promise<DataKeyRow | undefined> {
  const { rows } = await db.query<DataKeyRow>('SELECT tenant_id, kek_version, nonce, wrapped_key FROM tenant_data_keys WHERE tenant_id = $1', [tenantId]);
  return rows[0];
}

export async function lockAllDataKeys(db: Queryable): Promise<DataKeyRow[]> {
  return (await db.query<DataKeyRow>('SELECT tenant_id, kek_version, nonce, wrapped_key FROM tenant_data_keys ORDER BY tenant_id FOR UPDATE')).rows;
}

export async function updateDataKey(db: Queryable, row: { tenantId: string; kekVersion: number; wrapped: Sealed }): Promise<void> {
  await db.query('UPDATE tenant_data_keys SET kek_version = $2, nonce = $3, wrapped_key = $4, rewrapped_at = now() WHERE tenant_id = $1', [
    row.tenantId,
    row.kekVersion,
    row.wrapped.nonce,
    row.wrapped.ciphertext,
  ]);
}
