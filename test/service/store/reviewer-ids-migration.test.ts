/**
 * Migration 0331: a campaign created before reviewers were identified by id gets, for each entry
 * named by a unique live reviewer of its tenant, that reviewer's id; an ambiguous or unknown name
 * stays without one (only an admin decides there), and an entry with an id is left alone.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../../src/service/store/database.js';
import { openEmbeddedDatabase } from '../../../src/service/store/embedded-database.js';
import { loadMigrations, migrate } from '../../../src/service/store/migrate.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const MIGRATION = '0331_reviewer_ids.sql';
let dir: Awaited<ReturnType<typeof makeTempDir>>;
let db: Database;

beforeAll(async () => {
  dir = await makeTempDir('reviewer-ids');
  db = await openEmbeddedDatabase(join(dir.path, 'data'));
});
afterAll(async () => {
  await db?.close();
  await dir?.remove();
});

it('gives older campaigns the ids of the reviewers they name, where a name is unambiguous', async () => {
  const all = await loadMigrations();
  const cut = all.findIndex((migration) => migration.version === MIGRATION);
  expect(cut).toBeGreaterThan(0);
  await migrate(db, all.slice(0, cut));

  await db.query(`INSERT INTO tenants (id, name, plan) VALUES ('t1', 'T1', 'business'), ('t2', 'T2', 'business')`);
  await db.query(
    `INSERT INTO api_tokens (id, tenant_id, name, role, token_hash, revoked_at) VALUES
       ('k1', 't1', 'Rita', 'reviewer', 'h1', NULL),
       ('k2', 't1', 'twin', 'reviewer', 'h2', NULL),
       ('k3', 't1', 'twin', 'reviewer', 'h3', NULL),
       ('k4', 't1', 'gone', 'reviewer', 'h4', now()),
       ('k5', 't1', 'vic', 'viewer', 'h5', NULL),
       ('k6', 't2', 'rita', 'reviewer', 'h6', NULL)`,
  );
  const entries = [
    { reviewer: ' rita ', integrationId: null },
    { reviewer: 'twin', integrationId: null },
    { reviewer: 'gone', integrationId: null },
    { reviewer: 'vic', integrationId: null },
    { reviewer: 'Rita', integrationId: 'i9', reviewerId: 'token:kept' },
  ];
  await db.query(
    `INSERT INTO review_campaigns (id, tenant_id, name, integration_ids, due_at, reviewers, status, created_by)
     VALUES ('c1', 't1', 'Old', NULL, now(), $1::jsonb, 'open', 'x')`,
    [JSON.stringify(entries)],
  );

  expect(await migrate(db, all.slice(0, cut + 1))).toEqual([MIGRATION]);
  const { rows } = await db.query<{ reviewers: unknown }>(`SELECT reviewers FROM review_campaigns WHERE id = 'c1'`);
  expect(rows[0]!.reviewers).toEqual([
    { reviewer: ' rita ', integrationId: null, reviewerId: 'token:k1' },
    { reviewer: 'twin', integrationId: null },
    { reviewer: 'gone', integrationId: null },
    { reviewer: 'vic', integrationId: null },
    { reviewer: 'Rita', integrationId: 'i9', reviewerId: 'token:kept' },
  ]);
});
