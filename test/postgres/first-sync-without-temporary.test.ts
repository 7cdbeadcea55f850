/**
 * A large first sync adds its accounts as it imports them through a temporary table of its
 * transaction (run-sync.ts, `addsAsImported`). A service whose role may not create temporary
 * tables (PostgreSQL's `TEMPORARY` revoked) stages and applies that sync as any other instead of
 * failing it.
 */
import { expect, it } from 'vitest';
import { enableIncidentImport } from '../service/helpers/incident-integration.js';
import { useService } from '../service/helpers/service-fixture.js';
import { waitForRun } from '../service/sync/sync.cases.js';
import { withClient } from './helpers/scratch-database.js';
import { useLargeTarget } from './helpers/held-first-sync.js';
import { postgresStorage } from './helpers/postgres-storage.js';

const actor = 'ops@example.com';
const fixture = useService(postgresStorage('without_temporary', { withoutTemporary: true }), { sync: { engine: { pollingIntervalSeconds: 0.5 } } });
const target = useLargeTarget(fixture);

it('a first sync of 1,500 accounts succeeds with every account where the service may not create temporary tables', async () => {
  const databaseUrl = (fixture.options as { databaseUrl: string }).databaseUrl;
  // The service's own role, as the service connects.
  expect(
    await withClient(databaseUrl, async (client) => (await client.query(`SELECT has_database_privilege(current_database(), 'TEMPORARY') AS may`)).rows[0].may),
  ).toBe(false);
  const { ref, queued } = await enableIncidentImport(fixture.service, { name: 'Without temporary', origin: target.simulator().server.origin, actor });
  expect(await waitForRun(fixture.service, ref, queued.id)).toMatchObject({
    status: 'succeeded',
    counts: { seen: 1500, added: 1500, removed: 0 },
    error: null,
  });
  expect((await fixture.service.sync.listAccounts({ ...ref, limit: 1 })).accounts).toHaveLength(1);
});
