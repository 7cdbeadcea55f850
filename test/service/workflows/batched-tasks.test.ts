/**
 * Batched workflow tasks (issue 26 point 3), on the embedded database: due work is claimed directly
 * by the workers' dispatcher, not one engine job per task at the engine's polling pace; a request in
 * flight holds neither the database nor the other tasks of its batch; the in-flight limit holds.
 * The engine's polling interval is set far beyond the test (300 s): every task that runs was
 * claimed directly, never fetched by the engine's poll.
 */
import { http, HttpResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tenant, Workflow } from '../../../src/service/index.js';
import { serveHandlers, type HandlerServer } from '../../../src/simulators/serve-handlers.js';
import { createDeskState, deskHandlers, type DeskState } from '../../targets/basic-page-number/handlers.js';
import { crowdOf } from '../helpers/crowd.js';
import { embeddedStorage, useService } from '../helpers/service-fixture.js';
import { DESK_SPEC, TestClock, waitForWorkflow } from './workflows.cases.js';

const clock = new TestClock();
const fixture = useService(embeddedStorage('batched-tasks'), {
  sync: { engine: { pollingIntervalSeconds: 300 } },
  workflows: { now: clock.now, engine: { pollingIntervalSeconds: 300 } },
});
const actor = 'hr-ops@example.com';
const settled = (workflow: Workflow) => workflow.status !== 'running';

describe('batched workflow tasks (embedded)', () => {
  let tenant: Tenant;
  let state: DeskState;
  let desk: HandlerServer;
  let integrationId: string;
  let inFlight = 0;
  let peak = 0;
  const service = () => fixture.service;

  beforeAll(async () => {
    state = createDeskState(0);
    // The first creations are held until two are in flight at once (bounded: tasks run one at a time
    // show in the peak after 5 s), then each a moment; the peak is counted on the target.
    const crowd = crowdOf(2);
    desk = await serveHandlers(
      http.post('*/api/agents', async () => {
        inFlight += 1;
        peak = Math.max(peak, inFlight);
        await crowd(inFlight);
        await new Promise((resolve) => setTimeout(resolve, 20));
        inFlight -= 1;
        return undefined;
      }),
      ...deskHandlers(state),
    );
    tenant = await service().tenants.create({ name: 'Batched tasks', plan: 'business', actor });
    integrationId = (await service().integrations.create({ tenantId: tenant.id, actor, type: 'build-your-own', spec: DESK_SPEC, baseUrl: desk.origin })).id;
    const ref = { tenantId: tenant.id, integrationId };
    expect(await service().integrations.configureAuth({ ...ref, inputs: { username: state.username, password: state.password }, actor })).toMatchObject({
      ok: true,
    });
    await service().integrations.setAction({ ...ref, action: 'createUser', enabled: true, actor });
    await service().workflows.setSettings({ ...ref, maxConcurrency: 5, actor });
    await service().startWorkers();
  });
  afterAll(async () => {
    // The target first: the request left hanging ends with a reset, and its task settles before the workers stop.
    await desk?.close();
    await service().stopWorkers();
  });

  const onboard = async (count: number, prefix: string) => {
    const csv = ['email,name', ...Array.from({ length: count }, (_, index) => `${prefix}${index}@example.com,${prefix} Person ${index}`)].join('\n');
    await service().people.importCsv({ tenantId: tenant.id, csv, actor });
    const people = (await service().people.list({ tenantId: tenant.id })).filter((person) => person.email.startsWith(prefix));
    const workflows: Workflow[] = [];
    for (const person of people) {
      workflows.push(
        (
          await service().workflows.startOnboarding({
            tenantId: tenant.id,
            personId: person.id,
            integrationIds: [integrationId],
            idempotencyKey: person.id,
            actor,
          })
        ).workflow,
      );
    }
    return workflows;
  };

  it('claims due tasks directly: 30 creations run within the action’s limit of 5, none waiting for the engine’s poll', { timeout: 180_000 }, async () => {
    const workflows = await onboard(30, 'batch');
    // The tick wakes this process's dispatcher; the engine's jobs are never fetched within the test.
    await service().workflows.tick();
    for (const workflow of workflows) expect((await waitForWorkflow(service(), tenant.id, workflow.id, settled)).status).toBe('succeeded');
    expect(state.agents.filter((agent) => agent.email.startsWith('batch'))).toHaveLength(30);
    expect(peak).toBeLessThanOrEqual(5);
    expect(peak).toBeGreaterThan(1);
  });

  it('a request that never answers holds neither the database nor the other tasks: they settle while it is still running', { timeout: 180_000 }, async () => {
    desk.use(
      http.post('*/api/agents', async ({ request }) => {
        const body = (await request.clone().json()) as { agent?: { email?: string } };
        if (body.agent?.email === 'stuck0@example.com') return new HttpResponse(null, { headers: { 'x-simulate-hang': '1' } });
        return undefined;
      }),
    );
    const workflows = await onboard(8, 'stuck');
    await service().workflows.tick();
    const byEmail = new Map((await service().people.list({ tenantId: tenant.id })).map((person) => [person.id, person.email]));
    const hung = workflows.find((workflow) => byEmail.get(workflow.personId ?? '') === 'stuck0@example.com')!;
    for (const workflow of workflows.filter((candidate) => candidate !== hung))
      expect((await waitForWorkflow(service(), tenant.id, workflow.id, settled)).status).toBe('succeeded');
    expect((await service().workflows.get({ tenantId: tenant.id, workflowId: hung.id })).tasks[0]).toMatchObject({ status: 'running' });
    desk.reset();
  });
});
