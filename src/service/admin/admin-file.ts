/**
 * Where a running service tells the CLI how to reach its admin API: `admin.json` in the data
 * directory, with the API's loopback address and a credential made at start, written with mode
 * 0600 (its owner only, like the data directory's key file). The CLI refuses a file that others
 * may read. The file is removed when the service stops; one left by a killed service is ignored,
 * because the data directory's lock shows its holder is gone.
 */
import { randomBytes } from 'node:crypto';
import { chmod, open, readFile, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { ServiceError } from '../service-error.js';

export const ADMIN_FILE = 'admin.json';

export interface AdminAccess {
  /** `http://127.0.0.1:<port>`: the admin API listens on loopback only. */
  url: string;
  /** Bearer credential of the admin API (base64url of 32 random bytes). */
  credential: string;
  /** The service process, for messages. */
  pid: number;
}

export const newAdminCredential = (): string => randomBytes(32).toString('base64url');

export async function writeAdminFile(dataDir: string, access: AdminAccess): Promise<void> {
  const path = join(dataDir, ADMIN_FILE);
  const temporary = `${path}.${process.pid}.tmp`;
  await unlink(temporary).catch(() => undefined);
  // Created 0600 (O_EXCL, so never an existing file's wider mode), then renamed over the old one.
  const handle = await open(temporary, 'wx', 0o600);
  try {
    await handle.writeFile(`${JSON.stringify(access)}\n`);
  } finally {
    await handle.close();
  }
  await chmod(temporary, 0o600);
  await rename(temporary, path);
}

/** Removes the file only while it is this service's (another may have started since). */
export async function removeAdminFile(dataDir: string, credential: string): Promise<void> {
  const path = join(dataDir, ADMIN_FILE);
  const current = await readAdminFile(dataDir).catch(() => undefined);
  if (current?.credential === credential) await unlink(path).catch(() => undefined);
}

/** The running service's admin access, or undefined when no service wrote one. */
export async function readAdminFile(dataDir: string): Promise<AdminAccess | undefined> {
  const path = join(dataDir, ADMIN_FILE);
  let mode: number;
  try {
    const info = await stat(path);
    mode = info.mode;
    if (typeof process.getuid === 'function' && info.uid !== process.getuid()) {
      throw new ServiceError('INVALID_INPUT', `${path} belongs to another user`, { hint: 'run the command as the user who runs the service' });
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  if ((mode & 0o077) !== 0) {
    throw new ServiceError('INVALID_INPUT', `${path} may be read by others (mode ${(mode & 0o777).toString(8)}): its credential is not used`, {
      hint: `restart the service to write it again with mode 600, or chmod 600 ${path}`,
    });
  }
  const parsed = JSON.parse(await readFile(path, 'utf8')) as Partial<AdminAccess>;
  if (typeof parsed.url !== 'string' || typeof parsed.credential !== 'string' || typeof parsed.pid !== 'number') {
    throw new ServiceError('INVALID_INPUT', `${path} is not an admin access file of this service`, { hint: 'restart the service to write it again' });
  }
  return { url: parsed.url, credential: parsed.credential, pid: parsed.pid };
}
