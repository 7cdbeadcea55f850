/**
 * `connector service sync`: `now --wait` on the embedded database runs the workers in the command
 * and follows the run to its end; a run held by the deletion safeguard says how to approve it, and
 * `approve` removes; `runs`, `status` and `accounts` read; usage errors name the missing flags.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runInProcess, type CliResult } from './run-in-process.js';
import { openService } from '../../src/service/index.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';
import { DEMO_FULL_ACCESS_KEY, seedUsers, startIncidentPlatform, type IncidentPlatformSimulator } from '../../src/simulators/incident-platform/index.js';
import { makeTempDir } from '../service/helpers/temp-dir.js';
import { seedDataDir } from '../setup/pglite-template.js';

let dir: Awaited<ReturnType<typeof makeTempDir>>;
let dataDir: string;
let incident: IncidentPlatformSimulator;
const ids = { tenant: '', integration: '' };

function cli(args: string[]): Promise<CliResult> {
  return runInProcess(['service', 'sync', ...args, '--data-dir', dataDir, '--allow-egress', '127.0.0.0/8'], dir.path);
}

const scope = () => ['--tenant', ids.tenant, '--integration', ids.integration];

beforeAll(async () => {
  dir = await makeTempDir('sync-cli');
  dataDir = await seedDataDir(join(dir.path, 'data'));
  incident = await startIncidentPlatform({ users: seedUsers({ count: 5 }) });
  const service = await openService({ dataDir, egress: ALLOW_LOOPBACK });
  try {
    const actor = 'setup';
    ids.tenant = (await service.tenants.create({ name: 'CLI tenant', plan: 'standard', actor })).id;
    ids.integration = (
      await service.integrations.create({ tenantId: ids.tenant, type: 'prebuilt', connector: 'incident-platform', baseUrl: incident.server.origin, actor })
    ).id;
    const ref = { tenantId: ids.tenant, integrationId: ids.integration };
    await service.integrations.configureAuth({ ...ref, inputs: { token: DEMO_FULL_ACCESS_KEY }, actor });
    await service.sync.configure({ ...ref, removalThresholdMin: 0, actor });
    // Queues the immediate sync; no worker runs in this process, so it stays queued.
    await service.integrations.setAction({ ...ref, action: 'importUsers', enabled: true, actor });
  } finally {
    await service.close();
  }
});
afterAll(async () => {
  await incident?.close();
  await dir?.remove();
});

it('follows a run to its end, holds a large removal for approval and approves it', { timeout: 120_000 }, async () => {
  const first = await cli(['now', ...scope(), '--wait']);
  expect(first.stderr).toContain('already queued; following it');
  expect(first.stderr).toContain('succeeded: 1 page(s), 5 seen, 5 added, 0 changed, 0 removed, 0 skipped');
  expect(first.code).toBe(0);
  expect(JSON.parse(first.stdout)).toMatchObject({ trigger: 'enabled', status: 'succeeded', counts: { seen: 5, added: 5 } });

  const accounts = await cli(['accounts', ...scope()]);
  expect((JSON.parse(accounts.stdout) as { externalId: string }[]).map((account) => account.externalId).sort()).toEqual(
    incident.state.users.map((user) => user.id).sort(),
  );

  incident.state.users.splice(1, 3);
  const held = await cli(['now', ...scope(), '--wait']);
  expect(held.code).toBe(0);
  const heldRun = JSON.parse(held.stdout) as { id: string; status: string; counts: { pendingRemovals: number } };
  expect(heldRun).toMatchObject({ status: 'awaiting_approval', counts: { pendingRemovals: 3 } });
  expect(held.stderr).toContain(`would remove 3 accounts, more than the deletion safeguard allows; nothing was removed`);
  expect(held.stderr).toContain(`connector service sync approve --tenant ${ids.tenant} --integration ${ids.integration} --run ${heldRun.id}`);
  expect(JSON.parse((await cli(['accounts', ...scope(), '--state', 'removed'])).stdout)).toEqual([]);

  const pending = JSON.parse((await cli(['pending', ...scope(), '--run', heldRun.id])).stdout) as { externalId: string }[];
  expect(pending).toHaveLength(3);
  const approved = await cli(['approve', ...scope(), '--run', heldRun.id]);
  expect(JSON.parse(approved.stdout)).toMatchObject({ id: heldRun.id, status: 'succeeded', counts: { removed: 3 } });
  expect(JSON.parse((await cli(['accounts', ...scope(), '--state', 'removed'])).stdout)).toHaveLength(3);

  const runs = JSON.parse((await cli(['runs', ...scope()])).stdout) as { id: string }[];
  expect(runs.map((run) => run.id)).toContain(heldRun.id);
  expect(JSON.parse((await cli(['status', ...scope()])).stdout)).toMatchObject({ quarantined: false, consecutiveFailures: 0 });
  const configured = await cli(['configure', ...scope(), '--interval-seconds', '900', '--removal-threshold-percent', '5']);
  expect(JSON.parse(configured.stdout)).toMatchObject({ settings: { intervalSeconds: 900, removalThresholdPercent: 5, removalThresholdMin: 0 } });
  const refused = await cli(['configure', ...scope(), '--interval-seconds', 'soon']);
  expect(refused.code).not.toBe(0);
  expect(refused.stderr).toContain('intervalSeconds must be a whole number from 60 to 604800');
});

it('names the flags a verb is missing, and an unknown verb', async () => {
  const missing = await cli(['approve', '--tenant', ids.tenant]);
  expect(missing.code).toBe(2);
  expect(missing.stderr).toContain('error: approve needs --integration, --run');
  const unknown = await cli(['later', ...scope()]);
  expect(unknown.code).toBe(2);
  expect(unknown.stderr).toContain('expected one of now, runs, show, status, approve, reject, resume, pending, configure, accounts');
});
