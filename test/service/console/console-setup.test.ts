/**
 * The setup wizard in the console: choose the type from the catalogue (or SCIM, or a spec),
 * configure authentication from the spec's inputs (tested on save; a failure shows the target's
 * redacted answer and saves nothing), enable the actions offered. The key never comes back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUsers, startIncidentPlatform, type IncidentPlatformSimulator } from '../../../src/simulators/incident-platform/index.js';
import { useApi, type TenantTokens } from '../api/api-fixture.js';
import { embeddedStorage } from '../helpers/service-fixture.js';
import { consoleClient, type ConsoleClient } from './console-client.js';
import { BYO_SPEC } from '../integrations/byo-specs.js';

const KEY = 'setup-canary-key-0b7e4a19';
const WRONG_KEY = 'setup-wrong-key-93d2c';
const fixture = useApi(embeddedStorage('console-setup'));
const answers: string[] = [];
let incident: IncidentPlatformSimulator;
let tenant: TenantTokens;
let admin: ConsoleClient;

beforeAll(async () => {
  const users = seedUsers({ count: 5, withoutEmailEvery: 0 });
  users.push({ id: 'PNOMAIL', name: '<i>No Mail</i>', role: 'user', timeZone: 'UTC' });
  incident = await startIncidentPlatform({ users, keys: { [KEY]: 'full' } });
  tenant = await fixture.tenantWithTokens('standard', 'Setup tenant');
  admin = consoleClient(fixture.api.app, answers);
  await admin.signIn(tenant.admin);
});
afterAll(async () => {
  await fixture.service?.stopWorkers();
  await incident?.close();
});

describe('console setup wizard', () => {
  it('offers New integration to admins only, with a searchable catalogue saying what each connector supports', async () => {
    expect((await admin.get('/console/integrations')).text).toContain('<a href="/console/integrations/new">New integration</a>');
    const viewer = consoleClient(fixture.api.app, answers);
    await viewer.signIn(tenant.viewer);
    expect((await viewer.get('/console/integrations')).text).not.toContain('New integration');
    expect((await viewer.get('/console/integrations/new')).status).toBe(403);
    const page = await admin.get('/console/integrations/new');
    expect(page.text).toContain('<input type="radio" name="connector" value="incident-platform" required aria-describedby="about-incident-platform">');
    expect(page.text).toMatch(/id="about-incident-platform">[^<]*Supports: Import Users, Create User, Delete User\.<\/p>/);
    expect(page.text).toContain('value="okta"');
    const searched = await admin.get('/console/integrations/new?q=pagerduty');
    expect(searched.text).toContain('value="incident-platform"');
    expect(searched.text).not.toContain('value="okta"');
  });

  it('walks type → authentication (a failed test saves nothing) → actions, and enabling Import Users syncs', { timeout: 60_000 }, async () => {
    await admin.get('/console/integrations/new');
    const created = await admin.post('/console/integrations', { type: 'prebuilt', connector: 'incident-platform', baseUrl: incident.server.origin });
    expect(created.status).toBe(303);
    const integrationId = /^\/console\/integrations\/([^/]+)\/setup$/.exec(created.location ?? '')?.[1];
    expect(integrationId).toBeTruthy();
    const setup = await admin.get(created.location!);
    expect(setup.text).toContain('<label for="input-token">API key (required)</label>');
    expect(setup.text).toMatch(/<input type="password" id="input-token" name="input.token" autocomplete="off" required aria-describedby="input-token-help">/);
    expect(setup.text).toContain('<input type="email" id="input-fromEmail" name="input.fromEmail" value=""');
    expect(setup.text).toContain('Actions are offered once authentication is configured.');

    const failed = await admin.post(`/console/integrations/${integrationId}/auth`, { 'input.token': WRONG_KEY, 'input.fromEmail': 'ops@example.com' });
    expect(failed.status).toBe(422);
    expect(failed.text).toContain('The connection test failed, so nothing was saved');
    expect(failed.text).toContain('The target answered HTTP 401');
    expect(failed.text).not.toContain(WRONG_KEY);
    expect(failed.text).toContain('value="ops@example.com"');
    expect((await fixture.service.integrations.get({ tenantId: tenant.tenant.id, integrationId: integrationId! })).authConfigured).toBe(false);

    const saved = await admin.post(`/console/integrations/${integrationId}/auth`, { 'input.token': KEY });
    expect(saved.status).toBe(303);
    const step3 = await admin.get(saved.location!);
    expect(step3.text).toContain('Authentication saved: the connection test passed.');
    expect(step3.text).toContain('A value is saved and is never shown');
    expect(step3.text).toMatch(/<td>Import Users<\/td><td>standard<\/td><td>no<\/td>/);
    expect(step3.text).toContain('aria-label="Enable Delete User">Enable</button>');
    expect(step3.text).not.toContain('Activate User');

    await fixture.service.startWorkers();
    const enabled = await admin.post(`/console/integrations/${integrationId}/actions/importUsers`, { enabled: 'true' });
    expect(enabled.status).toBe(303);
    const after = await admin.get(enabled.location!);
    expect(after.text).toContain('Import Users is enabled: the first sync has started');
    expect(after.text).toMatch(/<td>Import Users<\/td><td>standard<\/td><td>yes<\/td>/);
    const runs = await fixture.service.sync.listRuns({ tenantId: tenant.tenant.id, integrationId: integrationId! });
    expect(runs[0]).toMatchObject({ trigger: 'enabled' });
    expect((await admin.post(`/console/integrations/${integrationId}/actions/importUsers`, { enabled: 'maybe' })).status).toBe(400);
    expect((await admin.post(`/console/integrations/${integrationId}/actions/activateUser`, { enabled: 'true' })).status).toBe(409);
  });

  it('Test shows the request and the answer with the key redacted; Preview marks the records with problems', { timeout: 60_000 }, async () => {
    const [integration] = (await fixture.service.integrations.list({ tenantId: tenant.tenant.id })).filter((candidate) => candidate.authConfigured);
    const setup = await admin.get(`/console/integrations/${integration!.id}/setup`);
    expect(setup.text).toContain('<button type="submit" class="secondary">Test</button>');
    const tested = await admin.post(`/console/integrations/${integration!.id}/test`);
    expect(tested.status).toBe(200);
    expect(tested.text).toContain(`<code>GET ${incident.server.origin}/users`);
    expect(tested.text).toMatch(/<tr><td>authorization<\/td><td>[^<]*\*\*\*[^<]*<\/td><\/tr>/i);
    expect(tested.text).toContain('<h2>Answer: HTTP 200</h2>');
    // The simulator's answer for six users is long: collapsed, and pretty-printed JSON inside.
    expect(tested.text).toMatch(/<details><summary>Body: [\d,]+ characters \(open to read\)<\/summary><pre>\{\n  &quot;users&quot;: \[/);
    expect(tested.text).toContain('&lt;i&gt;No Mail&lt;/i&gt;');
    const previewed = await admin.post(`/console/integrations/${integration!.id}/preview`);
    expect(previewed.status).toBe(200);
    expect(previewed.text).toContain('6 records: 6 importable, 1 with problems.');
    expect(previewed.text).toMatch(
      /<tr class="problem"><td class="num">5<\/td><td>PNOMAIL<\/td><td><\/td><td>&lt;i&gt;No Mail&lt;\/i&gt;<\/td>\s*<td>false<\/td><td><strong>[^<]*email[^<]*<\/strong><\/td><\/tr>/,
    );
    const viewer = consoleClient(fixture.api.app, answers);
    await viewer.signIn(tenant.viewer);
    expect((await viewer.post(`/console/integrations/${integration!.id}/test`)).status).toBe(403);
  });

  it('answers a target that cannot be reached with a 502 page saying so', { timeout: 60_000 }, async () => {
    const gone = await startIncidentPlatform({ users: seedUsers({ count: 1 }), keys: { [KEY]: 'full' } });
    const ref = { tenantId: tenant.tenant.id, actor: 'operator' };
    const integration = await fixture.service.integrations.create({
      ...ref,
      type: 'prebuilt',
      connector: 'incident-platform',
      baseUrl: gone.server.origin,
      name: 'Gone',
    });
    expect((await fixture.service.integrations.configureAuth({ ...ref, integrationId: integration.id, inputs: { token: KEY } })).ok).toBe(true);
    await gone.close();
    await admin.get(`/console/integrations/${integration.id}/setup`);
    const answer = await admin.post(`/console/integrations/${integration.id}/test`);
    expect(answer.status).toBe(502);
    expect(answer.text).toContain('<h1>The target could not be reached</h1>');
    expect(answer.text).toContain('Test failed: ');
  });

  it('shows a refused choice on the form again: a bad SCIM URL with its hint, a spec’s diagnostics at their line, escaped', async () => {
    await admin.get('/console/integrations/new');
    const scim = await admin.post('/console/integrations', { type: 'scim', scimBaseUrl: 'not a url' });
    expect(scim.status).toBe(400);
    expect(scim.text).toContain('scimBaseUrl must be an http or https URL');
    const spec = 'specVersion: 1\nid: "<b>bad</b>"\nname: Bad\ntype: custom\n';
    const byo = await admin.post('/console/integrations', { type: 'build-your-own', spec });
    expect(byo.status).toBe(422);
    expect(byo.text).toMatch(/<li>line \d+, column \d+( \([^)]*\))?: error [A-Z_]+: /);
    expect(byo.text).toContain('id: &quot;&lt;b&gt;bad&lt;/b&gt;&quot;');
    expect(byo.text).not.toContain('<b>bad</b>');
    // Beside each diagnostic, the spec line it names with a caret at its column, escaped.
    expect(byo.text).toContain('SPEC_INVALID_ID: ');
    expect(byo.text).toContain(
      '<pre class="spec-line" aria-label="Spec line 2, column 5"><code>  2 | id: &quot;&lt;b&gt;bad&lt;/b&gt;&quot;\n    |     ^</code></pre>',
    );
    expect((await admin.post('/console/integrations', { type: 'other' })).status).toBe(400);
  });

  it('shows what the plan allows; a build-your-own custom action below Business is listed with why it is unavailable', { timeout: 60_000 }, async () => {
    expect((await admin.get('/console/integrations')).text).toContain(
      'This tenant is on the <strong>standard</strong> plan, which allows integrations. Custom actions need the business plan.',
    );
    await admin.get('/console/integrations/new');
    const created = await admin.post('/console/integrations', { type: 'build-your-own', spec: BYO_SPEC });
    expect(created.status).toBe(303);
    const setup = await admin.get(created.location!);
    expect(setup.text).toContain('<label for="input-baseUrl">Base URL (required)</label>');
    const integrationId = /\/console\/integrations\/([^/]+)\/setup/.exec(created.location!)![1]!;
    const saved = await admin.post(`/console/integrations/${integrationId}/auth`, { 'input.baseUrl': incident.server.origin, 'input.token': KEY });
    expect(saved.status).toBe(303);
    const step3 = await admin.get(saved.location!);
    expect(step3.text).toContain('<h3>Not available on the standard plan</h3>');
    expect(step3.text).toContain('<li>orderAsset (custom action): needs the business plan; this tenant is on the standard plan.</li>');
    expect(step3.text).not.toContain('aria-label="Enable orderAsset"');
    // On Business the same action is offered.
    await fixture.service.tenants.setPlan({ tenantId: tenant.tenant.id, plan: 'business', actor: 'operator' });
    const business = await admin.get(`/console/integrations/${integrationId}/setup`);
    expect(business.text).toContain('aria-label="Enable orderAsset"');
    expect(business.text).not.toContain('Not available on the');
    await fixture.service.tenants.setPlan({ tenantId: tenant.tenant.id, plan: 'standard', actor: 'operator' });

    const none = await fixture.tenantWithTokens('none', 'No-plan tenant');
    const stranger = consoleClient(fixture.api.app, answers);
    await stranger.signIn(none.admin);
    expect((await stranger.get('/console/integrations')).text).toContain(
      'on the <strong>none</strong> plan, which allows no integration. Integrations need the standard plan. Custom actions need the business plan.',
    );
    await stranger.get('/console/integrations/new');
    const refused = await stranger.post('/console/integrations', { type: 'scim', scimBaseUrl: 'https://scim.example.test/v2' });
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('integrations need the standard plan');
  });

  it('Generate Config: the proposal with why, then a confirmed (edited) save; a spec error saves nothing; prebuilt only compares', {
    timeout: 60_000,
  }, async () => {
    const integrations = await fixture.service.integrations.list({ tenantId: tenant.tenant.id });
    const byo = integrations.find((integration) => integration.name === 'Acme pager')!;
    const prebuilt = integrations.find((integration) => integration.type === 'prebuilt' && integration.authConfigured)!;
    const setup = await admin.get(`/console/integrations/${byo.id}/setup`);
    expect(setup.text).toContain('<button type="submit" class="secondary">Generate Config</button>');
    const proposal = await admin.post(`/console/integrations/${byo.id}/generate-config`, { records: '' });
    expect(proposal.status).toBe(200);
    expect(proposal.text).toContain('<code>.users</code>: 6 records.');
    expect(proposal.text).toMatch(/<tr><td>email<\/td><td><code>[^<]*email[^<]*<\/code><\/td><td>[^<]+<\/td>/);
    expect(proposal.text).toContain('<input type="text" id="apply-records" name="records" value=".users" required spellcheck="false">');
    expect(proposal.text).toMatch(/name="mapping\.email" value="[^"]*&quot;[^"]*"/);
    const mapping = Object.fromEntries(
      [...proposal.text.matchAll(/name="mapping\.(\w+)" value="([^"]*)"/g)].map(([, field, value]) => [
        `mapping.${field}`,
        value!.replaceAll('&quot;', '"').replaceAll('&amp;', '&').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>'),
      ]),
    );
    expect(Object.keys(mapping)).toEqual(expect.arrayContaining(['mapping.id', 'mapping.email', 'mapping.name']));

    const broken = await admin.post(`/console/integrations/${byo.id}/generate-config/apply`, { records: '.users', ...mapping, 'mapping.name': '.name |||' });
    expect(broken.status).toBe(422);
    expect(broken.text).toContain('Nothing was saved');
    expect(broken.text).toMatch(/<li>line \d+, column \d+ \(\/actions\/importUsers\/mapping\/name\)/);
    expect(broken.text).toContain('value=".name |||"');
    expect(broken.text).toMatch(
      /<pre class="spec-line" aria-label="Spec line (\d+), column 20"><code>  \1 \|       name: \.name \|\|\|\n {3,} \| {20}\^<\/code><\/pre><\/li>/,
    );
    const before = await fixture.service.integrations.actionConfig({ tenantId: tenant.tenant.id, integrationId: byo.id, action: 'importUsers' });
    expect(JSON.stringify(before)).not.toContain('|||');

    const saved = await admin.post(`/console/integrations/${byo.id}/generate-config/apply`, {
      records: '.users',
      ...mapping,
      'mapping.name': '.name // "unnamed"',
    });
    expect(saved.status).toBe(303);
    expect((await admin.get(saved.location!)).text).toContain('The generated configuration was saved into Import Users.');
    const after = await fixture.service.integrations.actionConfig({ tenantId: tenant.tenant.id, integrationId: byo.id, action: 'importUsers' });
    expect(after.config).toMatchObject({ records: '.users', mapping: { name: '.name // "unnamed"' } });

    const compare = await admin.post(`/console/integrations/${prebuilt.id}/generate-config`, {});
    expect(compare.text).toContain('the proposal is for comparing only');
    expect(compare.text).not.toContain('Confirm and save');
    expect((await admin.post(`/console/integrations/${prebuilt.id}/generate-config/apply`, { records: '.users', ...mapping })).status).toBe(409);
  });

  it('edits a build-your-own action by hand: saved when the spec stays valid, its diagnostics with the edits kept when not', async () => {
    const integrations = await fixture.service.integrations.list({ tenantId: tenant.tenant.id });
    const byo = integrations.find((integration) => integration.name === 'Acme pager')!;
    const prebuilt = integrations.find((integration) => integration.type === 'prebuilt' && integration.authConfigured)!;
    expect((await admin.get(`/console/integrations/${byo.id}/setup`)).text).toContain(
      `<a href="/console/integrations/${byo.id}/actions/createUser/config">Configure Create User</a>`,
    );
    const form = await admin.get(`/console/integrations/${byo.id}/actions/deleteUser/config`);
    expect(form.text).toContain('<option value="DELETE" selected>DELETE</option>');
    expect(form.text).toContain('name="path" value="/users/{account.id}"');
    expect(form.text).toContain('name="success" value="204"');
    const deleteFields = { method: 'DELETE', path: '/users/{account.id}', success: '204' };

    const broken = await admin.post(`/console/integrations/${byo.id}/actions/deleteUser/config`, { ...deleteFields, path: 'users/{account.id}' });
    expect(broken.status).toBe(422);
    expect(broken.text).toMatch(/<li>line \d+, column \d+ \(\/actions\/deleteUser\/path\): error SPEC_INVALID_PATH: /);
    expect(broken.text).toContain('name="path" value="users/{account.id}"');
    expect(broken.text).toMatch(
      /<pre class="spec-line" aria-label="Spec line (\d+), column 11"><code>  \1 \|     path: users\/\{account\.id\}\n {3,} \| {11}\^<\/code><\/pre><\/li>/,
    );
    expect((await fixture.service.integrations.actionConfig({ tenantId: tenant.tenant.id, integrationId: byo.id, action: 'deleteUser' })).config).toMatchObject(
      { path: '/users/{account.id}' },
    );
    expect((await admin.post(`/console/integrations/${byo.id}/actions/deleteUser/config`, { ...deleteFields, query: '{not json' })).status).toBe(400);
    expect((await admin.post(`/console/integrations/${byo.id}/actions/deleteUser/config`, { ...deleteFields, success: 'ok' })).status).toBe(400);

    const created = await admin.post(`/console/integrations/${byo.id}/actions/createUser/config`, {
      method: 'POST',
      path: '/users',
      body: '{"user": {"name": {{user.name}}, "email": {{user.email}}}}',
      success: '201',
    });
    expect(created.status).toBe(303);
    expect((await admin.get(created.location!)).text).toContain('The action was saved; the spec is valid.');
    expect((await fixture.service.integrations.actionConfig({ tenantId: tenant.tenant.id, integrationId: byo.id, action: 'createUser' })).config).toMatchObject(
      { method: 'POST', path: '/users', success: [201] },
    );
    expect((await fixture.service.integrations.listActions({ tenantId: tenant.tenant.id, integrationId: byo.id })).map((action) => action.name)).toContain(
      'createUser',
    );
    expect((await admin.get(`/console/integrations/${prebuilt.id}/actions/importUsers/config`)).status).toBe(409);
  });

  it('previews a build-your-own payload as typed, for the signed-in operator, without saving; a template error at its line', async () => {
    const integrations = await fixture.service.integrations.list({ tenantId: tenant.tenant.id });
    const byo = integrations.find((integration) => integration.name === 'Acme pager')!;
    const url = `/console/integrations/${byo.id}/actions/createUser/config`;
    const form = await admin.get(url);
    expect(form.text).toContain(`<button type="submit" class="secondary" formaction="${url}/preview">Preview payload</button>`);
    const operator = (await fixture.service.tokens.list({ tenantId: tenant.tenant.id })).find((token) => token.role === 'admin')!.name;
    const typed = { method: 'POST', path: '/users', body: '{"user": {"name": {{user.name}}, "note": "<typed & unsaved>"}}', success: '201' };
    const preview = await admin.post(`${url}/preview`, typed);
    expect(preview.status).toBe(200);
    expect(preview.text).toContain(`<p><strong>POST</strong> <code>${incident.server.origin}/users</code></p>`);
    expect(preview.text).toContain(
      `<pre><code>{\n  &quot;user&quot;: {\n    &quot;name&quot;: &quot;${operator}&quot;,\n    &quot;note&quot;: &quot;&lt;typed &amp; unsaved&gt;&quot;\n  }\n}</code></pre>`,
    );
    expect(preview.text).toContain('name="body" rows="6"');
    expect(preview.text).toContain('nothing was saved and this request was not sent');
    expect(preview.text).toContain('&lt;typed &amp; unsaved&gt;&quot;}}</textarea>');
    expect(
      JSON.stringify(await fixture.service.integrations.actionConfig({ tenantId: tenant.tenant.id, integrationId: byo.id, action: 'createUser' })),
    ).not.toContain('typed');

    const broken = await admin.post(`${url}/preview`, { ...typed, body: '{"user": {"name": {{user.name}' });
    expect(broken.status).toBe(422);
    expect(broken.text).toContain('The payload could not be previewed: ');
    expect(broken.text).toMatch(/<li>line \d+, column \d+ \(\/actions\/createUser\/body\): error SPEC_[A-Z_]+: /);
    expect(broken.text).toContain('{&quot;user&quot;: {&quot;name&quot;: {{user.name}</textarea>');
    expect(broken.text).toMatch(
      /<pre class="spec-line" aria-label="Spec line (\d+), column 35"><code>  \1 \|     body: &#39;\{&quot;user&quot;: \{&quot;name&quot;: \{\{user\.name\}&#39;\n {3,} \| {35}\^<\/code><\/pre><\/li>/,
    );

    const viewer = consoleClient(fixture.api.app, answers);
    await viewer.signIn(tenant.viewer);
    expect((await viewer.post(`${url}/preview`, typed)).status).toBe(403);
  });

  it('saves the workflow settings; Keep accounts is offered only where Deactivate User is enabled', async () => {
    const [integration] = (await fixture.service.integrations.list({ tenantId: tenant.tenant.id })).filter(
      (candidate) => candidate.type === 'prebuilt' && candidate.authConfigured,
    );
    const ref = { tenantId: tenant.tenant.id, integrationId: integration!.id };
    // The incident platform has no Deactivate User: the box is not offered, and a forged post is refused.
    const setup = await admin.get(`/console/integrations/${ref.integrationId}/setup`);
    expect(setup.text).not.toContain('name="keepAccounts"');
    expect(setup.text).toContain('Keep accounts (deactivate instead of delete) needs the Deactivate User action enabled');
    const forged = await admin.post(`/console/integrations/${ref.integrationId}/workflow-settings`, { keepAccounts: 'true', maxConcurrency: '20' });
    expect(forged.status).toBe(409);
    expect(forged.text).toContain('keep accounts needs Deactivate User');
    expect(await fixture.service.workflows.getSettings(ref)).toEqual({ keepAccounts: false, maxConcurrency: null });
    const saved = await admin.post(`/console/integrations/${ref.integrationId}/workflow-settings`, { maxConcurrency: '20' });
    expect(saved.status).toBe(303);
    expect((await admin.get(saved.location!)).text).toContain('The workflow settings were saved.');
    expect(await fixture.service.workflows.getSettings(ref)).toEqual({ keepAccounts: false, maxConcurrency: 20 });
    // An empty limit: the connector's own limit.
    await admin.post(`/console/integrations/${ref.integrationId}/workflow-settings`, {});
    expect(await fixture.service.workflows.getSettings(ref)).toEqual({ keepAccounts: false, maxConcurrency: null });
    expect((await admin.post(`/console/integrations/${ref.integrationId}/workflow-settings`, { maxConcurrency: 'many' })).status).toBe(400);
    const tooMany = await admin.post(`/console/integrations/${ref.integrationId}/workflow-settings`, { maxConcurrency: '5000' });
    expect(tooMany.status).toBe(400);
    expect(tooMany.text).toContain('maxConcurrency must be a whole number from 1 to 1000');
    const viewer = consoleClient(fixture.api.app, answers);
    await viewer.signIn(tenant.viewer);
    expect((await viewer.post(`/console/integrations/${ref.integrationId}/workflow-settings`, { keepAccounts: 'true' })).status).toBe(403);
    expect(await fixture.service.workflows.getSettings(ref)).toEqual({ keepAccounts: false, maxConcurrency: null });
  });

  it('a read-only key: import-only at once, the notice and the actions step say why, no Enable for a write action', { timeout: 60_000 }, async () => {
    const readOnly = 'setup-read-only-key-5c1d';
    incident.state.keys.set(readOnly, 'read-only');
    const created = await admin.post('/console/integrations', { type: 'prebuilt', connector: 'incident-platform', baseUrl: incident.server.origin });
    const integrationId = /^\/console\/integrations\/([^/]+)\/setup$/.exec(created.location ?? '')?.[1];
    const saved = await admin.post(`/console/integrations/${integrationId}/auth`, { 'input.token': readOnly });
    expect(saved.status).toBe(303);
    const page = await admin.get(saved.location!);
    expect(page.text).toContain('the key may not write, so this integration is import-only');
    expect(page.text).toMatch(/<p class="error">Import only: the API key is read-only/u);
    expect(page.text).toMatch(
      /<td>Create User<\/td><td>standard<\/td><td>no<\/td>\s*<td><span class="muted">Not available: import-only: the API key is read-only/u,
    );
    expect(page.text).not.toContain('aria-label="Enable Create User"');
    expect(page.text).toContain('aria-label="Enable Import Users">Enable</button>');
    expect(page.text).not.toContain(readOnly);
  });

  it('Test, Preview and Generate Config of a spec without pagination say the answer is only a page', { timeout: 60_000 }, async () => {
    const ref = { tenantId: tenant.tenant.id };
    const byo = await fixture.service.integrations.create({
      ...ref,
      type: 'build-your-own',
      spec: BYO_SPEC,
      baseUrl: incident.server.origin,
      name: 'Paged pager',
      actor: 'test',
    });
    expect(
      (
        await fixture.service.integrations.configureAuth({
          ...ref,
          integrationId: byo.id,
          inputs: { baseUrl: incident.server.origin, token: KEY },
          actor: 'test',
        })
      ).ok,
    ).toBe(true);
    // More users than the simulator's default page (25): its answer says "more": true.
    const extra = seedUsers({ count: 30, withoutEmailEvery: 0 }).map((user, index) => ({ ...user, id: `PEXTRA${index}`, email: `extra${index}@example.com` }));
    incident.state.users.push(...extra);
    try {
      for (const step of ['test', 'preview']) {
        const answer = await admin.post(`/console/integrations/${byo.id}/${step}`);
        expect(answer.status).toBe(200);
        expect(answer.text).toMatch(
          /<div class="error" role="alert"><p><strong>Only a page \(PAGINATION_MISSING\):<\/strong> the answer says there is more \(&quot;more&quot;: true\)/u,
        );
      }
      const proposal = await admin.post(`/console/integrations/${byo.id}/generate-config`, { records: '' });
      expect(proposal.status).toBe(200);
      expect(proposal.text).toContain('<h2>Pagination</h2>');
      expect(proposal.text).toContain('offset pagination asks for the next 25 while .more is true');
      expect(proposal.text).toContain('name="pagination"');
    } finally {
      incident.state.users.splice(incident.state.users.length - extra.length, extra.length);
    }
  });

  it('sent neither the key nor a token in any answer', () => {
    for (const answer of answers) for (const secret of [KEY, WRONG_KEY, tenant.admin, tenant.viewer]) expect(answer).not.toContain(secret);
  });
});
