/**
 * The engine keeps the cron schedules only in a process that runs workers: an API process or a
 * one-shot CLI command opens the engine to send jobs and never starts pg-boss's timekeeper (its
 * queue, its fetch loop, its clock checks). The first `work()` starts it, and the cron's jobs
 * arrive.
 */
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { ENGINE_SCHEMA, openEngine } from '../../../src/service/engine/engine.js';
import type { Database } from '../../../src/service/store/database.js';
import { openDatabase } from '../../../src/service/store/open-database.js';
import { seedDataDir } from '../../setup/pglite-template.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { waitUntil } from '../helpers/wait-until.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** pg-boss's own queue for the timekeeper's cron jobs: created when its timekeeper starts. */
const TIMEKEEPER_QUEUE = '__pgboss__send-it';

async function queueNames(db: Database): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(`SELECT name FROM ${ENGINE_SCHEMA}.queue ORDER BY name`);
  return rows.map((row) => row.name);
}

it('starts the timekeeper with the first work(), and the cron then sends its job', { timeout: 60_000 }, async () => {
  const dir = await makeTempDir('timekeeper');
  cleanups.push(() => dir.remove());
  const db = await openDatabase({ dataDir: await seedDataDir(join(dir.path, 'data')) });
  cleanups.push(() => db.close());
  const errors: unknown[] = [];
  const engine = await openEngine(db, {
    maintenanceIntervalSeconds: 60,
    expirySeconds: { sync: 60, workflows: 60 },
    onError: (error) => errors.push(error),
  });
  cleanups.push(() => engine.close());

  // Opened to send jobs only: the engine's queues are there, the timekeeper's is not.
  const opened = await queueNames(db);
  expect(opened).toContain('integration-sync-tick');
  expect(opened).not.toContain(TIMEKEEPER_QUEUE);

  const ticks: object[] = [];
  const workers = await engine.work([
    { queue: 'syncTick', pollingIntervalSeconds: 0.5, cron: '* * * * *', handle: async (jobs: object[]) => void ticks.push(...jobs) },
  ]);
  cleanups.push(() => workers.stop());
  expect(await queueNames(db)).toContain(TIMEKEEPER_QUEUE);

  // The minute's cron: the timekeeper's first look at its start finds the schedule and sends one tick.
  await waitUntil(
    'a tick sent by the cron',
    async () => ticks.length,
    (count) => count >= 1,
  );
  expect(errors).toEqual([]);
});
