/**
 * Tenant isolation under a hostile target (issue 27): tenant A reads its integration over and
 * over while tenant B's Test, Preview or Generate Config reads a hostile answer (250,000 users,
 * 100,000 levels deep, one record of 200,000 fields). Baseline in the same run: A's reads alone,
 * measured before each case, with the same macrotask between reads as during the case. A case is
 * run again and again until A has made as many reads during it as the baseline has (a p99 of 20
 * reads is their maximum, one GC pause). Ratio = A's p99 during the case / A's p99 alone; goal ≤ 3x.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openService } from '../../src/service/index.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';
import { percentile, setUpTenant, startHostileTarget, timeAlone, timeDuring, type HostileKind } from '../hostile/hostile-harness.js';

const USERS = 250_000;
const BASELINE_READS = 200;
const GOAL = 3;

const dir = await mkdtemp(join(tmpdir(), 'isolation-bench-'));
const service = await openService({ dataDir: join(dir, 'data'), egress: ALLOW_LOOPBACK });
const target = await startHostileTarget(USERS);
try {
  const tenantA = await setUpTenant(service, { name: 'A', origin: target.server.origin, path: 'calm' });
  const tenantsB = {} as Record<HostileKind, Awaited<ReturnType<typeof setUpTenant>>>;
  for (const kind of ['huge', 'deep', 'wide'] as const)
    tenantsB[kind] = await setUpTenant(service, { name: `B ${kind}`, origin: target.server.origin, path: kind });
  target.arm();
  const readA = () => service.integrations.get(tenantA);
  await timeAlone(readA, 50);
  /** A's reads alone, each after a macrotask as in timeDuring. */
  const aloneTimes = async (count: number) => {
    const times: number[] = [];
    for (let index = 0; index < count; index += 1) {
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
  for (const kind of ['huge', 'deep', 'wide'] as const) {
    for (const [name, operation] of Object.entries(operations)) {
      const alone = percentile(await aloneTimes(BASELINE_READS), 99);
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
      const p99 = percentile(during, 99);
      const ratio = p99 / alone;
      worst = Math.max(worst, ratio);
      console.log(
        `${`${kind} / ${name}`.padEnd(30)} ${`${alone.toFixed(2)} ms`.padStart(12)} ${`${p99.toFixed(2)} ms`.padStart(13)} ${String(during.length).padStart(6)} ${`${(took / runs).toFixed(0)} ms`.padStart(9)} ${`${ratio.toFixed(2)}x`.padStart(7)}  ${outcome} (${runs} runs)`,
      );
    }
  }
  console.log(`worst ratio ${worst.toFixed(2)}x (goal ≤ ${GOAL}x): ${worst <= GOAL ? 'met' : 'NOT met'}`);
} finally {
  await service.close();
  await target.server.close();
  await rm(dir, { recursive: true, force: true });
}
