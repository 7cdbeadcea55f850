/**
 * A run reads its account digests and connects concurrently (run-sync.ts): when the digest read
 * fails after the connect succeeded, the connected client is closed and the run fails, with no
 * import started.
 */
import { join } from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import type { Client } from '../../../src/index.js';
import { openService } from '../../../src/service/index.js';
import type { ServiceContext } from '../../../src/service/context.js';
import { openDatabase } from '../../../src/service/store/open-database.js';
import { runSync } from '../../../src/service/sync/run-sync.js';
import { DEFAULT_SYNC_SETTINGS } from '../../../src/service/sync/sync-policy.js';
import { ALLOW_LOOPBACK } from '../../../src/runtime/http/egress-policy.js';
import { seedUsers, startIncidentPlatform } from '../../../src/simulators/incident-platform/index.js';
import { seedDataDir } from '../../setup/pglite-template.js';
import { enableIncidentImport } from '../helpers/incident-integration.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const actor = 'ops@example.com';
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

it('closes the connected client when the digest read fails, and fails the run', { timeout: 60_000 }, async () => {
  const dir = await makeTempDir('connect-digests');
  cleanups.push(() => dir.remove());
  const dataDir = await seedDataDir(join(dir.path, 'data'));
  const simulator = await startIncidentPlatform({ users: seedUsers({ count: 2 }) });
  cleanups.push(() => simulator.close());
  const service = await openService({ dataDir, egress: ALLOW_LOOPBACK });
  const { queued } = await enableIncidentImport(service, { name: 'Digests', origin: simulator.server.origin, actor });
  await service.close();

  const db = await openDatabase({ dataDir });
  cleanups.push(() => db.close());
  const failing = new Proxy(db, {
    get(target, key, receiver) {
      if (key === 'query')
        return (sql: string, params?: unknown[]) =>
          /sync_digest\b[^;]*\bFROM accounts\b/.test(sql) ? Promise.reject(new Error('digest read failed')) : target.query(sql, params);
      const value = Reflect.get(target, key, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const close = vi.fn(async () => undefined);
  const importUsers = vi.fn();
  const onError = vi.fn();
  await runSync(
    { db: failing } as unknown as ServiceContext,
    {
      engine: { staleRunSeconds: 60, pollingIntervalSeconds: 1 } as never,
      defaults: DEFAULT_SYNC_SETTINGS,
      connect: async () => ({ close, importUsers }) as unknown as Client,
      onError,
    },
    queued!.id,
  );

  expect(close).toHaveBeenCalledTimes(1);
  expect(importUsers).not.toHaveBeenCalled();
  const { rows } = await db.query<{ status: string; error_code: string | null }>(`SELECT status, error_code FROM sync_runs WHERE id = $1`, [queued!.id]);
  expect(rows).toEqual([{ status: 'failed', error_code: 'INTERNAL' }]);
});
