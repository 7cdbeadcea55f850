/**
 * The key-encryption key on the embedded database: a key file created with mode 0600, the wrong
 * key refused, rotation re-wrapping every tenant's data key, an interrupted rotation settled.
 * Each case starts from a data directory of its own: a copy of one store started once (two tenants,
 * a sealed credential), or a fresh one.
 */
import { randomBytes } from 'node:crypto';
import { cp, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openKeyring } from '../../../src/service/crypto/keyring.js';
import { KEY_FILE, NEXT_KEY_FILE, parseKek } from '../../../src/service/crypto/kek.js';
import { openService } from '../../../src/service/index.js';
import { openDatabase } from '../../../src/service/store/open-database.js';
import { seedDataDir } from '../../setup/pglite-template.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const actor = 'ops@example.com';
const env = {};
const dirs: Awaited<ReturnType<typeof makeTempDir>>[] = [];
afterAll(() => Promise.all(dirs.map((dir) => dir.remove())));

const keyFileText = (dataDir: string) => readFile(join(dataDir, KEY_FILE), 'utf8');
const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/** A data directory of this case alone, with the migrated database and nothing else. */
async function freshDataDir(): Promise<string> {
  const dir = await makeTempDir('keys');
  dirs.push(dir);
  return seedDataDir(join(dir.path, 'data'));
}

type Keyring = Awaited<ReturnType<typeof openKeyring>>;
type Sealed = Awaited<ReturnType<Keyring['sealField']>>;

