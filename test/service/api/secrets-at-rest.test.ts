/**
 * Through the API, a canary credential and the tenant's API tokens are written nowhere in clear:
 * not in the embedded data directory's files (read after the service closed), though the saved
 * credential still works and the tokens still authenticate after a restart.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUsers, startIncidentPlatform, type IncidentPlatformSimulator } from '../../../src/simulators/incident-platform/index.js';
import { buildApi } from '../../../src/service/api/build-api.js';
import { openService } from '../../../src/service/index.js';
import { embeddedStorage } from '../helpers/service-fixture.js';
import { useApi } from './api-fixture.js';

const CANARY = 'canary-key-at-rest-3b9d71e0a4c2f658';
const fixture = useApi(embeddedStorage('api-at-rest'));
let incident: IncidentPlatformSimulator;

beforeAll(async () => {
  incident = await startIncidentPlatform({ users: seedUsers({ count: 3 }), keys: { [CANARY]: 'full' } });
});
afterAll(() => incident.close());

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

describe('secrets at rest', () => {
  it('the canary credential and the API tokens are in no file of the data directory', async () => {
    const { admin, viewer } = await fixture.tenantWithTokens('standard');
    const id = (await fixture.call(admin, 'POST', '/v1/integrations', { type: 'prebuilt', connector: 'incident-platform', baseUrl: incident.server.origin })).body.id;
    expect((await fixture.call(admin, 'PUT', `/v1/integrations/${id}/auth`, { inputs: { token: CANARY } })).status).toBe(200);
    expect((await fixture.call(admin, 'PUT', `/v1/integrations/${id}/actions/importUsers`, { enabled: true })).status).toBe(200);

    await fixture.api.app.close();
    await fixture.service.close();
    const holding: string[] = [];
    for (const file of await filesUnder(fixture.dataDir!)) {
      const bytes = await readFile(file);
      for (const needle of [CANARY, admin, viewer]) if (bytes.includes(Buffer.from(needle))) holding.push(`${file}: ${needle.slice(0, 8)}…`);
    }
    expect(holding).toEqual([]);

    // Reopened: the stored hash still authenticates the token, the sealed credential still runs.
    fixture.service = await openService(fixture.options);
    fixture.api = await buildApi({ service: fixture.service });
    const ran = await fixture.call(admin, 'POST', `/v1/integrations/${id}/actions/importUsers/run`, {});
    expect(ran.status).toBe(200);
    expect(ran.body.accounts).toHaveLength(3);
  });
});
