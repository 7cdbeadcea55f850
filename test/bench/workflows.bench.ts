/**
 * 10,000 scheduled activations due in the same minute (issue 13): onboarding workflows whose
 * accounts the last import found suspended, each with an activation at one time T. The service's
 * clock is moved to T and the tick wakes them; each activation is a real PUT to the help-desk
 * target on 127.0.0.1 and a settled task in the database. The target (msw handlers on a real
 * socket) runs in a child process (workflows-target-process.ts), as a real target does and as the
 * isolation and import benches' targets do: its work no longer shares the service's event loop. It
 * counts each activation by agent, and the bench checks there that each was sent exactly once.
 * Reported: due-to-done at the median and
 * p99 (from T to each task's finish) and activations per second, on the embedded database and on
 * PostgreSQL (skipped with a note when no server answers).
 * Baseline in the same run, on the same database: bare engine round-trips (pg-boss jobs sent at
 * once and completed by a no-op worker), the floor any durable activation stands on.
 * Ratio = activations per second / bare jobs per second.
 * `ACTIVATIONS=2000 npm run bench -- workflows` for a quicker run; `WORKFLOWS_STORAGE=postgres` (or
 * `embedded`) for one database only. On PostgreSQL the statements the process sent while the
 * activations ran are counted (every statement of the `pg` driver: the service's and the engine's).
 * CPU time per activation while they ran, of the bench's process (the service, its HTTP client and
 * database driver) and of the target's, and per bare job: comparable on a shared machine, where the
 * rates are not. `MARK_WINDOW=1` prints when the activations started and ended in the clock of a
 * CPU profile (`node --cpu-prof`, microseconds), to read the profile of that window alone.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openService, type Service, type ServiceOptions } from '../../src/service/index.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';
import { createScratchDatabase } from '../postgres/helpers/scratch-database.js';
import { DESK_SPEC, TestClock } from '../service/workflows/workflows.cases.js';
import { createRequire } from 'node:module';
import type PgBossType from 'pg-boss';
import type { Database } from '../../src/service/store/database.js';
import { openDatabase } from '../../src/service/store/open-database.js';
import pg from 'pg';
import { serverCpu } from './server-cpu.js';

const COUNT = Number(process.env.ACTIVATIONS ?? 10_000);
const STORAGES = (process.env.WORKFLOWS_STORAGE ?? 'embedded,postgres').split(',');
/** Workflows started at once while the bench sets up (each its own transaction). */
const SETUP_CONCURRENCY = 8;
/**
 * Every wait of the bench (the import, the activations, their settles, the bare jobs) fails after
 * this many minutes with what it got so far, instead of hanging (issue 26 point 5).
 * `BENCH_WAIT_MINUTES` to change it.
 */
const WAIT_MINUTES = Number(process.env.BENCH_WAIT_MINUTES ?? 10);

/** Every statement the `pg` driver sends from this process, by kind, while counting is on. */
const statements = { counting: false, total: 0, transactions: 0 };
const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (statements.counting) {
    statements.total += 1;
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
    if (text === 'BEGIN') statements.transactions += 1;
  }
  return (clientQuery as (...rest: unknown[]) => unknown).apply(this, args);
} as typeof clientQuery;
const actor = 'bench';

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)]!;
}

interface Result {
  storage: string;
  median: number;
  p99: number;
  perSecond: number;
  bareMedian: number;
  barePerSecond: number;
  /** Statements (and transactions) per activation, on PostgreSQL. */
  perActivation?: { statements: number; transactions: number };
  /** CPU milliseconds per activation while they ran: the bench's process (the service), and the target's process. */
  cpuMs: { service: number; target: number; server?: number };
  /** CPU milliseconds per bare job of the bench's process (sender and worker). */
  bareCpuMs: number;
}

/** What the target process counted: agents active, activated, activated more than once; its CPU time. */
interface TargetCount {
  active: number;
  activated: number;
  twice: [string, number][];
  twiceCount: number;
  cpuMs: number;
}

