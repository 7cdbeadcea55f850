/**
 * `connector service tenant list|show|set-plan` on the embedded storage (in process): a tenant
 * shown and its plan changed (audited), a plan outside the one list refused before the storage
 * opens, an unknown tenant refused with the hint naming `tenant list`. The admin API offers the
 * same operations to the CLI while a service holds the directory.
 */
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { startAdminApi } from '../../src/service/admin/admin-api.js';
import { ADMIN_OPERATIONS, parseAdminOperation } from '../../src/service/admin/admin-operations.js';
import { openService } from '../../src/service/index.js';
import { PLANS } from '../../src/service/tenants/plans.js';
import { makeTempDir } from '../service/helpers/temp-dir.js';

let dir: Awaited<ReturnType<typeof makeTempDir>>;
let dataDir: string;

beforeAll(async () => {
  dir = await makeTempDir('service-tenant-cli');
  dataDir = join(dir.path, 'data');
});
afterAll(() => dir?.remove());

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    stdin: new PassThrough(),
    env: { USER: 'ops' },
    cwd: dir.path,
  });
  return { code, stdout, stderr };
}

describe('connector service tenant', () => {
  it('lists, shows and changes the plan of a tenant (audited); refuses an unknown plan and an unknown tenant', { timeout: 180_000 }, async () => {
    const created = await cli(['service', 'tenant', 'create', '--name', 'Acme', '--plan', 'none', '--data-dir', dataDir]);
    expect(created.code).toBe(0);
    const tenant = JSON.parse(created.stdout) as { id: string; plan: string };

    const shown = await cli(['service', 'tenant', 'show', '--tenant', tenant.id, '--data-dir', dataDir]);
    expect(shown.code).toBe(0);
    expect(JSON.parse(shown.stdout)).toEqual({ ...tenant });

    const changed = await cli(['service', 'tenant', 'set-plan', '--tenant', tenant.id, '--plan', 'business', '--data-dir', dataDir]);
    expect(changed.code).toBe(0);
    expect(JSON.parse(changed.stdout)).toMatchObject({ id: tenant.id, plan: 'business' });
    const listed = await cli(['service', 'tenant', 'list', '--data-dir', dataDir]);
    expect(
      listed.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { id: string; plan: string }),
    ).toEqual([expect.objectContaining({ id: tenant.id, plan: 'business' })]);

    const gold = await cli(['service', 'tenant', 'set-plan', '--tenant', tenant.id, '--plan', 'gold', '--data-dir', dataDir]);
    expect(gold.code).toBe(2);
    expect(gold.stderr).toContain(`--plan must be one of ${PLANS.join(', ')}, not "gold"`);
    const missingPlan = await cli(['service', 'tenant', 'set-plan', '--tenant', tenant.id, '--data-dir', dataDir]);
    expect(missingPlan).toMatchObject({ code: 2, stderr: expect.stringContaining('set-plan needs --plan') });
    const unknown = await cli(['service', 'tenant', 'show', '--tenant', 'no-such-tenant', '--data-dir', dataDir]);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain('tenant no-such-tenant does not exist');
    expect(unknown.stderr).toContain('`connector service tenant list`');
    expect((await cli(['service', 'tenant', 'nope'])).stderr).toContain('expected one of create, list, show, set-plan');

    const service = await openService({ dataDir });
    const adminApi = await startAdminApi({ service, dataDir });
    try {
      // While a service holds the directory, the same commands go through its admin API.
      const viaAdmin = await cli(['service', 'tenant', 'set-plan', '--tenant', tenant.id, '--plan', 'standard', '--data-dir', dataDir]);
      expect(viaAdmin.code).toBe(0);
      expect(JSON.parse(viaAdmin.stdout)).toMatchObject({ id: tenant.id, plan: 'standard' });
      const shownViaAdmin = await cli(['service', 'tenant', 'show', '--tenant', tenant.id, '--data-dir', dataDir]);
      expect(JSON.parse(shownViaAdmin.stdout)).toMatchObject({ id: tenant.id, plan: 'standard' });
      const audit = await service.audit.list({ tenantId: tenant.id });
      expect(audit.entries.filter((entry) => entry.event === 'tenant.plan_changed').map((entry) => entry.detail)).toEqual([
        { from: 'business', to: 'standard' },
        { from: 'none', to: 'business' },
      ]);
    } finally {
      await adminApi.close();
      await service.close();
    }
  });

  it('is offered by the admin API of a running service: show and set-plan as tenants.get and tenants.setPlan', () => {
    expect(ADMIN_OPERATIONS.tenants).toEqual(expect.arrayContaining(['create', 'list', 'get', 'setPlan']));
    expect(parseAdminOperation('tenants.setPlan')).toEqual({ group: 'tenants', method: 'setPlan' });
    expect(parseAdminOperation('tenants.get')).toEqual({ group: 'tenants', method: 'get' });
  });
});
