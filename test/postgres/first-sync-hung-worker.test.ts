/**
 * A worker process that hangs, its connection open (stopped with SIGSTOP, not dead), while its
 * large first sync holds a transaction through the import (run-sync.ts, `addsAsImported`): the
 * accounts it added stay locked by that transaction. Its heartbeat stops, the run is taken over
 * after the stale period, and the server ends the hung transaction once it has been idle that long
 * (`limitHeldIdle`): the next attempt adds every account. Without that, the next attempt's insert
 * would wait for the hung worker for ever, its run "running" with a live heartbeat.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedUsers, startIncidentPlatform } from '../../src/simulators/incident-platform/index.js';
import { enableIncidentImport } from '../service/helpers/incident-integration.js';
import { useService } from '../service/helpers/service-fixture.js';
import { waitUntil } from '../service/helpers/wait-until.js';
import { holdPage } from '../service/sync/sync.cases.js';
import { cliEntry } from '../setup/cli-bundle.js';
import { postgresStorage } from './helpers/postgres-storage.js';
import { withClient } from './helpers/scratch-database.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const STALE_RUN_SECONDS = 3;
const actor = 'ops@example.com';
const fixture = useService(postgresStorage('hung_worker'), { sync: { engine: { pollingIntervalSeconds: 0.5, staleRunSeconds: STALE_RUN_SECONDS } } });
const databaseUrl = () => (fixture.options as { databaseUrl: string }).databaseUrl;
let simulator: Awaited<ReturnType<typeof startIncidentPlatform>>;
let worker: { child: ChildProcess; output: () => string } | undefined;
let serviceWorkers: Promise<void> | undefined;
/** This test's service runs workers from the first call on. */
const startServiceWorkers = () => (serviceWorkers ??= fixture.service.startWorkers());

/** A `connector service worker` process on the fixture's database; resolves once it runs. */
async function startWorker(): Promise<{ child: ChildProcess; output: () => string }> {
  const env = { ...process.env, DATABASE_URL: databaseUrl(), CONNECTOR_KEK: fixture.options.env?.CONNECTOR_KEK };
  const args = ['service', 'worker', '--allow-egress', '127.0.0.0/8', '--stale-run-seconds', String(STALE_RUN_SECONDS), '--poll-seconds', '0.5'];
  const child = spawn(process.execPath, [await cliEntry(), ...args], { cwd: REPO, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const append = (chunk: Buffer) => (output += chunk.toString('utf8'));
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  await waitUntil(
    'the worker process running',
    async () => ({ running: output.includes('worker running on'), exited: child.exitCode !== null }),
    (state) => state.running || state.exited,
  );
  if (!output.includes('worker running on')) throw new Error(`the worker exited: ${output}`);
  return { child, output: () => output };
}

beforeAll(async () => {
  simulator = await startIncidentPlatform({ users: seedUsers({ count: 1500 }) });
});

afterAll(async () => {
  // First: its connection closes with it, and nothing waits on it any more.
  if (worker?.child.exitCode === null) {
    const exited = new Promise((resolve) => worker!.child.once('exit', resolve));
    worker.child.kill('SIGKILL');
    await exited;
  }
  await fixture.service.stopWorkers();
  await simulator.close();
});

it('a worker hung mid first sync: its run is taken over and the next attempt adds every account', async () => {
  worker = await startWorker();
  const held = holdPage(simulator, 1200);
  // The service of this test runs no worker yet: the process takes the enabling run.
  const { ref, queued } = await enableIncidentImport(fixture.service, { name: 'Hung worker', origin: simulator.server.origin, actor });
  await held.asked;
  await withClient(databaseUrl(), async (probe) => {
    // An insert of an account of the worker's first batch: it waits on the worker's transaction once that batch is added.
    const insertListed = async (lockTimeout: string) => {
      await probe.query('BEGIN');
      try {
        await probe.query(`SET LOCAL lock_timeout = '${lockTimeout}'`);
        await probe.query(
          `INSERT INTO accounts (tenant_id, integration_id, external_id, email, email_key, name, admin, state, first_seen_at, last_seen_at, last_run_id)
           VALUES ($1, $2, $3, '', '', 'probe', false, 'active', now(), now(), 'probe')`,
          [ref.tenantId, ref.integrationId, simulator.state.users[0]!.id],
        );
        return 'inserted';
      } catch (error) {
        return (error as { code?: string }).code === '55P03' ? 'waited on a lock' : String(error);
      } finally {
        await probe.query('ROLLBACK');
      }
    };
    await waitUntil(
      'the worker holding its first batch',
      () => insertListed('200ms'),
      (outcome) => outcome !== 'inserted',
    );
    expect(await insertListed('200ms')).toBe('waited on a lock');
    worker!.child.kill('SIGSTOP');
    // Answered for whoever asks next (the stopped worker reads nothing).
    held.release();
    // The hung transaction ends after the stale period idle: the same insert then goes through (and is undone).
    expect(await insertListed('0')).toBe('inserted');
  });
  await startServiceWorkers();
  const run = await waitUntil(
    'the run taken over and finished',
    async () => {
      // The scheduler's tick takes over a run whose heartbeat is older than the stale period.
      await fixture.service.sync.tick();
      return fixture.service.sync.getRun({ ...ref, runId: queued.id });
    },
    (current) => current.status !== 'queued' && current.status !== 'running',
    { intervalMs: 250 },
  );
  expect(run).toMatchObject({ status: 'succeeded', counts: { seen: 1500, added: 1500, removed: 0 } });
  expect(run.attempt).toBeGreaterThan(1);
  await withClient(databaseUrl(), async (client) => {
    const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM accounts WHERE integration_id = $1', [ref.integrationId]);
    expect(rows[0]!.n).toBe(1500);
  });
});

it('a live run waiting on a slow page past the stale period keeps its transaction: the heartbeat touches it', async () => {
  await startServiceWorkers();
  const held = holdPage(simulator, 1200);
  const { ref, queued } = await enableIncidentImport(fixture.service, { name: 'Slow page', origin: simulator.server.origin, actor });
  await held.asked;
  await withClient(databaseUrl(), async (client) => {
    // The run's transaction, open longer than the idle limit, last touched by the heartbeat (a SELECT 1 on it).
    await waitUntil(
      'the held transaction outliving the stale period, touched',
      async () =>
        (
          await client.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity
             WHERE datname = current_database() AND state = 'idle in transaction' AND query = 'SELECT 1'
               AND xact_start < now() - make_interval(secs => $1)`,
            [STALE_RUN_SECONDS + 1],
          )
        ).rows[0]!.n,
      (n) => n === 1,
    );
  });
  held.release();
  const run = await waitUntil(
    'the run finished',
    () => fixture.service.sync.getRun({ ...ref, runId: queued.id }),
    (current) => current.status !== 'queued' && current.status !== 'running',
  );
  expect(run).toMatchObject({ status: 'succeeded', attempt: 1, counts: { seen: 1500, added: 1500 } });
});
