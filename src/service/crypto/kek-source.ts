/**
 * Where the key-encryption key comes from, settled once at open: the `kek` option, else
 * `CONNECTOR_KEK`, else (embedded only) the data directory's key file, created on first start.
 * A PostgreSQL server shared by several processes needs the key from the environment.
 */
import { rename, unlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ServiceError } from '../service-error.js';
import type { Database } from '../store/database.js';
import { currentKekVersion } from '../store/key-rows.js';
import { generateKek, KEK_ENV, KEY_FILE, loadOrCreateKeyFile, NEXT_KEY_FILE, parseKek, settleKeyFile, writeKeyFile, type Kek } from './kek.js';
import type { Keyring } from './keyring.js';

export interface KekSourceOptions {
  dataDir?: string;
  kek?: string;
  env: Record<string, string | undefined>;
}

export interface KekSource {
  initial: Kek;
  /** Rotates the keyring to a new key (given, or generated for a key file) and stores it where it lives. */
  rotate(keyring: Keyring, input: { newKek?: string }, beforeCommit?: Parameters<Keyring['rotate']>[1]): ReturnType<Keyring['rotate']>;
}

export async function resolveKekSource(db: Database, options: KekSourceOptions): Promise<KekSource> {
  const given = options.kek ?? (options.env[KEK_ENV] || undefined);
  if (given !== undefined) {
    return {
      initial: parseKek(given, options.kek !== undefined ? 'the kek option' : KEK_ENV),
      async rotate(keyring, input, beforeCommit) {
        if (input.newKek === undefined) {
          throw new ServiceError('INVALID_INPUT', `rotating a key given in ${KEK_ENV} needs the new key`, {
            hint: `give the new key (32 bytes, base64), then restart every process with ${KEK_ENV} set to it`,
          });
        }
        return keyring.rotate(parseKek(input.newKek, 'the new key'), beforeCommit);
      },
    };
  }
  if (options.dataDir === undefined) {
    throw new ServiceError('KEY_INVALID', `a PostgreSQL server needs the key-encryption key in ${KEK_ENV}`, {
      hint: `set ${KEK_ENV} to 32 random bytes in base64, the same in every process of the service`,
    });
  }
  const dataDir = resolve(options.dataDir);
  // Finish a rotation that was interrupted between the database commit and the file rename.
  await settleKeyFile(dataDir, (await currentKekVersion(db))?.fingerprint ?? '');
  return {
    initial: await loadOrCreateKeyFile(dataDir),
    async rotate(keyring, input, beforeCommit) {
      const keyPath = join(dataDir, KEY_FILE);
      const nextPath = join(dataDir, NEXT_KEY_FILE);
      const next = input.newKek === undefined ? generateKek(keyPath) : { ...parseKek(input.newKek, 'the new key'), source: keyPath };
      // Written before the commit, renamed after it: a crash in between is settled at the next open.
      await writeKeyFile(nextPath, next);
      let result: Awaited<ReturnType<Keyring['rotate']>>;
      try {
        result = await keyring.rotate(next, beforeCommit);
      } catch (error) {
        await unlink(nextPath).catch(() => undefined);
        throw error;
      }
      await rename(nextPath, keyPath);
      return result;
    },
  };
}
