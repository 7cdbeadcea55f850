/**
 * Scale-out on the PostgreSQL server: 200 integrations against loopback simulators, three
 * `connector service worker` processes sharing the runs, one of them killed with SIGKILL while
 * runs are in its hands. Every integration is synced exactly once per trigger (the enabling run,
 * then one "sync now"), the killed worker's runs are taken over by the others (a next attempt),
 * and no account is lost, duplicated or wrongly removed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { delay, http } from 'msw';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openService, type Service } from '../../src/service/index.js';
import type { SyncRun } from '../../src/service/sync/sync-view.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';
import {
  DEMO_FULL_ACCESS_KEY,
  makeUserId,
  seedUsers,
  startIncidentPlatform,
  type IncidentPlatformSimulator,
} from '../../src/simulators/incident-platform/index.js';
import { createScratchDatabase, type ScratchDatabase } from './helpers/scratch-database.js';
import { cliEntry } from '../setup/cli-bundle.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const INTEGRATIONS = 200;
const SIMULATORS = 10;
const USERS = 150;
const STALE_RUN_SECONDS = 3;
const actor = 'ops@example.com';

let scratch: ScratchDatabase;
let service: Service;
const env = { DATABASE_URL: '', CONNECTOR_KEK: randomBytes(32).toString('base64') };
const simulators: IncidentPlatformSimulator[] = [];
const workers: { child: ChildProcess; exited: Promise<unknown>; output: () => string }[] = [];
const refs: { tenantId: string; integrationId: string; simulator: IncidentPlatformSimulator }[] = [];
let held: IncidentPlatformSimulator;
let openGate!: () => void;
/** Armed after setup: the connection test on saving the credentials passes. */
let gated = false;
const gate = new Promise<void>((resolve) => (openGate = resolve));

async function startWorker(): Promise<(typeof workers)[number]> {
  const child = spawn(
    process.execPath,
    [await cliEntry(), 'service', 'worker', '--allow-egress', '127.0.0.0/8', '--stale-run-seconds', String(STALE_RUN_SECONDS), '--poll-seconds', '0.5'],
    { cwd: REPO, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start: ${output}`)), 60_000);
    child.stdout!.on('data', () => {
      if (!output.includes('worker running on')) return;
      clearTimeout(timer);
      resolve({ child, exited, output: () => output });
    });
    void exited.then(() => reject(new Error(`worker exited: ${output}`)));
  });
}

/** Every integration's runs, newest first, once none of them is queued or running. */
async function settledRuns(expectedPerIntegration: number): Promise<SyncRun[][]> {
  for (let round = 0; round < 120; round += 1) {
    // The scheduler's tick (a minute's cron in the workers) also recovers runs whose worker died.
    await service.sync.tick();
    const runs = await Promise.all(refs.map((ref) => service.sync.listRuns(ref)));
    if (runs.every((list) => list.length >= expectedPerIntegration && list.every((run) => run.status !== 'queued' && run.status !== 'running'))) return runs;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const runs = (await Promise.all(refs.map((ref) => service.sync.listRuns(ref)))).flat();
  const open = runs.filter((run) => run.status === 'queued' || run.status === 'running');
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  const jobs = (await client.query(`SELECT state, count(*)::int AS n FROM pgboss.job WHERE name = 'integration-sync' GROUP BY state`)).rows;
  const activity = (
    await client.query(
      `SELECT state, wait_event_type, left(query, 120) AS query FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    )
  ).rows;
  await client.end();
  throw new Error(
    `the runs did not settle: jobs ${JSON.stringify(jobs)}; sessions ${JSON.stringify(activity)}; ${open.length} open, e.g. ${JSON.stringify(open.slice(0, 3))}; worker output: ${workers.map((worker) => worker.output().slice(-2000)).join('\n---\n')}`,
  );
}

async function allAccounts(ref: { tenantId: string; integrationId: string }) {
  const accounts = [];
  let after: string | undefined;
  do {
    const page = await service.sync.listAccounts({ ...ref, limit: 1000, after });
    accounts.push(...page.accounts);
    after = page.next;
  } while (after);
  return accounts;
}

/** The integration's present accounts match its simulator's users one for one; returns the removed ones' ids. */
async function expectInStep(ref: (typeof refs)[number]): Promise<string[]> {
  const accounts = await allAccounts(ref);
  const present = accounts.filter((account) => account.state !== 'removed').map((account) => account.externalId);
  expect(new Set(accounts.map((account) => account.externalId)).size).toBe(accounts.length);
  expect(present.sort()).toEqual(ref.simulator.state.users.map((user) => user.id).sort());
  return accounts.filter((account) => account.state === 'removed').map((account) => account.externalId);
}

