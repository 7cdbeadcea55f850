/**
 * Envelope encryption of credentials: each tenant has a random data key, stored wrapped by the
 * KEK; each credential field is sealed with its tenant's data key and bound to tenant +
 * integration + field as associated data. `rotate` re-wraps every data key under a new KEK in one
 * transaction; the credentials themselves are untouched.
 */
import { randomBytes } from 'node:crypto';
import { ServiceError } from '../service-error.js';
import type { Database, Queryable } from '../store/database.js';
import {
  currentKekVersion,
  findDataKey,
  findKekVersionByFingerprint,
  insertDataKey,
  insertKekVersion,
  lockAllDataKeys,
  updateDataKey,
  type DataKeyRow,
} from '../store/key-rows.js';
import { associatedData, KEY_BYTES, seal, unseal, type Sealed } from './aead.js';
import type { Kek } from './kek.js';

export interface CredentialField {
  tenantId: string;
  integrationId: string;
  field: string;
}

export interface Keyring {
  /** The KEK version data keys are wrapped under now. */
  readonly version: number;
  createDataKey(tx: Queryable, tenantId: string): Promise<void>;
  sealField(db: Queryable, field: CredentialField, value: string): Promise<Sealed>;
  openField(db: Queryable, field: CredentialField, sealed: Sealed): Promise<string>;
  /** `openField` with the tenant's data key row already read (`findConnectable`); undefined when the tenant has none. */
  openFieldWith(dataKey: DataKeyRow | undefined, field: CredentialField, sealed: Sealed): string;
  /** Re-wraps every tenant's data key under `next`; `beforeCommit` runs inside the transaction. */
  rotate(
    next: Kek,
    beforeCommit?: (tx: Queryable, rotation: { version: number; tenantIds: string[] }) => Promise<void>,
  ): Promise<{ version: number; tenants: number }>;
}

const dataKeyAad = (tenantId: string) => associatedData(['tenant-data-key', tenantId]);
const fieldAad = (field: CredentialField) => associatedData(['credential', field.tenantId, field.integrationId, field.field]);

function keyError(message: string, hint: string): ServiceError {
  return new ServiceError('KEY_INVALID', message, { hint });
}

/** Checks the KEK against the database's current version (recording version 1 on first start). */
export async function openKeyring(db: Database, initial: Kek): Promise<Keyring> {
  let kek = initial;
  let version = await establishVersion(db, kek);

  const unwrap = (row: DataKeyRow, with_: Kek): Buffer => {
    const key = unseal(with_.key, { nonce: row.nonce, ciphertext: row.wrapped_key }, dataKeyAad(row.tenant_id));
    if (!key)
      throw keyError(
        `the data key of tenant ${row.tenant_id} does not decrypt with the key-encryption key from ${with_.source}`,
        'the stored key was changed or the KEK is wrong; restore the KEK that wrapped it',
      );
    return key;
  };
  const dataKeyOf = async (db_: Queryable, tenantId: string): Promise<Buffer> => dataKeyFrom(await findDataKey(db_, tenantId), tenantId);
  const dataKeyFrom = (row: DataKeyRow | undefined, tenantId: string): Buffer => {
    if (!row) throw keyError(`tenant ${tenantId} has no data key`, 'the tenant was created without one; this is a bug, please report it');
    if (row.kek_version !== version) {
      throw keyError(
        `the data key of tenant ${tenantId} is wrapped by key version ${row.kek_version}, this process holds version ${version}`,
        'the key was rotated by another process; restart this one with the new key',
      );
    }
    return unwrap(row, kek);
  };

  const openWith = (key: Buffer, field: CredentialField, sealed: Sealed): string => {
    const plain = unseal(key, sealed, fieldAad(field));
    if (!plain)
      throw keyError(
        `the credential ${field.field} of integration ${field.integrationId} does not decrypt`,
        'it was altered or moved; configure the authentication again',
      );
    return plain.toString('utf8');
  };

  return {
    get version() {
      return version;
    },
    async createDataKey(tx, tenantId) {
      await insertDataKey(tx, { tenantId, kekVersion: version, wrapped: seal(kek.key, randomBytes(KEY_BYTES), dataKeyAad(tenantId)) });
    },
    async sealField(db_, field, value) {
      return seal(await dataKeyOf(db_, field.tenantId), Buffer.from(value, 'utf8'), fieldAad(field));
    },
    async openField(db_, field, sealed) {
      return openWith(await dataKeyOf(db_, field.tenantId), field, sealed);
    },
    openFieldWith(dataKey, field, sealed) {
      return openWith(dataKeyFrom(dataKey, field.tenantId), field, sealed);
    },
    async rotate(next, beforeCommit) {
      const result = await db.transaction(async (tx) => {
        const current = await currentKekVersion(tx, { forUpdate: true });
        if (!current || current.fingerprint !== kek.fingerprint) {
          throw keyError('the key was rotated by another process since this one started', 'restart this process with the current key, then rotate again');
        }
        if (next.fingerprint === kek.fingerprint) throw keyError(`the new key from ${next.source} is the current key`, 'give a new key');
        const nextVersion = current.version + 1;
        await insertKekVersion(tx, { version: nextVersion, fingerprint: next.fingerprint });
        const rows = await lockAllDataKeys(tx);
        for (const row of rows) {
          const key = unwrap(row, kek);
          await updateDataKey(tx, { tenantId: row.tenant_id, kekVersion: nextVersion, wrapped: seal(next.key, key, dataKeyAad(row.tenant_id)) });
        }
        await beforeCommit?.(tx, { version: nextVersion, tenantIds: rows.map((row) => row.tenant_id) });
        return { version: nextVersion, tenants: rows.length };
      });
      kek = next;
      version = result.version;
      return result;
    },
  };
}

async function establishVersion(db: Database, kek: Kek): Promise<number> {
  let current = await currentKekVersion(db);
  // First start: this KEK becomes version 1; a concurrent first start of another process wins or loses here.
  if (!current && (await insertKekVersion(db, { version: 1, fingerprint: kek.fingerprint }))) return 1;
  current ??= await currentKekVersion(db);
  if (current && current.fingerprint === kek.fingerprint) return current.version;
  const older = await findKekVersionByFingerprint(db, kek.fingerprint);
  throw keyError(
    older
      ? `the key-encryption key from ${kek.source} is version ${older.version}, retired by a rotation; the data keys are wrapped by version ${current?.version}`
      : `the key-encryption key from ${kek.source} is not the key that wrapped the data keys of ${db.location}`,
    'start the service with the current key-encryption key',
  );
}
