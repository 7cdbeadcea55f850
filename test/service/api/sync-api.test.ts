/**
 * Account sync through the HTTP API, as an administrator would drive it: enabling Import Users
 * syncs at once (workers running in this process), the Accounts list fills, "sync now" queues or
 * joins a run, and a viewer can read but not start one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FULL_ACCESS_KEY, seedUsers, startIncidentPlatform, type IncidentPlatformSimulator } from '../../../src/simulators/incident-platform/index.js';
import { embeddedStorage } from '../helpers/service-fixture.js';
import { useApi, type TenantTokens } from './api-fixture.js';

const fixture = useApi(embeddedStorage('api-sync'));
let incident: IncidentPlatformSimulator;
let tenant: TenantTokens;
let integration: string;

beforeAll(async () => {
  incident = await startIncidentPlatform({ users: seedUsers({ count: 7 }) });
  tenant = await fixture.tenantWithTokens('standard', 'Sync tenant');
  await fixture.service.startWorkers();
  integration = (await fixture.call(tenant.admin, 'POST', '/v1/integrations', { type: 'prebuilt', connector: 'incident-platform', baseUrl: incident.server.origin })).body.id;
  expect((await fixture.call(tenant.admin, 'PUT', `/v1/integrations/${integration}/auth`, { inputs: { token: DEMO_FULL_ACCESS_KEY } })).status).toBe(200);
});
afterAll(async () => {
  await fixture.service?.stopWorkers();
  await incident?.close();
});

async function settledRun(): Promise<{ status: string; counts?: Record<string, number> }> {
  // The run is asynchronous: poll its state (bounded by the test's timeout).
  for (;;) {
    const [run] = (await fixture.call(tenant.viewer, 'GET', `/v1/integrations/${integration}/sync/runs`)).body.runs;
    if (run && !['queued', 'running'].includes(run.status)) return run;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('sync through the API', () => {
  it('enabling Import Users syncs at once and fills the Accounts list', { timeout: 60_000 }, async () => {
    expect((await fixture.call(tenant.admin, 'PUT', `/v1/integrations/${integration}/actions/importUsers`, { enabled: true })).status).toBe(200);
    expect(await settledRun()).toMatchObject({ status: 'succeeded' });
    const accounts = await fixture.call(tenant.viewer, 'GET', `/v1/integrations/${integration}/accounts`);
    expect(accounts.status).toBe(200);
    expect(accounts.body.accounts.map((account: { email: string }) => account.email).sort()).toEqual(incident.state.users.map((user) => user.email).sort());
  });

  it('sync now queues a run for an admin, and is forbidden to a viewer', { timeout: 60_000 }, async () => {
    expect((await fixture.call(tenant.viewer, 'POST', `/v1/integrations/${integration}/sync`)).body.code).toBe('FORBIDDEN');
    const started = await fixture.call(tenant.admin, 'POST', `/v1/integrations/${integration}/sync`);
    expect(started.status).toBe(202);
    expect(started.body.run.id).toBeTruthy();
    expect(await settledRun()).toMatchObject({ status: 'succeeded' });
    expect((await fixture.call(tenant.viewer, 'GET', `/v1/integrations/${integration}/sync`)).status).toBe(200);
  });

  it('links a person by email and shows it in the Access Grid and the Application Audit, also as CSV', { timeout: 60_000 }, async () => {
    const user = incident.state.users[0]!;
    expect((await fixture.call(tenant.admin, 'POST', '/v1/people', { email: `  ${String(user.email).toUpperCase()} `, name: 'Linked Person' })).status).toBe(201);
    const grid = await fixture.call(tenant.viewer, 'GET', '/v1/access-grid');
    expect(grid.status).toBe(200);
    const row = grid.body.rows.find((candidate: { person: { name: string } }) => candidate.person.name === 'Linked Person');
    // Linked case-insensitively and trimmed: the person's cell in this application is the account's state.
    expect(row.cells[integration]).toMatchObject({ state: 'active' });
    const audit = await fixture.call(tenant.viewer, 'GET', `/v1/integrations/${integration}/audit`);
    expect(audit.body.accounts).toHaveLength(incident.state.users.length);
    const csv = await fixture.call(tenant.viewer, 'GET', `/v1/integrations/${integration}/audit?format=csv`);
    expect(csv.contentType).toContain('text/csv');
    expect(csv.text.split('\n')[0]).toMatch(/email/iu);
    expect(csv.text).toContain(String(user.email));
    expect((await fixture.call(tenant.viewer, 'GET', '/v1/access-grid?format=csv')).text).toContain('Linked Person');
  });

  it('Test returns the target\'s answer with the key redacted; Preview maps it', { timeout: 60_000 }, async () => {
    const tested = await fixture.call(tenant.admin, 'POST', `/v1/integrations/${integration}/test`);
    expect(tested.status).toBe(200);
    expect(tested.body.status).toBe(200);
    expect(tested.text).not.toContain(DEMO_FULL_ACCESS_KEY);
    const previewed = await fixture.call(tenant.admin, 'POST', `/v1/integrations/${integration}/preview`);
    expect(previewed.body.preview.summary).toMatchObject({ records: incident.state.users.length, withProblems: 0 });
    expect((await fixture.call(tenant.viewer, 'POST', `/v1/integrations/${integration}/preview`)).body.code).toBe('FORBIDDEN');
  });
});
