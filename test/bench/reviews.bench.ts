/**
 * Access reviews at scale (issue 28): starting a campaign over 100,000 accounts (the start freezes
 * one review item per present account in one statement) and exporting its report as CSV, against
 * a plain SELECT of the same accounts on the same database in the same run. Reported in ms and as
 * ratios (start ÷ SELECT, report ÷ SELECT), on the embedded database and on PostgreSQL (skipped
 * with a note when no server answers). The accounts are seeded in SQL (a sync of 100,000 from a
 * simulator is sync.bench.ts's subject, not this one's), with one successful sync run newer than
 * the campaign, so the start opens at once.
 * `REVIEW_ACCOUNTS=20000 npm run bench -- reviews` for a quicker run.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openService, type ServiceOptions } from '../../src/service/index.js';
import { openDatabase } from '../../src/service/store/open-database.js';
import { createScratchDatabase } from '../postgres/helpers/scratch-database.js';

const COUNT = Number(process.env.REVIEW_ACCOUNTS ?? 100_000);
const actor = 'bench';

interface Result {
  storage: string;
  selectMs: number;
  startMs: number;
  reportMs: number;
  reportBytes: number;
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, value };
}

async function reviewAtScale(options: ServiceOptions, storage: string): Promise<Result> {
  // 1. A tenant, an integration and a draft campaign over it.
  let service = await openService(options);
  const tenant = await service.tenants.create({ name: 'bench', plan: 'business', actor });
  const integrationId = (await service.integrations.create({ tenantId: tenant.id, type: 'scim', scimBaseUrl: 'https://scim.example.com/v2', actor })).id;
  await service.tokens.create({ tenantId: tenant.id, role: 'reviewer', name: 'rita', actor });
  const campaign = await service.reviews.create({
    tenantId: tenant.id,
    name: 'bench review',
    integrationIds: [integrationId],
    dueAt: '2030-01-01T00:00:00Z',
    reviewers: [{ reviewer: 'rita' }],
    actor,
  });
  await service.close();

  // 2. The accounts and a successful sync newer than the campaign, seeded in SQL; the baseline SELECT.
  const db = await openDatabase(options);
  let selectMs = Number.POSITIVE_INFINITY;
  try {
    const runId = `bench-run-${randomBytes(4).toString('hex')}`;
    await db.query(
      `INSERT INTO sync_runs (id, tenant_id, integration_id, trigger, requested_by, status, started_at, finished_at)
       VALUES ($1, $2, $3, 'manual', 'bench', 'succeeded', now(), now() + interval '1 second')`,
      [runId, tenant.id, integrationId],
    );
    await db.query(
      `INSERT INTO accounts (tenant_id, integration_id, external_id, email, email_key, name, admin, state, first_seen_at, last_seen_at, last_run_id)
       SELECT $1, $2, 'u' || n, 'user' || n || '@example.com', 'user' || n || '@example.com', 'User ' || n, n % 50 = 0, 'active', now(), now(), $3
       FROM generate_series(1, $4::int) AS n`,
      [tenant.id, integrationId, runId, COUNT],
    );
    // The same accounts the start freezes, read plainly: best of three.
    for (let round = 0; round < 3; round += 1) {
      const { ms, value } = await timed(() =>
        db.query(
          `SELECT a.id, a.integration_id, i.name, a.external_id, a.email, a.name, a.state, a.admin, a.person_id, a.last_seen_at
           FROM accounts a JOIN integrations i ON i.id = a.integration_id
           WHERE a.tenant_id = $1 AND a.integration_id = $2 AND a.state <> 'removed' AND a.removed_at IS NULL`,
          [tenant.id, integrationId],
        ),
      );
      if (value.rows.length !== COUNT) throw new Error(`the SELECT read ${value.rows.length} accounts, not ${COUNT}`);
      selectMs = Math.min(selectMs, ms);
    }
  } finally {
    await db.close();
  }

  // 3. Start (freeze COUNT items) and the CSV report, through the service.
  service = await openService(options);
  try {
    const started = await timed(() => service.reviews.start({ tenantId: tenant.id, campaignId: campaign.id, actor }));
    if (started.value.status !== 'open' || started.value.progress.items !== COUNT)
      throw new Error(`the campaign did not open over ${COUNT} items: ${JSON.stringify({ status: started.value.status, progress: started.value.progress })}`);
    const report = await timed(() => service.reviews.reportCsv({ tenantId: tenant.id, campaignId: campaign.id }));
    const lines = report.value.split('\r\n').length - 2;
    if (lines !== COUNT) throw new Error(`the report has ${lines} rows, not ${COUNT}`);
    return { storage, selectMs, startMs: started.ms, reportMs: report.ms, reportBytes: report.value.length };
  } finally {
    await service.close();
  }
}

const results: Result[] = [];
const dir = await mkdtemp(join(tmpdir(), 'bench-reviews-'));
try {
  results.push(await reviewAtScale({ dataDir: join(dir, 'data') }, 'embedded'));
} finally {
  await rm(dir, { recursive: true, force: true });
}
let note = '';
try {
  const scratch = await createScratchDatabase('bench_reviews');
  try {
    results.push(await reviewAtScale({ databaseUrl: scratch.url, env: { CONNECTOR_KEK: randomBytes(32).toString('base64') } }, 'postgres'));
  } finally {
    await scratch.drop();
  }
} catch (error) {
  note = `PostgreSQL skipped: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
}

process.stdout.write(`\nAn access review over ${COUNT} accounts: start (freeze every item) and the CSV report, against a plain SELECT of the same accounts\n`);
process.stdout.write('storage   | SELECT ms | start ms | report ms | report MB | start ÷ SELECT | report ÷ SELECT\n');
for (const row of results) {
  process.stdout.write(
    `${row.storage.padEnd(9)} | ${row.selectMs.toFixed(0).padStart(9)} | ${row.startMs.toFixed(0).padStart(8)} | ${row.reportMs.toFixed(0).padStart(9)} | ${(row.reportBytes / 1e6).toFixed(1).padStart(9)} | ${(row.startMs / row.selectMs).toFixed(1).padStart(14)} | ${(row.reportMs / row.selectMs).toFixed(1).padStart(15)}\n`,
  );
}
if (note) process.stdout.write(`${note}\n`);
