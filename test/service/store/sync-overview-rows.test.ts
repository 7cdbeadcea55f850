import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../../src/service/store/database.js';
import { ensureSettingsOfMany, findRun, latestRunRows } from '../../../src/service/store/sync-run-rows.js';
import { DEFAULT_SYNC_SETTINGS } from '../../../src/service/sync/sync-policy.js';
import { embeddedIncidentImport } from '../helpers/incident-integration.js';

const actor = 'ops@example.com';
const cleanups: (() => Promise<unknown>)[] = [];
let db: Database;
let tenantId: string;
let integrationId: string;
let runId: string;

beforeAll(async () => {
  const { tenant, ref, queued, db: opened } = await embeddedIncidentImport({ name: 'Overview rows', users: 2, actor, cleanups });
  [tenantId, integrationId, runId, db] = [tenant.id, ref.integrationId, queued.id, opened];
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

it('creates a missing settings row with the defaults, and gives the rows as a row query does (times as Dates), each with its schedule', async () => {
  await db.query('DELETE FROM sync_settings WHERE integration_id = $1', [integrationId]);
  const defaults = { ...DEFAULT_SYNC_SETTINGS, intervalSeconds: 4321 };
  const [row] = await ensureSettingsOfMany(db, { tenantId, integrationIds: [integrationId], defaults });
  const { rows } = await db.query('SELECT * FROM sync_settings WHERE integration_id = $1', [integrationId]);
  const { not_scheduled, ...settings } = row!;
  expect(settings).toEqual(rows[0]);
  // Import Users is on (the import above ran): the tick schedules it.
  expect(not_scheduled).toBeNull();
  expect(row).toMatchObject({ interval_seconds: 4321, consecutive_failures: 0 });
  expect((row as unknown as { updated_at: unknown }).updated_at).toBeInstanceOf(Date);
});

it("gives an integration's latest run as findRun gives it, and none of another tenant", async () => {
  const latest = await latestRunRows(db, { tenantId, integrationIds: [integrationId] });
  expect(latest).toEqual([await findRun(db, { tenantId, runId })]);
  expect(latest[0]!.queued_at).toBeInstanceOf(Date);
  expect(await latestRunRows(db, { tenantId: 'another tenant', integrationIds: [integrationId] })).toEqual([]);
});
