/**
 * A token of tenant B never sees or touches tenant A's data, on every route. The table has one
 * case per registered route and the first test compares it with the routes the API registered:
 * a new route without its case here fails. Each case also runs without a token (401) and, on
 * admin routes, with a viewer token (403); afterwards A's integration, tokens and audit trail are
 * unchanged. Shared by the embedded run and test/postgres/.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_FULL_ACCESS_KEY, seedUsers, startIncidentPlatform, type IncidentPlatformSimulator } from '../../../src/simulators/incident-platform/index.js';
import type { Answer, ApiFixture, TenantTokens } from './api-fixture.js';

export function describeTenantIsolation(fixture: ApiFixture): void {
  let incident: IncidentPlatformSimulator;
  let a: TenantTokens;
  let b: TenantTokens;
  let aIntegration: string;
  /** The run that enabling Import Users queued for A. */
  let aRun: string;
  /** A's person, and a workflow of A's with its one task. */
  let aPerson: string;
  let aWorkflow: string;
  let aTask: string;
  /** An account of A's integration (from its first sync). */
  let aAccount: string;
  /** A's admin token's id (never the token). */
  let aTokenId: string;
  /** A's access review campaign (a draft). */
  let aCampaign: string;
  /** A's access profile (movers). */
  let aProfile: string;

  beforeAll(async () => {
    incident = await startIncidentPlatform({ users: seedUsers({ count: 2 }) });
    a = await fixture.tenantWithTokens('business', 'Tenant A');
    b = await fixture.tenantWithTokens('business', 'Tenant B');
    const created = await fixture.call(a.admin, 'POST', '/v1/integrations', {
      type: 'prebuilt',
      connector: 'incident-platform',
      baseUrl: incident.server.origin,
    });
    aIntegration = created.body.id;
    expect((await fixture.call(a.admin, 'PUT', `/v1/integrations/${aIntegration}/auth`, { inputs: { token: DEMO_FULL_ACCESS_KEY } })).status).toBe(200);
    expect((await fixture.call(a.admin, 'PUT', `/v1/integrations/${aIntegration}/actions/importUsers`, { enabled: true })).status).toBe(200);
    const runs = await fixture.call(a.viewer, 'GET', `/v1/integrations/${aIntegration}/sync/runs`);
    expect(runs.body.runs).toHaveLength(1);
    aRun = runs.body.runs[0].id;
    // Workers only until A's first sync has filled its Accounts list (the workflow below stays pending).
    await fixture.service.startWorkers();
    for (
      let tries = 0;
      (await fixture.service.sync.getRun({ tenantId: a.tenant.id, integrationId: aIntegration, runId: aRun })).status !== 'succeeded';
      tries += 1
    ) {
      if (tries > 300) throw new Error('A’s first sync did not succeed');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await fixture.service.stopWorkers();
    aAccount = (await fixture.service.sync.listAccounts({ tenantId: a.tenant.id, integrationId: aIntegration })).accounts[0]!.id;
    const person = await fixture.call(a.admin, 'POST', '/v1/people', { email: 'a-person@example.com', name: 'A Person' });
    expect(person.status).toBe(201);
    aPerson = person.body.id;
    const workflow = await fixture.call(a.admin, 'POST', '/v1/workflows/onboarding', {
      personId: aPerson,
      integrationIds: [aIntegration],
      idempotencyKey: 'a-onboarding',
    });
    expect(workflow.status).toBe(201);
    aWorkflow = workflow.body.id;
    aTask = workflow.body.tasks[0].id;
    aTokenId = (await fixture.service.tokens.list({ tenantId: a.tenant.id }))[0]!.tokenId;
    await fixture.service.tokens.create({ tenantId: a.tenant.id, role: 'reviewer', name: 'a-reviewer', actor: 'test' });
    const campaign = await fixture.call(a.admin, 'POST', '/v1/reviews', {
      name: 'A review',
      integrationIds: [aIntegration],
      dueAt: '2030-01-01T00:00:00Z',
      reviewers: [{ reviewer: 'a-reviewer' }],
    });
    expect(campaign.status).toBe(201);
    aCampaign = campaign.body.id;
    const profile = await fixture.call(a.admin, 'POST', '/v1/profiles', { name: 'A profile', applications: [{ integrationId: aIntegration }] });
    expect(profile.status).toBe(201);
    aProfile = profile.body.id;
  });
  afterAll(() => incident?.close());

  interface Case {
    /** The request B makes, aimed at A's resources where the route has any. */
    request: () => { url: string; body?: unknown };
    /** What B's answer must show. */
    expect: (answer: Answer) => void;
  }

  const notFound = (answer: Answer) => {
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe('NOT_FOUND');
  };
  const showsNothingOfA = (answer: Answer) => {
    expect(answer.status).toBeLessThan(300);
    expect(answer.text).not.toContain(a.tenant.id);
    expect(answer.text).not.toContain(aIntegration);
  };

  const CASES: Record<string, Case> = {
    'GET /v1/tenant': { request: () => ({ url: '/v1/tenant' }), expect: (answer) => (showsNothingOfA(answer), expect(answer.body.id).toBe(b.tenant.id)) },
    'GET /v1/integrations': { request: () => ({ url: '/v1/integrations?limit=1000' }), expect: showsNothingOfA },
    'POST /v1/integrations': {
      request: () => ({ url: '/v1/integrations', body: { type: 'scim', scimBaseUrl: 'https://scim.b.example/v2' } }),
      expect: (answer) => (expect(answer.status).toBe(201), expect(answer.body.tenantId).toBe(b.tenant.id)),
    },
    'GET /v1/integrations/:integrationId': { request: () => ({ url: `/v1/integrations/${aIntegration}` }), expect: notFound },
    'PATCH /v1/integrations/:integrationId': {
      request: () => ({ url: `/v1/integrations/${aIntegration}`, body: { name: 'Renamed by B' } }),
      expect: notFound,
    },
    'POST /v1/integrations/:integrationId/disable': { request: () => ({ url: `/v1/integrations/${aIntegration}/disable` }), expect: notFound },
    'POST /v1/integrations/:integrationId/enable': { request: () => ({ url: `/v1/integrations/${aIntegration}/enable` }), expect: notFound },
    'DELETE /v1/integrations/:integrationId': {
      request: () => ({ url: `/v1/integrations/${aIntegration}?confirm=${encodeURIComponent('Incident platform (PagerDuty)')}` }),
      expect: notFound,
    },
    'PUT /v1/integrations/:integrationId/auth': {
      request: () => ({ url: `/v1/integrations/${aIntegration}/auth`, body: { inputs: { token: DEMO_FULL_ACCESS_KEY } } }),
      expect: notFound,
    },
    'GET /v1/integrations/:integrationId/actions': { request: () => ({ url: `/v1/integrations/${aIntegration}/actions` }), expect: notFound },
    'PUT /v1/integrations/:integrationId/actions/:action': {
      request: () => ({ url: `/v1/integrations/${aIntegration}/actions/importUsers`, body: { enabled: false } }),
      expect: notFound,
    },
    // A's integration named in B's bulk request is not found, as one of B's would be with a wrong id; nothing of A's changes.
    'PUT /v1/integrations/actions/:action': {
      request: () => ({ url: '/v1/integrations/actions/importUsers', body: { integrationIds: [aIntegration], enabled: false } }),
      expect: notFound,
    },
    'POST /v1/integrations/:integrationId/actions/:action/run': {
      request: () => ({ url: `/v1/integrations/${aIntegration}/actions/importUsers/run`, body: {} }),
      expect: notFound,
    },
    'POST /v1/integrations/:integrationId/sync': { request: () => ({ url: `/v1/integrations/${aIntegration}/sync` }), expect: notFound },
    'GET /v1/integrations/:integrationId/sync': { request: () => ({ url: `/v1/integrations/${aIntegration}/sync` }), expect: notFound },
    'POST /v1/integrations/:integrationId/sync/resume': { request: () => ({ url: `/v1/integrations/${aIntegration}/sync/resume` }), expect: notFound },
    'GET /v1/integrations/:integrationId/sync/runs': { request: () => ({ url: `/v1/integrations/${aIntegration}/sync/runs` }), expect: notFound },
    'GET /v1/integrations/:integrationId/sync/runs/:runId': {
      request: () => ({ url: `/v1/integrations/${aIntegration}/sync/runs/${aRun}` }),
      expect: notFound,
    },
    'POST /v1/integrations/:integrationId/sync/runs/:runId/approve': {
      request: () => ({ url: `/v1/integrations/${aIntegration}/sync/runs/${aRun}/approve` }),
      expect: notFound,
    },
    'POST /v1/integrations/:integrationId/sync/runs/:runId/reject': {
      request: () => ({ url: `/v1/integrations/${aIntegration}/sync/runs/${aRun}/reject` }),
      expect: notFound,
    },
    'GET /v1/integrations/:integrationId/accounts': { request: () => ({ url: `/v1/integrations/${aIntegration}/accounts` }), expect: notFound },
    'PUT /v1/integrations/:integrationId/sync': {
      request: () => ({ url: `/v1/integrations/${aIntegration}/sync`, body: { intervalSeconds: 600 } }),
      expect: notFound,
    },
    'GET /v1/integrations/:integrationId/sync/runs/:runId/pending-removals': {
      request: () => ({ url: `/v1/integrations/${aIntegration}/sync/runs/${aRun}/pending-removals` }),
      expect: notFound,
    },
    'GET /v1/accounts/:accountId/events': {
      request: () => ({ url: `/v1/accounts/${aAccount}/events` }),
      expect: (answer) => (showsNothingOfA(answer), expect(answer.body.events).toEqual([])),
    },
    'GET /v1/people': {
      request: () => ({ url: '/v1/people' }),
      expect: (answer) => (showsNothingOfA(answer), expect(answer.text).not.toContain('a-person@example.com')),
    },
    'POST /v1/people': {
      request: () => ({ url: '/v1/people', body: { email: 'b-person@example.com', name: 'B Person' } }),
      expect: (answer) => expect(answer.status).toBe(201),
    },
    'POST /v1/people/import': {
      request: () => ({ url: '/v1/people/import', body: { csv: 'email,name\nb-two@example.com,B Two\n' } }),
      expect: (answer) => expect(answer.status).toBe(200),
    },
    'GET /v1/people/:personId': { request: () => ({ url: `/v1/people/${aPerson}` }), expect: notFound },
    'PATCH /v1/people/:personId': { request: () => ({ url: `/v1/people/${aPerson}`, body: { name: 'Taken Over' } }), expect: notFound },
    'POST /v1/people/:personId/archive': { request: () => ({ url: `/v1/people/${aPerson}/archive` }), expect: notFound },
    'PUT /v1/accounts/:accountId/link': { request: () => ({ url: `/v1/accounts/${aAccount}/link`, body: { personId: null } }), expect: notFound },
    'DELETE /v1/accounts/:accountId/link': { request: () => ({ url: `/v1/accounts/${aAccount}/link` }), expect: notFound },
    'GET /v1/people/unlinked': { request: () => ({ url: '/v1/people/unlinked' }), expect: showsNothingOfA },
    'GET /v1/people/conflicts': { request: () => ({ url: '/v1/people/conflicts' }), expect: showsNothingOfA },
    'GET /v1/access-grid': {
      request: () => ({ url: '/v1/access-grid' }),
      expect: (answer) => (showsNothingOfA(answer), expect(answer.text).not.toContain('a-person@example.com')),
    },
    'GET /v1/integrations/:integrationId/audit': { request: () => ({ url: `/v1/integrations/${aIntegration}/audit` }), expect: notFound },
    'POST /v1/integrations/:integrationId/test': { request: () => ({ url: `/v1/integrations/${aIntegration}/test` }), expect: notFound },
    'POST /v1/integrations/:integrationId/preview': { request: () => ({ url: `/v1/integrations/${aIntegration}/preview` }), expect: notFound },
    'GET /v1/integrations/:integrationId/actions/:action/config': {
      request: () => ({ url: `/v1/integrations/${aIntegration}/actions/importUsers/config` }),
      expect: notFound,
    },
    'PUT /v1/integrations/:integrationId/actions/:action/config': {
      request: () => ({ url: `/v1/integrations/${aIntegration}/actions/importUsers/config`, body: { records: '.users' } }),
      expect: notFound,
    },
    'POST /v1/integrations/:integrationId/generate-config': {
      request: () => ({ url: `/v1/integrations/${aIntegration}/generate-config`, body: {} }),
      expect: notFound,
    },
    'POST /v1/integrations/:integrationId/generate-config/apply': {
      request: () => ({
        url: `/v1/integrations/${aIntegration}/generate-config/apply`,
        body: { records: '.users', mapping: { id: '.id', email: '.email', name: '.name' } },
      }),
      expect: notFound,
    },
    'GET /v1/tokens': { request: () => ({ url: '/v1/tokens' }), expect: (answer) => (showsNothingOfA(answer), expect(answer.text).not.toContain(aTokenId)) },
    'DELETE /v1/tokens/:tokenId': { request: () => ({ url: `/v1/tokens/${aTokenId}` }), expect: notFound },
    'POST /v1/workflows/onboarding': {
      request: () => ({ url: '/v1/workflows/onboarding', body: { personId: aPerson, integrationIds: [aIntegration], idempotencyKey: 'b-1' } }),
      expect: notFound,
    },
    'POST /v1/workflows/offboarding': {
      request: () => ({ url: '/v1/workflows/offboarding', body: { personId: aPerson, idempotencyKey: 'b-2' } }),
      expect: notFound,
    },
    'POST /v1/workflows/provisioner-action': {
      request: () => ({
        url: '/v1/workflows/provisioner-action',
        body: { personId: aPerson, integrationId: aIntegration, action: 'createUser', idempotencyKey: 'b-3' },
      }),
      expect: notFound,
    },
    'POST /v1/integrations/:integrationId/add-users': {
      request: () => ({ url: `/v1/integrations/${aIntegration}/add-users`, body: { personIds: [aPerson], idempotencyKey: 'b-4' } }),
      expect: notFound,
    },
    'GET /v1/workflows': {
      request: () => ({ url: '/v1/workflows?limit=500' }),
      expect: (answer) => (showsNothingOfA(answer), expect(answer.text).not.toContain(aWorkflow)),
    },
    'GET /v1/workflows/:workflowId': { request: () => ({ url: `/v1/workflows/${aWorkflow}` }), expect: notFound },
    'POST /v1/workflows/:workflowId/cancel': { request: () => ({ url: `/v1/workflows/${aWorkflow}/cancel` }), expect: notFound },
    'POST /v1/workflows/:workflowId/tasks/:taskId/retry': { request: () => ({ url: `/v1/workflows/${aWorkflow}/tasks/${aTask}/retry` }), expect: notFound },
    'POST /v1/workflows/:workflowId/tasks/:taskId/secrets/take': {
      request: () => ({ url: `/v1/workflows/${aWorkflow}/tasks/${aTask}/secrets/take` }),
      expect: notFound,
    },
    'GET /v1/integrations/:integrationId/workflow-settings': {
      request: () => ({ url: `/v1/integrations/${aIntegration}/workflow-settings` }),
      expect: notFound,
    },
    'PUT /v1/integrations/:integrationId/workflow-settings': {
      request: () => ({ url: `/v1/integrations/${aIntegration}/workflow-settings`, body: { keepAccounts: true } }),
      expect: notFound,
    },
    'POST /v1/reviews': {
      request: () => ({
        url: '/v1/reviews',
        body: { name: 'B review', integrationIds: [aIntegration], dueAt: '2030-01-01T00:00:00Z', reviewers: [{ reviewer: 'b' }] },
      }),
      expect: notFound,
    },
    'GET /v1/reviews': {
      request: () => ({ url: '/v1/reviews' }),
      expect: (answer) => (showsNothingOfA(answer), expect(answer.text).not.toContain(aCampaign)),
    },
    'GET /v1/reviews/:campaignId': { request: () => ({ url: `/v1/reviews/${aCampaign}` }), expect: notFound },
    'POST /v1/reviews/:campaignId/start': { request: () => ({ url: `/v1/reviews/${aCampaign}/start`, body: {} }), expect: notFound },
    'GET /v1/reviews/:campaignId/items': { request: () => ({ url: `/v1/reviews/${aCampaign}/items` }), expect: notFound },
    'PUT /v1/reviews/:campaignId/items/:itemId/decision': {
      request: () => ({ url: `/v1/reviews/${aCampaign}/items/1/decision`, body: { decision: 'keep' } }),
      expect: notFound,
    },
    'POST /v1/reviews/:campaignId/decisions': {
      request: () => ({ url: `/v1/reviews/${aCampaign}/decisions`, body: { filter: {}, decision: 'keep' } }),
      expect: notFound,
    },
    'POST /v1/reviews/:campaignId/items/:itemId/removed-by-hand': {
      request: () => ({ url: `/v1/reviews/${aCampaign}/items/1/removed-by-hand`, body: {} }),
      expect: notFound,
    },
    'POST /v1/reviews/:campaignId/close': { request: () => ({ url: `/v1/reviews/${aCampaign}/close` }), expect: notFound },
    // The printable page (?format=html) shares the lookup of the JSON and CSV answers; it is the one with most of A to leak.
    'GET /v1/reviews/:campaignId/report': { request: () => ({ url: `/v1/reviews/${aCampaign}/report?format=html` }), expect: notFound },
    'GET /v1/profiles': {
      request: () => ({ url: '/v1/profiles?includeArchived=true' }),
      expect: (answer) => (showsNothingOfA(answer), expect(answer.text).not.toContain(aProfile)),
    },
    'POST /v1/profiles': {
      request: () => ({ url: '/v1/profiles', body: { name: 'B takes A', applications: [{ integrationId: aIntegration }] } }),
      expect: notFound,
    },
    'GET /v1/profiles/:profileId': { request: () => ({ url: `/v1/profiles/${aProfile}` }), expect: notFound },
    'PATCH /v1/profiles/:profileId': { request: () => ({ url: `/v1/profiles/${aProfile}`, body: { archived: true } }), expect: notFound },
    'POST /v1/profiles/:profileId/assign': {
      request: () => ({ url: `/v1/profiles/${aProfile}/assign`, body: { people: [aPerson], idempotencyKey: 'b-5' } }),
      expect: notFound,
    },
    'GET /v1/people/:personId/profiles': { request: () => ({ url: `/v1/people/${aPerson}/profiles` }), expect: notFound },
    'POST /v1/people/:personId/profiles/preview': {
      request: () => ({ url: `/v1/people/${aPerson}/profiles/preview`, body: { profileIds: [aProfile] } }),
      expect: notFound,
    },
    'PUT /v1/people/:personId/profiles': {
      request: () => ({ url: `/v1/people/${aPerson}/profiles`, body: { profileIds: [aProfile], idempotencyKey: 'b-6' } }),
      expect: notFound,
    },
    'GET /v1/drift': { request: () => ({ url: '/v1/drift' }), expect: (answer) => (showsNothingOfA(answer), expect(answer.body.drift).toEqual([])) },
    'GET /v1/audit': {
      request: () => ({ url: `/v1/audit?limit=500&integrationId=${aIntegration}` }),
      expect: (answer) => (showsNothingOfA(answer), expect(answer.body.entries).toEqual([])),
    },
  };

  /** A's tokens as listed, without the last-use time (A's own calls here move it). */
  const tokensOfA = async () =>
    ((await fixture.call(a.admin, 'GET', '/v1/tokens')).body.tokens as Array<Record<string, unknown>>).map(({ lastUsedAt: _lastUsedAt, ...token }) => token);

  const protectedRoutes = () => fixture.api.routes.filter((route) => route.access !== 'public');

  it('has a case for every registered route, and only the OpenAPI document is public', () => {
    expect(
      protectedRoutes()
        .map((route) => `${route.method} ${route.url}`)
        .sort(),
    ).toEqual(Object.keys(CASES).sort());
    expect(fixture.api.routes.filter((route) => route.access === 'public').map((route) => route.url)).toEqual(['/openapi.json']);
  });

  it('B’s tokens, no token and a viewer token: each answered as it must be, A unchanged', async () => {
    const before = {
      integration: (await fixture.call(a.viewer, 'GET', `/v1/integrations/${aIntegration}`)).text,
      audit: (await fixture.call(a.viewer, 'GET', '/v1/audit?limit=500')).text,
      actions: (await fixture.call(a.viewer, 'GET', `/v1/integrations/${aIntegration}/actions`)).text,
      config: (await fixture.call(a.viewer, 'GET', `/v1/integrations/${aIntegration}/actions/importUsers/config`)).text,
      tokens: await tokensOfA(),
    };
    for (const route of protectedRoutes()) {
      const key = `${route.method} ${route.url}`;
      const { url, body } = CASES[key]!.request();
      const withoutToken = await fixture.call(undefined, route.method, url, body);
      expect(withoutToken.status, key).toBe(401);
      if (route.access === 'admin' || route.access === 'reviewer')
        expect((await fixture.call(b.viewer, route.method, url, body)).body.code, key).toBe('FORBIDDEN');
      CASES[key]!.expect(await fixture.call(b.admin, route.method, url, body));
      if (route.method === 'GET' && route.access === 'viewer') CASES[key]!.expect(await fixture.call(b.viewer, route.method, url, body));
    }
    expect((await fixture.call(a.viewer, 'GET', `/v1/integrations/${aIntegration}`)).text).toBe(before.integration);
    expect((await fixture.call(a.viewer, 'GET', `/v1/integrations/${aIntegration}/actions`)).text).toBe(before.actions);
    expect((await fixture.call(a.viewer, 'GET', `/v1/integrations/${aIntegration}/actions/importUsers/config`)).text).toBe(before.config);
    expect(await tokensOfA()).toEqual(before.tokens);
    expect((await fixture.call(a.viewer, 'GET', '/v1/audit?limit=500')).text).toBe(before.audit);
    expect((await fixture.call(a.viewer, 'GET', `/v1/workflows/${aWorkflow}`)).body.status).toBe('succeeded');
    expect((await fixture.call(a.viewer, 'GET', `/v1/reviews/${aCampaign}`)).body).toMatchObject({ status: 'draft', progress: { decided: 0 } });
    expect((await fixture.call(a.viewer, 'GET', `/v1/integrations/${aIntegration}/workflow-settings`)).body).toEqual({
      keepAccounts: false,
      maxConcurrency: null,
    });
    expect((await fixture.call(a.viewer, 'GET', `/v1/people/${aPerson}`)).body).toMatchObject({ name: 'A Person', email: 'a-person@example.com' });
    expect((await fixture.call(a.viewer, 'GET', `/v1/people/${aPerson}`)).body.archivedAt).toBeUndefined();
    expect((await fixture.call(a.viewer, 'GET', `/v1/profiles/${aProfile}`)).body).toMatchObject({ name: 'A profile', archived: false });
    expect((await fixture.call(a.viewer, 'GET', `/v1/people/${aPerson}/profiles`)).body.profiles).toEqual([]);
    const events = (await fixture.call(a.viewer, 'GET', `/v1/accounts/${aAccount}/events`)).body.events as { kind: string }[];
    expect(events.map((event) => event.kind)).not.toContain('relinked');
  });
}
