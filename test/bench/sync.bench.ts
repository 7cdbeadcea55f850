/**
 * Account sync through the service against the incident platform simulator (PagerDuty users),
 * on the embedded database (PGlite in a mkdtemp data directory) and on PostgreSQL at
 * 127.0.0.1:5432 (a scratch database; skipped with a printed note when no server answers).
 *
 * 1. One integration of N accounts (SYNC_ACCOUNTS, default 100,000), at N/10 and at N.
 *    Baseline in the same run: the BARE import of the same accounts from the same simulator,
 *    `client.importUsers()` of the same connector iterated page by page without storing.
 *    Reported: bare import seconds; sync seconds from `service.sync.syncNow` to the run's status
 *    `succeeded`, for the first sync of the N accounts (all added) and for a second one (nothing
 *    changed); ratio = sync seconds / bare seconds (goals at the end of the output); beside each, the
 *    CPU seconds of this process (PGlite included) and, on PostgreSQL, of the server's backends of
 *    the scratch database (from /proc), steadier than wall time on a loaded machine; peak RSS and heap used sampled
 *    every 50 ms during the first sync (after global.gc), and peak(N) / peak(N/10) to show
 *    whether memory stays flat as the count grows.
 * 2. SYNC_INTEGRATIONS (default 1,000) incident-platform integrations × 100 accounts in one
 *    tenant, all on one simulator: workers run in-process (`service.startWorkers()`), Import
 *    Users is enabled on all of them through the bulk path of the API (`PUT
 *    /v1/integrations/actions/importUsers` with 1,000 ids a request, in process through
 *    `inject`; it queues every immediate sync in one transaction), and the wall time from the
 *    enabling until the last run's finish (its `finishedAt`) gives runs per minute. The drain
 *    reads the overview of the integrations not yet done once a second (`DRAIN_POLL_MS`): reading
 *    all 1,000 every 250 ms, as it did until 2026-11-28, took about a third of the embedded
 *    database's single connection (1,432 and 1,316 runs/min that way, 1,945 and 1,930 with a poll
 *    every 2 s, same code, alternated), so the harness measured itself.
 *    Baseline in the same run: as many bare imports of the 100 accounts, one after another, each
 *    with its own client (connect, import, close), as each run does. Ratio = sync wall / bare wall.
 *    The drain stops after SYNC_MAX_SECONDS (default 300): the output then says how many runs
 *    finished in that time and compares rates on that smaller count.
 *
 * The simulator runs in a child process (this file, started with SYNC_BENCH_ROLE=simulator), so
 * that its N users and its CPU are not in the measured process's memory and event loop; its rate
 * limit is lifted and it records one request. PagerDuty (and the simulator, and the prebuilt spec
 * with `maxOffset: 10000`) refuse offset + limit > 10,000, so an account of 100,000 users cannot be
 * listed by the prebuilt connector at all: part 1 lifts that cap in the child's GET /users and
 * uses the prebuilt spec as a build-your-own spec without `maxOffset` (same mapping, 100 a page),
 * for the bare import and the sync alike. Part 2 uses the prebuilt connector as shipped.
 *
 * 3. The same sync as 1 with the target answering each page SYNC_LATENCY_MS later (default 100 ms,
 *    as a SaaS API over the internet does), on SYNC_LATENCY_ACCOUNTS (default N/5): the database's
 *    work overlaps the target's, so the ratio shows what an operator sees in production.
 *
 * The N accounts at 0 ms are measured SYNC_REPEAT times (default 3), each pair (bare import, first
 * sync on a fresh database, re-sync) its own row; the goals take the median ratio of the pairs.
 *
 * `SYNC_ACCOUNTS=5000 SYNC_INTEGRATIONS=50 SYNC_REPEAT=1 npm run bench -- sync` for a quicker run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { serverCpu } from './server-cpu.js';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { delay, http, HttpResponse } from 'msw';
import { connect } from '../../src/index.js';
import type { CompiledConnector } from '../../src/connector.js';
import { compileSpecText } from '../../src/compiler/index.js';
import { PACKAGE_ROOT } from '../../src/package-root.js';
import { openService, type Service, type ServiceOptions } from '../../src/service/index.js';
import { buildHttpApp } from '../../src/service/http/build-app.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';
import { DEMO_FULL_ACCESS_KEY, MAX_LIMIT, seedUsers, startIncidentPlatform } from '../../src/simulators/incident-platform/index.js';
import { checkRequest } from '../../src/simulators/incident-platform/guards.js';
import { invalidInput, representUser } from '../../src/simulators/incident-platform/responses.js';
import { loadIncidentPlatformConnector, SPEC_FILE } from '../../src/demo/load-connector.js';
import { createScratchDatabase } from '../postgres/helpers/scratch-database.js';
import { median } from './median.js';

const actor = 'bench';
const SELF = fileURLToPath(import.meta.url);

// ---------------------------------------------------------------------------------------------
// The simulator child: the incident platform with its rate limit and offset cap lifted, and a
// control route to reseed its users.
// ---------------------------------------------------------------------------------------------

async function runSimulatorChild(): Promise<void> {
  const simulator = await startIncidentPlatform({ users: seedUsers({ count: Number(process.env.SYNC_BENCH_USERS ?? 0) }) });
  const { state, server } = simulator;
  const unlimited = () => {
    state.rateLimit.limit = Number.MAX_SAFE_INTEGER;
    state.rateLimit.remaining = Number.MAX_SAFE_INTEGER;
  };
  unlimited();
  server.maxRecordedRequests = 1;
  let latencyMs = 0;
  server.use(
    http.post('*/__bench/latency', ({ request }) => {
      latencyMs = Number(new URL(request.url).searchParams.get('ms') ?? 0);
      return HttpResponse.json({ latencyMs });
    }),
    http.post('*/__bench/seed', ({ request }) => {
      state.users = seedUsers({ count: Number(new URL(request.url).searchParams.get('count') ?? 0) });
      unlimited();
      return HttpResponse.json({ users: state.users.length });
    }),
    // GET /users as the simulator answers it, less the 10,000 cap on offset + limit.
    http.get('*/users', async ({ request }) => {
      const { response } = checkRequest(state, request);
      if (response) return response;
      const url = new URL(request.url);
      const limit = Math.min(Math.max(Number(url.searchParams.get('limit') ?? 25), 1), MAX_LIMIT);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      if (!Number.isInteger(limit) || !Number.isInteger(offset) || offset < 0) return invalidInput('limit and offset must be non-negative integers');
      if (url.searchParams.has('query')) return undefined;
      if (latencyMs > 0) await delay(latencyMs);
      const page = state.users.slice(offset, offset + limit);
      return HttpResponse.json({
        users: page.map((user) => representUser(state, user)),
        limit,
        offset,
        more: offset + limit < state.users.length,
        total: null,
      });
    }),
  );
  process.stdout.write(`${JSON.stringify({ origin: server.origin })}\n`);
  process.on('SIGTERM', () => void simulator.close().finally(() => process.exit(0)));
}

