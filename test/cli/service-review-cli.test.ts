/**
 * `connector service review`: create a campaign, start it (waiting for a fresh sync, which a
 * service with workers runs, then open), show it with its items, decide one and many, close, and
 * the CSV report; usage errors name the missing flags.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runInProcess, type CliResult } from './run-in-process.js';
import { parseCsv } from '../../src/service/access/csv.js';
import { openService } from '../../src/service/index.js';
import { REPORT_HEADER } from '../../src/service/reviews/review-view.js';
import { ALLOW_LOOPBACK } from '../../src/runtime/http/egress-policy.js';
import { DEMO_FULL_ACCESS_KEY, seedUsers, startIncidentPlatform, type IncidentPlatformSimulator } from '../../src/simulators/incident-platform/index.js';
import { makeTempDir } from '../service/helpers/temp-dir.js';
import { waitForRun } from '../service/sync/sync.cases.js';
import { seedDataDir } from '../setup/pglite-template.js';

let dir: Awaited<ReturnType<typeof makeTempDir>>;
let dataDir: string;
let incident: IncidentPlatformSimulator;
const ids = { tenant: '', integration: '' };

function cli(args: string[]): Promise<CliResult> {
  return runInProcess(['service', 'review', ...args, '--data-dir', dataDir], dir.path);
}

beforeAll(async () => {
  dir = await makeTempDir('reviews-cli');
  dataDir = await seedDataDir(join(dir.path, 'data'));
  incident = await startIncidentPlatform({ users: seedUsers({ count: 3 }) });
  const service = await openService({ dataDir, egress: ALLOW_LOOPBACK });
  try {
    const actor = 'setup';
    ids.tenant = (await service.tenants.create({ name: 'CLI reviews', plan: 'business', actor })).id;
    ids.integration = (
      await service.integrations.create({ tenantId: ids.tenant, type: 'prebuilt', connector: 'incident-platform', baseUrl: incident.server.origin, actor })
    ).id;
    const ref = { tenantId: ids.tenant, integrationId: ids.integration };
    await service.integrations.configureAuth({ ...ref, inputs: { token: DEMO_FULL_ACCESS_KEY }, actor });
    await service.integrations.setAction({ ...ref, action: 'importUsers', enabled: true, actor });
    await service.operators.create({ tenantId: ids.tenant, username: 'rita', password: 'correct horse battery staple', role: 'reviewer', actor });
  } finally {
    await service.close();
  }
});
afterAll(async () => {
  await incident?.close();
  await dir?.remove();
});

it('creates, starts on a fresh sync, shows, decides one and many, closes and prints the report', { timeout: 120_000 }, async () => {
  const usage = await cli(['create', '--tenant', ids.tenant, '--name', 'CLI review']);
  expect(usage.code).toBe(2);
  expect(usage.stderr).toContain('create needs --due, --reviewer');

  const created = await cli([
    'create',
    '--tenant',
    ids.tenant,
    '--name',
    'CLI review',
    '--due',
    '2030-01-31T17:00:00Z',
    '--reviewer',
    `rita=${ids.integration}`,
  ]);
  expect(created.code, created.stderr).toBe(0);
  const campaign = JSON.parse(created.stdout) as { id: string };
  expect(JSON.parse(created.stdout)).toMatchObject({ status: 'draft', reviewers: [{ reviewer: 'rita', integrationId: ids.integration }] });

  const waiting = await cli(['start', '--tenant', ids.tenant, '--campaign', campaign.id]);
  expect(waiting.code, waiting.stderr).toBe(0);
  expect(JSON.parse(waiting.stdout)).toMatchObject({ status: 'waiting' });
  expect(waiting.stderr).toContain('run start again');
  // The queued sync runs in a service's workers.
  const service = await openService({ dataDir, egress: ALLOW_LOOPBACK, sync: { engine: { pollingIntervalSeconds: 0.5 } } });
  try {
    await service.startWorkers();
    const ref = { tenantId: ids.tenant, integrationId: ids.integration };
    const [run] = await service.sync.listRuns(ref);
    expect((await waitForRun(service, ref, run!.id)).status).toBe('succeeded');
  } finally {
    await service.close();
  }
  const open = await cli(['start', '--tenant', ids.tenant, '--campaign', campaign.id]);
  expect(JSON.parse(open.stdout)).toMatchObject({ status: 'open', progress: { items: 3 } });

  const shown = JSON.parse((await cli(['show', '--tenant', ids.tenant, '--campaign', campaign.id])).stdout) as { items: { id: string; admin: boolean }[] };
  expect(shown.items).toHaveLength(3);
  const one = await cli([
    'decide',
    '--tenant',
    ids.tenant,
    '--campaign',
    campaign.id,
    '--item',
    shown.items[0]!.id,
    '--decision',
    'keep',
    '--comment',
    'on call',
  ]);
  expect(one.code, one.stderr).toBe(0);
  expect(JSON.parse(one.stdout)).toMatchObject({ decision: 'keep', comment: 'on call', decidedBy: expect.stringMatching(/^cli/) });
  const bad = await cli(['decide', '--tenant', ids.tenant, '--campaign', campaign.id, '--decision', 'keep', '--admin', 'maybe']);
  expect(bad.code).toBe(1);
  expect(bad.stderr).toContain('--admin must be true or false');
  const expected = shown.items.slice(1).filter((item) => !item.admin).length;
  expect(expected).toBe(2);
  // One of the two decided alone first, so that the bulk decision decides exactly one: "1 undecided item".
  const single = shown.items.slice(1).find((item) => !item.admin)!;
  expect((await cli(['decide', '--tenant', ids.tenant, '--campaign', campaign.id, '--item', single.id, '--decision', 'keep'])).code).toBe(0);
  const many = await cli(['decide', '--tenant', ids.tenant, '--campaign', campaign.id, '--decision', 'keep', '--admin', 'false']);
  expect(many.code, many.stderr).toBe(0);
  expect(JSON.parse(many.stdout)).toEqual({ decided: 1 });
  expect(many.stderr).toContain('decided 1 undecided item\n');
  // Nothing left that the filter selects: "0 undecided items".
  const none = await cli(['decide', '--tenant', ids.tenant, '--campaign', campaign.id, '--decision', 'keep', '--admin', 'false']);
  expect(none.stderr).toContain('decided 0 undecided items\n');

  const closed = await cli(['close', '--tenant', ids.tenant, '--campaign', campaign.id]);
  expect(JSON.parse(closed.stdout)).toMatchObject({ status: 'closed', progress: { items: 3, decided: 1 + expected } });
  const listed = JSON.parse((await cli(['list', '--tenant', ids.tenant])).stdout) as { id: string }[];
  expect(listed.map((entry) => entry.id)).toEqual([campaign.id]);

  const report = await cli(['report', '--tenant', ids.tenant, '--campaign', campaign.id]);
  expect(report.code, report.stderr).toBe(0);
  const [header, ...rows] = parseCsv(report.stdout);
  expect(header).toEqual([...REPORT_HEADER]);
  expect(rows.map((row) => row[0])).toEqual(shown.items.map((item) => item.id));
  expect(rows.filter((row) => row[REPORT_HEADER.indexOf('decision')] === 'undecided')).toHaveLength(3 - 1 - expected);
  const json = JSON.parse((await cli(['report', '--tenant', ids.tenant, '--campaign', campaign.id, '--format', 'json'])).stdout) as unknown[];
  expect(json).toHaveLength(3);
  const page = await cli(['report', '--tenant', ids.tenant, '--campaign', campaign.id, '--format', 'html']);
  expect(page.code, page.stderr).toBe(0);
  expect(page.stdout).toMatch(/^<!doctype html>\n/);
  expect(page.stdout).toContain('<table class="report">');
  expect([...page.stdout.matchAll(/<tr><td>([^<]*)<\/td>/g)].map((match) => match[1])).toEqual(shown.items.map((item) => item.id));
  const wrong = await cli(['report', '--tenant', ids.tenant, '--campaign', campaign.id, '--format', 'pdf']);
  expect(wrong.code).not.toBe(0);
  expect(wrong.stderr).toContain('--format must be csv, json or html');
});
