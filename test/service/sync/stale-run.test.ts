/**
 * A run whose worker died mid-import (its status `running`, its heartbeat stopped) is detected by
 * the heartbeat and recovered: a live worker's claim takes it over with the next attempt and
 * discards what the dead attempt had staged; a live run, however slow, is left to its worker.
 */
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openService, type Service } from '../../../src/service/index.js';
import { openDatabase } from '../../../src/service/store/open-database.js';
import { ALLOW_LOOPBACK } from '../../../src/runtime/http/egress-policy.js';
import { DEMO_FULL_ACCESS_KEY, seedUsers, startIncidentPlatform } from '../../../src/simulators/incident-platform/index.js';
import { seedDataDir } from '../../setup/pglite-template.js';
import { enableIncidentImport } from '../helpers/incident-integration.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { waitUntil } from '../helpers/wait-until.js';
import { holdPage, waitForRun } from './sync.cases.js';

const actor = 'ops@example.com';
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

it("a live worker's next claim takes over a run whose worker stopped beating, and redoes it from the first page", { timeout: 60_000 }, async () => {
  const dir = await makeTempDir('stale-run');
  cleanups.push(() => dir.remove());
  const dataDir = await seedDataDir(join(dir.path, 'data'));
  const simulator = await startIncidentPlatform({ users: seedUsers({ count: 8 }) });
  cleanups.push(() => simulator.close());
  const engine = { staleRunSeconds: 2, pollingIntervalSeconds: 0.5 };

  // Set up without workers: enabling Import Users queues the first run.
  let service: Service = await openService({ dataDir, egress: ALLOW_LOOPBACK, sync: { engine } });
  const { ref, queued } = await enableIncidentImport(service, { name: 'Stale', origin: simulator.server.origin, actor });
  await service.close();

  // What a worker killed after staging a page leaves behind: the run running on attempt 1 with a
  // heartbeat a minute old, and a staged account the target never listed.
  const db = await openDatabase({ dataDir });
  await db.query(
    `UPDATE sync_runs SET status = 'running', attempt = 1, started_at = now() - interval '1 minute', heartbeat_at = now() - interval '1 minute' WHERE id = $1`,
    [queued!.id],
  );
  await db.query(
    `INSERT INTO sync_run_accounts (run_id, attempt, external_id, email, email_key, name, admin, state, fields) VALUES ($1, 1, 'PGHOST1', 'ghost@example.com', 'ghost@example.com', 'Ghost', false, 'active', '{}')`,
    [queued!.id],
  );
  await db.close();

  service = await openService({ dataDir, egress: ALLOW_LOOPBACK, sync: { engine } });
  cleanups.push(() => service.close());
  // The workers' first claim takes it over (no tick: the tick's cron is a minute away).
  await service.startWorkers();
  const run = await waitForRun(service, ref, queued!.id);
  expect(run).toMatchObject({ status: 'succeeded', attempt: 2, counts: { seen: 8, added: 8, removed: 0 } });
  const accounts = (await service.sync.listAccounts(ref)).accounts;
  expect(accounts.map((account) => account.externalId).sort()).toEqual(simulator.state.users.map((user) => user.id).sort());
  expect(accounts.some((account) => account.email === 'ghost@example.com')).toBe(false);
});

it('leaves a live run alone while one slow page outlasts the stale period (the heartbeat beats on its own)', { timeout: 60_000 }, async () => {
  const dir = await makeTempDir('live-run');
  cleanups.push(() => dir.remove());
  const simulator = await startIncidentPlatform({ users: seedUsers({ count: 3 }) });
  cleanups.push(() => simulator.close());
  const service = await openService({
    dataDir: await seedDataDir(join(dir.path, 'data')),
    egress: ALLOW_LOOPBACK,
    sync: { engine: { staleRunSeconds: 1, pollingIntervalSeconds: 0.5 } },
  });
  cleanups.push(() => service.close());
  const tenant = await service.tenants.create({ name: 'Live', plan: 'standard', actor });
  const integration = await service.integrations.create({
    tenantId: tenant.id,
    type: 'prebuilt',
    connector: 'incident-platform',
    baseUrl: simulator.server.origin,
    actor,
  });
  const ref = { tenantId: tenant.id, integrationId: integration.id };
  await service.integrations.configureAuth({ ...ref, inputs: { token: DEMO_FULL_ACCESS_KEY }, actor });
  // The first page is held until the test releases it: as long as the run's heartbeat needs to pass two stale periods.
  const page = holdPage(simulator, 0);
  await service.startWorkers();
  await service.integrations.setAction({ ...ref, action: 'importUsers', enabled: true, actor });
  const [first] = await service.sync.listRuns(ref);
  await page.asked;
  const askedAt = Date.now();
  // Two stale periods into one page, the run still beats (a heartbeat that stopped fails the bounded wait).
  const running = await waitUntil(
    "the run's heartbeat two stale periods after its page was asked for",
    () => service.sync.getRun({ ...ref, runId: first!.id }),
    (run) => Date.parse(run.heartbeatAt!) >= askedAt + 2_000,
    { timeoutMs: 30_000 },
  );
  expect(running).toMatchObject({ status: 'running', attempt: 1 });
  // The claims meanwhile (the dispatcher polls every 0.5 s, three slots free) and the tick leave it with its worker.
  await service.sync.tick();
  expect(await service.sync.getRun({ ...ref, runId: first!.id })).toMatchObject({ status: 'running', attempt: 1 });
  page.release();
  expect(await waitForRun(service, ref, first!.id)).toMatchObject({ status: 'succeeded', attempt: 1, counts: { seen: 3 } });
});
