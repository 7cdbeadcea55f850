/**
 * `connector service integration enable-action|disable-action`: one action on several integrations
 * in one command (the bulk path); Import Users enabled queues each integration's first sync; a
 * refusal names its integration and saves nothing; usage errors name the missing flags.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runInProcess, type CliResult } from './run-in-process.js';
import { openService, type Service } from '../../src/service/index.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';
import { DEMO_FULL_ACCESS_KEY, seedUsers, startIncidentPlatform, type IncidentPlatformSimulator } from '../../src/simulators/incident-platform/index.js';
import { makeTempDir } from '../service/helpers/temp-dir.js';
import { seedDataDir } from '../setup/pglite-template.js';

let dir: Awaited<ReturnType<typeof makeTempDir>>;
let dataDir: string;
let incident: IncidentPlatformSimulator;
const ids = { tenant: '', configured: [] as string[], unconfigured: '' };

function cli(args: string[]): Promise<CliResult> {
  return runInProcess(['service', 'integration', ...args, '--data-dir', dataDir], dir.path);
}

async function withStorage<T>(work: (service: Service) => Promise<T>): Promise<T> {
  const service = await openService({ dataDir, egress: ALLOW_LOOPBACK });
  try {
    return await work(service);
  } finally {
    await service.close();
  }
}

beforeAll(async () => {
  dir = await makeTempDir('integration-cli');
  dataDir = await seedDataDir(join(dir.path, 'data'));
  incident = await startIncidentPlatform({ users: seedUsers({ count: 2 }) });
  await withStorage(async (service) => {
    const actor = 'setup';
    ids.tenant = (await service.tenants.create({ name: 'CLI tenant', plan: 'standard', actor })).id;
    const create = async () =>
      (await service.integrations.create({ tenantId: ids.tenant, type: 'prebuilt', connector: 'incident-platform', baseUrl: incident.server.origin, actor }))
        .id;
    for (let index = 0; index < 2; index += 1) {
      const id = await create();
      await service.integrations.configureAuth({ tenantId: ids.tenant, integrationId: id, inputs: { token: DEMO_FULL_ACCESS_KEY }, actor });
      ids.configured.push(id);
    }
    ids.unconfigured = await create();
  });
});
afterAll(async () => {
  await incident?.close();
  await dir?.remove();
});

const importUsersOf = (service: Service, integrationId: string) =>
  service.integrations.listActions({ tenantId: ids.tenant, integrationId }).then((actions) => actions.find((action) => action.name === 'importUsers'));

it('enables Import Users on several integrations at once, each with its first sync queued; disables them again', { timeout: 60_000 }, async () => {
  const integrations = ids.configured.flatMap((id) => ['--integration', id]);
  const enabled = await cli(['enable-action', '--tenant', ids.tenant, '--action', 'importUsers', ...integrations]);
  expect(enabled.stderr).toBe('');
  expect(enabled.code).toBe(0);
  expect(JSON.parse(enabled.stdout)).toEqual({ action: 'importUsers', enabled: true, integrationIds: ids.configured });
  await withStorage(async (service) => {
    for (const integrationId of ids.configured) {
      expect(await importUsersOf(service, integrationId)).toMatchObject({ enabled: true });
      expect(await service.sync.listRuns({ tenantId: ids.tenant, integrationId })).toMatchObject([{ trigger: 'enabled', status: 'queued' }]);
    }
  });
  const disabled = await cli(['disable-action', '--tenant', ids.tenant, '--action', 'importUsers', ...integrations]);
  expect(disabled.code).toBe(0);
  expect(JSON.parse(disabled.stdout)).toMatchObject({ enabled: false });
  await withStorage(async (service) => {
    for (const integrationId of ids.configured) expect(await importUsersOf(service, integrationId)).toMatchObject({ enabled: false });
  });
});

it('refuses the whole list when one integration cannot take the action, naming it; nothing is saved', { timeout: 60_000 }, async () => {
  const refused = await cli([
    'enable-action',
    '--tenant',
    ids.tenant,
    '--action',
    'createUser',
    ...[...ids.configured, ids.unconfigured].flatMap((id) => ['--integration', id]),
  ]);
  expect(refused.code).not.toBe(0);
  expect(refused.stderr).toContain('AUTH_NOT_CONFIGURED');
  expect(refused.stderr).toContain(ids.unconfigured);
  expect(refused.stdout).toBe('');
  await withStorage(async (service) => {
    for (const integrationId of ids.configured) {
      const actions = await service.integrations.listActions({ tenantId: ids.tenant, integrationId });
      expect(actions.find((action) => action.name === 'createUser')).toMatchObject({ enabled: false });
    }
  });
});

it('names the missing flags and the verbs', async () => {
  const missing = await cli(['enable-action', '--tenant', ids.tenant]);
  expect(missing.code).toBe(2);
  expect(missing.stderr).toContain('enable-action needs --action, --integration');
  const unknown = await cli(['enable', '--tenant', ids.tenant]);
  expect(unknown.stderr).toContain('expected one of enable-action, disable-action');
});
