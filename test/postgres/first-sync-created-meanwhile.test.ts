/**
 * A large first sync on PostgreSQL adds its accounts in a transaction held through its import
 * (run-sync.ts, `addsAsImported`). A workflow that creates an account that run has already added
 * waits for the run to end, then writes: the run adds every account it listed, and that account
 * keeps the workflow's values, as it would had the run applied after its import. One the workflow
 * creates before the run reaches it is left as the workflow wrote it (the batch's plain INSERT meets
 * it and the batch is inserted again without it).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { recordCreatedAccount, toStaged } from '../../src/service/store/account-rows.js';
import { openDatabase } from '../../src/service/store/open-database.js';
import type { Database } from '../../src/service/store/database.js';
import { seedUsers, startIncidentPlatform } from '../../src/simulators/incident-platform/index.js';
import { enableIncidentImport } from '../service/helpers/incident-integration.js';
import { useService } from '../service/helpers/service-fixture.js';
import { holdPage, waitForRun } from '../service/sync/sync.cases.js';
import { accountWriters, insertsWaitingOnLocks } from './helpers/held-first-sync.js';
import { withClient } from './helpers/scratch-database.js';
import { postgresStorage } from './helpers/postgres-storage.js';

const actor = 'ops@example.com';
const fixture = useService(postgresStorage('created_meanwhile'), { sync: { engine: { pollingIntervalSeconds: 0.5 } } });
const databaseUrl = () => (fixture.options as { databaseUrl: string }).databaseUrl;
let simulator: Awaited<ReturnType<typeof startIncidentPlatform>>;
let workflowDb: Database;

beforeAll(async () => {
  simulator = await startIncidentPlatform({ users: seedUsers({ count: 1500 }) });
  // The workflow's write goes through a connection of its own, as another worker's would.
  workflowDb = await openDatabase({ databaseUrl: databaseUrl() });
  await fixture.service.startWorkers();
});

afterAll(async () => {
  await fixture.service.stopWorkers();
  await workflowDb.close();
  await simulator.close();
});

it('a workflow creating an account the held first sync already added waits for the run, then its values are kept; the run adds all 1,500', async () => {
  const held = holdPage(simulator, 1200);
  const { ref, queued } = await enableIncidentImport(fixture.service, { name: 'Created meanwhile', origin: simulator.server.origin, actor });
  await held.asked;
  await withClient(databaseUrl(), async (client) => {
    await accountWriters(client);
    const listed = simulator.state.users[0]!;
    const created = recordCreatedAccount(workflowDb, {
      ...ref,
      account: toStaged({ id: listed.id, email: listed.email ?? '', name: 'Created By Workflow', admin: false }),
      source: { workflowId: 'wf-created-meanwhile', actor },
    });
    // Settled below; a failure meanwhile is not lost.
    created.catch(() => undefined);
    // Its insert waits on the run's uncommitted row of the same external id.
    await insertsWaitingOnLocks(client, 1);
    held.release();
    expect(await waitForRun(fixture.service, ref, queued.id)).toMatchObject({ status: 'succeeded', counts: { seen: 1500, added: 1500, removed: 0 } });
    expect(await created).toMatchObject({ state: 'active' });
    const { rows } = await client.query<{ name: string; by_workflow: boolean; n: number }>(
      `SELECT name, workflow_changed_at IS NOT NULL AS by_workflow, (SELECT count(*)::int FROM accounts WHERE integration_id = $1) AS n
       FROM accounts WHERE integration_id = $1 AND external_id = $2`,
      [ref.integrationId, listed.id],
    );
    expect(rows).toEqual([{ name: 'Created By Workflow', by_workflow: true, n: 1500 }]);
  });
});

it('a workflow creating, during a held first sync, an account of a batch the run has not added yet: the run leaves it as the workflow wrote it and adds the rest', async () => {
  const held = holdPage(simulator, 1200);
  const { ref, queued } = await enableIncidentImport(fixture.service, { name: 'Created ahead', origin: simulator.server.origin, actor });
  await held.asked;
  // Listed on the last page, which the run has not read: the workflow's row is there first.
  const ahead = simulator.state.users[1450]!;
  expect(
    await recordCreatedAccount(workflowDb, {
      ...ref,
      account: toStaged({ id: ahead.id, email: ahead.email ?? '', name: 'Created Ahead', admin: false }),
      source: { workflowId: 'wf-created-ahead', actor },
    }),
  ).toMatchObject({ state: 'active' });
  held.release();
  expect(await waitForRun(fixture.service, ref, queued.id)).toMatchObject({ status: 'succeeded', counts: { seen: 1500, added: 1499, removed: 0 } });
  await withClient(databaseUrl(), async (client) => {
    const { rows } = await client.query<{ name: string; by_workflow: boolean; n: number }>(
      `SELECT name, workflow_changed_at IS NOT NULL AS by_workflow, (SELECT count(*)::int FROM accounts WHERE integration_id = $1) AS n
       FROM accounts WHERE integration_id = $1 AND external_id = $2`,
      [ref.integrationId, ahead.id],
    );
    expect(rows).toEqual([{ name: 'Created Ahead', by_workflow: true, n: 1500 }]);
  });
});
