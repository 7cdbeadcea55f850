/**
 * A paged answer is never taken as complete (issue 23 point 9), through the HTTP API, shared by the
 * embedded run and the PostgreSQL run (test/postgres/): a build-your-own spec without pagination
 * against a fake target that answers page one of a longer list. The sync fails with PAGINATION_MISSING naming the signal and removes
 * nothing; Test and Preview warn; Generate Config proposes the pagination block, and once it is
 * saved every account is imported.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { serveHandlers, type HandlerServer } from '../../../src/simulators/serve-handlers.js';
import type { ApiFixture, TenantTokens } from './api-fixture.js';

const SPEC = `specVersion: 1
id: paged-app
name: Paged app
type: custom
baseUrl: https://paged.example.com
auth: {type: none}
actions:
  importUsers:
    path: /users
    records: .users
    mapping: {id: .id, email: .email, name: .name}
`;

const users = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ id: `u${index + 1}`, email: `user${index + 1}@example.com`, name: `User ${index + 1}` }));
const ALL = users(37);

/** 25 per page by offset, with `more`, as the answer that was seen. */
const offsetPages = http.get('*/users', ({ request }) => {
  const offset = Number(new URL(request.url).searchParams.get('offset') ?? 0);
  const limit = Number(new URL(request.url).searchParams.get('limit') ?? 25);
  return HttpResponse.json({ users: ALL.slice(offset, offset + Math.min(limit, 25)), offset, limit: 25, more: offset + 25 < ALL.length });
});

