/**
 * The access review routes over HTTP: a campaign created, started (waiting for a fresh sync, then
 * open), its items read, a decision refused to a viewer token and taken from an admin token, bad
 * input answered as a problem naming the field, and the report downloaded as CSV.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { IncidentPlatformSimulator } from '../../../src/simulators/incident-platform/index.js';
import { parseCsv } from '../../../src/service/access/csv.js';
import { REPORT_HEADER } from '../../../src/service/reviews/review-view.js';
import { embeddedStorage } from '../helpers/service-fixture.js';
import { connectIncidentPlatform, type ConnectedIncident } from '../helpers/incident-integration.js';
import { useApi, type TenantTokens } from './api-fixture.js';

const fixture = useApi(embeddedStorage('api-reviews'));
let incident: IncidentPlatformSimulator;
let tokens: TenantTokens;
let integrationId: string;
let lastRunSucceeded: ConnectedIncident['lastRunSucceeded'];

beforeAll(async () => {
  ({ incident, tokens, integrationId, lastRunSucceeded } = await connectIncidentPlatform(fixture));
});
afterAll(async () => {
  await fixture.service.stopWorkers();
  await incident?.close();
});

it('creates, starts (waiting, then open), decides as admin only, and serves the report as CSV and as the printable HTML page', async () => {
  const alice = await fixture.service.tokens.create({ tenantId: tokens.tenant.id, role: 'reviewer', name: 'alice', actor: 'operator' });
  const created = await fixture.call(tokens.admin, 'POST', '/v1/reviews', {
    name: 'API review',
    dueAt: '2030-06-30T00:00:00Z',
    reviewers: [{ reviewer: 'alice' }],
  });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({
    status: 'draft',
    integrationIds: null,
    reviewers: [{ reviewer: 'alice', integrationId: null, reviewerId: `token:${alice.tokenId}` }],
  });
  const campaignId = created.body.id;
  expect((await fixture.call(tokens.viewer, 'POST', `/v1/reviews/${campaignId}/start`, {})).body.code).toBe('FORBIDDEN');

  const waiting = await fixture.call(tokens.admin, 'POST', `/v1/reviews/${campaignId}/start`, {});
  expect(waiting.status).toBe(200);
  expect(waiting.body).toMatchObject({ status: 'waiting', waitingFor: [{ integrationId }] });
  await lastRunSucceeded();
  const open = await fixture.call(tokens.admin, 'POST', `/v1/reviews/${campaignId}/start`);
  expect(open.body).toMatchObject({ status: 'open', progress: { items: 3, decided: 0 } });

  const items = (await fixture.call(tokens.viewer, 'GET', `/v1/reviews/${campaignId}/items?admin=false`)).body.items;
  expect(items.length).toBeGreaterThan(0);
  expect(items.every((item: { admin: boolean }) => !item.admin)).toBe(true);
  const decisionUrl = `/v1/reviews/${campaignId}/items/${items[0].id}/decision`;

  const byViewer = await fixture.call(tokens.viewer, 'PUT', decisionUrl, { decision: 'keep' });
  expect(byViewer).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
  const bad = await fixture.call(tokens.admin, 'PUT', decisionUrl, { decision: 'maybe' });
  expect(bad).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
  expect(bad.text).toContain('/decision');
  const linkWithoutPerson = await fixture.call(tokens.admin, 'PUT', decisionUrl, { decision: 'link' });
  expect(linkWithoutPerson).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
  expect(linkWithoutPerson.text).toContain('personId');
  expect((await fixture.call(tokens.admin, 'PUT', `/v1/reviews/${campaignId}/items/999999/decision`, { decision: 'keep' })).status).toBe(404);

  const kept = await fixture.call(tokens.admin, 'PUT', decisionUrl, { decision: 'keep', comment: 'needed for <script>on-call</script>' });
  expect(kept).toMatchObject({
    status: 200,
    body: { decision: 'keep', comment: 'needed for <script>on-call</script>', decidedBy: expect.stringMatching(/^token:/) },
  });

  const closed = await fixture.call(tokens.admin, 'POST', `/v1/reviews/${campaignId}/close`);
  expect(closed.body).toMatchObject({ status: 'closed', progress: { items: 3, decided: 1 } });
  const again = await fixture.call(tokens.admin, 'POST', `/v1/reviews/${campaignId}/close`);
  expect(again).toMatchObject({ status: 409, body: { code: 'REVIEW_STATE' } });

  const json = await fixture.call(tokens.viewer, 'GET', `/v1/reviews/${campaignId}/report`);
  expect(json.body.items.map((item: { decision: string | null }) => item.decision ?? 'undecided').sort()).toEqual(['keep', 'undecided', 'undecided']);
  const report = await fixture.call(tokens.viewer, 'GET', `/v1/reviews/${campaignId}/report?format=csv`);
  expect(report.status).toBe(200);
  expect(report.contentType).toContain('text/csv');
  const [header, ...rows] = parseCsv(report.text);
  expect(header).toEqual([...REPORT_HEADER]);
  expect(rows).toHaveLength(3);
  expect(rows.filter((row) => row[REPORT_HEADER.indexOf('decision')] === 'undecided')).toHaveLength(2);

  // The printable page through the API: the same rows, every value escaped, nothing allowed to run.
  const page = await fixture.call(tokens.viewer, 'GET', `/v1/reviews/${campaignId}/report?format=html`);
  expect(page.status).toBe(200);
  expect(page.contentType).toBe('text/html; charset=utf-8');
  expect(page.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
  expect(page.text).toContain('<h1>Access review report: API review</h1>');
  expect(page.text).toContain('needed for &lt;script&gt;on-call&lt;/script&gt;');
  expect(page.text).not.toContain('<script>');
  const htmlRows = [...page.text.matchAll(/<tr>(<td>[\s\S]*?)<\/tr>/g)].map((match) => [...match[1]!.matchAll(/<td>([^<]*)<\/td>/g)].map((cell) => cell[1]!));
  expect(htmlRows.map((row) => row[0])).toEqual(json.body.items.map((item: { id: string }) => item.id));
  expect(htmlRows.map((row) => row[REPORT_HEADER.indexOf('decision')])).toEqual(rows.map((row) => row[REPORT_HEADER.indexOf('decision')]));
  expect((await fixture.call(tokens.viewer, 'GET', `/v1/reviews/${campaignId}/report?format=pdf`)).body.code).toBe('VALIDATION_FAILED');
});

it('a reviewer token decides only the items of the integrations it reviews in its campaigns; a viewer none; an admin all', async () => {
  const token = async (name: string) => (await fixture.service.tokens.create({ tenantId: tokens.tenant.id, role: 'reviewer', name, actor: 'operator' })).token;
  const rita = await token('rita');
  const sam = await token('sam');
  const zed = await token('zed');
  const created = await fixture.call(tokens.admin, 'POST', '/v1/reviews', {
    name: 'Scoped review',
    dueAt: '2030-06-30T00:00:00Z',
    reviewers: [
      { reviewer: 'rita', integrationId },
      { reviewer: 'sam', integrationId: 'another-integration' },
    ],
  });
  const campaignId = created.body.id;
  expect((await fixture.call(rita, 'POST', `/v1/reviews/${campaignId}/start`, {})).body.code).toBe('FORBIDDEN');
  await fixture.call(tokens.admin, 'POST', `/v1/reviews/${campaignId}/start`, {});
  await lastRunSucceeded();
  expect((await fixture.call(tokens.admin, 'POST', `/v1/reviews/${campaignId}/start`)).body.status).toBe('open');
  const items = (await fixture.call(rita, 'GET', `/v1/reviews/${campaignId}/items`)).body.items as { id: string }[];
  expect(items).toHaveLength(3);
  const url = (itemId: string) => `/v1/reviews/${campaignId}/items/${itemId}/decision`;

  // A viewer token is refused before the campaign is read; a reviewer not named, or named for another integration, by the campaign.
  expect(await fixture.call(tokens.viewer, 'PUT', url(items[0]!.id), { decision: 'keep' })).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
  const unnamed = await fixture.call(zed, 'PUT', url(items[0]!.id), { decision: 'keep' });
  expect(unnamed).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
  expect(unnamed.text).toContain('zed is not a reviewer');
  const elsewhere = await fixture.call(sam, 'PUT', url(items[0]!.id), { decision: 'keep' });
  expect(elsewhere).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
  expect(elsewhere.text).toContain('sam does not review');
  expect(await fixture.call(sam, 'POST', `/v1/reviews/${campaignId}/decisions`, { filter: {}, decision: 'keep' })).toMatchObject({
    status: 200,
    body: { decided: 0 },
  });
  expect((await fixture.call(tokens.viewer, 'POST', `/v1/reviews/${campaignId}/decisions`, { filter: {}, decision: 'keep' })).status).toBe(403);

  const byRita = await fixture.call(rita, 'PUT', url(items[0]!.id), { decision: 'keep', comment: 'rita checked' });
  expect(byRita).toMatchObject({ status: 200, body: { decision: 'keep', decidedBy: expect.stringContaining('(rita)') } });
  expect(await fixture.call(rita, 'POST', `/v1/reviews/${campaignId}/decisions`, { filter: { admin: false }, decision: 'keep' })).toMatchObject({
    status: 200,
    body: { decided: expect.any(Number) },
  });
  expect((await fixture.call(rita, 'POST', `/v1/reviews/${campaignId}/close`)).body.code).toBe('FORBIDDEN');
  const byAdmin = await fixture.call(tokens.admin, 'PUT', url(items[0]!.id), { decision: 'keep', comment: 'admin too' });
  expect(byAdmin).toMatchObject({ status: 200, body: { comment: 'admin too' } });
  const report = (await fixture.call(tokens.viewer, 'GET', `/v1/reviews/${campaignId}/report`)).body.items as { decidedBy: string | null }[];
  expect(report.every((item) => item.decidedBy === null || !item.decidedBy.includes('(sam)'))).toBe(true);
});

it('matches reviewers by id: a name two reviewers share is refused, and the one named by id alone decides', async () => {
  const twin = async () => fixture.service.tokens.create({ tenantId: tokens.tenant.id, role: 'reviewer', name: 'twin', actor: 'operator' });
  const [first, second] = [await twin(), await twin()];
  const body = (reviewer: string) => ({ name: 'Twins', dueAt: '2030-06-30T00:00:00Z', reviewers: [{ reviewer }] });
  const ambiguous = await fixture.call(tokens.admin, 'POST', '/v1/reviews', body('twin'));
  expect(ambiguous).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
  expect(ambiguous.text).toContain(`token:${first.tokenId}, token:${second.tokenId}`);
  const nobody = await fixture.call(tokens.admin, 'POST', '/v1/reviews', body('nobody'));
  expect(nobody).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
  expect(nobody.text).toContain('no reviewer of tenant');

  const created = await fixture.call(tokens.admin, 'POST', '/v1/reviews', body(`token:${first.tokenId}`));
  expect(created).toMatchObject({ status: 201, body: { reviewers: [{ reviewer: 'twin', reviewerId: `token:${first.tokenId}` }] } });
  const campaignId = created.body.id;
  await fixture.call(tokens.admin, 'POST', `/v1/reviews/${campaignId}/start`, {});
  await lastRunSucceeded();
  expect((await fixture.call(tokens.admin, 'POST', `/v1/reviews/${campaignId}/start`)).body.status).toBe('open');
  const [item] = (await fixture.call(tokens.admin, 'GET', `/v1/reviews/${campaignId}/items`)).body.items as { id: string }[];
  const url = `/v1/reviews/${campaignId}/items/${item!.id}/decision`;
  // The other "twin" is not this campaign's reviewer, whatever its name.
  const other = await fixture.call(second.token, 'PUT', url, { decision: 'keep' });
  expect(other).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
  expect((await fixture.call(first.token, 'PUT', url, { decision: 'keep' })).body).toMatchObject({ decision: 'keep' });
});
