/**
 * The workflows list pages by an exact cursor: workflows started in the same millisecond (a bulk
 * start on a fast server) are neither skipped nor repeated. Three workflows are given times that
 * differ only in microseconds; paging one at a time shows each once.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openService, type Service } from '../../../src/service/index.js';
import { openDatabase, type StorageOptions } from '../../../src/service/store/open-database.js';
import { ALLOW_LOOPBACK } from '../../../src/runtime/http/egress-policy.js';
import { embeddedStorage } from '../helpers/service-fixture.js';

const actor = 'hr-ops@example.com';
const storage = embeddedStorage('list-cursor');
let options: StorageOptions;
let service: Service;
let tenantId: string;
const started: string[] = [];

beforeAll(async () => {
  options = (await storage.options()) as StorageOptions;
  service = await openService({ ...options, egress: ALLOW_LOOPBACK });
  tenantId = (await service.tenants.create({ name: 'Cursor', plan: 'standard', actor })).id;
  await service.people.importCsv({ tenantId, csv: 'email,name\na@example.com,A Person\nb@example.com,B Person\nc@example.com,C Person', actor });
  // Offboarding with no integrations: a workflow each, with nothing to run.
  for (const person of await service.people.list({ tenantId }))
    started.push((await service.workflows.startOffboarding({ tenantId, personId: person.id, idempotencyKey: person.id, actor })).workflow.id);
  await service.close();
  const db = await openDatabase(options);
  try {
    for (const [index, id] of started.entries())
      await db.query(`UPDATE workflows SET created_at = '2026-01-01T00:00:00.1231Z'::timestamptz + $2::int * interval '100 microseconds' WHERE id = $1`, [
        id,
        index,
      ]);
  } finally {
    await db.close();
  }
  service = await openService({ ...options, egress: ALLOW_LOOPBACK });
});
afterAll(async () => {
  await service?.close();
  await storage.cleanup();
});

it('pages through workflows started in the same millisecond, each once', async () => {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 10; page += 1) {
    const result = await service.workflows.list({ tenantId, limit: 1, ...(cursor ? { cursor } : {}) });
    seen.push(...result.workflows.map((workflow) => workflow.id));
    cursor = result.next;
    if (!cursor) break;
  }
  expect(seen.sort()).toEqual([...started].sort());
});
