/**
 * GitLab's read-only credentials through the service's front door, on the embedded database with
 * the GitLab simulator on a real socket: a read_api token and a regular user's api token are each
 * found import-only when the authentication is saved (the probe, an empty system hook, is refused
 * for its rights and adds nothing), the write actions are not offered and the import runs; an
 * administrator's api token saved again lifts import-only.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  GITLAB_ADMIN_TOKEN,
  GITLAB_READ_API_TOKEN,
  GITLAB_USER_TOKEN,
  importableGitLabUsers,
  seedGitLabUsers,
  startGitLab,
  type GitLabSimulator,
} from '../../../src/simulators/gitlab/index.js';
import { embeddedStorage } from '../helpers/service-fixture.js';
import { useApi, type TenantTokens } from './api-fixture.js';

// Opening the embedded database takes long on a loaded machine (2 cores, shared).
vi.setConfig({ hookTimeout: 120_000 });

const fixture = useApi(embeddedStorage('api-gitlab-import-only'));
let gitlab: GitLabSimulator;
let tokens: TenantTokens;

beforeAll(async () => {
  gitlab = await startGitLab(seedGitLabUsers(30));
  tokens = await fixture.tenantWithTokens('standard', 'GitLab tenant');
});
afterAll(() => gitlab?.close());

describe('GitLab integration with a token that may only read', () => {
  it.each([
    { kind: 'a read_api token', token: GITLAB_READ_API_TOKEN },
    { kind: 'a regular user’s api token', token: GITLAB_USER_TOKEN },
  ])('$kind is import-only from the first save; an administrator’s api token lifts it', { timeout: 120_000 }, async ({ token }) => {
    const { admin, viewer } = tokens;
    const id = (await fixture.call(admin, 'POST', '/v1/integrations', { type: 'prebuilt', connector: 'gitlab', baseUrl: gitlab.baseUrl })).body.id as string;
    const before = gitlab.server.requests.length;
    const saved = await fixture.call(admin, 'PUT', `/v1/integrations/${id}/auth`, { inputs: { token, baseUrl: gitlab.baseUrl } });
    expect(saved.status).toBe(200);
    expect(saved.body.capabilities).toMatchObject({ writes: 'readOnly', status: 403, request: { method: 'POST' } });
    expect(saved.body.integration.importOnly).toEqual({ reason: expect.stringContaining('may not manage the instance'), since: expect.any(String) });
    const probes = gitlab.server.requests.slice(before).filter((request) => request.method === 'POST');
    expect(probes.map((request) => `${new URL(request.url, 'http://x').pathname} ${request.body}`)).toEqual(['/api/v4/hooks {}']);
    expect(gitlab.state.hooks).toEqual([]);

    const actions = (await fixture.call(viewer, 'GET', `/v1/integrations/${id}/actions`)).body.actions as Array<{ name: string; unavailable?: string }>;
    expect(actions.find((action) => action.name === 'importUsers')).not.toHaveProperty('unavailable');
    for (const name of ['createUser', 'activateUser', 'deactivateUser', 'deleteUser'])
      expect(actions.find((action) => action.name === name)).toMatchObject({ enabled: false, unavailable: expect.stringContaining('import users only') });
    const refused = await fixture.call(admin, 'PUT', `/v1/integrations/${id}/actions/deleteUser`, { enabled: true });
    expect(refused).toMatchObject({ status: 409, body: { code: 'IMPORT_ONLY' } });
    expect((await fixture.call(admin, 'PUT', `/v1/integrations/${id}/actions/importUsers`, { enabled: true })).status).toBe(200);
    const imported = (await fixture.call(admin, 'POST', `/v1/integrations/${id}/actions/importUsers/run`, {})).body.accounts as unknown[];
    expect(imported).toHaveLength(importableGitLabUsers(gitlab.state).length);

    const again = await fixture.call(admin, 'PUT', `/v1/integrations/${id}/auth`, { inputs: { token: GITLAB_ADMIN_TOKEN, baseUrl: gitlab.baseUrl } });
    expect(again.body.capabilities).toMatchObject({ writes: 'writeAllowed', status: 400 });
    expect(again.body.integration.importOnly).toBeNull();
    expect((await fixture.call(admin, 'PUT', `/v1/integrations/${id}/actions/deleteUser`, { enabled: true })).status).toBe(200);
    expect(gitlab.state.hooks).toEqual([]);
  });
});
