/**
 * The service API's latency over a real 127.0.0.1 socket: reading one integration and listing
 * 1,000 integrations (one page), on the embedded database and on PostgreSQL (127.0.0.1:5432, or
 * PG_ADMIN_URL; skipped with a note when no server answers). Baseline in the same run: a bare
 * query of the same rows on the same database (PGlite opened directly on the same directory after
 * the service closed; a `pg` pool on the same PostgreSQL database). Ratio = API median / bare median.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { buildHttpApp } from '../../src/service/http/build-app.js';
import { openService, type ServiceOptions } from '../../src/service/index.js';
import { createScratchDatabase } from '../postgres/helpers/scratch-database.js';

const INTEGRATIONS = 1000;
const READS = 400;
const LISTS = 40;

interface Timing {
  median: number;
  p99: number;
}

function summarise(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, p99: sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)]! };
}

async function time(runs: number, work: () => Promise<unknown>): Promise<Timing> {
  for (let warm = 0; warm < 5; warm += 1) await work();
  const samples: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const start = performance.now();
    await work();
    samples.push(performance.now() - start);
  }
  return summarise(samples);
}

interface Row {
  storage: string;
  case: string;
  api: Timing;
  bare: Timing;
}

type BareQuery = (text: string, params: unknown[]) => Promise<unknown[]>;

/** Measures the API on a service, then hands the ids to `bare` for the baseline. */
async function measure(
  storage: string,
  options: ServiceOptions,
  bare: (measureBare: (query: BareQuery) => Promise<{ read: Timing; list: Timing }>) => Promise<{ read: Timing; list: Timing }>,
): Promise<Row[]> {
  const service = await openService(options);
  const tenant = await service.tenants.create({ name: 'bench', plan: 'standard', actor: 'bench' });
  const other = await service.tenants.create({ name: 'other', plan: 'standard', actor: 'bench' });
  const { token } = await service.tokens.create({ tenantId: tenant.id, role: 'viewer', actor: 'bench' });
  const ids: string[] = [];
  for (let index = 0; index < INTEGRATIONS; index += 1) {
    ids.push((await service.integrations.create({ tenantId: tenant.id, type: 'scim', scimBaseUrl: `https://scim${index}.example.com/v2`, actor: 'bench' })).id);
    // Another tenant's rows in the same table, as in a shared database.
    await service.integrations.create({ tenantId: other.id, type: 'scim', scimBaseUrl: `https://other${index}.example.com/v2`, actor: 'bench' });
  }
  const { app } = await buildHttpApp({ service });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const headers = { authorization: `Bearer ${token}` };
  const get = async (path: string) => {
    const response = await fetch(`${url}${path}`, { headers });
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    return response.json();
  };
  let next = 0;
  const apiRead = await time(READS, () => get(`/v1/integrations/${ids[next++ % ids.length]}`));
  const apiList = await time(LISTS, async () => {
    const page = (await get(`/v1/integrations?limit=${INTEGRATIONS}`)) as { integrations: unknown[] };
    if (page.integrations.length !== INTEGRATIONS) throw new Error(`listed ${page.integrations.length}`);
  });
  await app.close();
  await service.close();

  let bareNext = 0;
  const baseline = await bare(async (query) => ({
    // The same rows the API reads: the integration, and its credential fields.
    read: await time(READS, async () => {
      const id = ids[bareNext++ % ids.length];
      await query('SELECT * FROM integrations WHERE tenant_id = $1 AND id = $2', [tenant.id, id]);
      await query('SELECT integration_id, field FROM integration_credentials WHERE integration_id = ANY($1)', [[id]]);
    }),
    list: await time(LISTS, async () => {
      const rows = await query('SELECT * FROM integrations WHERE tenant_id = $1 ORDER BY created_at, id LIMIT $2', [tenant.id, INTEGRATIONS + 1]);
      if (rows.length !== INTEGRATIONS) throw new Error(`bare list read ${rows.length}`);
    }),
  }));
  return [
    { storage, case: 'GET one integration', api: apiRead, bare: baseline.read },
    { storage, case: `list ${INTEGRATIONS} integrations`, api: apiList, bare: baseline.list },
  ];
}

async function embedded(): Promise<Row[]> {
  const dir = await mkdtemp(join(tmpdir(), 'lc-bench-api-'));
  try {
    const dataDir = join(dir, 'data');
    return await measure('embedded', { dataDir }, async (run) => {
      const db = await PGlite.create({ dataDir: join(dataDir, 'pgdata') });
      try {
        return await run(async (text, params) => (await db.query(text, params)).rows);
      } finally {
        await db.close();
      }
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function postgres(): Promise<Row[] | string> {
  let scratch;
  try {
    scratch = await createScratchDatabase('bench');
  } catch (error) {
    return `PostgreSQL skipped: no server (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`;
  }
  try {
    return await measure('postgres', { databaseUrl: scratch.url, env: { CONNECTOR_KEK: randomBytes(32).toString('base64') } }, async (run) => {
      const pool = new pg.Pool({ connectionString: scratch.url, max: 10 });
      try {
        return await run(async (text, params) => (await pool.query(text, params)).rows);
      } finally {
        await pool.end();
      }
    });
  } finally {
    await scratch.drop();
  }
}

const rows = await embedded();
const onPostgres = await postgres();
if (typeof onPostgres === 'string') process.stdout.write(`${onPostgres}\n`);
else rows.push(...onPostgres);

const table = [
  ['storage', 'case', 'API median ms', 'API p99 ms', 'bare median ms', 'bare p99 ms', 'ratio'],
  ...rows.map((row) => [
    row.storage,
    row.case,
    row.api.median.toFixed(2),
    row.api.p99.toFixed(2),
    row.bare.median.toFixed(2),
    row.bare.p99.toFixed(2),
    `${(row.api.median / row.bare.median).toFixed(1)}x`,
  ]),
];
const widths = table[0]!.map((_, column) => Math.max(...table.map((row) => row[column]!.length)));
for (const row of table) process.stdout.write(`${row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ')}\n`);
process.stdout.write(`(${READS} reads and ${LISTS} lists each, after 5 warm-up requests; another tenant's ${INTEGRATIONS} rows share the table)\n`);
