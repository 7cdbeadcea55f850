/**
 * Access review campaigns in the console: the list and create form, start (waiting for a fresh
 * sync, then open), one decision, a bulk decision, close, the CSV report through the console, and
 * a viewer who reads every page but is refused every change; CSRF and tenant isolation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncidentPlatformSimulator } from '../../../src/simulators/incident-platform/index.js';
import { parseCsv } from '../../../src/service/access/csv.js';
import { REPORT_HEADER } from '../../../src/service/reviews/review-view.js';
import { useApi, type TenantTokens } from '../api/api-fixture.js';
import { embeddedStorage } from '../helpers/service-fixture.js';
import { connectIncidentPlatform, type ConnectedIncident } from '../helpers/incident-integration.js';
import { consoleClient, type ConsoleClient } from './console-client.js';

const fixture = useApi(embeddedStorage('console-reviews'));
let incident: IncidentPlatformSimulator;
let tokens: TenantTokens;
let integrationId: string;
let lastRunSucceeded: ConnectedIncident['lastRunSucceeded'];
let admin: ConsoleClient;
let viewer: ConsoleClient;
/** Reviewer tokens the campaigns name (a campaign names only reviewers that exist): Alice and zed sign in below. */
let named: { token: string; tokenId: string };
let other: { token: string; tokenId: string };

beforeAll(async () => {
  ({ incident, tokens, integrationId, lastRunSucceeded } = await connectIncidentPlatform(fixture));
  admin = consoleClient(fixture.api.app);
  await admin.signIn(tokens.admin);
  viewer = consoleClient(fixture.api.app);
  await viewer.signIn(tokens.viewer);
  named = await fixture.service.tokens.create({ tenantId: tokens.tenant.id, role: 'reviewer', name: 'Alice', actor: 'test' });
  other = await fixture.service.tokens.create({ tenantId: tokens.tenant.id, role: 'reviewer', name: 'zed', actor: 'test' });
  for (const name of ['bob', 'carol']) await fixture.service.tokens.create({ tenantId: tokens.tenant.id, role: 'reviewer', name, actor: 'test' });
});
afterAll(async () => {
  await fixture.service?.stopWorkers();
  await incident?.close();
});

const ALICE_COMMENT = '=HYPERLINK("x") <script>checked</script> by alice';

const itemIds = (page: string) => [...page.matchAll(/action="\/console\/reviews\/[^/]+\/items\/([^/]+)\/decision"/g)].map((match) => match[1]!);