interface SimulatorHandle {
  origin: string;
  seed(count: number): Promise<void>;
  /** Each page of users answered this much later, as a SaaS API over the internet answers. */
  latency(ms: number): Promise<void>;
  close(): Promise<void>;
}

async function startSimulatorChild(users: number): Promise<SimulatorHandle> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', SELF], {
    env: { ...process.env, SYNC_BENCH_ROLE: 'simulator', SYNC_BENCH_USERS: String(users) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const origin = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the simulator exited (${code}) before it listened`)));
    lines.once('line', (line) => resolve((JSON.parse(line) as { origin: string }).origin));
  });
  child.removeAllListeners('exit');
  return {
    origin,
    async seed(count) {
      const answer = await fetch(`${origin}/__bench/seed?count=${count}`, { method: 'POST' });
      if (!answer.ok) throw new Error(`reseeding the simulator failed: ${answer.status}`);
    },
    async latency(ms) {
      const answer = await fetch(`${origin}/__bench/latency?ms=${ms}`, { method: 'POST' });
      if (!answer.ok) throw new Error(`setting the simulator's latency failed: ${answer.status}`);
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

// ---------------------------------------------------------------------------------------------
// Shared helpers
// ---------------------------------------------------------------------------------------------

const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const MB = 1024 * 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (from: number) => (performance.now() - from) / 1000;
/** CPU seconds (user and system) this process spent since `from` (a `process.cpuUsage()`). */
const cpuSeconds = (from: NodeJS.CpuUsage) => {
  const spent = process.cpuUsage(from);
  return (spent.user + spent.system) / 1e6;
};

/** Peak RSS and heap used, sampled every 50 ms until `stop()`. */
function sampleMemory(): { stop(): { rss: number; heap: number; rssBefore: number; heapBefore: number } } {
  gc();
  gc();
  const before = process.memoryUsage();
  let rss = before.rss;
  let heap = before.heapUsed;
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss);
    heap = Math.max(heap, now.heapUsed);
  }, 50);
  return {
    stop() {
      clearInterval(timer);
      const now = process.memoryUsage();
      return { rss: Math.max(rss, now.rss), heap: Math.max(heap, now.heapUsed), rssBefore: before.rss, heapBefore: before.heapUsed };
    },
  };
}

