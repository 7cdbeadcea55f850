/** A fresh directory under the system temp directory per test file, removed afterwards. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function makeTempDir(prefix: string): Promise<{ path: string; remove(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), `lc-${prefix}-`));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}
