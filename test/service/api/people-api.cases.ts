/** People over the API: the list paged by cursor, the CSV import answering the ids it created, and people and links. Shared by the embedded run and test/postgres/. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_FULL_ACCESS_KEY, seedUsers, startIncidentPlatform, type IncidentPlatformSimulator } from '../../../src/simulators/incident-platform/index.js';
import { waitForRun } from '../sync/sync.cases.js';
import type { ApiFixture } from './api-fixture.js';

export function describePeopleApi(fixture: ApiFixture): void {
  it('imports a CSV answering the count and the id of each person in row order, and pages the list by cursor within the tenant', async () => {
    const a = await fixture.tenantWithTokens('standard', 'People A');
    const b = await fixture.tenantWithTokens('standard', 'People B');
    const rows = ['Eve Five', 'Cy Three', 'Al One', 'Di Four', 'Bo Two'].map((name) => ({ name, email: `${name.split(' ')[0]!.toLowerCase()}@example.com` }));
    const imported = await fixture.call(a.admin, 'POST', '/v1/people/import', {
      csv: `email,name\n${rows.map((row) => `${row.email},${row.name}`).join('\n')}\n`,
    });
    expect(imported.status).toBe(200);
    expect(imported.body.created).toBe(5);
    expect(imported.body.ids).toHaveLength(5);
    expect((await fixture.call(b.admin, 'POST', '/v1/people', { email: 'only-b@example.com', name: 'Aa Only B' })).status).toBe(201);

    const seen: { id: string; name: string; email: string }[] = [];
    const pages: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await fixture.call(a.viewer, 'GET', `/v1/people?limit=2${cursor === undefined ? '' : `&cursor=${encodeURIComponent(cursor)}`}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.people);
      pages.push(page.body.people.length);
      cursor = page.body.next;
    } while (cursor !== undefined);
    expect(pages).toEqual([2, 2, 1]);
    expect(seen.map((person) => person.name)).toEqual(['Al One', 'Bo Two', 'Cy Three', 'Di Four', 'Eve Five']);
    const idByEmail = new Map(seen.map((person) => [person.email, person.id]));
    expect(imported.body.ids).toEqual(rows.map((row) => idByEmail.get(row.email)));

    const all = await fixture.call(a.viewer, 'GET', '/v1/people');
    expect(all.body.people).toHaveLength(5);
    expect(all.body.next).toBeUndefined();
  });

  it('refuses a cursor that is not one of the list’s, and a page size out of range, naming the field', async () => {
    const { viewer } = await fixture.tenantWithTokens('standard', 'People C');
    const bad = await fixture.call(viewer, 'GET', `/v1/people?cursor=${Buffer.from('no-such-person').toString('base64url')}`);
    expect(bad).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    const big = await fixture.call(viewer, 'GET', '/v1/people?limit=100000');
    expect(big).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', errors: [{ pointer: '/querystring/limit' }] } });
  });
}

/**
 * People and links (issue 23, point 1) through the API on a synced integration: an email (or
 * alias) names one person, a duplicate is refused naming the existing person, hand-made links
 * survive syncs, edits relink, archiving waits for offboarding.
 */
