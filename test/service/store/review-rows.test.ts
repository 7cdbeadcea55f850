/**
 * The review items' pages go by the numeric item id: the id is answered as text, and ordering by
 * that text (9 after 10) would repeat or skip items across pages once ids pass a power of ten
 * (the 100,000-account bench found a report with duplicate rows).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../../src/service/store/database.js';
import { openDatabase } from '../../../src/service/store/open-database.js';
import { insertCampaign, listItemRows } from '../../../src/service/store/review-rows.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { seedDataDir } from '../../setup/pglite-template.js';

let dir: Awaited<ReturnType<typeof makeTempDir>>;
let db: Database;

beforeAll(async () => {
  dir = await makeTempDir('review-rows');
  db = await openDatabase({ dataDir: await seedDataDir(join(dir.path, 'data')) });
});
afterAll(async () => {
  await db?.close();
  await dir?.remove();
});

it('pages the items in numeric id order across a power of ten', async () => {
  await db.query(`INSERT INTO tenants (id, name, plan) VALUES ('t1', 'T', 'business')`);
  await insertCampaign(db, {
    id: 'c1',
    tenantId: 't1',
    name: 'C',
    integrationIds: null,
    dueAt: new Date(),
    reviewers: [{ reviewer: 'a', integrationId: null }],
    createdBy: 'x',
  });
  await db.query(
    `INSERT INTO review_items (id, campaign_id, tenant_id, integration_name, external_id, email, name, state, admin, last_seen_at)
     OVERRIDING SYSTEM VALUE SELECT n, 'c1', 't1', 'App', 'u' || n, '', 'U', 'active', false, now() FROM generate_series(7, 12) AS n`,
  );
  const seen: string[] = [];
  for (let after: string | undefined; ; ) {
    const page = await listItemRows(db, { campaignId: 'c1', ...(after ? { after } : {}), limit: 2 });
    seen.push(...page.map((row) => row.id));
    if (page.length < 2) break;
    after = page.at(-1)!.id;
  }
  expect(seen).toEqual(['7', '8', '9', '10', '11', '12']);
});
