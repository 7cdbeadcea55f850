/**
 * The key-encryption key on the embedded database: a key file created with mode 0600, the wrong
 * key refused, rotation re-wrapping every tenant's data key, an interrupted rotation settled.
 */
import { randomBytes } from 'node:crypto';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openKeyring } from '../../../src/service/crypto/keyring.js';
import { KEY_FILE, NEXT_KEY_FILE, parseKek } from '../../../src/service/crypto/kek.js';
import { openService } from '../../../src/service/index.js';
import { openDatabase } from '../../../src/service/store/open-database.js';
import { makeTempDir } from '../helpers/temp-dir.js';

let dir: Awaited<ReturnType<typeof makeTempDir>>;
let dataDir: string;
const actor = 'ops@example.com';
const env = {};
const keyFileText = () => readFile(join(dataDir, KEY_FILE), 'utf8');
const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

beforeAll(async () => {
  dir = await makeTempDir('keys');
  dataDir = join(dir.path, 'data');
});
afterAll(() => dir.remove());

/** Seals a value for a tenant with the keyring of a database opened on the key given. */
async function withKeyring<T>(
  kekText: string,
  work: (keyring: Awaited<ReturnType<typeof openKeyring>>, db: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>,
): Promise<T> {
  const db = await openDatabase({ dataDir });
  try {
    return await work(await openKeyring(db, parseKek(kekText, 'test')), db);
  } finally {
    await db.close();
  }
}

describe('key-encryption key (embedded)', () => {
  let tenantIds: string[] = [];
  let sealedBefore: Awaited<ReturnType<Awaited<ReturnType<typeof openKeyring>>['sealField']>>;
  const field = () => ({ tenantId: tenantIds[0]!, integrationId: 'i-1', field: 'token' });

  it('creates a key file with mode 0600 on first start, and a data key per tenant', async () => {
    const service = await openService({ dataDir, env });
    try {
      tenantIds = [
        (await service.tenants.create({ name: 'Acme', plan: 'standard', actor })).id,
        (await service.tenants.create({ name: 'Globex', plan: 'business', actor })).id,
      ];
    } finally {
      await service.close();
    }
    expect((await stat(join(dataDir, KEY_FILE))).mode & 0o777).toBe(0o600);
    await withKeyring(await keyFileText(), async (keyring, db) => {
      expect(keyring.version).toBe(1);
      const rows = await db.query<{ tenant_id: string; kek_version: number }>('SELECT tenant_id, kek_version FROM tenant_data_keys ORDER BY tenant_id');
      expect(rows.rows).toEqual([...tenantIds].sort().map((id) => ({ tenant_id: id, kek_version: 1 })));
      sealedBefore = await keyring.sealField(db, field(), 'canary-before-rotation');
    });
  });

  it('refuses to start with a key that did not wrap the data keys', async () => {
    await expect(openService({ dataDir, env, kek: randomBytes(32).toString('base64') })).rejects.toMatchObject({
      code: 'KEY_INVALID',
      message: expect.stringContaining('is not the key that wrapped the data keys'),
    });
  });

  it('rotates: every data key re-wrapped under a new key file in one step; the old key is retired', async () => {
    const oldKey = await keyFileText();
    const service = await openService({ dataDir, env });
    try {
      expect(await service.rotateKey({ actor })).toEqual({ version: 2, tenants: 2 });
      for (const tenantId of tenantIds) {
        expect((await service.audit.list({ tenantId, limit: 1 })).entries[0]).toMatchObject({
          event: 'key.rotated',
          actor,
          integrationId: null,
          detail: { version: 2 },
        });
      }
    } finally {
      await service.close();
    }
    const newKey = await keyFileText();
    expect(newKey).not.toBe(oldKey);
    expect((await stat(join(dataDir, KEY_FILE))).mode & 0o777).toBe(0o600);
    expect(await exists(join(dataDir, NEXT_KEY_FILE))).toBe(false);
    await withKeyring(newKey, async (keyring, db) => {
      expect(keyring.version).toBe(2);
      const versions = await db.query<{ kek_version: number }>('SELECT DISTINCT kek_version FROM tenant_data_keys');
      expect(versions.rows).toEqual([{ kek_version: 2 }]);
      // The credential itself was not re-encrypted, and still opens through the re-wrapped data key.
      expect(await keyring.openField(db, field(), sealedBefore)).toBe('canary-before-rotation');
    });
    await expect(openService({ dataDir, env, kek: oldKey })).rejects.toMatchObject({
      code: 'KEY_INVALID',
      message: expect.stringContaining('retired by a rotation'),
    });
  });

  it('forgets a next key file whose rotation never committed', async () => {
    const current = await keyFileText();
    await writeFile(join(dataDir, NEXT_KEY_FILE), `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
    const service = await openService({ dataDir, env });
    await service.close();
    expect(await exists(join(dataDir, NEXT_KEY_FILE))).toBe(false);
    expect(await keyFileText()).toBe(current);
  });

  it('completes a rotation that committed but crashed before replacing the key file', async () => {
    const next = parseKek(randomBytes(32).toString('base64'), 'test');
    await withKeyring(await keyFileText(), (keyring) => keyring.rotate(next));
    await writeFile(join(dataDir, NEXT_KEY_FILE), `${next.key.toString('base64')}\n`, { mode: 0o600 });
    const service = await openService({ dataDir, env });
    await service.close();
    expect((await keyFileText()).trim()).toBe(next.key.toString('base64'));
    expect(await exists(join(dataDir, NEXT_KEY_FILE))).toBe(false);
  });

  it('with CONNECTOR_KEK, rotation needs the new key and the old one is then refused', async () => {
    const current = (await keyFileText()).trim();
    const replacement = randomBytes(32).toString('base64');
    const service = await openService({ dataDir, env: { CONNECTOR_KEK: current } });
    try {
      await expect(service.rotateKey({ actor })).rejects.toMatchObject({ code: 'INVALID_INPUT', message: expect.stringContaining('CONNECTOR_KEK') });
      expect(await service.rotateKey({ actor, newKek: replacement })).toEqual({ version: 4, tenants: 2 });
    } finally {
      await service.close();
    }
    await expect(openService({ dataDir, env: { CONNECTOR_KEK: current } })).rejects.toMatchObject({ code: 'KEY_INVALID' });
    const reopened = await openService({ dataDir, env: { CONNECTOR_KEK: replacement } });
    await reopened.close();
  });
});
