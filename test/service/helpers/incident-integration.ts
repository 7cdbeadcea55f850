/**
 * The prebuilt incident platform connected to its simulator: through the API for the access review
 * tests (a business tenant, workers started, the first sync done), or on the service directly with
 * Import Users enabled and its first run queued (the sync tests that then act on that run).
 */
import { join } from 'node:path';
import { expect } from 'vitest';
import { DEMO_FULL_ACCESS_KEY, seedUsers, startIncidentPlatform, type IncidentPlatformSimulator } from '../../../src/simulators/incident-platform/index.js';
import { ALLOW_LOOPBACK } from '../../../src/runtime/http/egress-policy.js';
import { openService, type Service } from '../../../src/service/index.js';
import type { Database } from '../../../src/service/store/database.js';
import { openDatabase } from '../../../src/service/store/open-database.js';
import { seedDataDir } from '../../setup/pglite-template.js';
import type { ApiFixture, TenantTokens } from '../api/api-fixture.js';
import { makeTempDir } from './temp-dir.js';

export interface ConnectedIncident {
  incident: IncidentPlatformSimulator;
  tokens: TenantTokens;
  integrationId: string;
  /** Waits until the integration's latest sync run succeeded (fails at once if it ended otherwise). */
  lastRunSucceeded(): Promise<void>;
}

export async function connectIncidentPlatform(fixture: ApiFixture): Promise<ConnectedIncident> {
  const incident = await startIncidentPlatform({ users: seedUsers({ count: 3 }) });
  const tokens = await fixture.tenantWithTokens('business');
  await fixture.service.startWorkers();
  const integrationId: string = (
    await fixture.call(tokens.admin, 'POST', '/v1/integrations', { type: 'prebuilt', connector: 'incident-platform', baseUrl: incident.server.origin })
  ).body.id;
  const lastRunSucceeded = async () => {
    for (let tries = 0; tries < 400; tries += 1) {
      const { runs } = (await fixture.call(tokens.viewer, 'GET', `/v1/integrations/${integrationId}/sync/runs`)).body;
      if (runs[0]?.status === 'succeeded') return;
      if (runs[0] && !['queued', 'running'].includes(runs[0].status)) throw new Error(`sync ended ${runs[0].status}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the sync did not finish');
  };
  expect((await fixture.call(tokens.admin, 'PUT', `/v1/integrations/${integrationId}/auth`, { inputs: { token: DEMO_FULL_ACCESS_KEY } })).status).toBe(200);
  expect((await fixture.call(tokens.admin, 'PUT', `/v1/integrations/${integrationId}/actions/importUsers`, { enabled: true })).status).toBe(200);
  await lastRunSucceeded();
  return { incident, tokens, integrationId, lastRunSucceeded };
}

/** A new tenant whose incident platform integration (at `origin`) has Import Users enabled; its first run is queued. */
export async function enableIncidentImport(service: Service, input: { name: string; origin: string; actor: string }) {
  const tenant = await service.tenants.create({ name: input.name, plan: 'standard', actor: input.actor });
  const integration = await service.integrations.create({
    tenantId: tenant.id,
    type: 'prebuilt',
    connector: 'incident-platform',
    baseUrl: input.origin,
    actor: input.actor,
  });
  const ref = { tenantId: tenant.id, integrationId: integration.id };
  await service.integrations.configureAuth({ ...ref, inputs: { token: DEMO_FULL_ACCESS_KEY }, actor: input.actor });
  await service.integrations.setAction({ ...ref, action: 'importUsers', enabled: true, actor: input.actor });
  const [queued] = await service.sync.listRuns(ref);
  return { tenant, ref, queued: queued! };
}

/**
 * A new embedded data directory with `enableIncidentImport` done on it (a simulator of `users`
 * users; the service closed again), and the database opened there for the test to drive the store
 * or a run itself. `cleanups` gets what undoes each step, to run in reverse.
 */
export async function embeddedIncidentImport(input: { name: string; users: number; actor: string; cleanups: (() => Promise<unknown>)[] }) {
  const dir = await makeTempDir(input.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'));
  input.cleanups.push(() => dir.remove());
  const dataDir = await seedDataDir(join(dir.path, 'data'));
  const simulator = await startIncidentPlatform({ users: seedUsers({ count: input.users }) });
  input.cleanups.push(() => simulator.close());
  const service = await openService({ dataDir, egress: ALLOW_LOOPBACK });
  const enabled = await enableIncidentImport(service, { name: input.name, origin: simulator.server.origin, actor: input.actor });
  await service.close();
  const db: Database = await openDatabase({ dataDir });
  input.cleanups.push(() => db.close());
  return { ...enabled, simulator, db };
}
