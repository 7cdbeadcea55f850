/**
 * At most two runs of a process hold a transaction through their import (run-sync.ts,
 * `HELD_IMPORTS`): each keeps a connection of the pool. A third large first sync at the same
 * time stages as any other run, and all three add every account.
 */
import { expect, it } from 'vitest';
import { enableIncidentImport } from '../service/helpers/incident-integration.js';
import { useService } from '../service/helpers/service-fixture.js';
import { waitUntil } from '../service/helpers/wait-until.js';
import { holdPage, waitForRun } from '../service/sync/sync.cases.js';
import { useLargeTarget } from './helpers/held-first-sync.js';
import { postgresStorage } from './helpers/postgres-storage.js';
import { withClient } from './helpers/scratch-database.js';

const actor = 'ops@example.com';
// Four runs at once per worker process (the default): all three below run together.
const fixture = useService(postgresStorage('held_places'), { sync: { engine: { pollingIntervalSeconds: 0.5, runsPerWorker: 4 } } });
const target = useLargeTarget(fixture);

it('three first syncs of 1,500 at once: two hold a transaction, the third stages; each adds all 1,500', async () => {
  const simulator = target.simulator();
  // Every run's page 13 waits: the three are under way together, each past its first batch.
  const held = holdPage(simulator, 1200);
  const runs = [];
  for (const name of ['Held A', 'Held B', 'Held C']) runs.push(await enableIncidentImport(fixture.service, { name, origin: simulator.server.origin, actor }));
  await held.asked;
  const seen = await withClient((fixture.options as { databaseUrl: string }).databaseUrl, (client) =>
    waitUntil(
      'two runs writing accounts in open transactions and one staging',
      async () =>
        (
          await client.query<{ writers: number; staging: number }>(
            `SELECT (SELECT count(*)::int FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
                      WHERE c.relname = 'accounts' AND l.mode = 'RowExclusiveLock' AND l.granted AND l.pid <> pg_backend_pid()) AS writers,
                    (SELECT count(DISTINCT run_id)::int FROM sync_run_accounts) AS staging`,
          )
        ).rows[0]!,
      (counts) => counts.writers === 2 && counts.staging === 1,
    ),
  );
  expect(seen).toEqual({ writers: 2, staging: 1 });
  held.release();
  for (const { ref, queued } of runs)
    expect(await waitForRun(fixture.service, ref, queued.id)).toMatchObject({ status: 'succeeded', counts: { seen: 1500, added: 1500, removed: 0 } });
});
