/**
 * One tenant's spec cannot stall another's import: both tenants run the same build-your-own spec
 * text, whose mapping loops on a record only tenant B's target sends (the host raised the step
 * budget, so only the clock can stop it), while tenant A's import runs in the same service
 * process. A's sync finishes while B's evaluation is still running in B's worker, and B's sync
 * then fails with LIMIT_EXCEEDED naming the time limit. On the calling thread (no isolation), B's
 * loop would hold the event loop; with one worker for both tenants (one compiled connector for the
 * same text), A's evaluation would wait behind B's. Either way A could not finish first.
 */
import { http, HttpResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../../../src/service/index.js';
import { serveHandlers, type HandlerServer } from '../../../src/simulators/serve-handlers.js';
import { embeddedStorage, useService } from '../helpers/service-fixture.js';
import { BYO_SPEC } from '../integrations/byo-specs.js';
import { waitForRun } from './sync.cases.js';

const actor = 'ops@example.com';
// A loop that only the wall clock can stop: the budget of steps is raised for this service.
const fixture = useService(embeddedStorage('tenant-isolation'), { jq: { limits: { maxSteps: 1e15 } } });

const LOOPING_NAME = `'if .loop then (reduce range(1e15) as $i (0; . + 1)) else (.name // "") end'`;
const SPEC = BYO_SPEC.replace(`name: '.name // ""'`, `name: ${LOOPING_NAME}`);

describe('isolation of customer jq between tenants', () => {
  let tenantA: Tenant;
  let tenantB: Tenant;
  let targetA: HandlerServer;
  let targetB: HandlerServer;
  let loopServed = false;

  beforeAll(async () => {
    expect(SPEC).not.toBe(BYO_SPEC);
    targetA = await serveHandlers(
      http.get('*/users', () => HttpResponse.json({ users: [1, 2, 3].map((n) => ({ id: `a${n}`, email: `a${n}@example.com`, name: `A ${n}` })) })),
    );
    // B's target answers plainly while auth is tested on save, then sends the record that makes B's mapping loop.
    targetB = await serveHandlers(
      http.get('*/users', () => {
        if (!loopServed) return HttpResponse.json({ users: [{ id: 'b1', email: 'b1@example.com', name: 'B 1' }] });
        return HttpResponse.json({ users: [{ id: 'b1', email: 'b1@example.com', loop: true }] });
      }),
    );
    tenantA = await fixture.service.tenants.create({ name: 'Tenant A', plan: 'standard', actor });
    tenantB = await fixture.service.tenants.create({ name: 'Tenant B', plan: 'standard', actor });
    await fixture.service.startWorkers();
  });
  afterAll(async () => {
    await fixture.service.stopWorkers();
    await targetA.close();
    await targetB.close();
  });

  async function integrate(tenant: Tenant, spec: string, origin: string) {
    const integration = await fixture.service.integrations.create({ tenantId: tenant.id, actor, type: 'build-your-own', spec, baseUrl: origin });
    const ref = { tenantId: tenant.id, integrationId: integration.id };
    const outcome = await fixture.service.integrations.configureAuth({ ...ref, inputs: { baseUrl: origin, token: 'a-long-enough-api-key' }, actor });
    expect(outcome, JSON.stringify(outcome)).toMatchObject({ ok: true });
    return ref;
  }

  it("tenant A's import finishes while tenant B's looping mapping runs, and B's is stopped by the time limit", async () => {
    const refA = await integrate(tenantA, SPEC, targetA.origin);
    const refB = await integrate(tenantB, SPEC, targetB.origin);

    loopServed = true;
    await fixture.service.integrations.setAction({ ...refB, action: 'importUsers', enabled: true, actor });
    const [runB] = await fixture.service.sync.listRuns(refB);
    // B's page has been read: its mapping is now looping in B's worker.
    await expect.poll(() => targetB.requests.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);

    await fixture.service.integrations.setAction({ ...refA, action: 'importUsers', enabled: true, actor });
    const [runA] = await fixture.service.sync.listRuns(refA);
    const finishedA = await waitForRun(fixture.service, refA, runA!.id);
    expect(finishedA).toMatchObject({ status: 'succeeded', counts: { seen: 3, added: 3 } });
    // When A was done, B was still being evaluated: A never waited for B.
    expect((await fixture.service.sync.getRun({ ...refB, runId: runB!.id })).status).toBe('running');

    const finishedB = await waitForRun(fixture.service, refB, runB!.id);
    expect(finishedB.status).toBe('failed');
    expect(finishedB.error).toMatchObject({ code: 'LIMIT_EXCEEDED', message: expect.stringContaining('timeoutMs') });
    // Nothing of B's was imported, and A's accounts are whole.
    expect((await fixture.service.sync.listAccounts(refB)).accounts).toEqual([]);
    expect((await fixture.service.sync.listAccounts(refA)).accounts.map((account) => account.externalId).sort()).toEqual(['a1', 'a2', 'a3']);
  }, 60_000);
});