export function describePeopleLinks(fixture: ApiFixture): void {
  const simulators: IncidentPlatformSimulator[] = [];
  beforeAll(async () => {
    await fixture.service.startWorkers();
  });
  afterAll(async () => {
    await fixture.service.stopWorkers();
    for (const simulator of simulators) await simulator.close();
  });

  /** A tenant with the demo's incident platform synced: Ada Okafor (owner, admin), Chen Okafor, ... */
  async function demoTenant(name: string) {
    const tokens = await fixture.tenantWithTokens('standard', name);
    const simulator = await startIncidentPlatform({ users: seedUsers({ count: 4 }) });
    simulators.push(simulator);
    const created = await fixture.call(tokens.admin, 'POST', '/v1/integrations', {
      type: 'prebuilt',
      connector: 'incident-platform',
      baseUrl: simulator.server.origin,
    });
    const ref = { tenantId: tokens.tenant.id, integrationId: created.body.id as string };
    expect((await fixture.call(tokens.admin, 'PUT', `/v1/integrations/${ref.integrationId}/auth`, { inputs: { token: DEMO_FULL_ACCESS_KEY } })).status).toBe(
      200,
    );
    const sync = async () => {
      const runs = await fixture.service.sync.listRuns(ref);
      const open = runs.find((run) => run.status === 'queued' || run.status === 'running');
      const runId = open?.id ?? (await fixture.service.sync.syncNow({ ...ref, actor: 'test' })).run.id;
      expect(await waitForRun(fixture.service, ref, runId)).toMatchObject({ status: 'succeeded' });
    };
    expect((await fixture.call(tokens.admin, 'PUT', `/v1/integrations/${ref.integrationId}/actions/importUsers`, { enabled: true })).status).toBe(200);
    await sync();
    const accounts = (await fixture.service.sync.listAccounts({ ...ref, limit: 100 })).accounts;
    const accountOf = (email: string) => accounts.find((account) => account.email === email)!;
    const linkOf = async (email: string) => {
      const account = (await fixture.service.sync.listAccounts({ ...ref, limit: 100 })).accounts.find((one) => one.email === email)!;
      return { personId: account.personId, link: account.link };
    };
    return { ...tokens, simulator, ref, sync, accountOf, linkOf };
  }

  it('refuses a second person with Ada’s email (CSV or add, any case), naming Ada; Ada keeps her admin account', async () => {
    const demo = await demoTenant('Links demo');
    const ada = await fixture.call(demo.admin, 'POST', '/v1/people', { email: 'ada.okafor@example.com', name: 'Ada Okafor' });
    expect(ada.status).toBe(201);
    expect(await demo.linkOf('ada.okafor@example.com')).toEqual({ personId: ada.body.id, link: 'linked' });

    const imported = await fixture.call(demo.admin, 'POST', '/v1/people/import', { csv: 'email,name\nada.okafor@example.com,Ada Again\n' });
    expect(imported.status).toBe(409);
    expect(imported.body).toMatchObject({
      code: 'EMAIL_TAKEN',
      conflicts: [{ line: 2, email: 'ada.okafor@example.com', person: { id: ada.body.id, name: 'Ada Okafor', email: 'ada.okafor@example.com' } }],
    });
    expect(imported.body.detail).toContain('Ada Okafor');
    const added = await fixture.call(demo.admin, 'POST', '/v1/people', { email: ' Ada.Okafor@EXAMPLE.com ', name: 'Ada Twice' });
    expect(added).toMatchObject({ status: 409, body: { code: 'EMAIL_TAKEN', conflicts: [{ person: { id: ada.body.id } }] } });

    expect((await fixture.call(demo.viewer, 'GET', '/v1/people')).body.people.map((person: { name: string }) => person.name)).toEqual(['Ada Okafor']);
    expect(await demo.linkOf('ada.okafor@example.com')).toEqual({ personId: ada.body.id, link: 'linked' });
    const grid = await fixture.call(demo.viewer, 'GET', '/v1/access-grid');
    expect(grid.body.rows).toEqual([
      { person: expect.objectContaining({ id: ada.body.id }), cells: { [demo.ref.integrationId]: { state: 'active', admin: true } } },
    ]);
    await demo.sync();
    expect(await demo.linkOf('ada.okafor@example.com')).toEqual({ personId: ada.body.id, link: 'linked' });
    expect((await fixture.call(demo.viewer, 'GET', '/v1/people/conflicts')).body.conflicts).toEqual([]);
  });

  it('imports a CSV all or nothing, listing every line whose email is taken (an alias too) or repeated in the CSV', async () => {
    const demo = await demoTenant('Links CSV');
    const chen = await fixture.call(demo.admin, 'POST', '/v1/people', { email: 'chen.okafor@example.com', name: 'Chen Okafor', aliases: ['chen@example.com'] });
    expect(chen.status).toBe(201);
    expect(chen.body.aliases).toEqual(['chen@example.com']);
    const csv = [
      'email,name,aliases',
      'new.one@example.com,New One,',
      'CHEN@example.com,Not Chen,',
      'new.two@example.com,New Two,New.One@example.com',
      'fresh@example.com,Fresh,chen.okafor@example.com;fresh.alias@example.com',
      'new.one@example.com,New One Again,',
    ].join('\n');
    const refused = await fixture.call(demo.admin, 'POST', '/v1/people/import', { csv });
    expect(refused.status).toBe(409);
    expect(refused.body.conflicts).toEqual([
      { line: 3, email: 'CHEN@example.com', person: { id: chen.body.id, name: 'Chen Okafor', email: 'chen.okafor@example.com' } },
      { line: 4, email: 'New.One@example.com', sameAsLine: 2 },
      { line: 5, email: 'chen.okafor@example.com', person: { id: chen.body.id, name: 'Chen Okafor', email: 'chen.okafor@example.com' } },
      { line: 6, email: 'new.one@example.com', sameAsLine: 2 },
    ]);
    expect((await fixture.call(demo.viewer, 'GET', '/v1/people')).body.people).toHaveLength(1);

    const accepted = await fixture.call(demo.admin, 'POST', '/v1/people/import', {
      csv: 'email,name,aliases\nada.okafor@example.com,Ada Okafor,ada@example.com;a.okafor@example.com\n',
    });
    expect(accepted).toMatchObject({ status: 200, body: { created: 1 } });
    const ada = await fixture.call(demo.viewer, 'GET', `/v1/people/${accepted.body.ids[0]}`);
    expect(ada.body).toMatchObject({ email: 'ada.okafor@example.com', aliases: ['a.okafor@example.com', 'ada@example.com'] });
    const byAlias = await fixture.call(demo.admin, 'POST', '/v1/people', { email: 'A.Okafor@example.com', name: 'By Alias' });
    expect(byAlias).toMatchObject({ status: 409, body: { conflicts: [{ email: 'A.Okafor@example.com', person: { id: ada.body.id } }] } });
  });

  it('links by alias, relinks when a person is edited, and refuses an edit to another person’s email', async () => {
    const demo = await demoTenant('Links edit');
    const chenEmail = demo.accountOf('chen.okafor@example.com').email;
    const person = await fixture.call(demo.admin, 'POST', '/v1/people', {
      email: 'c.okafor@corp.example',
      name: 'C. Okafor',
      aliases: [chenEmail.toUpperCase()],
    });
    expect(await demo.linkOf(chenEmail)).toEqual({ personId: person.body.id, link: 'linked' });
    const ada = await fixture.call(demo.admin, 'POST', '/v1/people', { email: 'someone@example.com', name: 'Ada by another email' });
    expect(await demo.linkOf('ada.okafor@example.com')).toEqual({ personId: null, link: 'unlinked' });

    const edited = await fixture.call(demo.admin, 'PATCH', `/v1/people/${ada.body.id}`, { email: 'Ada.Okafor@example.com', name: 'Ada Okafor' });
    expect(edited).toMatchObject({ status: 200, body: { email: 'Ada.Okafor@example.com', name: 'Ada Okafor', aliases: [] } });
    expect(await demo.linkOf('ada.okafor@example.com')).toEqual({ personId: ada.body.id, link: 'linked' });

    const stolen = await fixture.call(demo.admin, 'PATCH', `/v1/people/${ada.body.id}`, { aliases: [chenEmail] });
    expect(stolen).toMatchObject({
      status: 409,
      body: { code: 'EMAIL_TAKEN', conflicts: [{ email: chenEmail, person: { id: person.body.id, name: 'C. Okafor' } }] },
    });
    expect(await demo.linkOf(chenEmail)).toEqual({ personId: person.body.id, link: 'linked' });

    expect((await fixture.call(demo.admin, 'PATCH', `/v1/people/${person.body.id}`, { aliases: [] })).status).toBe(200);
    expect(await demo.linkOf(chenEmail)).toEqual({ personId: null, link: 'unlinked' });
    expect((await fixture.call(demo.admin, 'PATCH', `/v1/people/${ada.body.id}`, { aliases: [chenEmail] })).status).toBe(200);
    expect(await demo.linkOf(chenEmail)).toEqual({ personId: ada.body.id, link: 'linked' });
    const audit = (await fixture.call(demo.viewer, 'GET', '/v1/audit?limit=100')).body.entries as { event: string; detail: Record<string, unknown> }[];
    expect(audit.filter((entry) => entry.event === 'people.updated').length).toBe(3);
    expect((await fixture.call(demo.admin, 'PATCH', '/v1/people/no-such-person', { name: 'X' })).status).toBe(404);
  });

  it('links and unlinks an account by hand; a sync keeps it; the link is audited and can be given back to the email rule', async () => {
    const demo = await demoTenant('Links by hand');
    const ada = await fixture.call(demo.admin, 'POST', '/v1/people', { email: 'ada.okafor@example.com', name: 'Ada Okafor' });
    const shared = demo.accountOf('chen.okafor@example.com');
    const adaAccount = demo.accountOf('ada.okafor@example.com');

    const linked = await fixture.call(demo.admin, 'PUT', `/v1/accounts/${shared.id}/link`, { personId: ada.body.id });
    expect(linked).toMatchObject({ status: 200, body: { accountId: shared.id, personId: ada.body.id, link: 'linked', byHand: true } });
    const unlinked = await fixture.call(demo.admin, 'PUT', `/v1/accounts/${adaAccount.id}/link`, { personId: null });
    expect(unlinked).toMatchObject({ status: 200, body: { personId: null, link: 'unlinked', byHand: true } });
    // A person with the hand-linked account's email arrives, and a sync runs: the hand-made choices stay.
    const chen = await fixture.call(demo.admin, 'POST', '/v1/people', { email: 'chen.okafor@example.com', name: 'Chen Okafor' });
    await demo.sync();
    expect(await demo.linkOf('chen.okafor@example.com')).toEqual({ personId: ada.body.id, link: 'linked' });
    expect(await demo.linkOf('ada.okafor@example.com')).toEqual({ personId: null, link: 'unlinked' });
    const orphans = (await fixture.call(demo.viewer, 'GET', '/v1/people/unlinked')).body.orphans as { accountId: string; byHand: boolean }[];
    expect(orphans.find((orphan) => orphan.accountId === adaAccount.id)).toMatchObject({ byHand: true });

    const audit = (await fixture.call(demo.viewer, 'GET', '/v1/audit?limit=100')).body.entries as {
      event: string;
      integrationId: string;
      detail: Record<string, unknown>;
    }[];
    expect(audit.filter((entry) => entry.event.startsWith('account.')).map((entry) => [entry.event, entry.integrationId, entry.detail.accountId])).toEqual([
      ['account.unlinked', demo.ref.integrationId, adaAccount.id],
      ['account.linked', demo.ref.integrationId, shared.id],
    ]);
    const events = (await fixture.call(demo.viewer, 'GET', `/v1/accounts/${shared.id}/events`)).body.events as {
      kind: string;
      detail: Record<string, unknown>;
    }[];
    expect(events.at(-1)).toMatchObject({ kind: 'relinked', detail: { to: ada.body.id, byHand: true } });

    const cleared = await fixture.call(demo.admin, 'DELETE', `/v1/accounts/${shared.id}/link`);
    expect(cleared).toMatchObject({ status: 200, body: { personId: chen.body.id, link: 'linked', byHand: false } });
    expect((await fixture.call(demo.admin, 'DELETE', `/v1/accounts/${adaAccount.id}/link`)).body).toMatchObject({ personId: ada.body.id, byHand: false });
    expect((await fixture.call(demo.admin, 'PUT', '/v1/accounts/999999999/link', { personId: null })).status).toBe(404);
    expect((await fixture.call(demo.admin, 'PUT', `/v1/accounts/${shared.id}/link`, { personId: 'nobody' })).status).toBe(404);
  });

  it('archives a person only when none of their accounts is present: offboard first; the email is free again', async () => {
    const demo = await demoTenant('Links archive');
    const ada = await fixture.call(demo.admin, 'POST', '/v1/people', { email: 'ada.okafor@example.com', name: 'Ada Okafor' });
    const refused = await fixture.call(demo.admin, 'POST', `/v1/people/${ada.body.id}/archive`);
    expect(refused).toMatchObject({
      status: 409,
      body: { code: 'PERSON_HAS_ACCOUNTS', accounts: [{ integrationId: demo.ref.integrationId, email: 'ada.okafor@example.com' }] },
    });
    expect(refused.body.detail).toContain('offboard first');

    const leaver = await fixture.call(demo.admin, 'POST', '/v1/people', { email: 'left@example.com', name: 'Long Gone', aliases: ['gone@example.com'] });
    const archived = await fixture.call(demo.admin, 'POST', `/v1/people/${leaver.body.id}/archive`);
    expect(archived).toMatchObject({ status: 200, body: { id: leaver.body.id, archivedAt: expect.any(String) } });
    expect((await fixture.call(demo.viewer, 'GET', '/v1/people')).body.people.map((person: { id: string }) => person.id)).toEqual([ada.body.id]);
    expect((await fixture.call(demo.viewer, 'GET', `/v1/people/${leaver.body.id}`)).body.archivedAt).toEqual(archived.body.archivedAt);
    expect((await fixture.call(demo.admin, 'POST', '/v1/people', { email: 'gone@example.com', name: 'Rehired' })).status).toBe(201);
    expect((await fixture.call(demo.admin, 'PATCH', `/v1/people/${leaver.body.id}`, { name: 'Back' })).status).toBe(404);
    // An archived person is given no access again; only offboarding runs for one.
    const onboarding = await fixture.call(demo.admin, 'POST', '/v1/workflows/onboarding', {
      personId: leaver.body.id,
      integrationIds: [demo.ref.integrationId],
      idempotencyKey: 'archived-onboarding',
    });
    expect(onboarding).toMatchObject({ status: 409, body: { code: 'PERSON_ARCHIVED' } });
    expect(onboarding.body.detail).toContain('Long Gone');
    const offboarding = await fixture.call(demo.admin, 'POST', '/v1/workflows/offboarding', {
      personId: leaver.body.id,
      idempotencyKey: 'archived-offboarding',
    });
    expect(offboarding.status).toBe(201);
  });
}