const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/** The help-desk target in a child process (workflows-target-process.ts), with COUNT suspended agents. */
async function startTarget(): Promise<{ origin: string; username: string; password: string; count(): Promise<TargetCount>; close(): void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', new URL('workflows-target-process.ts', import.meta.url).pathname, String(COUNT)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Ended with the bench however it ends (a failure exits at once).
  const end = () => child.kill();
  process.once('exit', end);
  const line = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n')) resolve(text.split('\n')[0]!);
    });
    child.once('exit', (code) => reject(new Error(`the target process exited (${code}) before listening`)));
  });
  const { origin, username, password } = JSON.parse(line) as { origin: string; username: string; password: string };
  return {
    origin,
    username,
    password,
    async count() {
      const response = await fetch(`${origin}/__bench/sent`);
      if (!response.ok) throw new Error(`the target did not count (${response.status})`);
      return (await response.json()) as TargetCount;
    },
    close: () => {
      process.off('exit', end);
      child.kill();
    },
  };
}

/** Bare pg-boss on the same database, as the service's engine opens it, without our tables or handlers. */
function bareBoss(db: Database, role: 'sender' | 'worker'): PgBossType {
  const PgBoss = createRequire(import.meta.url)('pg-boss') as typeof PgBossType;
  const worker = role === 'worker';
  return new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => (values && values.length > 0 ? db.query(text, values) : db.script(text)) },
    migrate: !worker,
    supervise: worker,
    schedule: worker,
  } as PgBossType.ConstructorOptions);
}

