/**
 * The console's access profile pages (docs/operators/movers.md) through the app, signed in, with
 * CSRF: a profile created from the tenant's integrations, a person's move previewed as its
 * difference then confirmed (the form's idempotency key gives the same workflow on a second
 * submit), a profile given to several people, drift, and a viewer who may read but not change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUsers, startIncidentPlatform, type IncidentPlatformSimulator } from '../../../src/simulators/incident-platform/index.js';
import { useApi, type TenantTokens } from '../api/api-fixture.js';
import { embeddedStorage } from '../helpers/service-fixture.js';
import { consoleClient, type ConsoleClient } from './console-client.js';

const KEY = 'profiles-key-3b9e1d';
const fixture = useApi(embeddedStorage('console-profiles'));

describe('console access profiles (embedded)', () => {
  let incident: IncidentPlatformSimulator;
  let tenant: TenantTokens;
  let integrationId: string;
  let admin: ConsoleClient;
  let viewer: ConsoleClient;
  let linkedEmail: string;
  const people: Record<string, string> = {};

  beforeAll(async () => {
    const users = seedUsers({ count: 3, withoutEmailEvery: 0 });
    linkedEmail = users[0]!.email!;
    incident = await startIncidentPlatform({ users, keys: { [KEY]: 'full' } });
    tenant = await fixture.tenantWithTokens('standard', 'Profiles tenant');
    const ref = { tenantId: tenant.tenant.id, actor: 'operator' };
    integrationId = (await fixture.service.integrations.create({ ...ref, type: 'prebuilt', connector: 'incident-platform', baseUrl: incident.server.origin }))
      .id;
    expect((await fixture.service.integrations.configureAuth({ ...ref, integrationId, inputs: { token: KEY } })).ok).toBe(true);
    await fixture.service.startWorkers();
    await fixture.service.integrations.setAction({ ...ref, integrationId, action: 'createUser', enabled: true });
    await fixture.service.integrations.setAction({ ...ref, integrationId, action: 'importUsers', enabled: true });
    for (;;) {
      const [run] = await fixture.service.sync.listRuns({ tenantId: tenant.tenant.id, integrationId, limit: 1 });
      if (run && !['queued', 'running'].includes(run.status)) {
        expect(run.status).toBe('succeeded');
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    people.linked = (await fixture.service.people.create({ ...ref, email: linkedEmail, name: 'Lin Linked' })).id;
    for (const name of ['mover', 'bulk1', 'bulk2']) people[name] = (await fixture.service.people.create({ ...ref, email: `${name}@example.com`, name })).id;
    admin = consoleClient(fixture.api.app);
    viewer = consoleClient(fixture.api.app);
    await admin.signIn(tenant.admin);
    await viewer.signIn(tenant.viewer);
  }, 120_000);
  afterAll(async () => {
    await fixture.service?.stopWorkers();
    await incident?.close();
  });

  let profileId: string;

  it('creates a profile from the tenant’s integrations, with the admin option, and lists it in the nav’s Profiles page', async () => {
    const page = await admin.get('/console/profiles');
    expect(page.text).toContain('href="/console/profiles" aria-current="page"');
    expect(page.text).toContain(`value="${integrationId}"`);
    const created = await admin.post('/console/profiles', { name: 'Support <b>', application: integrationId, admin: integrationId });
    expect(created).toMatchObject({ status: 303, location: '/console/profiles?changed=created' });
    const [profile] = await fixture.service.movers.listProfiles({ tenantId: tenant.tenant.id });
    expect(profile).toMatchObject({ name: 'Support <b>', applications: [{ integrationId, options: { admin: true } }] });
    profileId = profile!.id;
    const listed = await admin.get('/console/profiles?changed=created');
    expect(listed.text).toContain('Support &lt;b&gt;');
    expect(listed.text).toContain('(as admin)');
  });

  it('archives and restores a profile', async () => {
    await admin.get('/console/profiles');
    expect(await admin.post(`/console/profiles/${profileId}/archive`)).toMatchObject({ status: 303 });
    expect((await fixture.service.movers.getProfile({ tenantId: tenant.tenant.id, profileId })).archived).toBe(true);
    expect((await admin.get('/console/profiles')).text).toContain('>Restore</button>');
    expect(await admin.post(`/console/profiles/${profileId}/restore`)).toMatchObject({ status: 303 });
    expect((await fixture.service.movers.getProfile({ tenantId: tenant.tenant.id, profileId })).archived).toBe(false);
  });

  it('shows a move’s difference first, then Confirm starts one workflow; the same form again gives the same one', async () => {
    const person = await admin.get(`/console/people/${people.mover}`);
    expect(person.text).toContain(`href="/console/people/${people.mover}/profiles"`);
    const preview = await admin.get(`/console/people/${people.mover}/profiles?preview=1&profile=${profileId}`);
    expect(preview.status).toBe(200);
    const toCreate = preview.text.slice(preview.text.indexOf('Accounts to create or activate'), preview.text.indexOf('Accounts to remove'));
    expect(toCreate).toContain('Incident');
    expect(toCreate).toContain('createUser');
    expect(preview.text).toContain('Accounts to remove or deactivate: none.');
    expect(await fixture.service.movers.personProfiles({ tenantId: tenant.tenant.id, personId: people.mover! })).toEqual([]);
    const key = /name="idempotencyKey" value="([^"]+)"/.exec(preview.text)![1]!;
    const fields = { idempotencyKey: key, profileId };
    const first = await admin.post(`/console/people/${people.mover}/profiles`, fields);
    expect(first.status).toBe(303);
    expect(first.location).toMatch(/^\/console\/workflows\/[^/?]+$/);
    const again = await admin.post(`/console/people/${people.mover}/profiles`, fields);
    expect(again.location).toBe(first.location);
    const { workflows } = await fixture.service.workflows.list({ tenantId: tenant.tenant.id, personId: people.mover! });
    expect(workflows.filter((workflow) => workflow.kind === 'move')).toHaveLength(1);
    expect((await fixture.service.movers.personProfiles({ tenantId: tenant.tenant.id, personId: people.mover! })).map((p) => p.id)).toEqual([profileId]);
    expect((await admin.get(`/console/people/${people.mover}`)).text).toMatch(/Access profiles<\/a>: Support &lt;b&gt; \(/);
  });

  it('gives a profile to several people from a textarea of emails: N workflows', async () => {
    const page = await admin.get('/console/profiles');
    const key = /name="idempotencyKey" value="([^"]+)"/.exec(page.text)![1]!;
    const answer = await admin.post('/console/profiles/assign', { profileId, people: 'bulk1@example.com\nbulk2@example.com', idempotencyKey: key });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('2 workflows were created to give 2 people the profile Support &lt;b&gt;');
    expect(answer.text.match(/href="\/console\/workflows\/[^"]+"/g)).toHaveLength(2);
    await admin.get('/console/profiles');
    const refused = await admin.post('/console/profiles/assign', {
      profileId,
      people: 'bulk1@example.com\nnobody@example.com',
      idempotencyKey: 'console-other',
    });
    expect(refused.status).toBe(404);
    expect(refused.text).toContain('no person has the email nobody@example.com');
    expect((await fixture.service.workflows.list({ tenantId: tenant.tenant.id, personId: people.bulk1! })).workflows).toHaveLength(1);
  });

  it('lists drift: a person who holds a profile and has an account outside it', async () => {
    const ref = { tenantId: tenant.tenant.id, actor: 'operator' };
    const none = await fixture.service.movers.createProfile({ ...ref, name: 'No applications', applications: [] });
    await fixture.service.movers.applyMove({ ...ref, personId: people.linked!, profileIds: [none.id], idempotencyKey: 'linked-none' });
    const page = await viewer.get('/console/profiles/drift');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Lin Linked');
    expect(page.text).toContain(linkedEmail);
    expect(page.text).not.toContain('mover@example.com');
    const kept = await viewer.get(`/console/people/${people.linked}/profiles?preview=1&profile=${none.id}`);
    expect(kept.text).toContain('Accounts to remove or deactivate: none.');
    const removing = await viewer.get(`/console/people/${people.linked}/profiles?preview=1&profile=${none.id}&removeDrift=1`);
    const toRemove = removing.text.slice(removing.text.indexOf('Accounts to remove or deactivate'), removing.text.indexOf('Accounts kept'));
    expect(toRemove).toContain('Incident');
    expect(toRemove).not.toContain(': none.');
    const confirm = await admin.get(`/console/people/${people.linked}/profiles?preview=1&profile=${none.id}&removeDrift=1`);
    expect(confirm.text).toContain('<input type="hidden" name="removeDrift" value="1">');
  });

  it('shows a refused move, preview or form on its page with the reason and a way back, never the bare error page', async () => {
    const ref = { tenantId: tenant.tenant.id, actor: 'operator' };
    const old = await fixture.service.movers.createProfile({ ...ref, name: 'Old team', applications: [] });
    await fixture.service.movers.updateProfile({ ...ref, profileId: old.id, archived: true });
    const moves = async () =>
      (await fixture.service.workflows.list({ tenantId: tenant.tenant.id, personId: people.bulk2! })).workflows.filter((w) => w.kind === 'move').length;
    const movesBefore = await moves();
    // Archived after the difference was shown: Confirm is refused.
    await admin.get(`/console/people/${people.bulk2}/profiles`);
    const refused = await admin.post(`/console/people/${people.bulk2}/profiles`, { idempotencyKey: 'console-refused-move', profileId: old.id });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('<div class="error" role="alert"><p>Nothing was changed: access profile Old team');
    expect(refused.text).toContain('is archived');
    expect(refused.text).toContain('restore it first, or choose another profile');
    expect(refused.text).toContain(`<a href="/console/people/${people.bulk2}/profiles">Back to the person’s profiles</a>`);
    // The form is still there, with what was ticked.
    expect(refused.text).toContain(`value="${old.id}" checked> Old team (archived)`);
    expect(await moves()).toBe(movesBefore);

    // A disabled integration: the preview says so on the page.
    const fresh = await fixture.service.people.create({ ...ref, email: 'fresh@example.com', name: 'Fresh Start' });
    await fixture.service.integrations.disable({ ...ref, integrationId });
    try {
      const blocked = await admin.get(`/console/people/${fresh.id}/profiles?preview=1&profile=${profileId}`);
      expect(blocked.status).toBe(409);
      expect(blocked.text).toContain('which is disabled');
      expect(blocked.text).not.toContain('Confirm the move');
    } finally {
      await fixture.service.integrations.enable({ ...ref, integrationId });
    }

    // An archived person: the preview is refused as the move would be.
    const gone = await fixture.service.people.create({ ...ref, email: 'gone@example.com', name: 'Gone Away' });
    await fixture.service.people.archive({ ...ref, personId: gone.id });
    const archived = await admin.get(`/console/people/${gone.id}/profiles?preview=1&profile=${profileId}`);
    expect(archived.status).toBe(409);
    expect(archived.text).toContain('Nothing was changed: Gone Away (gone@example.com');
    expect(archived.text).toContain('is archived: no access is given to an archived person');

    // A profile form: a taken name is shown above the New profile form.
    await admin.get('/console/profiles');
    const taken = await admin.post('/console/profiles', { name: 'old TEAM', application: integrationId });
    expect(taken.status).toBe(409);
    expect(taken.text).toMatch(
      /<h2>New profile<\/h2>\s*<div class="error" role="alert"><p>Nothing was changed: an access profile named &quot;old TEAM&quot; exists already/,
    );
    expect(taken.text).toContain('<a href="/console/profiles">Back to the access profiles</a>');
  });

  it('lets a viewer read but refuses a viewer’s change, and shows no change forms', async () => {
    const list = await viewer.get('/console/profiles');
    expect(list.status).toBe(200);
    expect(list.text).toContain('Support &lt;b&gt;');
    expect(list.text).not.toContain('action="/console/profiles"');
    const preview = await viewer.get(`/console/people/${people.bulk1}/profiles?preview=1`);
    expect(preview.text).not.toContain('Confirm the move');
    const before = await fixture.service.movers.listProfiles({ tenantId: tenant.tenant.id });
    const refused = await viewer.post('/console/profiles', { name: 'Viewer made', application: integrationId });
    expect(refused.status).toBe(403);
    const move = await viewer.post(`/console/people/${people.bulk1}/profiles`, { idempotencyKey: 'viewer-key', profileId });
    expect(move.status).toBe(403);
    expect(await fixture.service.movers.listProfiles({ tenantId: tenant.tenant.id })).toEqual(before);
    expect(
      (await fixture.service.workflows.list({ tenantId: tenant.tenant.id, personId: people.bulk1! })).workflows.filter((w) => w.kind === 'move'),
    ).toHaveLength(1);
  });

  it('offers "as admin" only for an integration whose connector sends the admin flag', async () => {
    const scim = await fixture.service.integrations.create({
      tenantId: tenant.tenant.id,
      actor: 'operator',
      type: 'scim',
      scimBaseUrl: 'http://127.0.0.1:9/scim/v2',
    });
    const page = await admin.get('/console/profiles');
    expect(page.text).toContain(`<input type="checkbox" name="admin" value="${integrationId}"> as admin`);
    expect(page.text).not.toContain(`name="admin" value="${scim.id}"`);
    expect(page.text).toMatch(
      new RegExp(`value="${scim.id}"> [^<]*</label> <span class="muted">\\(no admin option: its Create User sends no admin flag\\)</span>`),
    );
    // The service refuses it all the same when a form asks for it.
    const refused = await admin.post('/console/profiles', { name: 'SCIM admins', application: scim.id, admin: scim.id });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('Nothing was changed');
  });
});