describe('console access reviews', () => {
  let campaignPath: string;

  it('lists campaigns under Reviews in the navigation and creates one from the form', async () => {
    const empty = await admin.get('/console/reviews');
    expect(empty.status).toBe(200);
    expect(empty.text).toContain('<a href="/console/reviews" aria-current="page">Reviews</a>');
    expect(empty.text).toContain('No review campaigns yet.');
    expect(empty.text).toContain(`<input type="checkbox" name="integrationId" value="${integrationId}">`);

    const created = await admin.post('/console/reviews', { name: 'Q4 <review>', dueDate: '2030-06-30', reviewer: 'alice', integrationId });
    expect(created.status).toBe(303);
    campaignPath = created.location!.split('?')[0]!;
    expect(campaignPath).toMatch(/^\/console\/reviews\/[^/]+$/);
    const page = await admin.get(created.location!);
    expect(page.text).toContain('The campaign was created as a draft');
    expect(page.text).toContain('<dt>Status</dt><dd>draft</dd>');
    const campaign = (await fixture.service.reviews.list({ tenantId: tokens.tenant.id }))[0]!;
    expect(campaign).toMatchObject({
      name: 'Q4 <review>',
      integrationIds: [integrationId],
      dueAt: '2030-06-30T23:59:59.000Z',
      // Named "alice" in the form: stored as the one reviewer of that name, by its id.
      reviewers: [{ reviewer: 'Alice', reviewerId: `token:${named.tokenId}` }],
    });

    const list = await admin.get('/console/reviews');
    expect(list.text).toContain(`<a href="${campaignPath}">Q4 &lt;review&gt;</a></td><td>draft</td>`);
    expect(list.text).toContain('0 of 0 decided');

    const undated = await admin.post('/console/reviews', { name: 'No date', dueDate: '', reviewer: 'alice' });
    expect(undated.status).toBe(400);
    expect(undated.text).toContain('The campaign needs a due date.');
  });

  it('starts (waiting for a fresh sync, then open) and shows the items', { timeout: 60_000 }, async () => {
    await admin.get(campaignPath);
    const started = await admin.post(`${campaignPath}/start`);
    expect(started.status).toBe(303);
    const waiting = await admin.get(started.location!);
    expect(waiting.text).toContain('<dt>Status</dt><dd>waiting</dd>');
    expect(waiting.text).toContain('<h2>Waiting for</h2>');
    expect(waiting.text).toContain(`name="without" value="${integrationId}"`);
    await lastRunSucceeded();
    await admin.post(`${campaignPath}/start`);
    const open = await admin.get(campaignPath);
    expect(open.text).toContain('<dt>Status</dt><dd>open</dd>');
    expect(open.text).toContain('0 of 3 decided');
    expect(itemIds(open.text)).toHaveLength(3);
    expect(open.text).toContain('<td>no person</td>');
  });

  it('decides one item with a comment, then the rest in bulk', async () => {
    const page = await admin.get(campaignPath);
    const [first] = itemIds(page.text);
    const decided = await admin.post(`${campaignPath}/items/${first}/decision`, { decision: 'keep', comment: 'on call', personId: '', personEmail: '' });
    expect(decided.status).toBe(303);
    const after = await admin.get(decided.location!);
    expect(after.text).toContain('The decision was saved.');
    expect(after.text).toContain('1 of 3 decided');
    const items = (await fixture.service.reviews.items({ tenantId: tokens.tenant.id, campaignId: campaignPath.split('/').pop()! })).items;
    expect(items.find((item) => item.id === first)).toMatchObject({ decision: 'keep', comment: 'on call', decidedBy: expect.stringMatching(/^console /) });

    const link = await admin.post(`${campaignPath}/items/${first}/decision`, { decision: 'link', personEmail: 'nobody@example.com' });
    expect(link.status).toBe(404);
    expect(link.text).toContain('No person of this tenant has the email nobody@example.com.');
    const person = await fixture.service.people.create({ tenantId: tokens.tenant.id, email: 'Owner@Example.com', name: 'Owner <One>', actor: 'test' });
    const picker = await admin.get(campaignPath);
    // One list of people for the page, offered by every row's person field, not a list per row.
    expect(picker.text.match(/<datalist /g)).toHaveLength(1);
    expect(picker.text).toContain('<option value="Owner@Example.com">Owner &lt;One&gt;</option>');
    expect(picker.text.split('Owner &lt;One&gt;').length - 1).toBe(1);
    expect(picker.text.match(/list="review-people"/g)).toHaveLength(itemIds(picker.text).length);
    const linked = await admin.post(`${campaignPath}/items/${first}/decision`, { decision: 'link', personId: '', personEmail: 'OWNER@example.com' });
    expect(linked.status).toBe(303);
    const relisted = (await fixture.service.reviews.items({ tenantId: tokens.tenant.id, campaignId: campaignPath.split('/').pop()! })).items;
    expect(relisted.find((item) => item.id === first)).toMatchObject({ decision: 'link', linkPersonId: person.id });
    expect((await admin.get(campaignPath)).text).toContain('link → Owner &lt;One&gt;');

    const bulk = await admin.post(`${campaignPath}/decisions`, { admin: '', linked: 'false', integrationId, decision: 'keep', comment: 'bulk' });
    expect(bulk.status).toBe(303);
    const all = await admin.get(bulk.location!);
    expect(all.text).toContain('Decided 2 items.');
    expect((await admin.get(`${campaignPath}?notice=decided-many&count=1`)).text).toContain('Decided 1 item.');
    expect(all.text).toContain('3 of 3 decided');
  });

  it('a viewer sees the list, the campaign and the report but is refused every change', async () => {
    const list = await viewer.get('/console/reviews');
    expect(list.status).toBe(200);
    expect(list.text).not.toContain('Create campaign');
    const page = await viewer.get(campaignPath);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<dt>Status</dt><dd>open</dd>');
    expect(page.text).not.toContain('Close campaign');
    expect(itemIds(page.text)).toHaveLength(0);
    const first = (await fixture.service.reviews.items({ tenantId: tokens.tenant.id, campaignId: campaignPath.split('/').pop()! })).items[0]!;
    for (const [url, fields] of [
      ['/console/reviews', { name: 'x', dueDate: '2030-01-01', reviewer: 'v' }],
      [`${campaignPath}/start`, {}],
      [`${campaignPath}/items/${first.id}/decision`, { decision: 'revoke' }],
      [`${campaignPath}/decisions`, { decision: 'revoke' }],
      [`${campaignPath}/close`, {}],
    ] as const) {
      expect((await viewer.post(url, fields)).status, url).toBe(403);
    }
    expect((await fixture.service.reviews.list({ tenantId: tokens.tenant.id })).length).toBe(1);
    expect((await fixture.service.reviews.get({ tenantId: tokens.tenant.id, campaignId: first.campaignId })).status).toBe('open');
    expect((await viewer.get(`${campaignPath}/report.csv`)).status).toBe(200);
  });

  it('a reviewer decides in the campaigns that name them; one the campaign does not name reads only', async () => {
    const campaignId = campaignPath.split('/').pop()!;
    const alice = consoleClient(fixture.api.app);
    await alice.signIn(named.token);
    const zed = consoleClient(fixture.api.app);
    await zed.signIn(other.token);

    const page = await alice.get(campaignPath);
    expect(itemIds(page.text)).toHaveLength(3);
    expect(page.text).toContain('aria-label="Decide many"');
    expect(page.text).not.toContain('Close campaign');
    const [first] = itemIds(page.text);
    const decided = await alice.post(`${campaignPath}/items/${first}/decision`, { decision: 'keep', comment: ALICE_COMMENT });
    expect(decided.status).toBe(303);
    const item = (await fixture.service.reviews.items({ tenantId: tokens.tenant.id, campaignId })).items.find((entry) => entry.id === first)!;
    expect(item).toMatchObject({ decision: 'keep', comment: ALICE_COMMENT, decidedBy: expect.stringContaining('(Alice)') });
    for (const url of [`${campaignPath}/start`, `${campaignPath}/close`]) expect((await alice.post(url)).status, url).toBe(403);

    const unnamed = await zed.get(campaignPath);
    expect(unnamed.status).toBe(200);
    expect(itemIds(unnamed.text)).toHaveLength(0);
    expect(unnamed.text).not.toContain('aria-label="Decide many"');
    const refused = await zed.post(`${campaignPath}/items/${first}/decision`, { decision: 'revoke' });
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('zed is not a reviewer of review campaign');
    expect((await zed.post(`${campaignPath}/decisions`, { decision: 'revoke' })).status).toBe(403);
    const after = (await fixture.service.reviews.items({ tenantId: tokens.tenant.id, campaignId })).items;
    expect(after.filter((entry) => entry.decision === 'revoke')).toHaveLength(0);
    expect(after.find((entry) => entry.id === first)).toMatchObject({ decision: 'keep', comment: ALICE_COMMENT });
  });

  it('refuses a change without the session’s CSRF token, and another tenant’s campaign is not found', async () => {
    expect((await admin.post(`${campaignPath}/close`, { _csrf: 'x'.repeat(43) })).status).toBe(403);
    expect((await fixture.service.reviews.get({ tenantId: tokens.tenant.id, campaignId: campaignPath.split('/').pop()! })).status).toBe('open');
    const other = await fixture.tenantWithTokens('business', 'Other tenant');
    const stranger = consoleClient(fixture.api.app);
    await stranger.signIn(other.admin);
    expect((await stranger.get(campaignPath)).status).toBe(404);
    expect((await stranger.get(`${campaignPath}/report.csv`)).status).toBe(404);
    expect((await stranger.post(`${campaignPath}/close`)).status).toBe(404);
    expect((await fixture.service.reviews.get({ tenantId: tokens.tenant.id, campaignId: campaignPath.split('/').pop()! })).status).toBe('open');
  });

  it('closes the campaign and downloads the report as CSV', async () => {
    await admin.get(campaignPath);
    const closed = await admin.post(`${campaignPath}/close`);
    expect(closed.status).toBe(303);
    const page = await admin.get(closed.location!);
    expect(page.text).toContain('<dt>Status</dt><dd>closed</dd>');
    expect(page.text).not.toContain('Close campaign');
    const csv = await admin.get(`${campaignPath}/report.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="access-review.csv"');
    const rows = parseCsv(csv.text);
    expect(rows[0]).toEqual([...REPORT_HEADER]);
    expect(rows).toHaveLength(4);
    expect(csv.text).toBe(await fixture.service.reviews.reportCsv({ tenantId: tokens.tenant.id, campaignId: campaignPath.split('/').pop()! }));
  });

  it('serves the printable report: the CSV’s rows as an escaped table, one per item', async () => {
    const campaignId = campaignPath.split('/').pop()!;
    const page = await viewer.get(`${campaignPath}/report.html`);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.text).toContain('<h1>Access review report: Q4 &lt;review&gt;</h1>');
    const cells = (row: string) => [...row.matchAll(/<t[dh][^>]*>([^<]*)<\/t[dh]>/g)].map((match) => match[1]!);
    const table = page.text.slice(page.text.indexOf('<table class="report">'), page.text.indexOf('</table>'));
    const [header, ...rows] = table
      .split('</tr>')
      .filter((row) => row.includes('<t'))
      .map(cells);
    expect(header).toEqual([...REPORT_HEADER]);
    const csvRows = parseCsv(await fixture.service.reviews.reportCsv({ tenantId: tokens.tenant.id, campaignId })).slice(1);
    const fromHtml = (text: string) =>
      text.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&amp;', '&');
    // The same rows as the CSV, in item order; the CSV alone marks formulas as text.
    expect(rows.map((row) => row.map(fromHtml))).toEqual(csvRows.map((row) => row.map((cell) => cell.replace(/^'(?=[=+\-@\t\r])/, ''))));
    expect(rows.map((row) => row[0])).toEqual((await fixture.service.reviews.report({ tenantId: tokens.tenant.id, campaignId })).map((item) => item.id));
    expect(page.text).toContain('=HYPERLINK(&quot;x&quot;) &lt;script&gt;checked&lt;/script&gt; by alice');
    expect(page.text).not.toContain('<script>');
    expect(csvRows.some((row) => row.includes(`'${ALICE_COMMENT}`))).toBe(true);
    expect((await viewer.get(`${campaignPath}/report.html`)).text).toContain('report.csv');
  });

  it('starts without an integration that cannot sync only when it is ticked', { timeout: 60_000 }, async () => {
    const draft = await fixture.call(tokens.admin, 'POST', '/v1/integrations', {
      type: 'prebuilt',
      connector: 'incident-platform',
      baseUrl: incident.server.origin,
      name: 'Not set up',
    });
    expect(draft.status).toBe(201);
    await admin.get('/console/reviews');
    const created = await admin.post('/console/reviews', { name: 'Everything', dueDate: '2030-01-31', reviewer: 'bob' });
    const path = created.location!.split('?')[0]!;
    await admin.get(path);
    await admin.post(`${path}/start`);
    const waiting = await admin.get(path);
    expect(waiting.text).toContain('<dt>Status</dt><dd>waiting</dd>');
    expect(waiting.text).toContain(`name="without" value="${draft.body.id}"`);
    await lastRunSucceeded();
    await admin.post(`${path}/start`);
    expect((await admin.get(path)).text).toContain('<dt>Status</dt><dd>waiting</dd>');
    await admin.post(`${path}/start`, { without: draft.body.id });
    const open = await admin.get(path);
    expect(open.text).toContain('<dt>Status</dt><dd>open</dd>');
    const campaign = await fixture.service.reviews.get({ tenantId: tokens.tenant.id, campaignId: path.split('/').pop()! });
    expect(campaign).toMatchObject({ status: 'open', withoutIntegrationIds: [draft.body.id], progress: { items: 3 } });
  });

  it('marks a campaign past its due date as overdue in the list and reminds on its page', async () => {
    await admin.get('/console/reviews');
    const created = await admin.post('/console/reviews', { name: 'Late one', dueDate: '2020-01-31', reviewer: 'carol' });
    const path = created.location!.split('?')[0]!;
    const list = await admin.get('/console/reviews');
    expect(list.text).toMatch(new RegExp(`<a href="${path}">Late one</a></td><td>draft</td><td>[^]*?<strong class="overdue">overdue</strong></td>`));
    expect(list.text).toMatch(/<a href="[^"]+">Everything<\/a><\/td><td>open<\/td><td>(?:(?!overdue)[\s\S])*?<\/td><td>/);
    expect((await admin.get(path)).text).toContain('This campaign is past its due date: 0 items are still undecided.');
  });

  it('an orphan revoked has a removal workflow of no person: the campaign links it and the workflow pages name the account', async () => {
    const list = await admin.get('/console/reviews');
    const path = /<a href="([^"]+)">Everything<\/a>/.exec(list.text)![1]!;
    const items = (await fixture.service.reviews.items({ tenantId: tokens.tenant.id, campaignId: path.split('/').pop()! })).items;
    const orphan = items.find((item) => item.personId === null && item.decision === null)!;
    expect(orphan).toBeDefined();
    expect((await admin.post(`${path}/items/${orphan.id}/decision`, { decision: 'revoke', comment: 'unknown', personId: '', personEmail: '' })).status).toBe(
      303,
    );
    const revoked = (await fixture.service.reviews.items({ tenantId: tokens.tenant.id, campaignId: path.split('/').pop()! })).items.find(
      (item) => item.id === orphan.id,
    )!;
    const workflowId = revoked.removal!.workflowId!;
    expect(workflowId).toEqual(expect.any(String));
    const workflow = await fixture.service.workflows.get({ tenantId: tokens.tenant.id, workflowId });
    expect(workflow).toMatchObject({ personId: null, account: { integrationId: orphan.integrationId, accountId: orphan.externalId } });
    expect((await admin.get(path)).text).toContain(`<a href="/console/workflows/${workflowId}">workflow</a>`);
    const subject = `no person (account ${orphan.externalId} on ${orphan.integrationName})`;
    expect((await viewer.get('/console/workflows')).text).toContain(`<td>offboarding</td><td>${subject}</td>`);
    expect((await viewer.get(`/console/workflows/${workflowId}`)).text).toContain(`<dt>Person</dt><dd>${subject}</dd>`);
  });
});