async function activations(options: ServiceOptions, storage: string): Promise<Result> {
  const clock = new TestClock();
  // Each activation is counted on the target, by agent: every one must be sent exactly once.
  const target = await startTarget();
  let lags: number[] = [];
  let perSecond = 0;
  let perActivation: Result['perActivation'];
  const cpu: Result['cpuMs'] = { service: 0, target: 0 };
  const service: Service = await openService({
    ...options,
    egress: ALLOW_LOOPBACK,
    workflows: { now: clock.now, engine: { pollingIntervalSeconds: 0.5 } },
    sync: { engine: { pollingIntervalSeconds: 0.5 } },
  });
  try {
    const tenant = await service.tenants.create({ name: 'bench', plan: 'standard', actor });
    const ref = {
      tenantId: tenant.id,
      integrationId: (
        await service.integrations.create({
          tenantId: tenant.id,
          type: 'build-your-own',
          spec: DESK_SPEC.replace('size: 10', 'size: 100'),
          baseUrl: target.origin,
          actor,
        })
      ).id,
    };
    await service.integrations.configureAuth({ ...ref, inputs: { username: target.username, password: target.password }, actor });
    await service.workflows.setSettings({ ...ref, maxConcurrency: 50, actor });
    await service.startWorkers();
    await service.integrations.setAction({ ...ref, action: 'activateUser', enabled: true, actor });
    await service.integrations.setAction({ ...ref, action: 'importUsers', enabled: true, actor });
    for (let tries = 0; ; tries += 1) {
      const [run] = await service.sync.listRuns(ref);
      if (run && run.status === 'succeeded') break;
      if ((run && run.status === 'failed') || tries > WAIT_MINUTES * 240) throw new Error(`the import did not finish: ${JSON.stringify(run)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const csv = ['email,name', ...Array.from({ length: COUNT }, (_, index) => `joiner${index}@example.com,Joiner ${index}`)].join('\n');
    await service.people.importCsv({ tenantId: tenant.id, csv, actor });
    const people = await service.people.list({ tenantId: tenant.id });
    // Due well after the setup, however long it takes on a loaded machine; the clock is then moved there.
    const due = new Date(clock.now().getTime() + 24 * 60 * 60_000);
    const setupStart = performance.now();
    let next = 0;
    const starter = async () => {
      for (let index = next++; index < people.length; index = next++) {
        await service.workflows.startOnboarding({
          tenantId: tenant.id,
          personId: people[index]!.id,
          integrationIds: [ref.integrationId],
          activateAt: due.toISOString(),
          idempotencyKey: `bench-${index}`,
          actor,
        });
      }
    };
    await Promise.all(Array.from({ length: SETUP_CONCURRENCY }, starter));
    process.stdout.write(`${storage}: ${people.length} workflows scheduled in ${((performance.now() - setupStart) / 1000).toFixed(1)} s\n`);

    clock.advance(due.getTime() - clock.now().getTime());
    const server = 'databaseUrl' in options && options.databaseUrl ? serverCpu(options.databaseUrl) : undefined;
    await server?.start();
    Object.assign(statements, { counting: true, total: 0, transactions: 0 });
    const cpuBefore = { service: cpuMs(), target: (await target.count()).cpuMs };
    const start = performance.now();
    if (process.env.MARK_WINDOW) process.stderr.write(`WINDOW start ${process.hrtime.bigint() / 1000n}\n`);
    // Fails instead of waiting for ever: a failed task ends the bench with its error, and every wait is bounded.
    const failedTask = async () => {
      const page = await service.workflows.list({ tenantId: tenant.id, status: 'needs_attention', limit: 1 });
      const task = page.workflows[0]?.tasks.find((candidate) => candidate.status === 'failed');
      return page.workflows[0] ? `workflow ${page.workflows[0].id} needs attention: ${JSON.stringify(task?.error ?? page.workflows[0].tasks)}` : undefined;
    };
    const deadline = (what: string, progress: string) => {
      const seconds = (performance.now() - start) / 1000;
      if (seconds > WAIT_MINUTES * 60)
        throw new Error(`${storage}: ${what} did not happen within ${WAIT_MINUTES} minutes (BENCH_WAIT_MINUTES): ${progress} after ${seconds.toFixed(0)} s`);
    };
    await service.workflows.tick();
    for (let round = 0; ; round += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const { active } = await target.count();
      if (active === COUNT) break;
      deadline('every activation', `${active} of ${COUNT} activations sent (${(active / ((performance.now() - start) / 1000)).toFixed(0)}/s)`);
      if (round % 10 === 9) {
        const failed = await failedTask();
        if (failed) throw new Error(failed);
      }
    }
    // The last PUT answered; wait for the last tasks to settle before reading their finish times.
    // A task that failed never succeeds, so the wait fails at once (and at the latest after WAIT_MINUTES) instead of hanging.
    let finished: number[] = [];
    for (;;) {
      finished = [];
      const failed: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await service.workflows.list({ tenantId: tenant.id, limit: 500, cursor });
        for (const workflow of page.workflows)
          for (const task of workflow.tasks) {
            if (task.action !== 'activateUser') continue;
            if (task.status === 'succeeded') finished.push(Date.parse(task.finishedAt!));
            else if (task.status === 'failed' || task.status === 'skipped')
              failed.push(`${task.id} ${task.status}: ${task.reason ?? task.error?.message ?? ''}`);
          }
        cursor = page.next;
      } while (cursor);
      if (failed.length > 0) throw new Error(`${failed.length} activations did not succeed, e.g. ${failed.slice(0, 3).join('; ')}`);
      if (finished.length === COUNT) break;
      deadline('every activation settled', `${finished.length} of ${COUNT} activations settled`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const seconds = (performance.now() - start) / 1000;
    if (process.env.MARK_WINDOW) process.stderr.write(`WINDOW end ${process.hrtime.bigint() / 1000n}\n`);
    statements.counting = false;
    const counted = await target.count();
    cpu.service = (cpuMs() - cpuBefore.service) / COUNT;
    cpu.target = (counted.cpuMs - cpuBefore.target) / COUNT;
    const serverMs = await server?.stop();
    if (serverMs !== undefined) cpu.server = serverMs / COUNT;
    if (counted.activated !== COUNT || counted.twiceCount > 0) {
      throw new Error(
        `each activation must be sent once: ${counted.activated} agents activated, ${counted.twiceCount} more than once (e.g. ${JSON.stringify(counted.twice)})`,
      );
    }
    if (storage === 'postgres') perActivation = { statements: statements.total / COUNT, transactions: statements.transactions / COUNT };
    lags = finished.map((at) => at - due.getTime()).sort((a, b) => a - b);
    perSecond = COUNT / seconds;
  } finally {
    await service.close();
    target.close();
  }
  // After the service closed: the embedded database admits one process at a time.
  const bare = await bareJobs(options);
  return {
    storage,
    median: percentile(lags, 0.5),
    p99: percentile(lags, 0.99),
    perSecond,
    bareMedian: bare.median,
    barePerSecond: bare.perSecond,
    cpuMs: cpu,
    bareCpuMs: bare.cpuMs,
    ...(perActivation ? { perActivation } : {}),
  };
}

/** COUNT pg-boss jobs sent at once and completed by a no-op worker on the same database. */
async function bareJobs(options: ServiceOptions): Promise<{ median: number; perSecond: number; cpuMs: number }> {
  const db = await openDatabase(options);
  const boss = bareBoss(db, 'sender');
  const worker = bareBoss(db, 'worker');
  boss.on('error', () => undefined);
  worker.on('error', () => undefined);
  try {
    await boss.start();
    await boss.createQueue('bench-bare', { name: 'bench-bare', policy: 'standard', retryLimit: 0 } as never);
    const lags: number[] = [];
    const start = performance.now();
    const cpuBefore = cpuMs();
    const sent = Date.now();
    for (let offset = 0; offset < COUNT; offset += 1000) {
      await boss.insert(Array.from({ length: Math.min(1000, COUNT - offset) }, () => ({ name: 'bench-bare', data: {} })) as never);
    }
    await worker.start();
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`bare jobs: ${lags.length} of ${COUNT} completed within ${WAIT_MINUTES} minutes (BENCH_WAIT_MINUTES)`)),
        WAIT_MINUTES * 60_000,
      );
      worker
        .work('bench-bare', { batchSize: 50, pollingIntervalSeconds: 0.5 }, async (jobs: unknown[]) => {
          for (let index = 0; index < jobs.length; index += 1) lags.push(Date.now() - sent);
          if (lags.length >= COUNT) resolve();
        })
        .catch(reject);
    }).finally(() => clearTimeout(timer));
    const seconds = (performance.now() - start) / 1000;
    const cpu = (cpuMs() - cpuBefore) / COUNT;
    lags.sort((a, b) => a - b);
    return { median: percentile(lags, 0.5), perSecond: COUNT / seconds, cpuMs: cpu };
  } finally {
    await worker.stop({ graceful: false, close: false, wait: true }).catch(() => undefined);
    await boss.stop({ graceful: false, close: false, wait: true }).catch(() => undefined);
    await db.close();
  }
}

const results: Result[] = [];
let note = '';
// A bound passed or a task failed: said in one line, and the process ends (a stuck handle cannot keep it waiting).
try {
  if (STORAGES.includes('embedded')) {
    const dir = await mkdtemp(join(tmpdir(), 'bench-workflows-'));
    try {
      results.push(await activations({ dataDir: join(dir, 'data') }, 'embedded'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  if (STORAGES.includes('postgres')) {
    // Only a server that does not answer skips PostgreSQL; a failed activation fails the bench.
    const scratch = await createScratchDatabase('bench_workflows').catch((error: unknown) => {
      note = `PostgreSQL skipped: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
      return undefined;
    });
    if (scratch)
      try {
        results.push(await activations({ databaseUrl: scratch.url, env: { CONNECTOR_KEK: randomBytes(32).toString('base64') } }, 'postgres'));
      } finally {
        await scratch.drop();
      }
  }
} catch (error) {
  process.stderr.write(`workflows bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
process.stdout.write(`\n${COUNT} activations due in the same minute (due → done; 50 at once per integration)\n`);
process.stdout.write(
  'storage   | median ms | p99 ms  | activations/s | bare job median ms | bare jobs/s | ratio (activations/s ÷ bare jobs/s) | statements (transactions) per activation | CPU ms per activation: service (target) [PostgreSQL backends] | bare job CPU ms\n',
);
for (const row of results) {
  process.stdout.write(
    `${row.storage.padEnd(9)} | ${row.median.toFixed(0).padStart(9)} | ${row.p99.toFixed(0).padStart(7)} | ${row.perSecond.toFixed(0).padStart(13)} | ${row.bareMedian.toFixed(0).padStart(18)} | ${row.barePerSecond.toFixed(0).padStart(11)} | ${(row.perSecond / row.barePerSecond).toFixed(2).padStart(36)} | ${row.perActivation ? `${row.perActivation.statements.toFixed(2)} (${row.perActivation.transactions.toFixed(2)})` : 'not counted'} | ${`${row.cpuMs.service.toFixed(2)} (${row.cpuMs.target.toFixed(2)})${row.cpuMs.server === undefined ? '' : ` [${row.cpuMs.server.toFixed(2)}]`}`.padStart(61)} | ${row.bareCpuMs.toFixed(2).padStart(14)}\n`,
  );
}
for (const row of results) {
  const floor = row.storage === 'postgres' ? { perSecond: 1000, p99: 10_000 } : { perSecond: 300, p99: Number.POSITIVE_INFINITY };
  const meets = row.perSecond >= floor.perSecond && row.p99 <= floor.p99;
  process.stdout.write(`${row.storage}: ${meets ? 'meets' : 'below'} the acceptance (load average ${loadavg()[0]!.toFixed(1)})\n`);
}
if (note) process.stdout.write(`${note}\n`);
process.stdout.write('acceptance (issue 26): >= 1,000/s on PostgreSQL with p99 <= 10 s, >= 300/s embedded; each activation sent once (checked above)\n');
