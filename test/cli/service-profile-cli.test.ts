/**
 * `connector service profile`: create a profile (an application as admin), list and show it, preview
 * a person's move (nothing changes), confirm it with a key (repeatable without a second workflow),
 * assign in bulk with the message, drift, archive and restore; the workflows run when a service
 * with workers opens the directory; usage and input errors name what is wrong.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runInProcess, type CliResult } from './run-in-process.js';
import { openService } from '../../src/service/index.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';
import { DEMO_FULL_ACCESS_KEY, seedUsers, startIncidentPlatform, type IncidentPlatformSimulator } from '../../src/simulators/incident-platform/index.js';
import { makeTempDir } from '../service/helpers/temp-dir.js';
import { waitForWorkflow } from '../service/workflows/workflows.cases.js';
import { seedDataDir } from '../setup/pglite-template.js';

let dir: Awaited<ReturnType<typeof makeTempDir>>;
let dataDir: string;
let incident: IncidentPlatformSimulator;
const ids = { tenant: '', integration: '', mover: '', bulk: '' };

function cli(args: string[]): Promise<CliResult> {
  return runInProcess(['service', 'profile', ...args, '--data-dir', dataDir], dir.path);
}

beforeAll(async () => {
  dir = await makeTempDir('profile-cli');
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
    ids.mover = (await service.people.create({ tenantId: ids.tenant, email: 'cli.mover@example.com', name: 'Cli Mover', actor })).id;
    ids.bulk = (await service.people.create({ tenantId: ids.tenant, email: 'cli.bulk@example.com', name: 'Cli Bulk', actor })).id;
  } finally {
    await service.close();
  }
});
afterAll(async () => {
  await incident?.close();
  await dir?.remove();
});

it('keeps profiles, previews and confirms a move with a key, assigns in bulk; a service with workers runs the workflows', { timeout: 120_000 }, async () => {
  const created = await cli(['create', '--tenant', ids.tenant, '--name', 'On call', '--application', `${ids.integration}:admin`]);
  expect(created.code).toBe(0);
  const profile = JSON.parse(created.stdout) as { id: string; name: string; applications: unknown[] };
  expect(profile).toMatchObject({ name: 'On call', applications: [{ integrationId: ids.integration, options: { admin: true }, deleted: false }] });
  const listed = await cli(['list', '--tenant', ids.tenant]);
  expect((JSON.parse(listed.stdout) as { id: string }[]).map((item) => item.id)).toEqual([profile.id]);
  expect(JSON.parse((await cli(['show', '--tenant', ids.tenant, '--profile', profile.id])).stdout)).toEqual(profile);

  const preview = await cli(['preview', '--tenant', ids.tenant, '--person', ids.mover, '--profile', profile.id]);
  expect(preview.code).toBe(0);
  expect(JSON.parse(preview.stdout)).toMatchObject({
    from: [],
    to: [{ id: profile.id, name: 'On call' }],
    create: [{ integrationId: ids.integration, action: 'createUser', status: 'pending', admin: true }],
    change: [],
    remove: [],
  });
  expect(JSON.parse((await cli(['person', '--tenant', ids.tenant, '--person', ids.mover])).stdout)).toEqual([]);

  const move = await cli(['move', '--tenant', ids.tenant, '--person', ids.mover, '--profile', profile.id, '--key', 'cli-move-1']);
  expect(move.code).toBe(0);
  const workflow = JSON.parse(move.stdout) as { id: string; kind: string };
  expect(workflow.kind).toBe('move');
  const repeat = await cli(['move', '--tenant', ids.tenant, '--person', ids.mover, '--profile', profile.id, '--key', 'cli-move-1']);
  expect(JSON.parse(repeat.stdout).id).toBe(workflow.id);
  expect(repeat.stderr).toContain('already started');
  expect((JSON.parse((await cli(['person', '--tenant', ids.tenant, '--person', ids.mover])).stdout) as { id: string }[]).map((item) => item.id)).toEqual([
    profile.id,
  ]);

  const assigned = await cli(['assign', '--tenant', ids.tenant, '--profile', profile.id, '--people', 'cli.bulk@example.com']);
  expect(assigned.code).toBe(0);
  expect(assigned.stderr).toContain('A workflow was created to give 1 person the profile On call');
  expect(assigned.stderr).toMatch(/idempotency key [0-9a-f-]{36}/);
  const bulkWorkflow = (JSON.parse(assigned.stdout) as { workflows: { id: string; personId: string }[] }).workflows[0]!;
  expect(bulkWorkflow.personId).toBe(ids.bulk);

  const drift = await cli(['drift', '--tenant', ids.tenant]);
  expect(JSON.parse(drift.stdout)).toEqual({ drift: [] });

  // The workers of a service on the directory run both moves: the accounts are created as admins.
  const service = await openService({ dataDir, egress: ALLOW_LOOPBACK, workflows: { engine: { pollingIntervalSeconds: 0.5 } } });
  try {
    await service.startWorkers();
    for (const id of [workflow.id, bulkWorkflow.id])
      expect((await waitForWorkflow(service, ids.tenant, id, (item) => item.status !== 'running')).status).toBe('succeeded');
  } finally {
    await service.stopWorkers();
    await service.close();
  }
  for (const email of ['cli.mover@example.com', 'cli.bulk@example.com'])
    expect(incident.state.users.filter((user) => user.email === email).map((user) => user.role)).toEqual(['admin']);

  expect((await cli(['archive', '--tenant', ids.tenant, '--profile', profile.id])).code).toBe(0);
  expect(JSON.parse((await cli(['list', '--tenant', ids.tenant])).stdout)).toEqual([]);
  expect(JSON.parse((await cli(['list', '--tenant', ids.tenant, '--include-archived'])).stdout)).toMatchObject([{ id: profile.id, archived: true }]);
  expect(JSON.parse((await cli(['restore', '--tenant', ids.tenant, '--profile', profile.id])).stdout)).toMatchObject({ archived: false });
  const renamed = await cli(['edit', '--tenant', ids.tenant, '--profile', profile.id, '--name', 'On call (EU)', '--no-applications']);
  expect(JSON.parse(renamed.stdout)).toMatchObject({ name: 'On call (EU)', applications: [] });
});

it('names what is wrong: a missing flag, a malformed application, an edit that changes nothing, a refusal of the service', async () => {
  const missing = await cli(['assign', '--tenant', ids.tenant, '--people', 'x@example.com']);
  expect(missing.code).toBe(2);
  expect(missing.stderr).toContain('assign needs --profile');
  const unknownVerb = await cli(['promote', '--tenant', ids.tenant]);
  expect(unknownVerb.code).toBe(2);
  expect(unknownVerb.stderr).toContain('expected one of list, show, create');
  const malformed = await cli(['create', '--tenant', ids.tenant, '--name', 'Bad', '--application', `${ids.integration}:owner`]);
  expect(malformed.code).not.toBe(0);
  expect(malformed.stderr).toContain('is not <integration id> or <integration id>:admin');
  const profiles = JSON.parse((await cli(['list', '--tenant', ids.tenant, '--include-archived'])).stdout) as { id: string }[];
  const nothing = await cli(['edit', '--tenant', ids.tenant, '--profile', profiles[0]!.id]);
  expect(nothing.code).not.toBe(0);
  expect(nothing.stderr).toContain('edit needs --name, --application or --no-applications');
  const taken = await cli(['create', '--tenant', ids.tenant, '--name', 'on call (eu)']);
  expect(taken.code).not.toBe(0);
  expect(taken.stderr).toContain('PROFILE_NAME_TAKEN');
  expect(taken.stderr).not.toMatch(/\n\s+at /);
});
