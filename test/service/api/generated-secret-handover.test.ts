/**
 * A create that generates the person's first password (Microsoft Graph sends no welcome email, so
 * the connector generates a one-time password): the workflow keeps it sealed, says a secret is
 * waiting (by name only), and hands it over once to an admin through the API; the value matches
 * what the target was sent, is in no other answer, the audit log or the access log, and a second
 * take finds nothing. The console offers the same to an admin, and only names it to a viewer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRA_WRITER_APP, seedGraphUsers, startEntraId, type EntraSimulator } from '../../../src/simulators/entra-id/index.js';
import { embeddedStorage } from '../helpers/service-fixture.js';
import { consoleClient } from '../console/console-client.js';
import { useApi, type TenantTokens } from './api-fixture.js';
import { waitUntil } from '../helpers/wait-until.js';

const fixture = useApi(embeddedStorage('api-secret-handover'));
let graph: EntraSimulator;
let tokens: TenantTokens;
let other: TenantTokens;

beforeAll(async () => {
  graph = await startEntraId(seedGraphUsers(5));
  tokens = await fixture.tenantWithTokens('standard', 'Handover tenant');
  other = await fixture.tenantWithTokens('standard', 'Other tenant');
  await fixture.service.startWorkers();
});
afterAll(async () => {
  await fixture.service?.stopWorkers();
  await graph?.close();
});

describe('a generated one-time password', () => {
  it('is kept sealed, named as waiting, handed over once to an admin, and nowhere else', { timeout: 120_000 }, async () => {
    const integration = (await fixture.call(tokens.admin, 'POST', '/v1/integrations', { type: 'prebuilt', connector: 'entra-id', baseUrl: graph.graphUrl }))
      .body.id as string;
    const auth = await fixture.call(tokens.admin, 'PUT', `/v1/integrations/${integration}/auth`, {
      inputs: { ...ENTRA_WRITER_APP, tokenUrl: graph.tokenUrl, upnDomain: 'acme.test' },
    });
    expect(auth.status).toBe(200);
    expect((await fixture.call(tokens.admin, 'PUT', `/v1/integrations/${integration}/actions/createUser`, { enabled: true })).status).toBe(200);
    const personId = (await fixture.call(tokens.admin, 'POST', '/v1/people', { email: 'grace.hopper@example.com', name: 'Grace Hopper' })).body.id as string;

    const started = await fixture.call(
      tokens.admin,
      'POST',
      '/v1/workflows/onboarding',
      { personId, integrationIds: [integration] },
      { 'idempotency-key': 'onboard-grace' },
    );
    expect(started.status).toBe(201);
    const workflow = await waitUntil(
      'the onboarding workflow done',
      async () => (await fixture.call(tokens.viewer, 'GET', `/v1/workflows/${started.body.id}`)).body,
      (read) => read.status !== 'running',
      { timeoutMs: 90_000 },
    );
    expect(workflow).toMatchObject({ status: 'succeeded', tasks: [{ action: 'createUser', status: 'succeeded', secretsWaiting: ['password'] }] });
    const task = workflow.tasks[0] as { id: string; accountId: string };
    const sent = graph.state.initialPasswords.get(task.accountId);
    expect(sent).toEqual(expect.any(String));

    const path = `/v1/workflows/${workflow.id}/tasks/${task.id}/secrets/take`;
    expect((await fixture.call(tokens.viewer, 'POST', path)).status).toBe(403);
    expect((await fixture.call(other.admin, 'POST', path)).status).toBe(404);

    const before = fixture.answers.length;
    const taken = await fixture.call(tokens.admin, 'POST', path);
    expect(taken.status).toBe(200);
    expect(taken.body).toEqual({ secrets: { password: sent } });

    const again = await fixture.call(tokens.admin, 'POST', path);
    expect(again).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    const after = (await fixture.call(tokens.viewer, 'GET', `/v1/workflows/${workflow.id}`)).body;
    expect(after.tasks[0]).not.toHaveProperty('secretsWaiting');

    const audit = await fixture.call(tokens.viewer, 'GET', '/v1/audit?limit=500');
    expect(audit.body.entries).toContainEqual(
      expect.objectContaining({ event: 'workflow.task_secret_taken', detail: expect.objectContaining({ taskId: task.id, names: ['password'] }) }),
    );
    // Only the one answer of the take carries the value.
    const carrying = fixture.answers.map((text, index) => (text.includes(sent!) ? index : -1)).filter((index) => index >= 0);
    expect(carrying).toEqual([before]);
    expect(JSON.stringify(fixture.logs)).not.toContain(sent!);
  });
});

describe('in the console', () => {
  it('names the waiting password to a viewer, and shows it once to the admin who takes it', { timeout: 120_000 }, async () => {
    const integration = (await fixture.call(tokens.admin, 'GET', '/v1/integrations')).body.integrations[0].id as string;
    const personId = (await fixture.call(tokens.admin, 'POST', '/v1/people', { email: 'alan.kay@example.com', name: 'Alan Kay' })).body.id as string;
    const started = await fixture.call(
      tokens.admin,
      'POST',
      '/v1/workflows/onboarding',
      { personId, integrationIds: [integration] },
      { 'idempotency-key': 'onboard-alan' },
    );
    const workflow = await waitUntil(
      'the onboarding workflow done',
      async () => (await fixture.call(tokens.viewer, 'GET', `/v1/workflows/${started.body.id}`)).body,
      (read) => read.status !== 'running',
      { timeoutMs: 90_000 },
    );
    const task = workflow.tasks[0] as { id: string; accountId: string };
    const sent = graph.state.initialPasswords.get(task.accountId)!;

    const viewer = consoleClient(fixture.api.app);
    await viewer.signIn(tokens.viewer);
    const seen = await viewer.get(`/console/workflows/${workflow.id}`);
    expect(seen.text).toContain('A generated password waits for an admin to hand it over.');
    expect(seen.text).not.toContain('secrets/take');

    const admin = consoleClient(fixture.api.app);
    await admin.signIn(tokens.admin);
    const page = await admin.get(`/console/workflows/${workflow.id}`);
    expect(page.text).toContain(`/console/workflows/${workflow.id}/tasks/${task.id}/secrets/take`);
    expect(page.text).not.toContain(sent);
    const shown = await admin.post(`/console/workflows/${workflow.id}/tasks/${task.id}/secrets/take`);
    expect(shown.status).toBe(200);
    expect(shown.headers['cache-control']).toBe('no-store');
    expect(shown.text).toContain(sent);
    expect(shown.text).toContain('This is shown once');
    expect((await admin.post(`/console/workflows/${workflow.id}/tasks/${task.id}/secrets/take`, { _csrf: admin.csrf() ?? '' })).status).toBe(404);
  });
});
