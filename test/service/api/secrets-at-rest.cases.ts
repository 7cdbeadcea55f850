/**
 * Through the API, a canary credential and the tenant's API tokens are written nowhere in clear:
 * not in any API answer or access-log entry, not in the audit log, not in the storage (every file
 * of the embedded data directory read after the service closed, or every row of every table of
 * the PostgreSQL database), though the saved credential still works and the tokens still
 * authenticate after a restart. Shared by the embedded run and test/postgres/.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedUsers, startIncidentPlatform, type IncidentPlatformSimulator } from '../../../src/simulators/incident-platform/index.js';
import { buildHttpApp } from '../../../src/service/http/build-app.js';
import { openService } from '../../../src/service/index.js';
import type { ApiFixture } from './api-fixture.js';

const CANARY = 'canary-key-at-rest-3b9d71e0a4c2f658';

/** Where the storage holds any of the needles (service closed, so everything is written); each entry names the place. */
export type StorageScan = (fixture: ApiFixture, needles: readonly string[]) => Promise<string[]>;

export function describeSecretsAtRest(fixture: ApiFixture, scanStorage: StorageScan): void {
  let incident: IncidentPlatformSimulator;

  beforeAll(async () => {
    incident = await startIncidentPlatform({ users: seedUsers({ count: 3 }), keys: { [CANARY]: 'full' } });
  });
  afterAll(() => incident.close());

  it('the canary credential and the API tokens are in no answer, log, audit entry or stored byte', async () => {
    const { admin, viewer } = await fixture.tenantWithTokens('standard');
    const id = (await fixture.call(admin, 'POST', '/v1/integrations', { type: 'prebuilt', connector: 'incident-platform', baseUrl: incident.server.origin }))
      .body.id;
    expect((await fixture.call(admin, 'PUT', `/v1/integrations/${id}/auth`, { inputs: { token: CANARY } })).status).toBe(200);
    expect((await fixture.call(admin, 'PUT', `/v1/integrations/${id}/auth`, { inputs: { token: `${CANARY}-wrong` } })).status).toBe(422);
    expect((await fixture.call(admin, 'PUT', `/v1/integrations/${id}/actions/importUsers`, { enabled: true })).status).toBe(200);
    for (const [method, url] of [
      ['GET', `/v1/integrations/${id}`],
      ['GET', '/v1/integrations'],
      ['POST', `/v1/integrations/${id}/test`],
      ['POST', `/v1/integrations/${id}/generate-config`],
      ['GET', `/v1/integrations/${id}/actions/importUsers/config`],
      ['GET', '/v1/tokens'],
      ['GET', '/v1/audit?limit=500'],
    ] as const) {
      expect((await fixture.call(admin, method, url, method === 'POST' ? {} : undefined)).status, url).toBe(200);
    }
    const needles = [CANARY, admin, viewer];
    for (const needle of needles) {
      expect(fixture.answers.filter((answer) => answer.includes(needle))).toEqual([]);
      expect(fixture.logs.filter((entry) => JSON.stringify(entry).includes(needle))).toEqual([]);
    }

    await fixture.api.app.close();
    await fixture.service.close();
    expect(await scanStorage(fixture, needles)).toEqual([]);
    // The scan does see stored text: the integration's id (not a secret) is found.
    expect((await scanStorage(fixture, [id])).length).toBeGreaterThan(0);

    // Reopened: the stored hash still authenticates the token, the sealed credential still runs.
    fixture.service = await openService(fixture.options);
    fixture.api = await buildHttpApp({ service: fixture.service });
    const ran = await fixture.call(admin, 'POST', `/v1/integrations/${id}/actions/importUsers/run`, {});
    expect(ran.status).toBe(200);
    expect(ran.body.accounts).toHaveLength(3);
  });
}
