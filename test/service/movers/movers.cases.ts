/**
 * Movers through the service library against three loopback targets: the incident platform
 * simulator (prebuilt), a SCIM server and the help desk of the build-your-own example. A person
 * moves from the profile Support (incident platform + SCIM) to Engineering (SCIM + help desk): the
 * help desk account is created, the incident platform account deleted, the SCIM account kept,
 * exactly once; the admin option reaches the incident platform's role; then bulk assignment, drift
 * and what an offboarding, an archived profile or person, a disabled or deleted integration do.
 * Shared by the embedded run (test/service/movers) and the PostgreSQL run (test/postgres).
 */
import { http, HttpResponse } from 'msw';
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
  let supportAdmin: Profile;
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
      applications: [{ integrationId: apps.scim }, { integrationId: apps.desk }],
      actor,
    });
    supportAdmin = await service().movers.createProfile({
      tenantId: tenant.id,
      name: 'Support lead',
      applications: [{ integrationId: apps.incident, options: { admin: true } }, { integrationId: apps.scim }],
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
        applications: [{ integrationId: apps.scim, options: { admin: [1] } as never }],
        actor,
      }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT', message: expect.stringContaining('applications[0].options') });
    await expect(
      service().movers.createProfile({
        tenantId: tenant.id,
        name: 'Bad option',
        applications: [{ integrationId: apps.scim, options: { colour: 'red' } as never }],
        actor,
      }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT', message: expect.stringContaining('applications[0].options.colour is not an option') });
    // The help desk's Create User sends no admin flag: an admin option there would never reach it.
    await expect(
      service().movers.createProfile({
        tenantId: tenant.id,
        name: 'Desk admins',
        applications: [{ integrationId: apps.scim }, { integrationId: apps.desk, options: { admin: true } }],
        actor,
      }),
    ).rejects.toMatchObject({ code: 'PROFILE_OPTION_NOT_SUPPORTED', message: expect.stringContaining('applications[1]') });
    await expect(
      service().movers.updateProfile({
        tenantId: tenant.id,
        profileId: engineering.id,
        applications: [{ integrationId: apps.desk, options: { admin: true } }],
        actor,
      }),
    ).rejects.toMatchObject({ code: 'PROFILE_OPTION_NOT_SUPPORTED' });
    expect((await service().movers.listProfiles({ tenantId: tenant.id })).map((profile) => profile.name)).toEqual(['Engineering', 'Support', 'Support lead']);
    expect(engineering.applications).toHaveLength(2);
    expect(supportAdmin.applications).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ integrationId: apps.incident, options: { admin: true }, deleted: false }),
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
  it('creates the account as an admin where the profile says so; a change of the admin flag alone is shown and listed as a step by hand', async () => {
    const lead = await person('Lee Der');
    const plan = await service().movers.planMove({ tenantId: tenant.id, personId: lead.id, profileIds: [supportAdmin.id] });
    expect(plan.create).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ integrationId: apps.incident, action: 'createUser', status: 'pending', admin: true }),
        expect.objectContaining({ integrationId: apps.scim, action: 'createUser', status: 'pending' }),
      ]),
    );
    expect(plan.create.find((step) => step.integrationId === apps.scim)).not.toHaveProperty('admin');
    const joined = await service().movers.applyMove({
      tenantId: tenant.id,
      personId: lead.id,
      profileIds: [supportAdmin.id],
      idempotencyKey: 'join-lee',
      actor,
    });
    expect((await waitForWorkflow(service(), tenant.id, joined.workflow.id, settled)).status).toBe('succeeded');
    const created = incident.state.users.filter((user) => user.email === lead.email);
    expect(created.map((user) => user.role)).toEqual(['admin']);

    // Support lead -> Support: the same applications, the incident platform account no longer admin.
    const requestsBefore = incident.server.requests.length;
    const demote = await service().movers.planMove({ tenantId: tenant.id, personId: lead.id, profileIds: [support.id] });
    expect({ create: demote.create, remove: demote.remove }).toEqual({ create: [], remove: [] });
    expect(demote.keep).toEqual(expect.arrayContaining([expect.objectContaining({ integrationId: apps.incident, accountId: created[0]!.id, admin: true })]));
    expect(demote.change).toEqual([
      expect.objectContaining({
        integrationId: apps.incident,
        action: 'manual',
        status: 'manual',
        accountId: created[0]!.id,
        admin: false,
        reason: expect.stringContaining('no action of its connector changes an existing account’s admin flag'),
      }),
    ]);
    const moved = await service().movers.applyMove({ tenantId: tenant.id, personId: lead.id, profileIds: [support.id], idempotencyKey: 'demote-lee', actor });
    // Never "succeeded" while the flag is still set: the workflow needs attention, the step is listed.
    const done = await waitForWorkflow(service(), tenant.id, moved.workflow.id, settled);
    expect(done.status).toBe('needs_attention');
    expect(done.tasks).toEqual([expect.objectContaining({ integrationId: apps.incident, action: 'manual', status: 'manual' })]);
    expect(incident.server.requests.length).toBe(requestsBefore);
    expect(incident.state.users.find((user) => user.email === lead.email)?.role).toBe('admin');

    // Back to Support lead: the account is an admin on the target (the Accounts list says so), so nothing to change.
    const back = await service().movers.planMove({ tenantId: tenant.id, personId: lead.id, profileIds: [supportAdmin.id] });
    expect({ create: back.create, change: back.change, remove: back.remove }).toEqual({ create: [], change: [], remove: [] });

    // Offboarding ends the person's moves: the one needing attention is cancelled, the profiles go.
    const left = await service().workflows.startOffboarding({ tenantId: tenant.id, personId: lead.id, idempotencyKey: 'leave-lee', actor });
    expect((await service().workflows.get({ tenantId: tenant.id, workflowId: moved.workflow.id })).status).toBe('cancelled');
    expect(await service().movers.personProfiles({ tenantId: tenant.id, personId: lead.id })).toEqual([]);
    expect((await waitForWorkflow(service(), tenant.id, left.workflow.id, settled)).status).toBe('succeeded');
    expect(incident.state.users.some((user) => user.email === lead.email)).toBe(false);
    expect((await service().movers.drift({ tenantId: tenant.id })).drift.some((entry) => entry.personId === lead.id)).toBe(false);
  });

  it('refuses a move while the person is being offboarded, and after it a failed creation of an earlier move is not retried', async () => {
    const leaver = await person('Lea Ver');
    const joined = await service().movers.applyMove({
      tenantId: tenant.id,
      personId: leaver.id,
      profileIds: [engineering.id],
      idempotencyKey: 'join-lea',
      actor,
    });
    expect((await waitForWorkflow(service(), tenant.id, joined.workflow.id, settled)).status).toBe('succeeded');
    // A move whose incident platform creation the target refuses: it needs attention, with a failed Create User.
    incident.server.use(http.post('*/users', () => HttpResponse.json({ error: { message: 'no seats left', code: 2001 } }, { status: 400 })));
    const move = await service().movers.applyMove({
      tenantId: tenant.id,
      personId: leaver.id,
      profileIds: [engineering.id, support.id],
      idempotencyKey: 'move-lea',
      actor,
    });
    const failed = await waitForWorkflow(service(), tenant.id, move.workflow.id, settled);
    incident.server.reset();
    expect(failed.status).toBe('needs_attention');
    const failedTask = failed.tasks.find((task) => task.integrationId === apps.incident && task.action === 'createUser')!;
    expect(failedTask.status).toBe('failed');

    // The offboarding's removal in the help desk is held until the test lets it go: meanwhile it runs.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    desk.use(
      http.delete('*/api/agents/:id', async () => {
        await gate;
        return undefined;
      }),
    );
    const leaving = await service().workflows.startOffboarding({ tenantId: tenant.id, personId: leaver.id, idempotencyKey: 'leave-lea', actor });
    try {
      await expect(service().movers.planMove({ tenantId: tenant.id, personId: leaver.id, profileIds: [support.id] })).rejects.toMatchObject({
        code: 'WORKFLOW_STATE',
        message: expect.stringContaining(`is being offboarded (workflow ${leaving.workflow.id})`),
      });
      await expect(
        service().movers.applyMove({ tenantId: tenant.id, personId: leaver.id, profileIds: [support.id], idempotencyKey: 'back-lea', actor }),
      ).rejects.toMatchObject({ code: 'WORKFLOW_STATE' });
    } finally {
      release();
    }
    expect((await waitForWorkflow(service(), tenant.id, leaving.workflow.id, settled)).status).toBe('succeeded');
    desk.reset();
    const ended = await service().workflows.get({ tenantId: tenant.id, workflowId: move.workflow.id });
    expect(ended.status).toBe('cancelled');
    await expect(service().workflows.retryTask({ tenantId: tenant.id, workflowId: move.workflow.id, taskId: failedTask.id, actor })).rejects.toMatchObject({
      code: 'WORKFLOW_STATE',
    });
    expect(deskState.agents.some((agent) => agent.email === leaver.email)).toBe(false);
    expect(incident.state.users.some((user) => user.email === leaver.email)).toBe(false);
    expect(await service().movers.personProfiles({ tenantId: tenant.id, personId: leaver.id })).toEqual([]);
  });

  it('refuses before anything starts: an archived person, an archived profile for someone new, a step in a disabled integration', async () => {
    const holder = await person('Ar Chived Holder');
    const given = await service().movers.applyMove({ tenantId: tenant.id, personId: holder.id, profileIds: [support.id], idempotencyKey: 'hold-ar', actor });
    expect((await waitForWorkflow(service(), tenant.id, given.workflow.id, settled)).status).toBe('succeeded');
    const newcomer = await person('New Comer');
    const gone = await person('Gone Person');
    await service().people.archive({ tenantId: tenant.id, personId: gone.id, actor });

    await expect(service().movers.planMove({ tenantId: tenant.id, personId: gone.id, profileIds: [support.id] })).rejects.toMatchObject({
      code: 'PERSON_ARCHIVED',
    });
    await expect(
      service().movers.assignProfile({ tenantId: tenant.id, profileId: support.id, people: [newcomer.id, gone.id], idempotencyKey: 'bulk-gone', actor }),
    ).rejects.toMatchObject({ code: 'PERSON_ARCHIVED', message: expect.stringContaining('people[1]') });
    expect((await service().workflows.list({ tenantId: tenant.id, personId: newcomer.id })).workflows).toHaveLength(0);

    // Archived while assigned: whoever holds it keeps it (and may keep it in a move); nobody new gets it.
    await service().movers.updateProfile({ tenantId: tenant.id, profileId: support.id, archived: true, actor });
    try {
      const keepIt = await service().movers.planMove({ tenantId: tenant.id, personId: holder.id, profileIds: [support.id] });
      expect({ create: keepIt.create, remove: keepIt.remove, from: keepIt.from }).toEqual({
        create: [],
        remove: [],
        from: [{ id: support.id, name: 'Support' }],
      });
      await expect(
        service().movers.assignProfile({
          tenantId: tenant.id,
          profileId: support.id,
          people: [holder.id, newcomer.id],
          idempotencyKey: 'bulk-archived',
          actor,
        }),
      ).rejects.toMatchObject({ code: 'PROFILE_ARCHIVED', message: expect.stringContaining('people[1]') });
      expect((await service().workflows.list({ tenantId: tenant.id, personId: holder.id })).workflows).toHaveLength(1);
    } finally {
      await service().movers.updateProfile({ tenantId: tenant.id, profileId: support.id, archived: false, actor });
    }

    // A disabled integration: the move would fail there, so it is refused with its name, and nothing starts.
    await service().integrations.disable({ ...ref(apps.desk), actor });
    try {
      await expect(service().movers.planMove({ tenantId: tenant.id, personId: newcomer.id, profileIds: [engineering.id] })).rejects.toMatchObject({
        code: 'INTEGRATION_DISABLED',
        message: expect.stringContaining('which is disabled'),
      });
      await expect(
        service().movers.assignProfile({ tenantId: tenant.id, profileId: engineering.id, people: [newcomer.id], idempotencyKey: 'bulk-disabled', actor }),
      ).rejects.toMatchObject({ code: 'INTEGRATION_DISABLED', message: expect.stringContaining('people[0]') });
      expect((await service().workflows.list({ tenantId: tenant.id, personId: newcomer.id })).workflows).toHaveLength(0);
      // A move that keeps the account there (nothing to run in it) is not refused.
      expect((await service().movers.planMove({ tenantId: tenant.id, personId: holder.id, profileIds: [support.id] })).create).toEqual([]);
    } finally {
      await service().integrations.enable({ ...ref(apps.desk), actor });
    }
  });

  it('says so when an integration of a profile was deleted: the profile still lists, a move creates nothing there', async () => {
    const extra = (
      await service().integrations.create({ tenantId: tenant.id, actor, type: 'build-your-own', spec: DESK_SPEC, baseUrl: desk.origin, name: 'Old desk' })
    ).id;
    const temp = await service().movers.createProfile({
      tenantId: tenant.id,
      name: 'Temporary',
      applications: [{ integrationId: apps.scim }, { integrationId: extra }],
      actor,
    });
    await service().integrations.remove({ ...ref(extra), confirm: 'Old desk', actor });
    const listed = (await service().movers.listProfiles({ tenantId: tenant.id })).find((profile) => profile.id === temp.id)!;
    expect(listed.applications).toEqual(
      expect.arrayContaining([expect.objectContaining({ integrationId: extra, integrationName: 'Old desk', deleted: true })]),
    );
    const newcomer = await person('Tem Porary');
    const plan = await service().movers.planMove({ tenantId: tenant.id, personId: newcomer.id, profileIds: [temp.id] });
    expect(plan.create).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ integrationId: extra, action: 'createUser', status: 'skipped', reason: expect.stringContaining('was deleted') }),
        expect.objectContaining({ integrationId: apps.scim, action: 'createUser', status: 'pending' }),
      ]),
    );
  });
}
