/**
 * The reads behind the sync overview (a page of up to 1,000 integrations, read over and over by
 * the integrations list): one statement when every settings row exists, the defaults written only
 * for a missing row, and the rows read as one JSON value given back as a row query gives them.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openService } from '../../../src/service/index.js';
import type { Database } from '../../../src/service/store/database.js';
import { openDatabase } from '../../../src/service/store/open-database.js';
import { ensureSettingsOfMany, findRun, latestRunRows } from '../../../src/service/store/sync-run-rows.js';
import { DEFAULT_SYNC_SETTINGS } from '../../../src/service/sync/sync-policy.js';
import { ALLOW_LOOPBACK } from '../../../src/runtime/http/egress-policy.js';
import { seedUsers, startIncidentPlatform } from '../../../src/simulators/incident-platform/index.js';
import { seedDataDir } from '../../setup/pglite-template.js';
import { enableIncidentImport } from '../helpers/incident-integration.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const actor = 'ops@example.com';
const cleanups: (() => Promise<unknown>)[] = [];
let db: Database;
let tenantId: string;
let integrationId: string;
let runId: string;

beforeAll(async () => {
  const dir = await makeTempDir('sync-overview-rows');
  cleanups.push(() => dir.remove());
  const dataDir = await seedDataDir(join(dir.path, 'data'));
  const simulator = await startIncidentPlatform({ users: seedUsers({ count: 2 }) });
  cleanups.push(() => simulator.close());
  const service = await openService({ dataDir, egress: ALLOW_LOOPBACK });
  const { tenant, ref, queued } = await enableIncidentImport(service, { name: 'Overview rows', origin: simulator.server.origin, actor });
  await service.close();
  [tenantId, integrationId, runId] = [tenant.id, ref.integrationId, queued.id];
  db = await openDatabase({ dataDir });
  cleanups.push(() => db.close());
}, 60_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The database with every statement's text recorded. */
function recording(): { db: Database; statements: string[] } {
  const statements: string[] = [];
  const proxy = new Proxy(db, {
    get(target, key, receiver) {
      if (key === 'query')
        return (text: string, params?: readonly unknown[]) => {
          statements.push(text);
          return target.query(text, params);
        };
      const value = Reflect.get(target, key, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: proxy, statements };
}

it('reads the settings of integrations that all have them in one statement, writing nothing', async () => {
  const { db: counted, statements } = recording();
  const rows = await ensureSettingsOfMany(counted, { tenantId, integrationIds: [integrationId, integrationId], defaults: DEFAULT_SYNC_SETTINGS });
  expect(rows.map((row) => row.integration_id)).toEqual([integrationId]);
  expect(statements).toHaveLength(1);
  expect(statements[0]).not.toMatch(/INSERT/);
});

it('creates a missing settings row with the defaults, and gives the rows as a row query does (times as Dates)', async () => {
  await db.query('DELETE FROM sync_settings WHERE integration_id = $1', [integrationId]);
  const defaults = { ...DEFAULT_SYNC_SETTINGS, intervalSeconds: 4321 };
  const [row] = await ensureSettingsOfMany(db, { tenantId, integrationIds: [integrationId], defaults });
  const { rows } = await db.query('SELECT * FROM sync_settings WHERE integration_id = $1', [integrationId]);
  expect(row).toEqual(rows[0]);
  expect(row).toMatchObject({ interval_seconds: 4321, consecutive_failures: 0 });
  expect((row as unknown as { updated_at: unknown }).updated_at).toBeInstanceOf(Date);
});

it("gives an integration's latest run as findRun gives it, and none of another tenant", async () => {
  const latest = await latestRunRows(db, { tenantId, integrationIds: [integrationId] });
  expect(latest).toEqual([await findRun(db, { tenantId, runId })]);
  expect(latest[0]!.queued_at).toBeInstanceOf(Date);
  expect(await latestRunRows(db, { tenantId: 'another tenant', integrationIds: [integrationId] })).toEqual([]);
});
