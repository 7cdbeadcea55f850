/**
 * A run requested in a process whose sync workers run starts at once (the run dispatcher's `kick`
 * after the request commits), not at the workers' next poll: here the poll is an hour away, so
 * without the kick no run below would start within the test.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openService, type Service } from '../../../src/service/index.js';
import { ALLOW_LOOPBACK } from '../../../src/runtime/http/egress-policy.js';
import { seedUsers, startIncidentPlatform } from '../../../src/simulators/incident-platform/index.js';
import { seedDataDir } from '../../setup/pglite-template.js';
import { enableIncidentImport } from '../helpers/incident-integration.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { waitUntil } from '../helpers/wait-until.js';

const actor = 'ops@example.com';
const HOUR = 3600;
const cleanups: (() => Promise<unknown>)[] = [];
let service: Service;
let simulator: Awaited<ReturnType<typeof startIncidentPlatform>>;

beforeAll(async () => {
  const dir = await makeTempDir('sync-wake');
  cleanups.push(() => dir.remove());
  simulator = await startIncidentPlatform({ users: seedUsers({ count: 3 }) });
  cleanups.push(() => simulator.close());
  service = await openService({
    dataDir: await seedDataDir(join(dir.path, 'data')),
    egress: ALLOW_LOOPBACK,
    sync: { engine: { pollingIntervalSeconds: HOUR } },
  });
  cleanups.push(() => service.close());
  // The workers' first look finds nothing; their next one is an hour away.
  await service.startWorkers();
}, 60_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const finished = (ref: { tenantId: string; integrationId: string }, runId: string) =>
  waitUntil(
    `run ${runId}`,
    () => service.sync.getRun({ ...ref, runId }),
    (run) => run.status !== 'queued' && run.status !== 'running',
  );

it('enabling Import Users (runs requested together) and "sync now" each start a run at once, with the next poll an hour away', async () => {
  const { ref, queued } = await enableIncidentImport(service, { name: 'Wake', origin: simulator.server.origin, actor });
  expect(await finished(ref, queued.id)).toMatchObject({ status: 'succeeded', counts: { added: 3 } });
  const { run } = await service.sync.syncNow({ ...ref, actor });
  expect(await finished(ref, run.id)).toMatchObject({ status: 'succeeded', counts: { seen: 3 } });
});
