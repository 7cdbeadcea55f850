/**
 * Movers over the HTTP API (embedded): profiles created and refused with their problem codes, a
 * move previewed (by a viewer, nothing changed) and confirmed (admin only; the Idempotency-Key
 * header replays the same workflow), a bulk assignment answered Add User style, and drift. The
 * targets' side of a move is covered by test/service/movers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScimServer, type ScimServer } from '../../targets/scim/server.js';
import { embeddedStorage } from '../helpers/service-fixture.js';
import { useApi, type TenantTokens } from './api-fixture.js';

const SCIM_TOKEN = 'scim-movers-api-token-123';
const fixture = useApi(embeddedStorage('api-movers'));

describe('Movers API (embedded)', () => {
  let scim: ScimServer;
  let t: TenantTokens;
  let app: string;
  beforeAll(async () => {
    scim = await startScimServer({ token: SCIM_TOKEN });
    t = await fixture.tenantWithTokens('business', 'Movers API');
    app = (await fixture.call(t.admin, 'POST', '/v1/integrations', { type: 'scim', scimBaseUrl: scim.baseUrl })).body.id;
    expect((await fixture.call(t.admin, 'PUT', `/v1/integrations/${app}/auth`, { inputs: { token: SCIM_TOKEN } })).status).toBe(200);
    expect((await fixture.call(t.admin, 'PUT', `/v1/integrations/${app}/actions/createUser`, { enabled: true })).status).toBe(200);
  });
  afterAll(() => scim?.close());

  it('creates, lists, edits and archives profiles; a taken name is 409 PROFILE_NAME_TAKEN; a viewer cannot change', async () => {
    const created = await fixture.call(t.admin, 'POST', '/v1/profiles', { name: 'Sales', applications: [{ integrationId: app, options: { admin: false } }] });
    expect(created).toMatchObject({ status: 201, body: { name: 'Sales', archived: false, applications: [{ integrationId: app, options: { admin: false } }] } });
    const taken = await fixture.call(t.admin, 'POST', '/v1/profiles', { name: 'SALES', applications: [] });
    expect(taken).toMatchObject({ status: 409, body: { code: 'PROFILE_NAME_TAKEN' } });
    expect(taken.contentType).toContain('application/problem+json');
    const bad = await fixture.call(t.admin, 'POST', '/v1/profiles', { name: 'Bad', applications: [{ integrationId: app, options: { admin: [true] } }] });
    expect(bad).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    expect((await fixture.call(t.viewer, 'POST', '/v1/profiles', { name: 'Viewer', applications: [] })).body.code).toBe('FORBIDDEN');
    expect((await fixture.call(t.viewer, 'PATCH', `/v1/profiles/${created.body.id}`, { archived: true })).body.code).toBe('FORBIDDEN');

    const archived = await fixture.call(t.admin, 'PATCH', `/v1/profiles/${created.body.id}`, { archived: true });
    expect(archived).toMatchObject({ status: 200, body: { archived: true } });
    expect((await fixture.call(t.viewer, 'GET', '/v1/profiles')).body.profiles).toEqual([]);
    expect((await fixture.call(t.viewer, 'GET', '/v1/profiles?includeArchived=true')).body.profiles.map((p: { id: string }) => p.id)).toEqual([
      created.body.id,
    ]);
    const person = await fixture.call(t.admin, 'POST', '/v1/people', { email: 'arch@example.com', name: 'Arch Ived' });
    const refused = await fixture.call(t.admin, 'PUT', `/v1/people/${person.body.id}/profiles`, { profileIds: [created.body.id], idempotencyKey: 'arch-1' });
    expect(refused).toMatchObject({ status: 409, body: { code: 'PROFILE_ARCHIVED' } });
    expect((await fixture.call(t.admin, 'PATCH', `/v1/profiles/${created.body.id}`, { archived: false })).body.archived).toBe(false);
  });

  it('previews a move (a viewer may; nothing changes), confirms it once with the Idempotency-Key header, and assigns in bulk', async () => {
    const profile = (await fixture.call(t.admin, 'POST', '/v1/profiles', { name: 'Eng', applications: [{ integrationId: app }] })).body;
    const person = (await fixture.call(t.admin, 'POST', '/v1/people', { email: 'mo.api@example.com', name: 'Mo Api' })).body;
    const preview = await fixture.call(t.viewer, 'POST', `/v1/people/${person.id}/profiles/preview`, { profileIds: [profile.id] });
    expect(preview).toMatchObject({
      status: 200,
      body: {
        personId: person.id,
        from: [],
        to: [{ id: profile.id, name: 'Eng' }],
        create: [{ integrationId: app, action: 'createUser', status: 'pending' }],
        remove: [],
      },
    });
    expect((await fixture.call(t.viewer, 'GET', `/v1/people/${person.id}/profiles`)).body.profiles).toEqual([]);
    expect(
      (await fixture.call(t.viewer, 'PUT', `/v1/people/${person.id}/profiles`, { profileIds: [profile.id] }, { 'idempotency-key': 'm-1' })).body.code,
    ).toBe('FORBIDDEN');
    const noKey = await fixture.call(t.admin, 'PUT', `/v1/people/${person.id}/profiles`, { profileIds: [profile.id] });
    expect(noKey).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });

    const first = await fixture.call(t.admin, 'PUT', `/v1/people/${person.id}/profiles`, { profileIds: [profile.id] }, { 'idempotency-key': 'm-1' });
    expect(first).toMatchObject({ status: 201, body: { kind: 'move', personId: person.id, tasks: [{ integrationId: app, action: 'createUser' }] } });
    const again = await fixture.call(t.admin, 'PUT', `/v1/people/${person.id}/profiles`, { profileIds: [profile.id] }, { 'idempotency-key': 'm-1' });
    expect(again).toMatchObject({ status: 200, body: { id: first.body.id } });
    const reused = await fixture.call(t.admin, 'PUT', `/v1/people/${person.id}/profiles`, { profileIds: [] }, { 'idempotency-key': 'm-1' });
    expect(reused).toMatchObject({ status: 409, body: { code: 'IDEMPOTENCY_KEY_REUSED' } });
    expect((await fixture.call(t.viewer, 'GET', `/v1/people/${person.id}/profiles`)).body.profiles.map((p: { id: string }) => p.id)).toEqual([profile.id]);

    const others = await Promise.all(
      ['Ann', 'Ben'].map(async (name) => (await fixture.call(t.admin, 'POST', '/v1/people', { email: `${name}@example.com`, name: `${name} Bulk` })).body),
    );
    const bulk = await fixture.call(t.admin, 'POST', `/v1/profiles/${profile.id}/assign`, {
      people: [others[0].id, 'BEN@example.com'],
      idempotencyKey: 'bulk-1',
    });
    expect(bulk).toMatchObject({ status: 201, body: { message: '2 workflows were created to give 2 people the profile Eng' } });
    expect(bulk.body.workflows.map((w: { personId: string }) => w.personId)).toEqual([others[0].id, others[1].id]);
    expect((await fixture.call(t.viewer, 'POST', `/v1/profiles/${profile.id}/assign`, { people: [others[0].id], idempotencyKey: 'v' })).body.code).toBe(
      'FORBIDDEN',
    );

    const drift = await fixture.call(t.viewer, 'GET', '/v1/drift');
    expect(drift).toMatchObject({ status: 200, body: { drift: [] } });
  });
});
