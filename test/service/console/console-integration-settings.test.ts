/**
 * Correcting an integration in the console (issue 23 points 2, 6, 10): every shipped connector
 * choosable with a name (SCIM with OAuth included), the prebuilt incident platform's prefilled
 * header shown read-only, rename and re-point (a failing test saves nothing), disable and enable,
 * delete with the name typed (its Access Grid column goes), the build-your-own authentication
 * form writing the spec's `auth` block through the spec validator, and the provisioner action
 * asking for a custom action's declared variables.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FULL_ACCESS_KEY, seedUsers, startIncidentPlatform, type IncidentPlatformSimulator } from '../../../src/simulators/incident-platform/index.js';
import { useApi, type TenantTokens } from '../api/api-fixture.js';
import { VARIABLES_SPEC } from '../api/integration-lifecycle.cases.js';
import { embeddedStorage } from '../helpers/service-fixture.js';
import { consoleClient, type ConsoleClient } from './console-client.js';

const fixture = useApi(embeddedStorage('console-integration-settings'));
const answers: string[] = [];
let incident: IncidentPlatformSimulator;
let tenant: TenantTokens;
let admin: ConsoleClient;

const idOf = (location: string | undefined) => /^\/console\/integrations\/([^/?]+)\/setup/.exec(location ?? '')?.[1] ?? '';

beforeAll(async () => {
  incident = await startIncidentPlatform({ users: seedUsers({ count: 2, withoutEmailEvery: 100 }) });
  tenant = await fixture.tenantWithTokens('business', 'Console corrections');
  admin = consoleClient(fixture.api.app, answers);
  await admin.signIn(tenant.admin);
});
afterAll(async () => {
  await incident?.close();
});

describe('correcting an integration in the console', () => {
  it('offers the OAuth SCIM variant and a name; a SCIM integration is named after its host', async () => {
    const page = await admin.get('/console/integrations/new');
    expect(page.text).toContain('<input type="radio" name="connector" value="scim-2-0-oauth">');
    expect(page.text).toContain('<input type="text" id="scim-name" name="name" maxlength="200"');
    const created = await admin.post('/console/integrations', { type: 'scim', connector: 'scim-2-0-oauth', scimBaseUrl: 'https://hr.example.org/scim/v2' });
    expect(created.status).toBe(303);
    const integration = await fixture.service.integrations.get({ tenantId: tenant.tenant.id, integrationId: idOf(created.location) });
    expect(integration).toMatchObject({ connector: 'scim-2-0-oauth', name: 'SCIM 2.0 (OAuth 2.0 client credentials) (hr.example.org)' });
    await admin.get('/console/integrations/new');
    const named = await admin.post('/console/integrations', { type: 'scim', scimBaseUrl: 'https://chat.example.com/scim/v2', name: 'Chat' });
    expect((await fixture.service.integrations.get({ tenantId: tenant.tenant.id, integrationId: idOf(named.location) })).name).toBe('Chat');
  });

  it('renames, refuses an unreachable address (nothing saved), disables, enables and deletes with the name typed', async () => {
    await admin.get('/console/integrations/new');
    const created = await admin.post('/console/integrations', { type: 'prebuilt', connector: 'incident-platform', baseUrl: incident.server.origin });
    const integrationId = idOf(created.location);
    const ref = { tenantId: tenant.tenant.id, integrationId };
    const setupUrl = `/console/integrations/${integrationId}/setup`;
    const setup = await admin.get(setupUrl);
    // The prebuilt incident platform's prefilled authentication, shown read-only.
    expect(setup.text).toContain('<dt>Header Name</dt><dd><code>Authorization</code></dd>');
    expect(setup.text).toContain('<dt>Header Value</dt><dd><code>Token token={{ .Key }}</code></dd>');
    expect((await admin.post(`/console/integrations/${integrationId}/auth`, { 'input.token': DEMO_FULL_ACCESS_KEY })).status).toBe(303);

    await admin.get(setupUrl);
    const unreachable = await admin.post(`/console/integrations/${integrationId}/settings`, { name: 'Pager', baseUrl: 'http://127.0.0.1:9' });
    expect(unreachable.status).toBe(422);
    expect(unreachable.text).toContain('The connection test at http://127.0.0.1:9 failed, so nothing was saved');
    expect(await fixture.service.integrations.get(ref)).toMatchObject({ name: 'Incident platform (PagerDuty)', baseUrl: incident.server.origin });
    const renamed = await admin.post(`/console/integrations/${integrationId}/settings`, { name: 'Pager', baseUrl: incident.server.origin });
    expect(renamed.status).toBe(303);
    expect((await admin.get(renamed.location!)).text).toContain('The name and address were saved');
    expect((await fixture.service.integrations.get(ref)).name).toBe('Pager');

    expect((await admin.post(`/console/integrations/${integrationId}/disable`)).status).toBe(303);
    expect((await admin.get('/console/integrations')).text).toMatch(/>Pager<\/a><\/th>\n<td>Prebuilt<\/td><td>incident-platform<\/td><td>disabled<\/td>/);
    const disabledSetup = await admin.get(setupUrl);
    expect(disabledSetup.text).toContain('Disabled: no sync or workflow task runs for this integration');
    expect(disabledSetup.text).toContain('>Enable Pager</button>');
    expect((await admin.post(`/console/integrations/${integrationId}/enable`)).status).toBe(303);
    expect((await fixture.service.integrations.get(ref)).disabled).toBeNull();

    await fixture.service.people.create({ tenantId: tenant.tenant.id, email: 'gia.grid@example.com', name: 'Gia Grid', actor: 'test' });
    expect((await admin.get('/console/access-grid')).text).toContain('<th scope="col">Pager</th>');
    await admin.get(setupUrl);
    const wrong = await admin.post(`/console/integrations/${integrationId}/delete`, { confirm: 'pager' });
    expect(wrong.status).toBe(409);
    expect(wrong.text).toContain('Nothing was deleted');
    const deleted = await admin.post(`/console/integrations/${integrationId}/delete`, { confirm: 'Pager' });
    expect(deleted.status).toBe(303);
    expect((await admin.get(deleted.location!)).text).toContain('The integration was deleted.');
    const grid = (await admin.get('/console/access-grid')).text;
    expect(grid).toContain('Gia Grid');
    expect(grid).not.toContain('Pager');
    expect((await admin.get(setupUrl)).status).toBe(404);

    const viewer = consoleClient(fixture.api.app, answers);
    await viewer.signIn(tenant.viewer);
    expect((await viewer.post(`/console/integrations/${integrationId}/disable`)).status).toBe(403);
  });

  it('writes a build-your-own spec’s auth block from the form, through the spec validator', async () => {
    await admin.get('/console/integrations/new');
    const created = await admin.post('/console/integrations', { type: 'build-your-own', spec: VARIABLES_SPEC });
    const integrationId = idOf(created.location);
    const ref = { tenantId: tenant.tenant.id, integrationId };
    const setup = await admin.get(`/console/integrations/${integrationId}/setup`);
    for (const type of ['bearer', 'oauth2', 'basic', 'apiKey', 'none']) expect(setup.text).toContain(`name="type" value="${type}"`);
    expect(setup.text).toContain('<input type="radio" name="type" value="apiKey" checked> Custom API key');
    expect(setup.text).toContain('value="Token token={{ .Key }}"');

    const broken = await admin.post(`/console/integrations/${integrationId}/auth-type`, {
      type: 'apiKey',
      in: 'header',
      name: 'X-Key',
      value: 'no placeholder',
    });
    expect(broken.status).toBe(422);
    expect(broken.text).toContain('The authentication type was not saved');
    expect(broken.text).toContain('/auth/value');
    expect((await fixture.service.integrations.authBlock(ref)).name).toBe('Authorization');

    await admin.get(`/console/integrations/${integrationId}/setup`);
    const saved = await admin.post(`/console/integrations/${integrationId}/auth-type`, {
      type: 'oauth2',
      grant: 'client_credentials',
      tokenUrl: 'https://login.example.com/oauth2/token',
      scopes: 'users.read users.write',
      clientAuth: 'client_secret_post',
    });
    expect(saved.status, saved.text).toBe(303);
    expect(await fixture.service.integrations.authBlock(ref)).toMatchObject({
      type: 'oauth2',
      grant: 'client_credentials',
      tokenUrl: 'https://login.example.com/oauth2/token',
      clientAuth: 'client_secret_post',
      scopes: ['users.read', 'users.write'],
    });
    const inputs = await fixture.service.integrations.authInputs(ref);
    expect(inputs.find((input) => input.name === 'clientId')).toMatchObject({ label: 'Client ID', secret: false, required: true });
    expect(inputs.find((input) => input.name === 'clientSecret')).toMatchObject({ label: 'Client secret', secret: true });
    const page = (await admin.get(saved.location!)).text;
    expect(page).toContain('The authentication type was saved into the spec');
    expect(page).toContain('<input type="radio" name="type" value="oauth2" checked> OAuth 2.0');
    expect(page).toContain('value="users.read users.write"');
    expect(page).toContain('<label for="input-clientSecret">Client secret (required)</label>');
  });

  it('asks for a custom action’s declared variables when running it for a person, and refuses a run without them', async () => {
    const integration = await fixture.service.integrations.create({ type: 'build-your-own', spec: VARIABLES_SPEC, tenantId: tenant.tenant.id, actor: 'test' });
    const ref = { tenantId: tenant.tenant.id, integrationId: integration.id };
    await fixture.service.integrations.configureAuth({ ...ref, inputs: { baseUrl: incident.server.origin, token: DEMO_FULL_ACCESS_KEY }, actor: 'test' });
    await fixture.service.integrations.setAction({ ...ref, action: 'tagUser', enabled: true, actor: 'test' });
    const person = await fixture.service.people.create({ tenantId: tenant.tenant.id, email: 'vic.vars@example.com', name: 'Vic Vars', actor: 'test' });
    const page = await admin.get(`/console/people/${person.id}/workflows`);
    expect(page.text).toContain('<legend>Acme tags: tagUser</legend>');
    expect(page.text).toMatch(
      /<label for="var-0-assetTag">Asset tag \(required\)<\/label><input type="text" id="var-0-assetTag" name="var.assetTag" required>/,
    );
    expect(page.text).toContain('<label for="var-0-quantity">How many</label><input type="text" id="var-0-quantity" name="var.quantity" inputmode="decimal">');
    expect(page.text).toContain('<select id="var-0-urgent" name="var.urgent">');
    const target = `${integration.id} tagUser`;
    const refused = await admin.post(`/console/people/${person.id}/run-action`, { target, idempotencyKey: 'console-vars-1', 'var.quantity': 'two' });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('assetTag is required (Asset tag)');
    expect(refused.text).toContain('quantity must be a number (How many)');
    await admin.get(`/console/people/${person.id}/workflows`);
    const started = await admin.post(`/console/people/${person.id}/run-action`, {
      target,
      idempotencyKey: 'console-vars-2',
      'var.assetTag': 'LAPTOP-9',
      'var.quantity': '2',
      'var.urgent': '',
    });
    expect(started.status).toBe(303);
    expect(started.location).toMatch(/^\/console\/workflows\//);
  });
});
