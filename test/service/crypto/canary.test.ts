/**
 * Secrets are write-only: a canary API key saved through configureAuth appears in no answer of the
 * service and in no file of the embedded data directory, yet the saved integration runs with it.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUsers, startIncidentPlatform, type IncidentPlatformSimulator } from '../../../src/simulators/incident-platform/index.js';
import { openService } from '../../../src/service/index.js';
import { embeddedStorage, useService } from '../helpers/service-fixture.js';

const CANARY = 'canary-key-9f3b2a71c4e8d605';
const actor = 'ops@example.com';
const fixture = useService(embeddedStorage('canary'));
let incident: IncidentPlatformSimulator;

beforeAll(async () => {
  incident = await startIncidentPlatform({ users: seedUsers({ count: 3 }), keys: { [CANARY]: 'full' } });
});
afterAll(() => incident.close());

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

describe('canary secret', () => {
  it('is never returned and never written in clear to the data directory', async () => {
    const { service } = fixture;
    const tenant = await service.tenants.create({ name: 'Canary', plan: 'business', actor });
    const integration = await service.integrations.create({
      tenantId: tenant.id,
      actor,
      type: 'prebuilt',
      connector: 'incident-platform',
      baseUrl: incident.server.origin,
    });
    const ref = { tenantId: tenant.id, integrationId: integration.id };
    const answers: unknown[] = [];
    answers.push(await service.integrations.configureAuth({ ...ref, inputs: { token: CANARY }, actor }));
    answers.push(await service.integrations.setAction({ ...ref, action: 'importUsers', enabled: true, actor }));
    answers.push(await service.integrations.get(ref), await service.integrations.list({ tenantId: tenant.id }), await service.integrations.listActions(ref));
    // A failing test with the canary as a second input echoes nothing of it either.
    answers.push(await service.integrations.configureAuth({ ...ref, inputs: { token: `${CANARY}-revoked` }, actor }));
    expect(answers[0]).toMatchObject({ ok: true });
    expect(answers.at(-1)).toMatchObject({ ok: false });
    answers.push(await service.audit.list({ tenantId: tenant.id }));
    for (const answer of answers) expect(JSON.stringify(answer)).not.toContain(CANARY);

    // It was saved: the integration runs with it.
    const client = await service.integrations.connect(ref);
    expect(await client.importUsers().collect()).toHaveLength(3);
    await client.close();

    // Closed, so PGlite has written everything it holds; then every file of the directory is read.
    await service.close();
    const files = await filesUnder(fixture.dataDir!);
    expect(files.length).toBeGreaterThan(100);
    const needle = Buffer.from(CANARY, 'utf8');
    const holding = [];
    for (const file of files) if ((await readFile(file)).includes(needle)) holding.push(file);
    expect(holding).toEqual([]);
    fixture.service = await openService(fixture.options);
  });
});
