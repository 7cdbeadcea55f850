import { afterAll, expect, it, vi } from 'vitest';
import type { Client } from '../../../src/index.js';
import type { ServiceContext } from '../../../src/service/context.js';
import { runSync } from '../../../src/service/sync/run-sync.js';
import { DEFAULT_SYNC_SETTINGS } from '../../../src/service/sync/sync-policy.js';
import { embeddedIncidentImport } from '../helpers/incident-integration.js';

const actor = 'ops@example.com';
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

it('closes the connected client when the digest read fails, and fails the run', { timeout: 60_000 }, async () => {
  const { queued, db } = await embeddedIncidentImport({ name: 'Digests', users: 2, actor, cleanups });
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