/** A bare import: the connector's client, pages iterated and dropped. Returns the accounts seen. */
async function bareImport(connector: CompiledConnector, origin: string): Promise<number> {
  const client = connect(connector, { token: DEMO_FULL_ACCESS_KEY }, { baseUrl: origin, egress: ALLOW_LOOPBACK });
  try {
    let accounts = 0;
    for await (const page of client.importUsers()) accounts += page.accounts.length;
    return accounts;
  } finally {
    await client.close();
  }
}

interface Storage {
  name: 'embedded' | 'postgres';
  /** Opens a fresh database for one measurement and returns its options and a cleanup. */
  fresh(): Promise<{ options: ServiceOptions; drop(): Promise<void> }>;
}

const embedded: Storage = {
  name: 'embedded',
  async fresh() {
    const dir = await mkdtemp(join(tmpdir(), 'bench-sync-'));
    return { options: { dataDir: join(dir, 'data') }, drop: () => rm(dir, { recursive: true, force: true }) };
  },
};

const postgres: Storage = {
  name: 'postgres',
  async fresh() {
    const scratch = await createScratchDatabase('bench_sync');
    return { options: { databaseUrl: scratch.url, env: { CONNECTOR_KEK: randomBytes(32).toString('base64') } }, drop: () => scratch.drop() };
  },
};

const open = (options: ServiceOptions): Promise<Service> =>
  openService({
    ...options,
    egress: ALLOW_LOOPBACK,
    sync: { engine: { pollingIntervalSeconds: 0.5 }, onError: (error) => process.stderr.write(`sync error: ${String(error)}\n`) },
  });

type Ref = { tenantId: string; integrationId: string };

/** Polls every 50 ms: a run's measured time ends at the poll that sees it done (at 100 ms, 50 ms later on average). */
async function waitForRun(service: Service, ref: Ref, runId: string, pollMs = 50) {
  for (;;) {
    const run = await service.sync.getRun({ ...ref, runId });
    if (run.status === 'succeeded') return run;
    if (run.status !== 'queued' && run.status !== 'running') throw new Error(`run ${runId} ended ${run.status}: ${JSON.stringify(run.error)}`);
    await sleep(pollMs);
  }
}

// ---------------------------------------------------------------------------------------------
// Part 1: one integration of N accounts
// ---------------------------------------------------------------------------------------------

const ACCOUNTS = Number(process.env.SYNC_ACCOUNTS ?? 100_000);
/** A last row per storage with target latency per page (SYNC_LATENCY_MS, default 100) on SYNC_LATENCY_ACCOUNTS (default N/5). */
const LATENCY_MS = Number(process.env.SYNC_LATENCY_MS ?? 100);
const LATENCY_ACCOUNTS = Number(process.env.SYNC_LATENCY_ACCOUNTS ?? Math.round(ACCOUNTS / 5));
/**
 * Paired measurements (bare import, then sync, on a fresh database) of the N accounts at 0 ms, each
 * its own row (SYNC_REPEAT, default 3): the goals take the median of their ratios. The bare import
 * alone varied from 0.6 to 1.5 s between runs of the same code on this machine, so one pair's ratio
 * says little.
 */
const REPEAT = Math.max(1, Number(process.env.SYNC_REPEAT ?? 3));

interface LargeRow {
  storage: string;
  latencyMs: number;
  accounts: number;
  bare: number;
  sync: number;
  resync: number;
  rss: number;
  heap: number;
  rssBefore: number;
  heapBefore: number;
}

