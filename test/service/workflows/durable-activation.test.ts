/**
 * kill -9 during the wait: the service (a child process on the embedded database) starts an
 * onboarding whose activation is due a minute later, creates the account, and is killed with
 * SIGKILL. Reopened on the same directory with a clock past the due time, the activation runs,
 * once: the target sees exactly one activation request however many ticks and restarts follow.
 * No real minute passes: the reopened service's clock is moved.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openService, type Service } from '../../../src/service/index.js';
import { ALLOW_LOOPBACK } from '../../../src/runtime/http/egress-policy.js';
import { serveHandlers, type HandlerServer } from '../../../src/simulators/serve-handlers.js';
import { createDeskState, deskHandlers, type DeskState } from '../../targets/basic-page-number/handlers.js';
import { startServiceProcess } from '../helpers/service-process.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { seedDataDir } from '../../setup/pglite-template.js';
import { DESK_SPEC, TestClock, waitForWorkflow } from './workflows.cases.js';

let dir: Awaited<ReturnType<typeof makeTempDir>>;
let deskState: DeskState;
let desk: HandlerServer;

beforeAll(async () => {
  dir = await makeTempDir('durable-activation');
  deskState = { ...createDeskState(2), createSuspended: true };
  desk = await serveHandlers(...deskHandlers(deskState));
});
afterAll(async () => {
  await desk?.close();
  await dir?.remove();
});

const activations = () => desk.requests.filter((request) => request.method === 'PUT' && request.body.includes('"suspended": false'));

async function reopen(dataDir: string, clock: TestClock): Promise<Service> {
  return openService({
    dataDir,
    egress: ALLOW_LOOPBACK,
    workflows: { now: clock.now, engine: { pollingIntervalSeconds: 0.5 } },
    sync: { engine: { pollingIntervalSeconds: 0.5 } },
  });
}

it('an activation scheduled before a SIGKILL runs exactly once after the restart', { timeout: 180_000 }, async () => {
  const dataDir = await seedDataDir(join(dir.path, 'data'));
  const child = await startServiceProcess({ dataDir, args: ['--quiet'] });
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${child.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${child.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as any };
  };
  const integration = (await call('POST', '/v1/integrations', { type: 'build-your-own', spec: DESK_SPEC, baseUrl: desk.origin })).body;
  expect(
    (await call('PUT', `/v1/integrations/${integration.id}/auth`, { inputs: { username: deskState.username, password: deskState.password } })).status,
  ).toBe(200);
  for (const action of ['createUser', 'activateUser'])
    expect((await call('PUT', `/v1/integrations/${integration.id}/actions/${action}`, { enabled: true })).status).toBe(200);
  const person = (await call('POST', '/v1/people', { email: 'staggered@example.com', name: 'Stag Gered' })).body;
  const activateAt = new Date(Date.now() + 60_000).toISOString();
  const started = await call('POST', '/v1/workflows/onboarding', {
    personId: person.id,
    integrationIds: [integration.id],
    activateAt,
    idempotencyKey: 'stagger-1',
  });
  expect(started.status).toBe(201);

  let workflow = started.body;
  for (let tries = 0; tries < 200 && workflow.tasks[0].status !== 'succeeded'; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    workflow = (await call('GET', `/v1/workflows/${workflow.id}`)).body;
  }
  expect(workflow.tasks).toMatchObject([
    { action: 'createUser', status: 'succeeded' },
    { action: 'activateUser', status: 'scheduled', runAt: activateAt },
  ]);
  child.child.kill('SIGKILL');
  await child.exited;
  expect(activations()).toHaveLength(0);

  const clock = new TestClock();
  clock.advance(61_000);
  const service = await reopen(dataDir, clock);
  try {
    await service.startWorkers();
    const tenantId = (await service.tenants.list())[0]!.id;
    await service.workflows.tick();
    const done = await waitForWorkflow(service, tenantId, workflow.id, (current) => current.status !== 'running');
    expect(done.status).toBe('succeeded');
    expect(done.tasks[1]).toMatchObject({ status: 'succeeded', attempts: 1 });
    // Settled: a tick finds nothing ready.
    expect(await service.workflows.tick()).toBe(0);
  } finally {
    await service.close();
  }
  // Another restart, later still: nothing is sent again.
  clock.advance(3_600_000);
  const again = await reopen(dataDir, clock);
  try {
    await again.startWorkers();
    expect(await again.workflows.tick()).toBe(0);
  } finally {
    await again.close();
  }
  expect(activations()).toHaveLength(1);
  expect(deskState.agents.find((agent) => agent.email === 'staggered@example.com')?.suspended).toBe(false);
});