export function describePagedAnswer(fixture: ApiFixture): void {
  let target: HandlerServer;
  let tenant: TenantTokens;
  let other: TenantTokens;

  beforeAll(async () => {
    target = await serveHandlers();
    tenant = await fixture.tenantWithTokens('standard', 'Paged');
    other = await fixture.tenantWithTokens('standard', 'Other');
    await fixture.service.startWorkers();
  });
  afterEach(() => target.reset());
  afterAll(async () => {
    await fixture.service?.stopWorkers();
    await target?.close();
  });

  async function createIntegration(): Promise<string> {
    const created = await fixture.call(tenant.admin, 'POST', '/v1/integrations', { type: 'build-your-own', spec: SPEC, baseUrl: target.origin });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect((await fixture.call(tenant.admin, 'PUT', `/v1/integrations/${id}/auth`, { inputs: {} })).status).toBe(200);
    return id;
  }

  async function sync(id: string): Promise<{ status: string; error: { code: string; message: string } | null; counts?: Record<string, number> }> {
    const started = await fixture.call(tenant.admin, 'POST', `/v1/integrations/${id}/sync`);
    expect(started.status).toBe(202);
    const runId = started.body.run.id as string;
    for (;;) {
      const run = (await fixture.call(tenant.viewer, 'GET', `/v1/integrations/${id}/sync/runs`)).body.runs.find((one: { id: string }) => one.id === runId);
      if (run && !['queued', 'running'].includes(run.status)) return run;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const presentEmails = async (id: string): Promise<string[]> =>
    ((await fixture.call(tenant.viewer, 'GET', `/v1/integrations/${id}/accounts?state=active&limit=1000`)).body.accounts as { email: string }[])
      .map((account) => account.email)
      .sort();

  describe('a spec without pagination against a paged target', () => {
    it('25 of 37 with "more": true: the sync fails naming the signal; Test and Preview warn; Generate Config proposes offset pagination, and saved, imports all 37', {
      timeout: 90_000,
    }, async () => {
      target.use(offsetPages);
      const id = await createIntegration();
      expect((await fixture.call(tenant.admin, 'PUT', `/v1/integrations/${id}/actions/importUsers`, { enabled: true })).status).toBe(200);
      // Enabling Import Users starts a sync at once; the one started here joins or follows it.
      const run = await sync(id);
      expect(run.status).toBe('failed');
      expect(run.error).toMatchObject({ code: 'PAGINATION_MISSING', message: expect.stringContaining('"more": true') });
      expect(await presentEmails(id)).toEqual([]);

      const tested = await fixture.call(tenant.admin, 'POST', `/v1/integrations/${id}/test`);
      expect(tested.status).toBe(200);
      expect(tested.body.warnings).toEqual([expect.objectContaining({ code: 'PAGINATION_MISSING', message: expect.stringContaining('"more": true') })]);
      const previewed = await fixture.call(tenant.admin, 'POST', `/v1/integrations/${id}/preview`);
      expect(previewed.body.preview.summary.records).toBe(25);
      expect(previewed.body.warnings).toEqual([expect.objectContaining({ code: 'PAGINATION_MISSING' })]);

      const proposal = await fixture.call(tenant.admin, 'POST', `/v1/integrations/${id}/generate-config`, {});
      expect(proposal.status).toBe(200);
      expect(proposal.body.pagination).toMatchObject({
        pagination: { type: 'offset', limit: 25, more: '.more' },
        explanation: expect.stringContaining('"more": true'),
        signals: ['"more": true'],
      });
      // Another tenant cannot read or apply it.
      expect((await fixture.call(other.admin, 'POST', `/v1/integrations/${id}/generate-config`, {})).status).toBe(404);
      const applied = await fixture.call(tenant.admin, 'POST', `/v1/integrations/${id}/generate-config/apply`, {
        records: proposal.body.records,
        mapping: proposal.body.mapping,
        pagination: proposal.body.pagination,
      });
      expect(applied.status).toBe(200);
      expect(applied.body.importUsers.pagination).toMatchObject({ type: 'offset', limit: 25, more: '.more' });

      expect((await sync(id)).status).toBe('succeeded');
      expect(await presentEmails(id)).toEqual(ALL.map((user) => user.email).sort());
      // With pagination, neither Test nor Generate Config warns or proposes.
      expect((await fixture.call(tenant.admin, 'POST', `/v1/integrations/${id}/test`)).body.warnings).toEqual([]);
      expect((await fixture.call(tenant.admin, 'POST', `/v1/integrations/${id}/generate-config`, {})).body.pagination).toBeUndefined();
    });

    it('"total": 3 with 2 users: the sync fails and the third account is not removed', { timeout: 90_000 }, async () => {
      const three = users(3);
      let answer: { users: typeof three; total: number } = { users: three, total: 3 };
      target.use(http.get('*/users', () => HttpResponse.json(answer)));
      const id = await createIntegration();
      expect((await fixture.call(tenant.admin, 'PUT', `/v1/integrations/${id}/actions/importUsers`, { enabled: true })).status).toBe(200);
      expect((await sync(id)).status).toBe('succeeded');
      expect(await presentEmails(id)).toEqual(three.map((user) => user.email).sort());

      answer = { users: three.slice(0, 2), total: 3 };
      const run = await sync(id);
      expect(run).toMatchObject({ status: 'failed', error: { code: 'PAGINATION_MISSING', message: expect.stringContaining('"total": 3 > 2 received') } });
      expect(await presentEmails(id)).toEqual(three.map((user) => user.email).sort());
      expect((await fixture.call(tenant.admin, 'POST', `/v1/integrations/${id}/preview`)).body.warnings).toEqual([
        expect.objectContaining({ code: 'PAGINATION_MISSING', message: expect.stringContaining('"total": 3 > 2 received') }),
      ]);
    });

    it('a Link: rel="next" answer: Generate Config proposes link pagination and says why', { timeout: 60_000 }, async () => {
      target.use(
        http.get('*/users', () => HttpResponse.json({ users: ALL.slice(0, 25) }, { headers: { link: `<${target.origin}/users?page=2>; rel="next"` } })),
      );
      const id = await createIntegration();
      const proposal = await fixture.call(tenant.admin, 'POST', `/v1/integrations/${id}/generate-config`, {});
      expect(proposal.body.pagination).toMatchObject({ pagination: { type: 'link' }, explanation: expect.stringContaining('rel="next"') });
      expect((await fixture.call(tenant.admin, 'POST', `/v1/integrations/${id}/test`)).body.warnings[0].message).toContain('Link: rel="next"');
    });

    it('a complete answer (the last page) gives no warning and no proposal', { timeout: 60_000 }, async () => {
      target.use(http.get('*/users', () => HttpResponse.json({ users: ALL, more: false, total: ALL.length, next: null })));
      const id = await createIntegration();
      expect((await fixture.call(tenant.admin, 'POST', `/v1/integrations/${id}/test`)).body.warnings).toEqual([]);
      expect((await fixture.call(tenant.admin, 'POST', `/v1/integrations/${id}/preview`)).body.warnings).toEqual([]);
      expect((await fixture.call(tenant.admin, 'POST', `/v1/integrations/${id}/generate-config`, {})).body.pagination).toBeUndefined();
    });
  });
}