/** The prebuilt spec as a build-your-own spec without `maxOffset` (see the header). */
async function uncappedSpec(): Promise<string> {
  const text = await readFile(`${PACKAGE_ROOT}${SPEC_FILE}`, 'utf8');
  const uncapped = text
    .replace(/^type: prebuilt$/m, 'type: custom')
    .replace(/^id: incident-platform$/m, 'id: incident-platform-uncapped')
    .replace(/^\s*maxOffset: 10000\n/m, '');
  if (uncapped === text || uncapped.includes('maxOffset: 10000')) throw new Error('the incident platform spec changed; update the bench');
  return uncapped;
}

async function largeSync(storage: Storage, simulator: SimulatorHandle, spec: { text: string; connector: CompiledConnector }, count: number): Promise<LargeRow> {
  // The baseline first, with no service open.
  await simulator.seed(count);
  gc();
  const bareCpu = process.cpuUsage();
  const bareStart = performance.now();
  const imported = await bareImport(spec.connector, simulator.origin);
  const bare = seconds(bareStart);
  const bareCpuSeconds = cpuSeconds(bareCpu);
  if (imported !== count) throw new Error(`the bare import saw ${imported} accounts, not ${count}`);

  // Enabling Import Users syncs at once: let that first run see an empty account.
  await simulator.seed(0);
  const database = await storage.fresh();
  try {
    const service = await open(database.options);
    try {
      const tenant = await service.tenants.create({ name: 'bench', plan: 'standard', actor });
      const integration = await service.integrations.create({ tenantId: tenant.id, type: 'build-your-own', spec: spec.text, baseUrl: simulator.origin, actor });
      const ref = { tenantId: tenant.id, integrationId: integration.id };
      const auth = await service.integrations.configureAuth({ ...ref, inputs: { token: DEMO_FULL_ACCESS_KEY }, actor });
      if (!auth.ok) throw new Error(`configureAuth failed: ${JSON.stringify(auth)}`);
      await service.startWorkers();
      await service.integrations.setAction({ ...ref, action: 'importUsers', enabled: true, actor });
      const [enabled] = await service.sync.listRuns(ref);
      await waitForRun(service, ref, enabled!.id);

      await simulator.seed(count);
      const server = 'databaseUrl' in database.options && database.options.databaseUrl ? serverCpu(database.options.databaseUrl) : undefined;
      await server?.start();
      const memory = sampleMemory();
      const syncCpu = process.cpuUsage();
      const syncStart = performance.now();
      const first = await waitForRun(service, ref, (await service.sync.syncNow({ ...ref, actor })).run.id);
      const sync = seconds(syncStart);
      const syncCpuSeconds = cpuSeconds(syncCpu);
      const syncServerMs = await server?.stop();
      const peak = memory.stop();
      if (first.counts.added !== count) throw new Error(`the sync added ${first.counts.added} accounts, not ${count}`);

      await server?.start();
      const resyncCpu = process.cpuUsage();
      const resyncStart = performance.now();
      const second = await waitForRun(service, ref, (await service.sync.syncNow({ ...ref, actor })).run.id);
      const resync = seconds(resyncStart);
      const resyncCpuSeconds = cpuSeconds(resyncCpu);
      const resyncServerMs = await server?.stop();
      const onServer = (spentMs: number | undefined) => (spentMs === undefined ? '' : `, server CPU ${(spentMs / 1000).toFixed(2)} s`);
      if (second.counts.seen !== count || second.counts.added !== 0 || second.counts.changed !== 0)
        throw new Error(`the re-sync counted ${JSON.stringify(second.counts)}`);
      // CPU seconds of this process (the embedded database included, PostgreSQL's server not): steadier than wall time on a loaded machine.
      process.stdout.write(
        `${storage.name}: ${count} accounts: bare ${bare.toFixed(2)} s (CPU ${bareCpuSeconds.toFixed(2)} s), sync ${sync.toFixed(2)} s (CPU ${syncCpuSeconds.toFixed(2)} s${onServer(syncServerMs)}), re-sync ${resync.toFixed(2)} s (CPU ${resyncCpuSeconds.toFixed(2)} s${onServer(resyncServerMs)})\n`,
      );
      return { storage: storage.name, latencyMs: 0, accounts: count, bare, sync, resync, ...peak };
    } finally {
      await service.close();
    }
  } finally {
    await database.drop();
  }
}

// ---------------------------------------------------------------------------------------------
// Part 2: many integrations of 100 accounts
// ---------------------------------------------------------------------------------------------

