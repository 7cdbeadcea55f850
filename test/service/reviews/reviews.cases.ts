/**
 * Access review campaigns through the service library against two loopback targets: the incident
 * platform simulator (prebuilt, with admin roles) and a real SCIM server. Shared by the embedded run
 * (test/service/reviews) and the PostgreSQL run (test/postgres).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_FULL_ACCESS_KEY, seedUsers, startIncidentPlatform, type IncidentPlatformSimulator } from '../../../src/simulators/incident-platform/index.js';
import { parseCsv } from '../../../src/service/access/csv.js';
import type { Service, Tenant } from '../../../src/service/index.js';
import { REPORT_HEADER, type ReviewItem } from '../../../src/service/reviews/review-view.js';
import { startScimServer, type ScimServer } from '../../targets/scim/server.js';
import { seedScimUsers } from '../../targets/scim/user-store.js';
import { waitForRun } from '../sync/sync.cases.js';
import { waitForWorkflow } from '../workflows/workflows.cases.js';

const actor = 'auditor@example.com';
const SCIM_TOKEN = 'scim-review-token-123';

export function describeReviews(fixture: { service: Service }): void {
  const service = () => fixture.service;
  let tenant: Tenant;
  let incident: IncidentPlatformSimulator;
  let scim: ScimServer;
  const apps = { incident: '', scim: '', scimNoImport: '' };
  const ref = (integrationId: string) => ({ tenantId: tenant.id, integrationId });

  async function enable(integrationId: string, actions: string[]) {
    for (const action of actions) await service().integrations.setAction({ ...ref(integrationId), action, enabled: true, actor });
  }
  async function syncedNow(integrationId: string) {
    const [run] = await service().sync.listRuns(ref(integrationId));
    expect((await waitForRun(service(), ref(integrationId), run!.id)).status).toBe('succeeded');
  }
  const allItems = async (campaignId: string) => (await service().reviews.items({ tenantId: tenant.id, campaignId, limit: 1000 })).items;

  beforeAll(async () => {
    tenant = await service().tenants.create({ name: 'Review tenant', plan: 'business', actor });
    // The reviewers the campaigns name: reviewer tokens of the tenant (a campaign names only reviewers that exist).
    for (const name of ['alice', 'bob']) await service().tokens.create({ tenantId: tenant.id, role: 'reviewer', name, actor });
    await service().startWorkers();
    // Eight users: index 0 is the owner and index 7 an admin (both admin accounts), none without an email.
    incident = await startIncidentPlatform({ users: seedUsers({ count: 8 }) });
    scim = await startScimServer({ token: SCIM_TOKEN, users: seedScimUsers({ count: 3 }) });

    // People first, so that the first sync links their accounts; the rest stay orphans.
    for (const index of [1, 7]) {
      const user = incident.state.users[index]!;
      await service().people.create({ tenantId: tenant.id, email: user.email!, name: user.name, actor });
    }
    await service().people.create({ tenantId: tenant.id, email: 'person0001@example.com', name: 'Person One', actor });

    apps.incident = (
      await service().integrations.create({ tenantId: tenant.id, actor, type: 'prebuilt', connector: 'incident-platform', baseUrl: incident.server.origin })
    ).id;
    expect(await service().integrations.configureAuth({ ...ref(apps.incident), inputs: { token: DEMO_FULL_ACCESS_KEY }, actor })).toMatchObject({ ok: true });
    await enable(apps.incident, ['importUsers', 'deleteUser']);

    apps.scim = (await service().integrations.create({ tenantId: tenant.id, actor, type: 'scim', scimBaseUrl: scim.baseUrl })).id;
    expect(await service().integrations.configureAuth({ ...ref(apps.scim), inputs: { token: SCIM_TOKEN }, actor })).toMatchObject({ ok: true });
    await enable(apps.scim, ['importUsers', 'deactivateUser', 'deleteUser']);

    // A second SCIM integration whose Import Users is off: it cannot sync.
    apps.scimNoImport = (await service().integrations.create({ tenantId: tenant.id, actor, type: 'scim', scimBaseUrl: scim.baseUrl })).id;
    expect(await service().integrations.configureAuth({ ...ref(apps.scimNoImport), inputs: { token: SCIM_TOKEN }, actor })).toMatchObject({ ok: true });

    await syncedNow(apps.incident);
    await syncedNow(apps.scim);
  });
  afterAll(async () => {
    await service().stopWorkers();
    await Promise.all([incident?.close(), scim?.close()]);
  });

  it('refuses to start on data older than the campaign: queues the syncs, names what it waits for, and starts once they succeeded', async () => {
    const campaign = await service().reviews.create({
      tenantId: tenant.id,
      name: 'Q4 review',
      integrationIds: [apps.incident, apps.scim],
      dueAt: '2030-01-31T17:00:00Z',
      reviewers: [{ reviewer: 'alice' }],
      actor,
    });
    expect(campaign).toMatchObject({ status: 'draft', overdue: false, progress: { items: 0 } });

    const waiting = await service().reviews.start({ tenantId: tenant.id, campaignId: campaign.id, actor });
    expect(waiting.status).toBe('waiting');
    expect(waiting.waitingFor.map((entry) => entry.integrationId).sort()).toEqual([apps.incident, apps.scim].sort());
    expect(waiting.waitingFor.every((entry) => /sync/.test(entry.reason))).toBe(true);
    expect(waiting.progress.items).toBe(0);

    await syncedNow(apps.incident);
    await syncedNow(apps.scim);
    const open = await service().reviews.start({ tenantId: tenant.id, campaignId: campaign.id, actor });
    expect(open.status).toBe('open');
    // Every present account of both integrations, frozen: 8 on the incident platform, 3 on SCIM.
    expect(open.progress).toMatchObject({ items: 11, decided: 0 });
    await expect(service().reviews.start({ tenantId: tenant.id, campaignId: campaign.id, actor })).rejects.toMatchObject({ code: 'REVIEW_STATE' });
  });

  it('names an integration that cannot sync, and starts without it only by an explicit choice', async () => {
    const campaign = await service().reviews.create({
      tenantId: tenant.id,
      name: 'Without the SCIM copy',
      integrationIds: [apps.incident, apps.scimNoImport],
      dueAt: '2030-01-31T17:00:00Z',
      reviewers: [{ reviewer: 'bob', integrationId: apps.incident }],
      actor,
    });
    const waiting = await service().reviews.start({ tenantId: tenant.id, campaignId: campaign.id, actor });
    expect(waiting.status).toBe('waiting');
    expect(waiting.waitingFor.find((entry) => entry.integrationId === apps.scimNoImport)?.reason).toMatch(/cannot sync/);
    await syncedNow(apps.incident);
    expect((await service().reviews.start({ tenantId: tenant.id, campaignId: campaign.id, actor })).status).toBe('waiting');
    const open = await service().reviews.start({ tenantId: tenant.id, campaignId: campaign.id, withoutIntegrations: [apps.scimNoImport], actor });
    expect(open).toMatchObject({ status: 'open', withoutIntegrationIds: [apps.scimNoImport], progress: { items: 8 } });
    expect(new Set((await allItems(campaign.id)).map((item) => item.integrationId))).toEqual(new Set([apps.incident]));
  });

  it('links an orphan, revokes an admin account (removed on the target, confirmed by the next sync), bulk-keeps, and reports the undecided as undecided', async () => {
    const [campaign] = (await service().reviews.list({ tenantId: tenant.id })).filter((entry) => entry.name === 'Q4 review');
    const campaignId = campaign!.id;
    const items = await allItems(campaignId);
    const adminUser = incident.state.users[7]!;
    const adminItem = items.find((item) => item.integrationId === apps.incident && item.externalId === adminUser.id)!;
    expect(adminItem).toMatchObject({ admin: true, personId: expect.any(String), decision: null });
    const orphan = items.find((item) => item.integrationId === apps.incident && item.personId === null && !item.admin)!;
    expect(orphan).toBeDefined();

    // An orphan linked to a person, with a comment; changed afterwards (allowed until close).
    const newcomer = await service().people.create({ tenantId: tenant.id, email: 'contractor@example.com', name: 'Con Tractor', actor });
    const linked = await service().reviews.decide({
      tenantId: tenant.id,
      campaignId,
      itemId: orphan.id,
      decision: 'link',
      personId: newcomer.id,
      comment: '=HYPERLINK("x") is a contractor',
      actor: 'alice',
    });
    expect(linked).toMatchObject({ decision: 'link', linkPersonId: newcomer.id, decidedBy: 'alice', removal: null });

    // The admin account revoked: a removal workflow of one Delete User task, which succeeds on the target.
    const revoked = await service().reviews.decide({
      tenantId: tenant.id,
      campaignId,
      itemId: adminItem.id,
      decision: 'revoke',
      comment: 'left the team',
      actor: 'alice',
    });
    expect(revoked.removal).toMatchObject({ workflowId: expect.any(String) });
    const workflow = await waitForWorkflow(service(), tenant.id, revoked.removal!.workflowId!, (entry) => entry.status !== 'running');
    expect(workflow).toMatchObject({
      kind: 'offboarding',
      status: 'succeeded',
      tasks: [{ action: 'deleteUser', status: 'succeeded', accountId: adminUser.id }],
    });
    expect(incident.state.users.some((user) => user.id === adminUser.id)).toBe(false);
    const removed = (await allItems(campaignId)).find((item) => item.id === adminItem.id)!;
    expect(removed).toMatchObject({ removal: { outcome: 'succeeded' }, confirmation: null });
    // Its removal started: the revoke cannot be changed.
    await expect(service().reviews.decide({ tenantId: tenant.id, campaignId, itemId: adminItem.id, decision: 'keep', actor: 'alice' })).rejects.toMatchObject({
      code: 'REVIEW_STATE',
    });

    // The next successful sync confirms it.
    await service().sync.syncNow({ ...ref(apps.incident), actor });
    await syncedNow(apps.incident);
    expect((await allItems(campaignId)).find((item) => item.id === adminItem.id)).toMatchObject({ confirmation: 'confirmed', confirmedAt: expect.any(String) });

    // Bulk: keep every undecided non-admin account of a linked person.
    const expected = (await allItems(campaignId)).filter((item) => item.decision === null && !item.admin && item.personId !== null);
    expect(expected.length).toBeGreaterThan(0);
    const bulk = await service().reviews.decideMany({
      tenantId: tenant.id,
      campaignId,
      filter: { admin: false, linked: true },
      decision: 'keep',
      actor: 'alice',
    });
    expect(bulk.decided).toBe(expected.length);

    const beforeClose = await allItems(campaignId);
    const undecided = beforeClose.filter((item) => item.decision === null);
    expect(undecided.length).toBeGreaterThan(0);
    const closed = await service().reviews.close({ tenantId: tenant.id, campaignId, actor: 'alice' });
    expect(closed).toMatchObject({
      status: 'closed',
      closedBy: 'alice',
      progress: { items: 11, decided: 11 - undecided.length, revoked: 1, linked: 1, kept: expected.length, removed: 1, confirmed: 1, flagged: 0 },
    });
    await expect(
      service().reviews.decide({ tenantId: tenant.id, campaignId, itemId: undecided[0]!.id, decision: 'keep', actor: 'alice' }),
    ).rejects.toMatchObject({
      code: 'REVIEW_STATE',
    });

    // The report: one row per item, in item order, matching each item; the undecided say so; formulas neutralised.
    const [header, ...rows] = parseCsv(await service().reviews.reportCsv({ tenantId: tenant.id, campaignId }));
    expect(header).toEqual([...REPORT_HEADER]);
    const items2 = await allItems(campaignId);
    expect(rows.map((row) => row[0])).toEqual(items2.map((item) => item.id));
    const column = (name: (typeof REPORT_HEADER)[number]) => REPORT_HEADER.indexOf(name);
    const rowOf = (item: ReviewItem) => rows.find((row) => row[0] === item.id)!;
    for (const item of items2) {
      expect(rowOf(item)[column('decision')]).toBe(item.decision ?? 'undecided');
      expect(rowOf(item)[column('reviewer')]).toBe(item.decidedBy ?? '');
    }
    expect(rows.filter((row) => row[column('decision')] === 'undecided')).toHaveLength(undecided.length);
    expect(rows.some((row) => row[column('decision')] === 'keep' && row[column('account id')] === undecided[0]!.externalId)).toBe(false);
    const adminRow = rowOf(removed);
    expect(adminRow[column('decision')]).toBe('revoke');
    expect(adminRow[column('comment')]).toBe('left the team');
    expect(adminRow[column('removal workflow')]).toBe(workflow.id);
    expect(adminRow[column('removal outcome')]).toBe('succeeded');
    expect(adminRow[column('confirmation')]).toBe('confirmed');
    expect(rowOf(orphan)[column('comment')]).toBe(`'=HYPERLINK("x") is a contractor`);

    // Every decision is in the audit log: the link, the revoke and each bulk keep.
    const audit = await service().audit.list({ tenantId: tenant.id, limit: 500 });
    const decisions = audit.entries.filter((entry) => entry.event === 'review.decided' && entry.detail.campaignId === campaignId);
    expect(decisions).toHaveLength(2 + expected.length);
    expect(decisions.find((entry) => entry.detail.itemId === adminItem.id)).toMatchObject({
      actor: 'alice',
      detail: { decision: 'revoke', comment: 'left the team' },
    });
  });

  it('an orphan revoked is removed through the workflow engine (a workflow of no person); a manual task is recorded when done by hand', async () => {
    const campaign = (await service().reviews.list({ tenantId: tenant.id })).find((entry) => entry.name === 'Without the SCIM copy')!;
    // The orphans removed are the last users of the simulator, so that the indexes the next test reads stay put.
    const indexOf = (item: ReviewItem) => incident.state.users.findIndex((user) => user.id === item.externalId);
    const orphans = (await allItems(campaign.id)).filter((item) => item.personId === null && item.decision === null).sort((a, b) => indexOf(b) - indexOf(a));
    expect(orphans.length).toBeGreaterThanOrEqual(3);
    const [byWorkflow, byHand, untouched] = orphans as [ReviewItem, ReviewItem, ReviewItem];
    expect(indexOf(byHand)).toBeGreaterThan(1);

    // Delete User is enabled: the revoke starts a removal workflow that acts for no person and names the account.
    const revoked = await service().reviews.decide({ tenantId: tenant.id, campaignId: campaign.id, itemId: byWorkflow.id, decision: 'revoke', actor: 'bob' });
    expect(revoked.removal).toMatchObject({ workflowId: expect.any(String) });
    const workflow = await waitForWorkflow(service(), tenant.id, revoked.removal!.workflowId!, (entry) => entry.status !== 'running');
    expect(workflow).toMatchObject({
      kind: 'offboarding',
      personId: null,
      account: { integrationId: apps.incident, accountId: byWorkflow.externalId },
      status: 'succeeded',
      tasks: [{ action: 'deleteUser', status: 'succeeded', accountId: byWorkflow.externalId }],
    });
    expect(incident.state.users.some((user) => user.id === byWorkflow.externalId)).toBe(false);
    expect((await allItems(campaign.id)).find((item) => item.id === byWorkflow.id)).toMatchObject({
      removal: { workflowId: workflow.id, outcome: 'succeeded' },
      confirmation: null,
    });
    // The workflows list carries it with no person and the account it removes.
    const listed = await service().workflows.list({ tenantId: tenant.id });
    expect(listed.workflows.find((entry) => entry.id === workflow.id)).toMatchObject({ personId: null, account: { accountId: byWorkflow.externalId } });

    // Neither Delete User nor Deactivate User enabled: the workflow's one task is manual, listed with why.
    await service().integrations.setAction({ ...ref(apps.incident), action: 'deleteUser', enabled: false, actor });
    for (const item of [byHand, untouched]) {
      const manual = await service().reviews.decide({ tenantId: tenant.id, campaignId: campaign.id, itemId: item.id, decision: 'revoke', actor: 'bob' });
      expect(manual.removal).toMatchObject({ workflowId: expect.any(String), outcome: 'manual', reason: expect.stringContaining('remove') });
      expect(await service().workflows.get({ tenantId: tenant.id, workflowId: manual.removal!.workflowId! })).toMatchObject({
        personId: null,
        status: 'needs_attention',
        tasks: [{ action: 'manual', status: 'manual' }],
      });
    }
    await service().integrations.setAction({ ...ref(apps.incident), action: 'deleteUser', enabled: true, actor });
    // Only a manual removal is recorded by hand: not an undecided item, nor a removal Delete User did.
    const undecided = (await allItems(campaign.id)).find((item) => item.decision === null)!;
    for (const itemId of [undecided.id, byWorkflow.id])
      await expect(service().reviews.recordRemovedByHand({ tenantId: tenant.id, campaignId: campaign.id, itemId, actor: 'bob' })).rejects.toMatchObject({
        code: 'REVIEW_STATE',
      });

    // The admin removes one on the target by hand and records it; the other is not done.
    incident.state.users.splice(indexOf(byHand), 1);
    const recorded = await service().reviews.recordRemovedByHand({
      tenantId: tenant.id,
      campaignId: campaign.id,
      itemId: byHand.id,
      comment: 'deleted in the admin page',
      actor: 'bob',
    });
    expect(recorded).toMatchObject({
      removal: {
        workflowId: expect.any(String),
        outcome: 'removed_by_hand',
        reason: expect.stringContaining('deleted in the admin page'),
        finishedAt: expect.any(String),
      },
      confirmation: null,
    });
    await expect(
      service().reviews.recordRemovedByHand({ tenantId: tenant.id, campaignId: campaign.id, itemId: byHand.id, actor: 'bob' }),
    ).rejects.toMatchObject({ code: 'REVIEW_STATE' });
    const audit = await service().audit.list({ tenantId: tenant.id, limit: 500 });
    expect(audit.entries.find((entry) => entry.event === 'review.removed_by_hand' && entry.detail.itemId === byHand.id)).toMatchObject({ actor: 'bob' });
  });

  it('an account still present at the next sync after its removal succeeded is flagged, not confirmed; a removal by hand is confirmed', async () => {
    const campaign = (await service().reviews.list({ tenantId: tenant.id })).find((entry) => entry.name === 'Without the SCIM copy')!;
    const user = incident.state.users[1]!;
    const item = (await allItems(campaign.id)).find((entry) => entry.externalId === user.id)!;
    expect(item.personId).not.toBeNull();
    const revoked = await service().reviews.decide({ tenantId: tenant.id, campaignId: campaign.id, itemId: item.id, decision: 'revoke', actor: 'bob' });
    await waitForWorkflow(service(), tenant.id, revoked.removal!.workflowId!, (entry) => entry.status === 'succeeded');
    expect(incident.state.users.some((entry) => entry.id === user.id)).toBe(false);
    // Someone puts the account back on the target before the next sync.
    incident.state.users.push({ ...user });
    await service().sync.syncNow({ ...ref(apps.incident), actor });
    await syncedNow(apps.incident);
    const after = await allItems(campaign.id);
    expect(after.find((entry) => entry.id === item.id)).toMatchObject({ removal: { outcome: 'succeeded' }, confirmation: 'flagged' });
    // The orphan its workflow removed is confirmed like a linked account's; the one removed by hand and recorded is confirmed;
    // the manual removal not done is flagged: the account is still there.
    expect(after.find((entry) => entry.personId === null && entry.removal?.outcome === 'succeeded')).toMatchObject({ confirmation: 'confirmed' });
    expect(after.find((entry) => entry.removal?.outcome === 'removed_by_hand')).toMatchObject({ confirmation: 'confirmed' });
    expect(after.find((entry) => entry.removal?.outcome === 'manual')).toMatchObject({ confirmation: 'flagged' });
    expect((await service().reviews.get({ tenantId: tenant.id, campaignId: campaign.id })).progress).toMatchObject({ removed: 3, confirmed: 2, flagged: 2 });
  });
}
