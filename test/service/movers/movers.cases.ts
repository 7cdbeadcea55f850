/**
 * Movers through the service library against three loopback targets: the incident platform
 * simulator (prebuilt), a SCIM server and the help desk of the build-your-own example. A person
 * moves from the profile Support (incident platform + SCIM) to Engineering (SCIM + help desk, as
 * admin): the help desk account is created, the incident platform account deleted, the SCIM
 * account kept, exactly once; then bulk assignment and drift.
 * Shared by the embedded run (test/service/movers) and the PostgreSQL run (test/postgres).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_FULL_ACCESS_KEY, seedUsers, startIncidentPlatform, type IncidentPlatformSimulator } from '../../../src/simulators/incident-platform/index.js';
import { serveHandlers, type HandlerServer } from '../../../src/simulators/serve-handlers.js';
import type { Profile, Service, Tenant, Workflow } from '../../../src/service/index.js';
import { createDeskState, deskHandlers, type DeskState } from '../../targets/basic-page-number/handlers.js';
import { startScimServer, type ScimServer } from '../../targets/scim/server.js';
import { waitForRun } from '../sync/sync.cases.js';
import { DESK_SPEC, waitForWorkflow } from '../workflows/workflows.cases.js';

const actor = 'hr-ops@example.com';
const SCIM_TOKEN = 'scim-movers-token-123';
const settled = (workflow: Workflow) => workflow.status !== 'running';

export function describeMovers(fixture: { service: Service }): void {
  const service = () => fixture.service;
  let tenant: Tenant;
  let incident: IncidentPlatformSimulator;
  let scim: ScimServer;
  let deskState: DeskState;
  let desk: HandlerServer;
  const apps = { incident: '', scim: '', desk: '' };
  let support: Profile;
  let engineering: Profile;
  const ref = (integrationId: string) => ({ tenantId: tenant.id, integrationId });

  async function enable(integrationId: string, actions: string[]) {
    for (const action of actions) await service().integrations.setAction({ ...ref(integrationId), action, enabled: true, actor });
  }

  beforeAll(async () => {
    tenant = await service().tenants.create({ name: 'Movers tenant', plan: 'business', actor });
    await service().startWorkers();
    incident = await startIncidentPlatform({ users: seedUsers({ count: 3 }) });
    scim = await startScimServer({ token: SCIM_TOKEN });
    deskState = createDeskState(2);
    desk = await serveHandlers(...deskHandlers(deskState));

    apps.incident = (
      await service().integrations.create({ tenantId: tenant.id, actor, type: 'prebuilt', connector: 'incident-platform', baseUrl: incident.server.origin })
    ).id;
    expect(await service().integrations.configureAuth({ ...ref(apps.incident), inputs: { token: DEMO_FULL_ACCESS_KEY }, actor })).toMatchObject({ ok: true });
    await enable(apps.incident, ['importUsers', 'createUser', 'deleteUser']);

    apps.scim = (await service().integrations.create({ tenantId: tenant.id, actor, type: 'scim', scimBaseUrl: scim.baseUrl })).id;
    expect(await service().integrations.configureAuth({ ...ref(apps.scim), inputs: { token: SCIM_TOKEN }, actor })).toMatchObject({ ok: true });
    await enable(apps.scim, ['createUser', 'activateUser', 'deactivateUser', 'deleteUser']);

    apps.desk = (await service().integrations.create({ tenantId: tenant.id, actor, type: 'build-your-own', spec: DESK_SPEC, baseUrl: desk.origin })).id;
    expect(
      await service().integrations.configureAuth({ ...ref(apps.desk), inputs: { username: deskState.username, password: deskState.password }, actor }),
    ).toMatchObject({ ok: true });
    await enable(apps.desk, ['createUser', 'activateUser', 'deactivateUser', 'deleteUser']);

    const [run] = await service().sync.listRuns(ref(apps.incident));
    expect((await waitForRun(service(), ref(apps.incident), run!.id)).status).toBe('succeeded');

    support = await service().movers.createProfile({
      tenantId: tenant.id,
      name: 'Support',
      applications: [{ integrationId: apps.incident }, { integrationId: apps.scim }],
      actor,
    });
    engineering = await service().movers.createProfile({
      tenantId: tenant.id,
      name: 'Engineering',
      applications: [{ integrationId: apps.scim }, { integrationId: apps.desk, options: { admin: true } }],
      actor,
    });
  });
  afterAll(async () => {
    await service().stopWorkers();
    await Promise.all([incident?.close(), scim?.close(), desk?.close()]);
  });

  const person = (name: string, email = `${name.toLowerCase().replace(/ /g, '.')}@example.com`) =>
    service().people.create({ tenantId: tenant.id, email, name, actor });
  const inScim = (email: string) => [...scim.store.users.values()].filter((user) => JSON.stringify(user).includes(email)).length;
  const scimPosts = (email: string) =>
    scim.requests.filter((request) => request.method === 'POST' && request.url.endsWith('/Users') && JSON.stringify(request.body).includes(email)).length;
  const deskPosts = () => desk.requests.filter((request) => request.method === 'POST' && /\/api\/agents$/.test(request.url.split('?')[0]!)).length;
  const incidentDeletes = () => incident.server.requests.filter((request) => request.method === 'DELETE').length;
  const steps = (tasks: readonly { integrationId: string | null; action: string }[]) => tasks.map((task) => `${task.integrationId}:${task.action}`).sort();

  it('keeps profile names unique per tenant and refuses an unknown integration, naming the place', async () => {
    await expect(service().movers.createProfile({ tenantId: tenant.id, name: ' support ', applications: [], actor })).rejects.toMatchObject({
      code: 'PROFILE_NAME_TAKEN',
    });
    await expect(
      service().movers.createProfile({ tenantId: tenant.id, name: 'Nowhere', applications: [{ integrationId: apps.scim }, { integrationId: 'nope' }], actor }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      service().movers.createProfile({
        tenantId: tenant.id,
        name: 'Bad options',
        applications: [{ integrationId: apps.scim, options: { admin: [1] } }],
        actor,
      }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT', message: expect.stringContaining('applications[0].options') });
    expect((await service().movers.listProfiles({ tenantId: tenant.id })).map((profile) => profile.name)).toEqual(['Engineering', 'Support']);
    expect(engineering.applications).toHaveLength(2);
    expect(engineering.applications).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ integrationId: apps.desk, options: { admin: true } }),
        expect.objectContaining({ integrationId: apps.scim, options: {} }),
      ]),
    );
  });

  it('moves a person from Support to Engineering: shows the difference, then creates and removes exactly it, once', async () => {
    const mover = await person('Mo Ver');
    const joined = await service().movers.applyMove({ tenantId: tenant.id, personId: mover.id, profileIds: [support.id], idempotencyKey: 'join-mo', actor });
    expect(joined.workflow.kind).toBe('move');
    expect((await waitForWorkflow(service(), tenant.id, joined.workflow.id, settled)).status).toBe('succeeded');
    expect(incident.state.users.filter((user) => user.email === mover.email)).toHaveLength(1);
    expect(inScim(mover.email)).toBe(1);

    // The preview changes nothing.
    const desksBefore = deskPosts();
    const plan = await service().movers.planMove({ tenantId: tenant.id, personId: mover.id, profileIds: [engineering.id] });
    expect(plan.from).toEqual([{ id: support.id, name: 'Support' }]);
    expect(plan.to).toEqual([{ id: engineering.id, name: 'Engineering' }]);
    expect(steps(plan.create)).toEqual(
      steps([
        { integrationId: apps.desk, action: 'createUser' },
        { integrationId: apps.desk, action: 'activateUser' },
      ]),
    );
    expect(plan.remove).toEqual([expect.objectContaining({ integrationId: apps.incident, action: 'deleteUser', status: 'pending' })]);
    expect(plan.keep).toEqual([expect.objectContaining({ integrationId: apps.scim, state: 'active' })]);
    expect(plan.drift).toEqual([]);
    expect((await service().movers.personProfiles({ tenantId: tenant.id, personId: mover.id })).map((profile) => profile.id)).toEqual([support.id]);
    expect((await service().workflows.list({ tenantId: tenant.id, personId: mover.id })).workflows).toHaveLength(1);

    const deletesBefore = incidentDeletes();
    const scimPostsBefore = scimPosts(mover.email);
    const move = { tenantId: tenant.id, personId: mover.id, profileIds: [engineering.id], idempotencyKey: 'move-mo', actor };
    const started = await service().movers.applyMove(move);
    expect(started.created).toBe(true);
    expect(steps(started.workflow.tasks)).toEqual(steps([...plan.create, ...plan.remove]));
    const done = await waitForWorkflow(service(), tenant.id, started.workflow.id, settled);
    expect(done.status).toBe('succeeded');
    expect(incident.state.users.some((user) => user.email === mover.email)).toBe(false);
    expect(deskState.agents.filter((agent) => agent.email === mover.email)).toHaveLength(1);
    expect(inScim(mover.email)).toBe(1);
    expect(incidentDeletes()).toBe(deletesBefore + 1);
    expect(deskPosts()).toBe(desksBefore + 1);
    expect(scimPosts(mover.email)).toBe(scimPostsBefore);
    expect((await service().movers.personProfiles({ tenantId: tenant.id, personId: mover.id })).map((profile) => profile.id)).toEqual([engineering.id]);

    // The same key: the same workflow, nothing sent again; the key with another request is refused.
    const again = await service().movers.applyMove(move);
    expect(again).toMatchObject({ created: false, workflow: { id: started.workflow.id } });
    await expect(service().movers.applyMove({ ...move, profileIds: [support.id] })).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(deskPosts()).toBe(desksBefore + 1);
    expect(incidentDeletes()).toBe(deletesBefore + 1);
    expect((await service().movers.personProfiles({ tenantId: tenant.id, personId: mover.id })).map((profile) => profile.id)).toEqual([engineering.id]);

    // Moving to where the person is: nothing to do.
    const stay = await service().movers.planMove({ tenantId: tenant.id, personId: mover.id, profileIds: [engineering.id] });
    expect({ create: stay.create, remove: stay.remove }).toEqual({ create: [], remove: [] });
    expect(stay.keep.map((kept) => kept.integrationId).sort()).toEqual([apps.desk, apps.scim].sort());
  });

  it('gives a profile to many people at once: one workflow per person, the Add User style message, and the key replays them', async () => {
    const a = await person('Bulk One');
    const b = await person('Bulk Two');
    const c = await person('Bulk Three');
    const input = { tenantId: tenant.id, profileId: engineering.id, people: [a.id, b.id, c.email.toUpperCase()], idempotencyKey: 'bulk-eng', actor };
    const result = await service().movers.assignProfile(input);
    expect(result.message).toBe('3 workflows were created to give 3 people the profile Engineering');
    expect(result.workflows.map((workflow) => workflow.personId)).toEqual([a.id, b.id, c.id]);
    expect(new Set(result.workflows.map((workflow) => workflow.id)).size).toBe(3);
    for (const workflow of result.workflows) {
      expect(workflow.kind).toBe('move');
      expect((await waitForWorkflow(service(), tenant.id, workflow.id, settled)).status).toBe('succeeded');
    }
    for (const who of [a, b, c]) {
      expect(inScim(who.email)).toBe(1);
      expect(deskState.agents.filter((agent) => agent.email === who.email)).toHaveLength(1);
    }
    const replay = await service().movers.assignProfile(input);
    expect(replay.workflows.map((workflow) => workflow.id)).toEqual(result.workflows.map((workflow) => workflow.id));
    for (const who of [a, b, c]) expect(scimPosts(who.email)).toBe(1);

    // One unknown entry starts none.
    const d = await person('Bulk Four');
    await expect(service().movers.assignProfile({ ...input, people: [d.id, 'nobody@example.com'], idempotencyKey: 'bulk-bad' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringContaining('people[1]'),
    });
    expect((await service().workflows.list({ tenantId: tenant.id, personId: d.id })).workflows).toHaveLength(0);
  });

  it('lists drift: accounts of people with profiles in applications outside them, left alone unless asked', async () => {
    // A person whose incident platform account the import found, given Engineering only.
    const seeded = incident.state.users.find((user) => user.email)!;
    const holder = await person(seeded.name, seeded.email!);
    const [account] = (await service().sync.listAccounts({ ...ref(apps.incident), limit: 500 })).accounts.filter((row) => row.personId === holder.id);
    expect(account).toBeDefined();
    expect((await service().movers.drift({ tenantId: tenant.id })).drift.some((entry) => entry.personId === holder.id)).toBe(false);

    const plan = await service().movers.planMove({ tenantId: tenant.id, personId: holder.id, profileIds: [engineering.id] });
    expect(plan.remove).toEqual([]);
    expect(plan.drift).toEqual([expect.objectContaining({ integrationId: apps.incident, accountId: account!.externalId })]);
    const given = await service().movers.assignProfile({
      tenantId: tenant.id,
      profileId: engineering.id,
      people: [holder.id],
      idempotencyKey: 'give-holder',
      actor,
    });
    expect(given.message).toBe('A workflow was created to give 1 person the profile Engineering');
    expect((await waitForWorkflow(service(), tenant.id, given.workflows[0]!.id, settled)).status).toBe('succeeded');
    expect(incident.state.users.some((user) => user.email === seeded.email)).toBe(true);

    const { drift } = await service().movers.drift({ tenantId: tenant.id });
    expect(drift.filter((entry) => entry.personId === holder.id)).toEqual([
      expect.objectContaining({ integrationId: apps.incident, accountId: account!.externalId, personName: holder.name, state: 'active' }),
    ]);
    // The movers of the earlier tests have no account outside their profiles.
    expect(drift.every((entry) => entry.personId === holder.id)).toBe(true);

    // Asked to, a move removes the drift too.
    const cleanup = await service().movers.planMove({ tenantId: tenant.id, personId: holder.id, profileIds: [engineering.id], removeDrift: true });
    expect(cleanup.remove).toEqual([expect.objectContaining({ integrationId: apps.incident, action: 'deleteUser', accountId: account!.externalId })]);
    expect(cleanup.drift).toEqual([]);
  });
}