/** Seals a value for a tenant with the keyring of a database opened on the key given. */
async function withKeyring<T>(
  dataDir: string,
  kekText: string,
  work: (keyring: Keyring, db: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>,
): Promise<T> {
  const db = await openDatabase({ dataDir });
  try {
    return await work(await openKeyring(db, parseKek(kekText, 'test')), db);
  } finally {
    await db.close();
  }
}

const field = (tenantId: string) => ({ tenantId, integrationId: 'i-1', field: 'token' });

interface StartedStore {
  dataDir: string;
  tenantIds: string[];
  sealed: Sealed;
}

/** A store the service started once: its key file, two tenants with their data keys, a credential sealed under the first. */
async function startStore(): Promise<StartedStore> {
  const dataDir = await freshDataDir();
  const service = await openService({ dataDir, env });
  let tenantIds: string[];
  try {
    tenantIds = [
      (await service.tenants.create({ name: 'Acme', plan: 'standard', actor })).id,
      (await service.tenants.create({ name: 'Globex', plan: 'business', actor })).id,
    ];
  } finally {
    await service.close();
  }
  const sealed = await withKeyring(dataDir, await keyFileText(dataDir), (keyring, db) => keyring.sealField(db, field(tenantIds[0]!), 'canary-before-rotation'));
  return { dataDir, tenantIds, sealed };
}

let started: StartedStore;
beforeAll(async () => {
  started = await startStore();
});

/** A copy of that started store (database and key file), for one case to change as it likes. */
async function startedStore(): Promise<StartedStore> {
  const dir = await makeTempDir('keys');
  dirs.push(dir);
  const dataDir = join(dir.path, 'data');
  await cp(started.dataDir, dataDir, { recursive: true });
  return { ...started, dataDir };
}

describe('key-encryption key (embedded)', () => {
  it('creates a key file with mode 0600 on first start, and a data key per tenant', async () => {
    const dataDir = await freshDataDir();
    expect(await exists(join(dataDir, KEY_FILE))).toBe(false);
    const service = await openService({ dataDir, env });
    let tenantIds: string[];
    try {
      tenantIds = [
        (await service.tenants.create({ name: 'Acme', plan: 'standard', actor })).id,
        (await service.tenants.create({ name: 'Globex', plan: 'business', actor })).id,
      ];
    } finally {
      await service.close();
    }
    expect((await stat(join(dataDir, KEY_FILE))).mode & 0o777).toBe(0o600);
    await withKeyring(dataDir, await keyFileText(dataDir), async (keyring, db) => {
      expect(keyring.version).toBe(1);
      const rows = await db.query<{ tenant_id: string; kek_version: number }>('SELECT tenant_id, kek_version FROM tenant_data_keys ORDER BY tenant_id');
      expect(rows.rows).toEqual([...tenantIds].sort().map((id) => ({ tenant_id: id, kek_version: 1 })));
    });
  });

  it('refuses to start with a key that did not wrap the data keys', async () => {
    const { dataDir } = await startedStore();
    await expect(openService({ dataDir, env, kek: randomBytes(32).toString('base64') })).rejects.toMatchObject({
      code: 'KEY_INVALID',
      message: expect.stringContaining('is not the key that wrapped the data keys'),
    });
  });

  it('rotates: every data key re-wrapped under a new key file in one step; the old key is retired', async () => {
    const { dataDir, tenantIds, sealed } = await startedStore();
    const oldKey = await keyFileText(dataDir);
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
    const newKey = await keyFileText(dataDir);
    expect(newKey).not.toBe(oldKey);
    expect((await stat(join(dataDir, KEY_FILE))).mode & 0o777).toBe(0o600);
    expect(await exists(join(dataDir, NEXT_KEY_FILE))).toBe(false);
    await withKeyring(dataDir, newKey, async (keyring, db) => {
      expect(keyring.version).toBe(2);
      const versions = await db.query<{ kek_version: number }>('SELECT DISTINCT kek_version FROM tenant_data_keys');
      expect(versions.rows).toEqual([{ kek_version: 2 }]);
      // The credential itself was not re-encrypted, and still opens through the re-wrapped data key.
      expect(await keyring.openField(db, field(tenantIds[0]!), sealed)).toBe('canary-before-rotation');
    });
    await expect(openService({ dataDir, env, kek: oldKey })).rejects.toMatchObject({
      code: 'KEY_INVALID',
      message: expect.stringContaining('retired by a rotation'),
    });
  });

  it('forgets a next key file whose rotation never committed', async () => {
    const { dataDir } = await startedStore();
    const current = await keyFileText(dataDir);
    await writeFile(join(dataDir, NEXT_KEY_FILE), `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
    const service = await openService({ dataDir, env });
    await service.close();
    expect(await exists(join(dataDir, NEXT_KEY_FILE))).toBe(false);
    expect(await keyFileText(dataDir)).toBe(current);
  });

  it('completes a rotation that committed but crashed before replacing the key file', async () => {
    const { dataDir } = await startedStore();
    const next = parseKek(randomBytes(32).toString('base64'), 'test');
    await withKeyring(dataDir, await keyFileText(dataDir), (keyring) => keyring.rotate(next));
    await writeFile(join(dataDir, NEXT_KEY_FILE), `${next.key.toString('base64')}\n`, { mode: 0o600 });
    const service = await openService({ dataDir, env });
    await service.close();
    expect((await keyFileText(dataDir)).trim()).toBe(next.key.toString('base64'));
    expect(await exists(join(dataDir, NEXT_KEY_FILE))).toBe(false);
  });

  it('with CONNECTOR_KEK, rotation needs the new key and the old one is then refused', async () => {
    const { dataDir } = await startedStore();
    const current = (await keyFileText(dataDir)).trim();
    const replacement = randomBytes(32).toString('base64');
    const service = await openService({ dataDir, env: { CONNECTOR_KEK: current } });
    try {
      await expect(service.rotateKey({ actor })).rejects.toMatchObject({ code: 'INVALID_INPUT', message: expect.stringContaining('CONNECTOR_KEK') });
      expect(await service.rotateKey({ actor, newKek: replacement })).toEqual({ version: 2, tenants: 2 });
    } finally {
      await service.close();
    }
    await expect(openService({ dataDir, env: { CONNECTOR_KEK: current } })).rejects.toMatchObject({ code: 'KEY_INVALID' });
    const reopened = await openService({ dataDir, env: { CONNECTOR_KEK: replacement } });
    await reopened.close();
  });
});
