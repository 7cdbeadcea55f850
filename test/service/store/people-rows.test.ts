/**
 * A person's linked accounts come by integration, then by the numeric account id: the id is
 * answered as text, and an ORDER BY that resolves to the text column would put account 10 before 9.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../../src/service/store/database.js';
import { openDatabase } from '../../../src/service/store/open-database.js';
import { listLinkedAccounts } from '../../../src/service/store/people-rows.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { seedDataDir } from '../../setup/pglite-template.js';

let dir: Awaited<ReturnType<typeof makeTempDir>>;
let db: Database;

beforeAll(async () => {
  dir = await makeTempDir('people-rows');
  db = await openDatabase({ dataDir: await seedDataDir(join(dir.path, 'data')) });
});
afterAll(async () => {
  await db?.close();
  await dir?.remove();
});

it("lists a person's accounts in numeric id order across a power of ten", async () => {
  await db.query(`INSERT INTO tenants (id, name, plan) VALUES ('t1', 'T', 'business')`);
  await db.query(`INSERT INTO integrations (id, tenant_id, name, type, connector_id) VALUES ('i1', 't1', 'App', 'prebuilt', 'okta')`);
  await db.query(`INSERT INTO people (id, tenant_id, email, email_key, name) VALUES ('p1', 't1', 'a@example.com', 'a@example.com', 'A')`);
  await db.query(
    `INSERT INTO accounts (id, tenant_id, integration_id, external_id, email, email_key, name, admin, state, person_id, link_status, first_seen_at, last_seen_at, last_run_id)
     OVERRIDING SYSTEM VALUE SELECT n, 't1', 'i1', 'u' || n, 'a@example.com', 'a@example.com', 'A', false, 'active', 'p1', 'linked', now(), now(), 'r'
     FROM generate_series(7, 12) AS n`,
  );
  const rows = await listLinkedAccounts(db, { tenantId: 't1', personId: 'p1' });
  expect(rows.map((row) => row.id)).toEqual(['7', '8', '9', '10', '11', '12']);
});
