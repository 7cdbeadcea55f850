/**
 * `connector service workflow`: onboard with a key (repeatable without a second workflow), add-users
 * with its message, list and show; the tasks run when a service with workers opens the directory;
 * usage errors name the missing flags.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runInProcess, type CliResult } from './run-in-process.js';
import { openService } from '../../src/service/index.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';
import { DEMO_FULL_ACCESS_KEY, seedUsers, startIncidentPlatform, type IncidentPlatformSimulator } from '../../src/simulators/incident-platform/index.js';
import { makeTempDir } from '../service/helpers/temp-dir.js';
import { waitForWorkflow } from '../service/workflows/workflows.cases.js';
import { VARIABLES_SPEC } from '../service/api/integration-lifecycle.cases.js';
import { seedDataDir } from '../setup/pglite-template.js';

let dir: Awaited<ReturnType<typeof makeTempDir>>;
let dataDir: string;
let incident: IncidentPlatformSimulator;
const ids = { tenant: '', integration: '', person: '', other: '', business: '', tags: '', tagged: '' };

function cli(args: string[]): Promise<CliResult> {
  return runInProcess(['service', 'workflow', ...args, '--data-dir', dataDir], dir.path);
}

beforeAll(async () => {
  dir = await makeTempDir('workflow-cli');
  dataDir = await seedDataDir(join(dir.path, 'data'));
  incident = await startIncidentPlatform({ users: seedUsers({ count: 2 }) });
  const service = await openService({ dataDir, egress: ALLOW_LOOPBACK });
  try {
    const actor = 'setup';
    ids.tenant = (await service.tenants.create({ name: 'CLI tenant', plan: 'standard', actor })).id;
    ids.integration = (
      await service.integrations.create({ tenantId: ids.tenant, type: 'prebuilt', connector: 'incident-platform', baseUrl: incident.server.origin, actor })
    ).id;
    await service.integrations.configureAuth({ tenantId: ids.tenant, integrationId: ids.integration, inputs: { token: DEMO_FULL_ACCESS_KEY }, actor });
    await service.integrations.setAction({ tenantId: ids.tenant, integrationId: ids.integration, action: 'createUser', enabled: true, actor });
    ids.person = (await service.people.create({ tenantId: ids.tenant, email: 'cli.joiner@example.com', name: 'Cli Joiner', actor })).id;
    ids.other = (await service.people.create({ tenantId: ids.tenant, email: 'cli.other@example.com', name: 'Cli Other', actor })).id;
    // A custom action that declares variables (Business plan).
    ids.business = (await service.tenants.create({ name: 'CLI business', plan: 'business', actor })).id;
    ids.tags = (await service.integrations.create({ tenantId: ids.business, type: 'build-your-own', spec: VARIABLES_SPEC, actor })).id;
    const tags = { tenantId: ids.business, integrationId: ids.tags };
    await service.integrations.configureAuth({ ...tags, inputs: { baseUrl: incident.server.origin, token: DEMO_FULL_ACCESS_KEY }, actor });
    await service.integrations.setAction({ ...tags, action: 'tagUser', enabled: true, actor });
    ids.tagged = (await service.people.create({ tenantId: ids.business, email: 'cli.tagged@example.com', name: 'Cli Tagged', actor })).id;
  } finally {
    await service.close();
  }
});
afterAll(async () => {
  await incident?.close();
  await dir?.remove();
});

it('starts, repeats safely, lists and shows workflows; a service with workers runs them', { timeout: 120_000 }, async () => {
  const onboard = await cli(['onboard', '--tenant', ids.tenant, '--person', ids.person, '--integration', ids.integration, '--key', 'cli-1']);
  expect(onboard.code).toBe(0);
  const workflow = JSON.parse(onboard.stdout) as { id: string; status: string; tasks: { action: string; status: string }[] };
  expect(workflow).toMatchObject({ status: 'running', tasks: [{ action: 'createUser', status: 'pending' }] });
  const repeat = await cli(['onboard', '--tenant', ids.tenant, '--person', ids.person, '--integration', ids.integration, '--key', 'cli-1']);
  expect(JSON.parse(repeat.stdout).id).toBe(workflow.id);
  expect(repeat.stderr).toContain('already started');

  const added = await cli(['add-users', '--tenant', ids.tenant, '--integration', ids.integration, '--people', ids.other]);
  expect(added.code).toBe(0);
  expect(added.stderr).toContain('A workflow was created to add 1 person to Incident platform (PagerDuty)');
  expect(added.stderr).toMatch(/idempotency key [0-9a-f-]{36}/);
  // --activate-at reaches the service: the incident platform cannot keep an account inactive until then (no Activate User).
  const timed = await cli([
    'add-users',
    '--tenant',
    ids.tenant,
    '--integration',
    ids.integration,
    '--people',
    ids.person,
    '--activate-at',
    '2030-01-01T09:00:00Z',
  ]);
  expect(timed.code).not.toBe(0);
  expect(timed.stderr).toContain('the application has no Activate User');

  const listed = await cli(['list', '--tenant', ids.tenant]);
  expect((JSON.parse(listed.stdout) as { workflows: { id: string }[] }).workflows).toHaveLength(2);

  const service = await openService({ dataDir, egress: ALLOW_LOOPBACK, workflows: { engine: { pollingIntervalSeconds: 0.5 } } });
  try {
    await service.startWorkers();
    expect((await waitForWorkflow(service, ids.tenant, workflow.id, (current) => current.status !== 'running')).status).toBe('succeeded');
  } finally {
    await service.close();
  }
  const shown = await cli(['show', '--tenant', ids.tenant, '--workflow', workflow.id]);
  expect(JSON.parse(shown.stdout)).toMatchObject({ id: workflow.id, status: 'succeeded', tasks: [{ status: 'succeeded' }] });
  expect(incident.state.users.some((user) => user.email === 'cli.joiner@example.com')).toBe(true);
});

it('names the flags a verb is missing, and an unknown verb', async () => {
  const missing = await cli(['retry', '--tenant', ids.tenant]);
  expect(missing).toMatchObject({ code: 2, stderr: expect.stringContaining('retry needs --workflow, --task') });
  const unknown = await cli(['start']);
  expect(unknown).toMatchObject({ code: 2, stderr: expect.stringContaining('expected one of onboard, offboard') });
});

it('run-action takes a custom action’s variables as --var name=value, checked before the workflow starts', async () => {
  const base = ['run-action', '--tenant', ids.business, '--person', ids.tagged, '--integration', ids.tags, '--action', 'tagUser'];
  const missing = await cli([...base, '--key', 'cli-vars-1']);
  expect(missing.code).not.toBe(0);
  expect(missing.stderr).toContain('assetTag is required (Asset tag)');
  expect(missing.stderr).toContain('assetTag (string, required)');
  const malformed = await cli([...base, '--var', 'assetTag', '--key', 'cli-vars-2']);
  expect(malformed.stderr).toContain('--var "assetTag" is not name=value');
  const started = await cli([...base, '--var', 'assetTag=LAPTOP-7', '--var', 'quantity=3', '--key', 'cli-vars-3']);
  expect(started.code, started.stderr).toBe(0);
  expect(JSON.parse(started.stdout)).toMatchObject({ kind: 'provisioner_action', tasks: [{ action: 'tagUser', status: 'pending' }] });
});
