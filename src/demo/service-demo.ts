/**
 * The service end to end on embedded defaults, as an operator meets it: an embedded database in a
 * temporary directory, a tenant, a few people, an integration of the simulated incident platform
 * configured in the seed's order (type, then authentication, tested before it is saved, then
 * actions), Import Users enabled (which syncs at once), then the Accounts list and the Access Grid.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openService, type Service } from '../service/index.js';
import type { SyncRun } from '../service/sync/sync-view.js';
import { ALLOW_LOOPBACK } from '../runtime/http/egress-policy.js';
import { DEMO_FULL_ACCESS_KEY, seedUsers, startIncidentPlatform } from '../simulators/incident-platform/index.js';
import { formatTable } from './format-table.js';

const OPERATOR = 'demo-operator@example.com';
export const DEMO_SERVICE_USERS = 36;

async function waitForRun(service: Service, ref: { tenantId: string; integrationId: string }, runId: string): Promise<SyncRun> {
  for (;;) {
    const run = await service.sync.getRun({ ...ref, runId });
    if (run.status !== 'queued' && run.status !== 'running') return run;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function runServiceDemo(write: (line: string) => void): Promise<void> {
  const simulator = await startIncidentPlatform({ users: seedUsers({ count: DEMO_SERVICE_USERS }) });
  const dataDir = await mkdtemp(join(tmpdir(), 'lifecycle-connectors-demo-'));
  let service: Service | undefined;
  try {
    write(`Incident platform simulator (PagerDuty REST API v2) on ${simulator.server.origin} with ${DEMO_SERVICE_USERS} users`);
    // The simulator is on loopback, which the service's strict egress policy refuses by default.
    service = await openService({ dataDir: join(dataDir, 'data'), egress: ALLOW_LOOPBACK, sync: { engine: { pollingIntervalSeconds: 0.5 } } });
    write(`Service on an embedded database in ${dataDir} (removed at the end)`);
    write('');

    const tenant = await service.tenants.create({ name: 'Acme', plan: 'standard', actor: OPERATOR });
    write(`1. Tenant "${tenant.name}" on the ${tenant.plan} plan`);

    // People come from the HR source in production; here a CSV. One email is typed in capitals and
    // padded (links are case-insensitive and trimmed); one person has no account in the application.
    const [owner, second, third] = simulator.state.users.filter((user) => user.email !== undefined);
    const people = [
      ['email', 'name'],
      [owner!.email!, owner!.name],
      [` ${second!.email!.toUpperCase()} `, second!.name],
      [third!.email!, third!.name],
      ['nia.park@example.com', 'Nia Park'],
    ];
    const imported = await service.people.importCsv({ tenantId: tenant.id, csv: people.map((line) => line.join(',')).join('\n'), actor: OPERATOR });
    write(`2. People: ${imported.created} imported from CSV`);

    const integration = await service.integrations.create({
      tenantId: tenant.id,
      type: 'prebuilt',
      connector: 'incident-platform',
      baseUrl: simulator.server.origin,
      actor: OPERATOR,
    });
    const ref = { tenantId: tenant.id, integrationId: integration.id };
    write(`3. Integration "${integration.name}" (prebuilt incident-platform)`);

    const auth = await service.integrations.configureAuth({ ...ref, inputs: { token: DEMO_FULL_ACCESS_KEY }, actor: OPERATOR });
    if (!auth.ok) throw new Error(`the connection test failed: ${auth.failure.code}: ${auth.failure.message}`);
    write(
      `4. Authentication tested and saved (encrypted): GET via ${auth.check.via}, HTTP ${auth.check.status}, ${auth.check.records ?? 0} records on the first page`,
    );

    await service.startWorkers();
    await service.integrations.setAction({ ...ref, action: 'importUsers', enabled: true, actor: OPERATOR });
    const [queued] = await service.sync.listRuns(ref);
    const run = await waitForRun(service, ref, queued!.id);
    if (run.status !== 'succeeded') throw new Error(`the first sync ended ${run.status}${run.error ? `: ${run.error.code}: ${run.error.message}` : ''}`);
    const { counts } = run;
    write(`5. Import Users enabled: synced at once (run ${run.trigger}, ${run.status}): ${counts.pages} page(s), ${counts.seen} seen, ${counts.added} added`);
    write('');

    const accounts = (await service.sync.listAccounts({ ...ref, limit: 1000 })).accounts;
    const personName = new Map((await service.people.list({ tenantId: tenant.id })).map((person) => [person.id, person.name]));
    write(`Accounts of ${integration.name} (${accounts.length}):`);
    write(
      formatTable(accounts, [
        { title: 'ID', value: (account) => account.externalId },
        { title: 'NAME', value: (account) => account.name },
        { title: 'EMAIL', value: (account) => account.email || '(none)' },
        { title: 'ADMIN', value: (account) => (account.admin ? 'yes' : 'no') },
        { title: 'STATE', value: (account) => account.state },
        { title: 'PERSON', value: (account) => (account.personId === null ? '-' : (personName.get(account.personId) ?? account.personId)) },
      ]),
    );
    write('');

    const grid = await service.access.grid({ tenantId: tenant.id });
    write(`Access Grid (${grid.rows.length} people x ${grid.applications.length} application):`);
    write(
      formatTable(grid.rows, [
        { title: 'PERSON', value: (row) => row.person.name },
        { title: 'EMAIL', value: (row) => row.person.email },
        ...grid.applications.map((application) => ({
          title: application.name.toUpperCase(),
          value: (row: (typeof grid.rows)[number]) => {
            const cell = row.cells[application.id];
            return cell === undefined ? 'no account' : `${cell.state}${cell.admin ? ', admin' : ''}`;
          },
        })),
      ]),
    );
    const unlinked = accounts.filter((account) => account.personId === null).length;
    write('');
    write(`${unlinked} accounts match no person (orphans: GET /v1/people/unlinked); nobody was removed or changed in the application.`);
  } finally {
    await service?.close();
    await simulator.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
