/**
 * Issue 27, finding 6 over HTTP: a target answer nested past maxDepth or with an object past
 * maxFields makes Test, Preview and Generate Config answer 422 BAD_RESPONSE naming the limit in
 * `failure.limit` (never a 500), and the service log records the refusal.
 */
import { http, HttpResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceLogEntry } from '../../../src/service/index.js';
import { serveHandlers, type HandlerServer } from '../../../src/simulators/serve-handlers.js';
import { hostileAnswer } from '../../hostile/hostile-harness.js';
import { embeddedStorage } from '../helpers/service-fixture.js';
import { useApi, type TenantTokens } from './api-fixture.js';

const logged: ServiceLogEntry[] = [];
const fixture = useApi(embeddedStorage('api-hostile-answer'), { log: (entry) => logged.push(entry) });

const SPEC = `specVersion: 1
id: hostile-app
name: Hostile app
type: custom
baseUrl: https://hostile.example.com
auth: {type: none}
actions:
  importUsers:
    path: /users
    records: .users
    mapping: {id: .id, email: .email, name: .name}
`;

let target: HandlerServer;
let tenant: TenantTokens;
let armed = false;
const answers = { deep: hostileAnswer('deep', 0), wide: hostileAnswer('wide', 0) };

beforeAll(async () => {
  target = await serveHandlers(
    ...(['deep', 'wide'] as const).map((kind) =>
      http.get(`*/${kind}/users`, () =>
        armed ? new HttpResponse(answers[kind], { headers: { 'content-type': 'application/json' } }) : HttpResponse.json({ users: [] }),
      ),
    ),
  );
  tenant = await fixture.tenantWithTokens('standard', 'Hostile');
});
afterAll(async () => {
  await target?.close();
});

describe('a deep or wide answer over the API (finding 6)', () => {
  const ids: Record<string, string> = {};
  it.each([
    { kind: 'deep' as const, limit: 'maxDepth', route: 'test' },
    { kind: 'deep' as const, limit: 'maxDepth', route: 'preview' },
    { kind: 'deep' as const, limit: 'maxDepth', route: 'generate-config' },
    { kind: 'wide' as const, limit: 'maxFields', route: 'test' },
    { kind: 'wide' as const, limit: 'maxFields', route: 'preview' },
    { kind: 'wide' as const, limit: 'maxFields', route: 'generate-config' },
  ])('$kind, POST …/$route: 422 BAD_RESPONSE naming $limit, and a log line', async ({ kind, limit, route }) => {
    if (ids[kind] === undefined) {
      armed = false;
      const created = await fixture.call(tenant.admin, 'POST', '/v1/integrations', { type: 'build-your-own', spec: SPEC, baseUrl: `${target.origin}/${kind}` });
      expect(created.status).toBe(201);
      ids[kind] = created.body.id as string;
      expect((await fixture.call(tenant.admin, 'PUT', `/v1/integrations/${ids[kind]}/auth`, { inputs: {} })).status).toBe(200);
    }
    armed = true;
    logged.length = 0;
    const answer = await fixture.call(tenant.admin, 'POST', `/v1/integrations/${ids[kind]}/${route}`, route === 'generate-config' ? {} : undefined);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ code: 'BAD_RESPONSE', detail: expect.stringContaining(limit), failure: { limit } });
    expect(logged).toEqual([expect.objectContaining({ event: 'target_answer.refused', limit, integrationId: ids[kind] })]);
  });
});