const INTEGRATIONS = Number(process.env.SYNC_INTEGRATIONS ?? 1_000);
const PER_INTEGRATION = 100;
const MAX_SECONDS = Number(process.env.SYNC_MAX_SECONDS ?? 300);
/** How often the drain reads whether the runs are done (see the header: it shares their database). */
const DRAIN_POLL_MS = 1000;

interface ManyRow {
  storage: string;
  integrations: number;
  setup: number;
  enabling: number;
  done: number;
  wall: number;
  bare: number;
  /** Bare imports of `done` accounts' worth: the baseline's time scaled to the runs that finished. */
  bareForDone: number;
}

async function manyIntegrations(storage: Storage, simulator: SimulatorHandle, connector: CompiledConnector): Promise<ManyRow> {
  // Baseline: as many bare imports, one after another, each with its own client.
  gc();
  const bareStart = performance.now();
  for (let index = 0; index < INTEGRATIONS; index += 1) {
    const seen = await bareImport(connector, simulator.origin);
    if (seen !== PER_INTEGRATION) throw new Error(`a bare import saw ${seen} accounts`);
  }
  const bare = seconds(bareStart);

  const database = await storage.fresh();
  try {
    const service = await open(database.options);
    try {
      const tenant = await service.tenants.create({ name: 'bench', plan: 'standard', actor });
      const setupStart = performance.now();
      const refs: Ref[] = [];
      for (let index = 0; index < INTEGRATIONS; index += 1) {
        const integration = await service.integrations.create({
          tenantId: tenant.id,
          type: 'prebuilt',
          connector: 'incident-platform',
          baseUrl: simulator.origin,
          name: `Incident platform ${index}`,
          actor,
        });
        const ref = { tenantId: tenant.id, integrationId: integration.id };
        await service.integrations.configureAuth({ ...ref, inputs: { token: DEMO_FULL_ACCESS_KEY }, actor });
        refs.push(ref);
      }
      const setup = seconds(setupStart);
      await service.startWorkers();

      // The bulk path as an administrator calls it: PUT /v1/integrations/actions/importUsers, one request per 1,000.
      const api = await buildHttpApp({ service, log: () => undefined });
      const { token } = await service.tokens.create({ tenantId: tenant.id, role: 'admin', actor });
      const start = performance.now();
      const startedAt = Date.now();
      for (let index = 0; index < refs.length; index += 1000) {
        const integrationIds = refs.slice(index, index + 1000).map((ref) => ref.integrationId);
        const answer = await api.app.inject({
          method: 'PUT',
          url: '/v1/integrations/actions/importUsers',
          headers: { authorization: `Bearer ${token}` },
          payload: { integrationIds, enabled: true },
        });
        if (answer.statusCode !== 200) throw new Error(`enabling answered ${answer.statusCode}: ${answer.body}`);
      }
      const enabling = seconds(start);
      await api.app.close();
      // Runs are taken in no fixed order (they were queued together): count the finished ones
      // among the integrations not yet done, 1,000 at a time (overview); the wall time ends with
      // the last run's own finish, not with the poll that saw it.
      const finished = new Set<string>();
      let lastFinishedAt = startedAt;
      while (finished.size < refs.length && seconds(start) < MAX_SECONDS) {
        const waiting = refs.map((ref) => ref.integrationId).filter((id) => !finished.has(id));
        for (let index = 0; index < waiting.length; index += 1000) {
          const integrationIds = waiting.slice(index, index + 1000);
          for (const [id, { lastRun: run }] of await service.sync.overview({ tenantId: tenant.id, integrationIds })) {
            if (!run || run.status === 'queued' || run.status === 'running') continue;
            if (run.status !== 'succeeded') throw new Error(`a run ended ${run.status}: ${JSON.stringify(run.error)}`);
            if (run.counts.seen !== PER_INTEGRATION) throw new Error(`a run saw ${run.counts.seen} accounts`);
            finished.add(id);
            lastFinishedAt = Math.max(lastFinishedAt, Date.parse(run.finishedAt!));
          }
        }
        if (finished.size < refs.length) await sleep(DRAIN_POLL_MS);
      }
      // A capped drain ends at the cap (the runs not done had not finished by then).
      const wall = finished.size < refs.length ? seconds(start) : (lastFinishedAt - startedAt) / 1000;
      const done = finished.size;
      process.stdout.write(
        `${storage.name}: ${done} of ${INTEGRATIONS} integrations synced in ${wall.toFixed(1)} s (setup ${setup.toFixed(1)} s, enabling ${enabling.toFixed(1)} s); ${INTEGRATIONS} bare imports ${bare.toFixed(1)} s\n`,
      );
      return { storage: storage.name, integrations: INTEGRATIONS, setup, enabling, done, wall, bare, bareForDone: (bare * done) / INTEGRATIONS };
    } finally {
      // Queued runs left behind by a capped drain are dropped with the database.
      await service.close();
    }
  } finally {
    await database.drop();
  }
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

/** `SYNC_STORAGES=embedded` or `postgres` (default both) and `SYNC_PARTS=large,latency,many` (default all) for a narrower run. */
const STORAGES = (process.env.SYNC_STORAGES ?? 'embedded,postgres').split(',');
const PARTS = (process.env.SYNC_PARTS ?? 'large,latency,many').split(',');

async function main(): Promise<void> {
  const storages: Storage[] = STORAGES.includes('embedded') ? [embedded] : [];
  let note = '';
  if (STORAGES.includes('postgres')) {
    try {
      await (await postgres.fresh()).drop();
      storages.push(postgres);
    } catch (error) {
      note = `PostgreSQL skipped: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
    }
  }

  const text = await uncappedSpec();
  const spec = { text, connector: await compileSpecText({ text, file: 'incident-platform-uncapped.yaml' }) };
  const counts = [Math.max(1, Math.round(ACCOUNTS / 10)), ACCOUNTS];
  const large: LargeRow[] = [];
  const many: ManyRow[] = [];

  const bigSimulator = await startSimulatorChild(0);
  try {
    if (PARTS.includes('large'))
      for (const storage of storages)
        for (const count of counts)
          for (let trial = 0; trial < (count === ACCOUNTS ? REPEAT : 1); trial++) large.push(await largeSync(storage, bigSimulator, spec, count));
    if (PARTS.includes('latency') && LATENCY_MS > 0 && LATENCY_ACCOUNTS > 0) {
      await bigSimulator.latency(LATENCY_MS);
      for (const storage of storages) large.push({ ...(await largeSync(storage, bigSimulator, spec, LATENCY_ACCOUNTS)), latencyMs: LATENCY_MS });
      await bigSimulator.latency(0);
    }
  } finally {
    await bigSimulator.close();
  }

  const { connector } = await loadIncidentPlatformConnector();
  const smallSimulator = await startSimulatorChild(PER_INTEGRATION);
  try {
    if (PARTS.includes('many')) for (const storage of storages) many.push(await manyIntegrations(storage, smallSimulator, connector));
  } finally {
    await smallSimulator.close();
  }

  const out = (line: string) => process.stdout.write(`${line}\n`);
  const mb = (bytes: number) => (bytes / MB).toFixed(0);
  out('');
  out(`Sync of one integration (incident platform, 100 a page, offset cap lifted) vs the bare import of the same accounts`);
  out(
    'storage   | latency/page | accounts | bare import s | sync s (all new) | ratio | re-sync s (unchanged) | ratio | RSS before → peak MB | heap before → peak MB',
  );
  for (const row of large) {
    out(
      `${row.storage.padEnd(9)} | ${`${row.latencyMs} ms`.padStart(12)} | ${String(row.accounts).padStart(8)} | ${row.bare.toFixed(2).padStart(13)} | ${row.sync.toFixed(2).padStart(16)} | ${(row.sync / row.bare).toFixed(2).padStart(4)}× | ${row.resync.toFixed(2).padStart(21)} | ${(row.resync / row.bare).toFixed(2).padStart(4)}× | ${`${mb(row.rssBefore)} → ${mb(row.rss)}`.padStart(20)} | ${`${mb(row.heapBefore)} → ${mb(row.heap)}`.padStart(21)}`,
    );
  }
  out(`Peak memory of the first sync, ${counts[1]} accounts ÷ ${counts[0]} accounts (goal: flat, ≈ 1×):`);
  for (const storage of storages) {
    const loopback = large.filter((row) => row.latencyMs === 0);
    const [small, big] = [
      loopback.find((row) => row.storage === storage.name && row.accounts === counts[0]),
      loopback.find((row) => row.storage === storage.name && row.accounts === counts[1]),
    ];
    if (small && big) out(`  ${storage.name.padEnd(9)} RSS ${(big.rss / small.rss).toFixed(2)}×, heap used ${(big.heap / small.heap).toFixed(2)}×`);
  }

  out('');
  out(`${INTEGRATIONS} incident-platform integrations × ${PER_INTEGRATION} accounts in one tenant, workers in-process (first enable → every run succeeded)`);
  out(
    'storage   | runs done | wall s (enable → all done) | of which enabling s | runs/min | bare imports s (same count) | bare imports/min | ratio (wall ÷ bare)',
  );
  for (const row of many) {
    const partial = row.done < row.integrations;
    out(
      `${row.storage.padEnd(9)} | ${`${row.done}/${row.integrations}`.padStart(9)} | ${row.wall.toFixed(1).padStart(26)} | ${row.enabling.toFixed(1).padStart(19)} | ${((row.done / row.wall) * 60).toFixed(0).padStart(8)} | ${row.bareForDone.toFixed(1).padStart(27)} | ${((row.integrations / row.bare) * 60).toFixed(0).padStart(16)} | ${(row.wall / row.bareForDone).toFixed(1)}×${partial ? ' (partial)' : ''}`,
    );
    if (partial) {
      out(
        `  ${row.storage}: only ${row.done} of ${row.integrations} runs succeeded within ${MAX_SECONDS} s; the row is measured on those ${row.done} (bare time scaled to ${row.done} imports). At ${((row.done / row.wall) * 60).toFixed(0)} runs/min all ${row.integrations} would take ≈ ${(((row.integrations / row.done) * row.wall) / 60).toFixed(1)} min.`,
      );
    }
  }
  out(`(setup of the integrations, not timed above: ${many.map((row) => `${row.storage} ${row.setup.toFixed(1)} s`).join(', ')})`);

  // Issue 26's acceptance, each ratio against the bare import measured in the same run.
  out('');
  out('Goals (issue 26), each against its baseline in this run:');
  const check = (label: string, value: number, goal: number, atMost: boolean, unit = '×', detail = '') =>
    out(
      `  ${label.padEnd(58)} ${value.toFixed(unit === '×' ? 2 : 0).padStart(7)}${unit} (goal ${atMost ? '≤' : '≥'} ${goal}${unit}) ${(atMost ? value <= goal : value >= goal) ? 'met' : 'NOT met'}${detail}`,
    );
  const GOALS = {
    embedded: { first: 3, resync: 1.6, runsPerMinute: 2000 },
    postgres: { first: 2, resync: 1.3, runsPerMinute: 3000 },
  } as const;
  for (const storage of storages) {
    const goal = GOALS[storage.name];
    const full = large.filter((row) => row.storage === storage.name && row.latencyMs === 0 && row.accounts === counts[1]);
    if (full.length > 0) {
      const trials = (ratio: (row: LargeRow) => number) => {
        const ratios = full.map(ratio);
        return { median: median(ratios), of: full.length === 1 ? '' : ` (median of ${ratios.map((value) => value.toFixed(2)).join(', ')})` };
      };
      const first = trials((row) => row.sync / row.bare);
      const resync = trials((row) => row.resync / row.bare);
      check(`${storage.name}: first sync of ${counts[1]} ÷ bare import`, first.median, goal.first, true, '×', first.of);
      check(`${storage.name}: unchanged re-sync of ${counts[1]} ÷ bare import`, resync.median, goal.resync, true, '×', resync.of);
    }
    const slow = large.find((row) => row.storage === storage.name && row.latencyMs > 0);
    if (slow) {
      check(`${storage.name}: first sync, ${slow.latencyMs} ms a page, ${slow.accounts} ÷ bare`, slow.sync / slow.bare, 1.15, true);
      check(`${storage.name}: re-sync, ${slow.latencyMs} ms a page, ${slow.accounts} ÷ bare`, slow.resync / slow.bare, 1.15, true);
    }
    const row = many.find((candidate) => candidate.storage === storage.name);
    if (row)
      check(
        `${storage.name}: runs per minute, ${row.integrations} integrations, enabling included`,
        (row.done / row.wall) * 60,
        goal.runsPerMinute,
        false,
        '/min',
      );
  }
  out(
    `  (load average when done: ${loadavg()
      .map((value) => value.toFixed(1))
      .join(', ')} on ${availableParallelism()} cores; figures on a loaded machine are indicative)`,
  );
  if (note) out(note);
}

if (process.env.SYNC_BENCH_ROLE === 'simulator') await runSimulatorChild();
else await main();
