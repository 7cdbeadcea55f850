/**
 * A large first sync on PostgreSQL holds one connection of its database's pool through its
 * import (run-sync.ts, `addsAsImported`). Writers waiting for that run's transaction (a workflow's
 * account it already added) may take every other connection of the pool: the run must still
 * finish (its progress writes are never awaited), or nothing would ever free them.
 */
import { randomBytes } from 'node:crypto';
import { delay } from 'msw';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connect } from '../../src/index.js';
import type { CompiledConnector } from '../../src/connector.js';
import { loadIncidentPlatformConnector } from '../../src/demo/load-connector.js';
import { openService } from '../../src/service/index.js';
import type { ServiceContext } from '../../src/service/context.js';
import { recordCreatedAccount, toStaged } from '../../src/service/store/account-rows.js';
import type { Database } from '../../src/service/store/database.js';
import { openDatabase } from '../../src/service/store/open-database.js';
import { runSync } from '../../src/service/sync/run-sync.js';
import { DEFAULT_SYNC_SETTINGS } from '../../src/service/sync/sync-policy.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';
import { DEMO_FULL_ACCESS_KEY, seedUsers, startIncidentPlatform } from '../../src/simulators/incident-platform/index.js';
import { enableIncidentImport } from '../service/helpers/incident-integration.js';
import { holdPage } from '../service/sync/sync.cases.js';
import { accountWriters, insertsWaitingOnLocks } from './helpers/held-first-sync.js';
import { createScratchDatabase, withClient, type ScratchDatabase } from './helpers/scratch-database.js';

const actor = 'ops@example.com';
/** The pool of a PostgreSQL database (postgres-database.ts): the run holds one, the waiting writers the rest. */
const POOL = 10;
const cleanups: (() => Promise<unknown>)[] = [];
let scratch: ScratchDatabase;
let db: Database;
let simulator: Awaited<ReturnType<typeof startIncidentPlatform>>;
let connector: CompiledConnector;
let ref: { tenantId: string; integrationId: string };
let runId: string;

beforeAll(async () => {
  scratch = await createScratchDatabase('full_pool');
  cleanups.push(() => scratch.drop());
  simulator = await startIncidentPlatform({ users: seedUsers({ count: 1500 }) });
  cleanups.push(() => simulator.close());
  // The integration and its queued first run, through the service (no workers: the run is carried out below).
  const service = await openService({ databaseUrl: scratch.url, env: { CONNECTOR_KEK: randomBytes(32).toString('base64') }, egress: ALLOW_LOOPBACK });
  const enabled = await enableIncidentImport(service, { name: 'Full pool', origin: simulator.server.origin, actor });
  await service.close();
  ref = enabled.ref;
  runId = enabled.queued.id;
  connector = (await loadIncidentPlatformConnector()).connector;
  db = await openDatabase({ databaseUrl: scratch.url });
  cleanups.push(() => db.close());
}, 60_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

it('a held first sync finishes while writers waiting for it hold every other connection of its pool; then they complete', async () => {
  const held = holdPage(simulator, 1200);
  const failures: unknown[] = [];
  const running = runSync(
    { db } as unknown as ServiceContext,
    {
      engine: { staleRunSeconds: 60, pollingIntervalSeconds: 1 } as never,
      defaults: DEFAULT_SYNC_SETTINGS,
      connect: async () => connect(connector, { token: DEMO_FULL_ACCESS_KEY }, { baseUrl: simulator.server.origin, egress: ALLOW_LOOPBACK }),
      onError: (error) => failures.push(error),
    },
    runId,
  );
  await held.asked;
  const waiting = await withClient(scratch.url, async (client) => {
    await accountWriters(client);
    // Accounts the run has added already (its first batch), created again by "workflows" on the run's own pool.
    const writes = simulator.state.users.slice(0, POOL - 1).map((user, index) =>
      recordCreatedAccount(db, {
        ...ref,
        account: toStaged({ id: user.id, email: user.email ?? '', name: `Created meanwhile ${index}`, admin: false }),
        source: { workflowId: `wf-full-pool-${index}`, actor },
      }),
    );
    for (const write of writes) write.catch(() => undefined);
    // Every other connection of the pool waits on the run.
    await insertsWaitingOnLocks(client, POOL - 1);
    return writes;
  });
  // A progress write is due at the run's next batch (one a second at most).
  await delay(1_100);
  held.release();
  await running;
  expect(failures).toEqual([]);
  const { rows } = await db.query<{ status: string; added: number }>('SELECT status, added FROM sync_runs WHERE id = $1', [runId]);
  expect(rows).toEqual([{ status: 'succeeded', added: 1500 }]);
  expect((await Promise.all(waiting)).map((created) => created.state)).toEqual(Array(POOL - 1).fill('active'));
});
