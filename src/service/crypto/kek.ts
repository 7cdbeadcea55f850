/**
 * The key-encryption key (KEK) that wraps every tenant's data key: 32 bytes, base64, from
 * `CONNECTOR_KEK` (or the `kek` option), or for the embedded default a key file created on first
 * start in the data directory with mode 0600. Its fingerprint (a keyed hash, which reveals nothing
 * of the key) is stored per key version so that starting with the wrong key is refused.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ServiceError } from '../service-error.js';
import { KEY_BYTES } from './aead.js';

export const KEK_ENV = 'CONNECTOR_KEK';
export const KEY_FILE = 'kek.key';
/** A rotated key waits here until the database has committed the rotation (see `settleKeyFile`). */
export const NEXT_KEY_FILE = 'kek.key.next';

export interface Kek {
  key: Buffer;
  fingerprint: string;
  /** Where it came from, for messages: `CONNECTOR_KEK`, the `kek` option, or the key file's path. */
  source: string;
}

export function kekFingerprint(key: Buffer): string {
  return createHmac('sha256', key).update('lifecycle-connectors key-encryption-key fingerprint v1').digest('hex').slice(0, 32);
}

/** Decodes a base64 KEK; the error names where it came from, never the value. */
export function parseKek(text: string, source: string): Kek {
  const trimmed = text.trim();
  const key = /^[A-Za-z0-9+/]+={0,2}$/.test(trimmed) ? Buffer.from(trimmed, 'base64') : Buffer.alloc(0);
  if (key.length !== KEY_BYTES) {
    throw new ServiceError('KEY_INVALID', `the key-encryption key from ${source} is not ${KEY_BYTES} bytes of base64`, {
      hint: `generate one with: node -e "console.log(require('crypto').randomBytes(${KEY_BYTES}).toString('base64'))"`,
    });
  }
  return { key, fingerprint: kekFingerprint(key), source };
}

export function generateKek(source: string): Kek {
  return parseKek(randomBytes(KEY_BYTES).toString('base64'), source);
}

async function readKeyFile(path: string): Promise<Kek | undefined> {
  let mode: number;
  try {
    mode = (await stat(path)).mode;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  if ((mode & 0o077) !== 0) {
    throw new ServiceError('KEY_INVALID', `the key file ${path} is readable by other users (mode ${(mode & 0o777).toString(8)})`, {
      hint: `run: chmod 600 ${path}`,
    });
  }
  return parseKek(await readFile(path, 'utf8'), path);
}

export async function writeKeyFile(path: string, kek: Kek): Promise<void> {
  await unlink(path).catch(() => undefined);
  await writeFile(path, `${kek.key.toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
}

/** The data directory's key file, created on first start. */
export async function loadOrCreateKeyFile(dataDir: string): Promise<Kek> {
  const path = join(dataDir, KEY_FILE);
  const existing = await readKeyFile(path);
  if (existing) return existing;
  const kek = generateKek(path);
  await writeFile(path, `${kek.key.toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  return kek;
}

/** The key written before a rotation, if a rotation was interrupted after writing it. */
export async function readNextKeyFile(dataDir: string): Promise<Kek | undefined> {
  return readKeyFile(join(dataDir, NEXT_KEY_FILE));
}

/**
 * Finishes or forgets an interrupted key-file rotation: the next key replaces the key file when the
 * database committed the rotation (its fingerprint is current), else it is deleted.
 */
export async function settleKeyFile(dataDir: string, currentFingerprint: string): Promise<void> {
  const next = await readNextKeyFile(dataDir);
  if (!next) return;
  if (next.fingerprint === currentFingerprint) await rename(join(dataDir, NEXT_KEY_FILE), join(dataDir, KEY_FILE));
  else await unlink(join(dataDir, NEXT_KEY_FILE));
}
