/**
 * Tenant isolation under a hostile target (issue 27): tenant A reads its integration over and
 * over while tenant B's Test, Preview or Generate Config reads a hostile answer (250,000 users,
 * 100,000 levels deep, one record of 200,000 fields). Baseline in the same run: A's reads alone,
 * measured right after each case for as long as the case ran (at least 200 reads), with the same
 * macrotask between reads: both p99s come from windows of the same length on the same machine, so
 * the other processes of a shared machine interrupt both alike. A case is run again and again until
 * A has made at least 200 reads during it (a p99 of 20 reads is their maximum, one GC pause).
 * The target runs in a process of its own (hostile-target-process.ts), as a real target does.
 * A calm row (B reads one ordinary user) shows the noise floor of the machine in the same run.
 * Ratio = A's p99 during the case / A's p99 alone; goal ≤ 3x.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openService } from '../../src/service/index.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';
import { percentile, setUpTenant, timeAlone, timeDuring, type HostileKind } from '../hostile/hostile-harness.js';

const USERS = 250_000;
const BASELINE_READS = 200;
const GOAL = 3;

const dir = await mkdtemp(join(tmpdir(), 'isolation-bench-'));
const service = await openService({ dataDir: join(dir, 'data'), egress: ALLOW_LOOPBACK });
const targetProcess = spawn(process.execPath, ['--import', 'tsx', new URL('hostile-target-process.ts', import.meta.url).pathname, String(USERS)], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const port = await new Promise<string>((resolve, reject) => {
  targetProcess.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
  targetProcess.once('exit', (code) => reject(new Error(`the hostile target exited (${code}) before listening`)));
});
const origin = `http://127.0.0.1:${port}`;
try {
  const tenantA = await setUpTenant(service, { name: 'A', origin, path: 'calm' });
  const tenantsB = {} as Record<HostileKind | 'calm', Awaited<ReturnType<typeof setUpTenant>>>;
  for (const kind of ['calm', 'huge', 'deep', 'wide'] as const) tenantsB[kind] = await setUpTenant(service, { name: `B ${kind}`, origin, path: kind });
  const armed = await fetch(`${origin}/arm`);
  if (armed.status !== 204) throw new Error(`the hostile target did not arm (${armed.status})`);
  const readA = () => service.integrations.get(tenantA);
  await timeAlone(readA, 50);
  /** A's reads alone, each after a macrotask as in timeDuring, for `ms` and at least `count` reads. */
  const aloneTimes = async (count: number, ms: number) => {
    const times: number[] = [];
    const until = performance.now() + ms;
    while (times.length < count || performance.now() < until) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      const start = performance.now();
      await readA();
      times.push(performance.now() - start);
    }
    return times;
  };
  const operations = {
    Test: (ref: typeof tenantA) => service.inspect.test({ ...ref, actor: 'ops' }),
    Preview: (ref: typeof tenantA) => service.inspect.preview({ ...ref, actor: 'ops' }),
    'Generate Config': (ref: typeof tenantA) => service.integrations.proposeConfig({ ...ref, actor: 'ops' }),
  };
  console.log(`isolation benchmark: tenant A's read of its integration while tenant B reads a hostile answer; node ${process.version}`);
  console.log(
    `${'case'.padEnd(30)} ${'A p99 alone'.padStart(12)} ${'A p99 during'.padStart(13)} ${'reads'.padStart(6)} ${'B took'.padStart(9)} ${'ratio'.padStart(7)}  outcome`,
  );
  let worst = 0;
  for (const kind of ['calm', 'huge', 'deep', 'wide'] as const) {
    for (const [name, operation] of Object.entries(operations)) {
      const during: number[] = [];
      let runs = 0;
      let outcome = '';
      let took = 0;
      while (during.length < BASELINE_READS) {
        const start = performance.now();
        const running = operation(tenantsB[kind]).then(
          () => 'answered',
          (error: { code?: string }) => error.code ?? 'error',
        );
        during.push(...(await timeDuring(readA, running, 1)));
        took += performance.now() - start;
        outcome = await running;
        runs += 1;
      }
      // The baseline window as long as the case's (all its runs), right after it.
      const alone = percentile(await aloneTimes(BASELINE_READS, took), 99);
      const p99 = percentile(during, 99);
      const ratio = p99 / alone;
      if (kind !== 'calm') worst = Math.max(worst, ratio);
      console.log(
        `${`${kind} / ${name}`.padEnd(30)} ${`${alone.toFixed(2)} ms`.padStart(12)} ${`${p99.toFixed(2)} ms`.padStart(13)} ${String(during.length).padStart(6)} ${`${(took / runs).toFixed(0)} ms`.padStart(9)} ${`${ratio.toFixed(2)}x`.padStart(7)}  ${outcome} (${runs} runs)`,
      );
    }
  }
  console.log(`worst ratio ${worst.toFixed(2)}x (goal ≤ ${GOAL}x): ${worst <= GOAL ? 'met' : 'NOT met'}`);
} finally {
  await service.close();
  targetProcess.kill();
  await rm(dir, { recursive: true, force: true });
}