beforeAll(async () => {
  scratch = await createScratchDatabase('scale');
  env.DATABASE_URL = scratch.url;
  service = await openService({ databaseUrl: scratch.url, env, egress: ALLOW_LOOPBACK, sync: { engine: { staleRunSeconds: STALE_RUN_SECONDS } } });
  for (let index = 0; index < SIMULATORS; index += 1) {
    const simulator = await startIncidentPlatform({ users: seedUsers({ count: USERS }) });
    // Slow pages keep runs in the workers' hands long enough for one to die holding some.
    simulator.server.use(http.get(`${simulator.server.origin}/users`, async () => void (await delay(150))));
    simulators.push(simulator);
  }
  const tenant = await service.tenants.create({ name: 'Scale', plan: 'standard', actor });
  // Integration 0 has a simulator of its own whose pages wait at a gate: its run is surely in the hands of the worker killed below.
  held = await startIncidentPlatform({ users: seedUsers({ count: USERS }) });
  held.server.use(http.get(`${held.server.origin}/users`, async () => void (gated && (await gate))));
  simulators.push(held);
  for (let index = 0; index < INTEGRATIONS; index += 1) {
    const simulator = index === 0 ? held : simulators[index % SIMULATORS]!;
    const integration = await service.integrations.create({
      tenantId: tenant.id,
      actor,
      type: 'prebuilt',
      connector: 'incident-platform',
      baseUrl: simulator.server.origin,
      name: `App ${index}`,
    });
    const ref = { tenantId: tenant.id, integrationId: integration.id };
    await service.integrations.configureAuth({ ...ref, inputs: { token: DEMO_FULL_ACCESS_KEY }, actor });
    refs.push({ ...ref, simulator });
  }
}, 240_000);

afterAll(async () => {
  for (const worker of workers) if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill('SIGTERM');
  await Promise.all(workers.map((worker) => worker.exited));
  await service?.close();
  for (const simulator of simulators) await simulator.close();
  await scratch?.drop();
}, 60_000);

it('three workers sync 200 integrations once per trigger; a worker killed mid-run loses, duplicates and removes nothing', { timeout: 600_000 }, async () => {
  const enable = (ref: (typeof refs)[number]) =>
    service.integrations.setAction({ tenantId: ref.tenantId, integrationId: ref.integrationId, action: 'importUsers', enabled: true, actor });
  // Trigger 1: enabling Import Users queues each integration's first run. The first worker alone
  // takes integration 0's run, which waits at the gate; then the other two join and the rest is enabled.
  gated = true;
  const victim = await startWorker();
  workers.push(victim);
  await enable(refs[0]!);
  for (let tries = 0; (await service.sync.listRuns(refs[0]!))[0]?.status !== 'running'; tries += 1) {
    if (tries > 200) throw new Error('the first worker did not take the held run');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  workers.push(...(await Promise.all([startWorker(), startWorker()])));
  await Promise.all(refs.slice(1).map(enable));

  // Kill the first worker in the middle: runs under way on all three, others still waiting.
  for (;;) {
    const runs = (await Promise.all(refs.map((ref) => service.sync.listRuns(ref)))).flat();
    if (runs.filter((run) => run.status === 'succeeded').length >= 20) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  victim.child.kill('SIGKILL');
  await victim.exited;
  openGate();

  const first = await settledRuns(1);
  for (const [index, runs] of first.entries()) {
    expect(runs, `integration ${index}`).toHaveLength(1);
    expect(runs[0]).toMatchObject({ trigger: 'enabled', status: 'succeeded', counts: { seen: USERS, added: USERS, removed: 0, skipped: 0 } });
  }
  // The run the killed worker held was taken over with a next attempt.
  expect(first[0]![0]!.attempt).toBeGreaterThanOrEqual(2);
  for (const ref of refs) expect(await expectInStep(ref)).toEqual([]);

  // Trigger 2, on the two workers left: each simulator loses two users and gains one.
  const gone = new Map<IncidentPlatformSimulator, string[]>();
  for (const [index, simulator] of simulators.entries()) {
    gone.set(
      simulator,
      simulator.state.users.splice(5, 2).map((user) => user.id),
    );
    simulator.state.users.push({ ...simulator.state.users[6]!, id: makeUserId(900_000 + index), email: `joiner${index}@example.com`, name: `Joiner ${index}` });
  }
  const requested = await Promise.all(refs.map((ref) => service.sync.syncNow({ tenantId: ref.tenantId, integrationId: ref.integrationId, actor })));
  expect(requested.every((result) => !result.joined)).toBe(true);
  const second = await settledRuns(2);
  for (const [index, runs] of second.entries()) {
    expect(runs, `integration ${index}`).toHaveLength(2);
    expect(runs[0]).toMatchObject({ trigger: 'manual', status: 'succeeded', counts: { seen: USERS - 1, added: 1, removed: 2 } });
  }
  for (const ref of refs) expect((await expectInStep(ref)).sort()).toEqual([...gone.get(ref.simulator)!].sort());
});
