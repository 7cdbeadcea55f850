/**
 * Account sync through the service library against the incident platform simulator on
 * 127.0.0.1. Shared by the embedded run (test/service/sync) and the PostgreSQL run (test/postgres).
 */
import { getResponse, http, HttpResponse } from 'msw';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  DEMO_FULL_ACCESS_KEY,
  incidentPlatformHandlers,
  makeUserId,
  seedUsers,
  startIncidentPlatform,
  type IncidentPlatformSimulator,
} from '../../../src/simulators/incident-platform/index.js';
import { waitForWorkflow } from '../workflows/workflows.cases.js';
import type { Service, Tenant } from '../../../src/service/index.js';
import type { SyncRun } from '../../../src/service/sync/sync-view.js';

const actor = 'ops@example.com';
const OPEN = new Set(['queued', 'running']);

export async function waitForRun(service: Service, ref: { tenantId: string; integrationId: string }, runId: string): Promise<SyncRun> {
  for (let tries = 0; tries < 400; tries += 1) {
    const run = await service.sync.getRun({ ...ref, runId });
    if (!OPEN.has(run.status)) return run;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`run ${runId} did not finish`);
}

/** The import's page at `offset` is answered only after `release()`; `asked` once it is asked for. */
export function holdPage(simulator: IncidentPlatformSimulator, offset: number) {
  let reached!: () => void;
  const asked = new Promise<void>((resolve) => (reached = resolve));
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  simulator.server.use(
    http.get(`${simulator.server.origin}/users`, async ({ request }) => {
      if (new URL(request.url).searchParams.get('offset') !== String(offset)) return undefined;
      reached();
      await gate;
      return undefined;
    }),
  );
  return { asked, release };
}

/**
 * `heldFirstSync`: a check of the database's own while a large first sync is held mid-import
 * (PostgreSQL's: the run has added what it imported so far, in a transaction of its own).
 */
export function describeSync(
  fixture: { service: Service },
  options: { heldFirstSync?: (ref: { tenantId: string; integrationId: string }) => Promise<void> } = {},
): void {
  const service = () => fixture.service;
  let tenant: Tenant;
  let other: Tenant;
  const simulators: IncidentPlatformSimulator[] = [];

  beforeAll(async () => {
    tenant = await service().tenants.create({ name: 'Sync tenant', plan: 'standard', actor });
    other = await service().tenants.create({ name: 'Other tenant', plan: 'standard', actor });
    await service().startWorkers();
  });
  afterAll(async () => {
    await service().stopWorkers();
    for (const simulator of simulators) await simulator.close();
  });

  /**
   * A simulator with `count` users and an integration on it with Import Users enabled (which syncs at
   * once); `before` changes the simulator before that first sync.
   */
  async function setUp(
    count: number,
    settings: { maxConsecutiveFailures?: number } = {},
    owner: Tenant = tenant,
    before?: (simulator: IncidentPlatformSimulator) => void,
  ) {
    const simulator = await startIncidentPlatform({ users: seedUsers({ count }) });
    simulators.push(simulator);
    before?.(simulator);
    const { ref, first } = await enableImport(simulator, settings, owner);
    const run = await waitForRun(service(), ref, first.id);
    return { simulator, ref, run };
  }

  /** An integration on `simulator` with Import Users enabled; returns its first run, queued or under way. */
  async function enableImport(simulator: IncidentPlatformSimulator, settings: { maxConsecutiveFailures?: number } = {}, owner: Tenant = tenant) {
    const integration = await service().integrations.create({
      tenantId: owner.id,
      actor,
      type: 'prebuilt',
      connector: 'incident-platform',
      baseUrl: simulator.server.origin,
    });
    const ref = { tenantId: owner.id, integrationId: integration.id };
    expect(await service().integrations.configureAuth({ ...ref, inputs: { token: DEMO_FULL_ACCESS_KEY }, actor })).toMatchObject({ ok: true });
    if (Object.keys(settings).length > 0) await service().sync.configure({ ...ref, ...settings, actor });
    await service().integrations.setAction({ ...ref, action: 'importUsers', enabled: true, actor });
    const [first] = await service().sync.listRuns(ref);
    return { ref, first: first! };
  }

  const allAccounts = async (ref: { tenantId: string; integrationId: string }) => {
    const accounts = [];
    let after: string | undefined;
    do {
      const page = await service().sync.listAccounts({ ...ref, limit: 400, after });
      accounts.push(...page.accounts);
      after = page.next;
    } while (after);
    return accounts;
  };

  const syncNow = async (ref: { tenantId: string; integrationId: string }) => {
    const { run } = await service().sync.syncNow({ ...ref, actor });
    return waitForRun(service(), ref, run.id);
  };

  it("people.list by ids gives only those people of the tenant (a page's linked people), none for no ids", async () => {
    // Tenants of their own: the other cases count the shared tenants' people.
    const mine = await service().tenants.create({ name: 'People by ids', plan: 'standard', actor });
    const theirs = await service().tenants.create({ name: 'Other people', plan: 'standard', actor });
    const made = [];
    for (const name of ['Ids One', 'Ids Two', 'Ids Three'])
      made.push(await service().people.create({ tenantId: mine.id, email: `${name.replace(' ', '.').toLowerCase()}@example.com`, name, actor }));
    const stranger = await service().people.create({ tenantId: theirs.id, email: 'ids.stranger@example.com', name: 'Ids Stranger', actor });
    const found = await service().people.list({ tenantId: mine.id, ids: [made[0]!.id, made[2]!.id, stranger.id] });
    expect(found.map((person) => person.name)).toEqual(['Ids One', 'Ids Three']);
    expect(await service().people.list({ tenantId: mine.id, ids: [] })).toEqual([]);
    expect(await service().people.list({ tenantId: mine.id })).toHaveLength(3);
  });

  it("overview: the status and latest run of a page of integrations at once, as status and listRuns give them; another tenant's ids left out", async () => {
    const first = await setUp(3);
    const second = await setUp(2);
    await syncNow(second.ref);
    // A tenant of its own: the other cases expect the shared other tenant to have no accounts.
    const foreign = await setUp(1, {}, await service().tenants.create({ name: 'Overview stranger', plan: 'standard', actor }));
    const ids = [first.ref.integrationId, second.ref.integrationId, foreign.ref.integrationId];
    const overview = await service().sync.overview({ tenantId: tenant.id, integrationIds: ids });
    expect([...overview.keys()].sort()).toEqual([first.ref.integrationId, second.ref.integrationId].sort());
    for (const ref of [first.ref, second.ref]) {
      const [latest] = await service().sync.listRuns({ ...ref, limit: 1 });
      expect(overview.get(ref.integrationId)).toEqual({ status: await service().sync.status(ref), lastRun: latest });
    }
    expect(overview.get(second.ref.integrationId)?.lastRun?.trigger).toBe('manual');
  });

  it('enabling Import Users syncs at once and fills the Accounts list', async () => {
    const { simulator, ref, run } = await setUp(30);
    expect(run).toMatchObject({
      trigger: 'enabled',
      status: 'succeeded',
      counts: { pages: 1, seen: 30, added: 30, changed: 0, removed: 0, skipped: 0 },
      error: null,
    });
    const accounts = await allAccounts(ref);
    expect(accounts).toHaveLength(30);
    for (const user of simulator.state.users) {
      const account = accounts.find((candidate) => candidate.externalId === user.id);
      expect(account).toMatchObject({
        email: user.email ?? '',
        name: user.name,
        admin: user.role === 'owner' || user.role === 'admin',
        state: 'active',
        lastRunId: run.id,
        fields: { role: user.role },
      });
    }
    // Another tenant sees neither the integration nor its accounts.
    await expect(service().sync.listAccounts({ tenantId: other.id, integrationId: ref.integrationId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('a second sync after users were added, changed and deleted gives the right counts, states and events', async () => {
    const { simulator, ref } = await setUp(30);
    const users = simulator.state.users;
    const [renamed, promoted, goneA, goneB] = [users[3]!, users[4]!, users[5]!, users[6]!];
    renamed.name = 'Renamed Person';
    promoted.role = 'admin';
    simulator.state.users = users.filter((user) => user !== goneA && user !== goneB);
    simulator.state.users.push(
      { id: makeUserId(9001), name: 'New One', email: 'new.one@example.com', role: 'user', timeZone: 'UTC' },
      { id: makeUserId(9002), name: 'New Two', email: 'new.two@example.com', role: 'owner', timeZone: 'UTC' },
    );
    const run = await syncNow(ref);
    expect(run).toMatchObject({ trigger: 'manual', status: 'succeeded', counts: { seen: 30, added: 2, changed: 2, removed: 2 } });
    const accounts = await allAccounts(ref);
    expect(accounts).toHaveLength(32);
    const byId = new Map(accounts.map((account) => [account.externalId, account]));
    expect(byId.get(renamed.id)).toMatchObject({ name: 'Renamed Person', state: 'active' });
    expect(byId.get(promoted.id)).toMatchObject({ admin: true, fields: { role: 'admin' } });
    for (const gone of [goneA, goneB]) expect(byId.get(gone.id)).toMatchObject({ state: 'removed', removedAt: expect.any(String) });
    expect(byId.get(makeUserId(9002))).toMatchObject({ admin: true, state: 'active' });
    const events = await service().sync.accountEvents({ tenantId: tenant.id, accountId: byId.get(renamed.id)!.id });
    expect(events.map((event) => event.kind)).toEqual(['added', 'changed']);
    expect(events[1]!.detail).toMatchObject({ before: { name: expect.not.stringMatching('Renamed') }, after: { name: 'Renamed Person' } });
    expect((await service().sync.accountEvents({ tenantId: tenant.id, accountId: byId.get(goneA.id)!.id })).map((event) => event.kind)).toEqual([
      'added',
      'removed',
    ]);
    // A third sync with nothing changed changes nothing.
    expect(await syncNow(ref)).toMatchObject({ counts: { seen: 30, added: 0, changed: 0, removed: 0 } });
  });

  it('keeps an account whose text the database cannot hold (U+0000, a lone surrogate), cleaned and flagged; the run succeeds and its warnings name it', async () => {
    const { simulator, ref } = await setUp(6);
    const users = simulator.state.users;
    const [nul, lone] = [users[1]!, users[2]!];
    nul.name = 'Nul\u0000 Name\u0000';
    lone.name = 'Lone \ud800 Half';
    simulator.state.users.push({ id: makeUserId(9100), name: 'New\u0000comer', email: 'new\u0000comer@example.com', role: 'user', timeZone: 'UTC' });
    const run = await syncNow(ref);
    expect(run).toMatchObject({ status: 'succeeded', error: null, counts: { seen: 7, added: 1, changed: 2, removed: 0, skipped: 0 } });
    const accounts = new Map((await allAccounts(ref)).map((account) => [account.externalId, account]));
    expect(accounts.get(nul.id)).toMatchObject({ name: 'Nul Name', cleaned: 'name: 2 U+0000 removed', state: 'active' });
    expect(accounts.get(lone.id)).toMatchObject({ name: 'Lone \ufffd Half', cleaned: 'name: 1 invalid character replaced by U+FFFD' });
    expect(accounts.get(makeUserId(9100))).toMatchObject({
      name: 'Newcomer',
      email: 'newcomer@example.com',
      cleaned: 'email: 1 U+0000 removed; name: 1 U+0000 removed',
    });
    expect(accounts.get(users[0]!.id)).toMatchObject({ cleaned: null });
    expect(run.warnings).toHaveLength(3);
    for (const id of [nul.id, lone.id, makeUserId(9100)]) expect(run.warnings.some((warning) => warning.includes(id))).toBe(true);
    expect(run.warnings.find((warning) => warning.includes(nul.id))).toContain('name: 2 U+0000 removed');
    // The same text again is no change: the accounts stay flagged, nothing is rewritten, the run warns again.
    const again = await syncNow(ref);
    expect(again).toMatchObject({ status: 'succeeded', counts: { seen: 7, added: 0, changed: 0, removed: 0 } });
    expect(again.warnings).toHaveLength(3);
    expect((await allAccounts(ref)).find((account) => account.externalId === nul.id)).toMatchObject({ cleaned: 'name: 2 U+0000 removed', lastRunId: again.id });
    expect((await service().sync.status(ref)).consecutiveFailures).toBe(0);
  });

  it('keeps text with tabs, line breaks, backslashes and a literal \\N as the target lists it (staging sends COPY text); the same again is no change', async () => {
    const { simulator, ref } = await setUp(4);
    const [tabbed, broken, slashed] = simulator.state.users;
    tabbed!.name = 'Tab\there\tand there';
    broken!.name = 'Line\nbreak\r\nand return';
    // A role is mapped as it is listed: any text reaches the account's fields.
    Object.assign(broken!, { role: 'multi\nline\trole' });
    slashed!.name = '\\N';
    slashed!.email = 'back\\slash@example.com';
    Object.assign(slashed!, { role: 'C:\\path\\N\\' });
    simulator.state.users.push(
      Object.assign(
        { id: makeUserId(9200), name: '\\t is not a tab', email: 'new\tcomer@example.com', role: 'user' as const, timeZone: 'UTC' },
        { role: '\\' },
      ),
    );
    expect(await syncNow(ref)).toMatchObject({ status: 'succeeded', counts: { seen: 5, added: 1, changed: 3, removed: 0, skipped: 0 } });
    const accounts = new Map((await allAccounts(ref)).map((account) => [account.externalId, account]));
    expect(accounts.get(tabbed!.id)).toMatchObject({ name: 'Tab\there\tand there', cleaned: null });
    expect(accounts.get(broken!.id)).toMatchObject({ name: 'Line\nbreak\r\nand return', fields: { role: 'multi\nline\trole' } });
    expect(accounts.get(slashed!.id)).toMatchObject({ name: '\\N', email: 'back\\slash@example.com', fields: { role: 'C:\\path\\N\\' } });
    expect(accounts.get(makeUserId(9200))).toMatchObject({ name: '\\t is not a tab', email: 'new\tcomer@example.com', fields: { role: '\\' }, cleaned: null });
    expect(await syncNow(ref)).toMatchObject({ status: 'succeeded', counts: { seen: 5, added: 0, changed: 0, removed: 0 } });
  });

  it('an id the target lists twice is staged once (COPY has no ON CONFLICT): the run succeeds with one account for it', async () => {
    const { simulator, ref } = await setUp(3);
    const [first] = simulator.state.users;
    simulator.state.users.push({ ...first!, name: 'Listed again' });
    const run = await syncNow(ref);
    // The first listing counts; the repeat (another name) is skipped, not written over it.
    expect(run).toMatchObject({ status: 'succeeded', counts: { seen: 3, added: 0, changed: 0, removed: 0 } });
    expect(run.counts.skipped).toBeGreaterThanOrEqual(1);
    const accounts = (await allAccounts(ref)).filter((account) => account.externalId === first!.id);
    expect(accounts).toHaveLength(1);
    expect(accounts[0]!.name).toBe(first!.name);
  });

  it('an id listed twice on a first sync is added once, as first listed', async () => {
    const { simulator, ref, run } = await setUp(3, {}, tenant, (target) => target.state.users.push({ ...target.state.users[0]!, name: 'Listed again' }));
    const [first] = simulator.state.users;
    expect(run).toMatchObject({ status: 'succeeded', counts: { seen: 3, added: 3, changed: 0, removed: 0 } });
    const accounts = (await allAccounts(ref)).filter((account) => account.externalId === first!.id);
    expect(accounts).toHaveLength(1);
    expect(accounts[0]!.name).toBe(first!.name);
  });

  it('a first sync of 1,500 accounts lists none of them while its import is under way (held at page 13 of 16), then every one, each added once with its event', async () => {
    const simulator = await startIncidentPlatform({ users: seedUsers({ count: 1500 }) });
    simulators.push(simulator);
    // An id listed again in the last page, in another batch than its first listing: added once, as first listed.
    const [repeated] = simulator.state.users;
    simulator.state.users.push({ ...repeated!, name: 'Listed again' });
    const held = holdPage(simulator, 1200);
    const { ref, first } = await enableImport(simulator);
    await held.asked;
    expect(await service().sync.getRun({ ...ref, runId: first.id })).toMatchObject({ status: 'running' });
    expect(await allAccounts(ref)).toEqual([]);
    expect((await service().sync.listAccounts({ ...ref, limit: 10 })).accounts).toEqual([]);
    await options.heldFirstSync?.(ref);
    held.release();
    const run = await waitForRun(service(), ref, first.id);
    expect(run).toMatchObject({ status: 'succeeded', counts: { pages: 16, seen: 1500, added: 1500, changed: 0, removed: 0 } });
    expect(run.counts.skipped).toBe(1);
    const accounts = await allAccounts(ref);
    expect(accounts).toHaveLength(1500);
    expect(new Set(accounts.map((account) => account.externalId))).toEqual(new Set(simulator.state.users.map((user) => user.id)));
    expect(accounts.find((account) => account.externalId === repeated!.id)).toMatchObject({ name: repeated!.name, lastRunId: run.id });
    const last = accounts.find((account) => account.externalId === simulator.state.users[1499]!.id)!;
    expect((await service().sync.accountEvents({ ...ref, accountId: last.id })).map((event) => [event.kind, event.runId])).toEqual([['added', run.id]]);
  });

  it('a first sync of 1,500 accounts links to people by email: in a tenant with people, an account of a later batch; in one without, none', async () => {
    const simulator = await startIncidentPlatform({ users: seedUsers({ count: 1500 }) });
    simulators.push(simulator);
    const late = simulator.state.users[1450]!;
    const withPeople = await service().tenants.create({ name: 'First sync with people', plan: 'standard', actor });
    const person = await service().people.create({ tenantId: withPeople.id, email: late.email!, name: 'Late Batch', actor });
    const linked = await enableImport(simulator, {}, withPeople);
    expect(await waitForRun(service(), linked.ref, linked.first.id)).toMatchObject({ status: 'succeeded', counts: { added: 1500 } });
    const accounts = await allAccounts(linked.ref);
    expect(accounts.filter((account) => account.personId !== null).map((account) => [account.externalId, account.personId, account.link])).toEqual([
      [late.id, person.id, 'linked'],
    ]);
    const withoutPeople = await service().tenants.create({ name: 'First sync without people', plan: 'standard', actor });
    const unlinked = await enableImport(simulator, {}, withoutPeople);
    expect(await waitForRun(service(), unlinked.ref, unlinked.first.id)).toMatchObject({ status: 'succeeded', counts: { added: 1500 } });
    expect(new Set((await allAccounts(unlinked.ref)).map((account) => `${account.personId}/${account.link}`))).toEqual(new Set(['null/unlinked']));
  });

  it('a first sync of 1,500 accounts whose import fails at page 13 adds none of them; the next run adds them all', async () => {
    const simulator = await startIncidentPlatform({ users: seedUsers({ count: 1500 }) });
    simulators.push(simulator);
    simulator.server.use(
      http.get(`${simulator.server.origin}/users`, ({ request }) =>
        new URL(request.url).searchParams.get('offset') === '1200'
          ? HttpResponse.json({ error: { code: 2010, message: 'Access Denied' } }, { status: 401 })
          : undefined,
      ),
    );
    const { ref, first } = await enableImport(simulator);
    expect(await waitForRun(service(), ref, first.id)).toMatchObject({ status: 'failed', error: { code: 'AUTH_FAILED' }, counts: { added: 0 } });
    expect(await allAccounts(ref)).toEqual([]);
    simulator.server.reset();
    expect(await syncNow(ref)).toMatchObject({ status: 'succeeded', counts: { seen: 1500, added: 1500, removed: 0 } });
    expect(await allAccounts(ref)).toHaveLength(1500);
  });

  it('setActionMany enables Import Users on several integrations at once: each syncs; a refusal names its integration and saves nothing', async () => {
    const simulator = await startIncidentPlatform({ users: seedUsers({ count: 4 }) });
    simulators.push(simulator);
    const create = async (configured: boolean) => {
      const integration = await service().integrations.create({
        tenantId: tenant.id,
        actor,
        type: 'prebuilt',
        connector: 'incident-platform',
        baseUrl: simulator.server.origin,
      });
      const ref = { tenantId: tenant.id, integrationId: integration.id };
      if (configured) await service().integrations.configureAuth({ ...ref, inputs: { token: DEMO_FULL_ACCESS_KEY }, actor });
      return ref;
    };
    const refs = [await create(true), await create(true), await create(true)];
    const unconfigured = await create(false);
    const ids = refs.map((ref) => ref.integrationId);
    await expect(
      service().integrations.setActionMany({
        tenantId: tenant.id,
        integrationIds: [...ids, unconfigured.integrationId],
        action: 'importUsers',
        enabled: true,
        actor,
      }),
    ).rejects.toMatchObject({ code: 'AUTH_NOT_CONFIGURED', message: expect.stringContaining(unconfigured.integrationId) });
    await expect(
      service().integrations.setActionMany({ tenantId: other.id, integrationIds: ids, action: 'importUsers', enabled: true, actor }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    for (const ref of refs) {
      expect(await service().sync.listRuns(ref)).toEqual([]);
      expect((await service().integrations.listActions(ref)).find((action) => action.name === 'importUsers')).toMatchObject({ enabled: false });
    }
    await service().integrations.setActionMany({ tenantId: tenant.id, integrationIds: ids, action: 'importUsers', enabled: true, actor });
    for (const ref of refs) {
      expect((await service().integrations.listActions(ref)).find((action) => action.name === 'importUsers')).toMatchObject({ enabled: true });
      const runs = await service().sync.listRuns(ref);
      expect(runs).toHaveLength(1);
      expect(await waitForRun(service(), ref, runs[0]!.id)).toMatchObject({ trigger: 'enabled', status: 'succeeded', counts: { seen: 4, added: 4 } });
    }
    const audit = await service().audit.list({ tenantId: tenant.id, limit: 500 });
    for (const id of ids) expect(audit.entries.filter((entry) => entry.integrationId === id && entry.event === 'integration.action_enabled')).toHaveLength(1);
  });

  it('a sync that fails on page 7 of 10 changes no account', async () => {
    const { simulator, ref, run: first } = await setUp(1000);
    expect(first.counts).toMatchObject({ pages: 10, seen: 1000 });
    const before = await allAccounts(ref);
    simulator.state.users = simulator.state.users.slice(0, 990);
    simulator.state.users[0]!.name = 'Changed Owner';
    simulator.server.use(
      http.get(`${simulator.server.origin}/users`, ({ request }) =>
        new URL(request.url).searchParams.get('offset') === '600'
          ? HttpResponse.json({ error: { code: 2010, message: 'Access Denied' } }, { status: 401 })
          : undefined,
      ),
    );
    try {
      const run = await syncNow(ref);
      expect(run).toMatchObject({ status: 'failed', error: { code: 'AUTH_FAILED' }, counts: { pages: 6, added: 0, changed: 0, removed: 0 } });
    } finally {
      simulator.server.reset();
    }
    expect(await allAccounts(ref)).toEqual(before);
    expect((await service().sync.status(ref)).consecutiveFailures).toBe(1);
  });

  it('a sync that would remove 50% waits for approval and removes only after it', async () => {
    const { simulator, ref } = await setUp(40);
    simulator.state.users = simulator.state.users.slice(0, 20);
    const held = await syncNow(ref);
    expect(held).toMatchObject({ status: 'awaiting_approval', counts: { removed: 0, pendingRemovals: 20 } });
    expect((await allAccounts(ref)).filter((account) => account.state === 'removed')).toHaveLength(0);
    await expect(service().sync.syncNow({ ...ref, actor })).rejects.toMatchObject({ code: 'SYNC_AWAITING_APPROVAL' });
    const approved = await service().sync.approveRun({ ...ref, runId: held.id, actor });
    expect(approved).toMatchObject({ status: 'succeeded', counts: { removed: 20 }, decidedBy: actor });
    expect((await allAccounts(ref)).filter((account) => account.state === 'removed')).toHaveLength(20);
    await expect(service().sync.approveRun({ ...ref, runId: held.id, actor })).rejects.toMatchObject({ code: 'RUN_NOT_AWAITING_APPROVAL' });
  });

  it('a rejected run removes nothing', async () => {
    const { simulator, ref } = await setUp(40);
    simulator.state.users = simulator.state.users.slice(0, 10);
    const held = await syncNow(ref);
    expect(held.status).toBe('awaiting_approval');
    // No scheduled run starts beside the held one: the status promises none.
    expect(await service().sync.status(ref)).toMatchObject({ nextSyncAt: null, notScheduled: 'awaiting-approval' });
    expect(await service().sync.rejectRun({ ...ref, runId: held.id, actor })).toMatchObject({ status: 'rejected', counts: { removed: 0 } });
    expect(await service().sync.status(ref)).toMatchObject({ nextSyncAt: expect.any(String), notScheduled: null });
    expect((await allAccounts(ref)).every((account) => account.state === 'active')).toBe(true);
  });

  it('a shorter interval brings the next scheduled sync forward; a longer one leaves it; the trail says which', async () => {
    const { ref, run } = await setUp(5);
    expect(run.status).toBe('succeeded');
    const secondsUntil = (at: string | null) => (Date.parse(at ?? 'no next sync') - Date.now()) / 1000;
    // Hourly by default, ±10 %.
    expect(secondsUntil((await service().sync.status(ref)).nextSyncAt)).toBeGreaterThan(3000);
    const shorter = await service().sync.configure({ ...ref, intervalSeconds: 600, actor });
    expect(secondsUntil(shorter.nextSyncAt)).toBeGreaterThan(500);
    expect(secondsUntil(shorter.nextSyncAt)).toBeLessThanOrEqual(660);
    const longer = await service().sync.configure({ ...ref, intervalSeconds: 86_400, actor });
    expect(longer).toMatchObject({ settings: { intervalSeconds: 86_400 }, nextSyncAt: shorter.nextSyncAt });
    const trail = (await service().audit.list({ ...ref, limit: 10 })).entries.filter((entry) => entry.event === 'sync.configured');
    // Newest first.
    expect(trail.map((entry) => entry.detail)).toEqual([
      expect.not.objectContaining({ nextSyncAt: expect.anything() }),
      expect.objectContaining({ intervalSeconds: 600, nextSyncAt: shorter.nextSyncAt }),
    ]);
  });

  it('promises no scheduled sync while Import Users is off or the integration disabled, and says why', async () => {
    const { ref, run } = await setUp(5);
    expect(run.status).toBe('succeeded');
    expect(await service().sync.status(ref)).toMatchObject({ nextSyncAt: expect.any(String), notScheduled: null });
    await service().integrations.setAction({ ...ref, action: 'importUsers', enabled: false, actor });
    expect(await service().sync.status(ref)).toMatchObject({ nextSyncAt: null, notScheduled: 'import-disabled' });
    await service().integrations.disable({ ...ref, actor });
    expect(await service().sync.status(ref)).toMatchObject({ nextSyncAt: null, notScheduled: 'integration-disabled' });
    // The integrations list reads the same.
    expect((await service().sync.overview({ tenantId: ref.tenantId, integrationIds: [ref.integrationId] })).get(ref.integrationId)?.status).toMatchObject({
      nextSyncAt: null,
      notScheduled: 'integration-disabled',
    });
    // Enabled again, with Import Users on: the sync runs at once and the next one is scheduled.
    await service().integrations.enable({ ...ref, actor });
    await service().integrations.setAction({ ...ref, action: 'importUsers', enabled: true, actor });
    const [again] = await service().sync.listRuns(ref);
    expect(await waitForRun(service(), ref, again!.id)).toMatchObject({ status: 'succeeded' });
    expect(await service().sync.status(ref)).toMatchObject({ nextSyncAt: expect.any(String), notScheduled: null });
  });

  it('quarantines after repeated failures until an admin resumes', async () => {
    const { simulator, ref } = await setUp(5, { maxConsecutiveFailures: 2 });
    simulator.state.keys.clear();
    expect(await syncNow(ref)).toMatchObject({ status: 'failed', error: { code: 'AUTH_FAILED' } });
    expect(await service().sync.status(ref)).toMatchObject({ consecutiveFailures: 1, quarantined: false, nextSyncAt: expect.any(String) });
    expect(await syncNow(ref)).toMatchObject({ status: 'failed' });
    expect(await service().sync.status(ref)).toMatchObject({ consecutiveFailures: 2, quarantined: true, nextSyncAt: null, notScheduled: 'quarantined' });
    const runs = (await service().sync.listRuns(ref)).length;
    await service().sync.tick();
    expect(await service().sync.listRuns(ref)).toHaveLength(runs);
    simulator.state.keys.set(DEMO_FULL_ACCESS_KEY, 'full');
    expect(await service().sync.resume({ ...ref, actor })).toMatchObject({ quarantined: false, consecutiveFailures: 0 });
    await service().sync.tick();
    const [scheduled] = await service().sync.listRuns(ref);
    expect(scheduled).toMatchObject({ trigger: 'scheduled', requestedBy: 'scheduler' });
    expect(await waitForRun(service(), ref, scheduled!.id)).toMatchObject({ status: 'succeeded' });
    expect((await service().sync.status(ref)).consecutiveFailures).toBe(0);
  });

  it('runs one sync at a time under 20 concurrent "sync now" calls', async () => {
    const { simulator, ref } = await setUp(10);
    simulator.server.reset();
    // The first page is held until every call has answered: the first run stays open while the other 19 arrive.
    const page = holdPage(simulator, 0);
    const results = await Promise.all(Array.from({ length: 20 }, () => service().sync.syncNow({ ...ref, actor })));
    page.release();
    const ids = new Set(results.map((result) => result.run.id));
    expect(ids.size).toBe(1);
    expect(results.filter((result) => !result.joined)).toHaveLength(1);
    expect(await waitForRun(service(), ref, [...ids][0]!)).toMatchObject({ status: 'succeeded' });
    // The enabling run and this one: the other 19 calls started nothing.
    expect(await service().sync.listRuns(ref)).toHaveLength(2);
    simulator.server.reset();
  });

  it('an account a workflow creates while an import is running is not removed by that import', async () => {
    const { simulator, ref } = await setUp(12);
    await service().integrations.setAction({ ...ref, action: 'createUser', enabled: true, actor });
    // The run's only page is answered from the users as they were when it was asked for, but only
    // after the joiner's workflow has finished: the import read the target before the creation.
    let reached!: () => void;
    const pageAsked = new Promise<void>((resolve) => (reached = resolve));
    let release!: () => void;
    let armed = 1;
    const gate = new Promise<void>((resolve) => (release = resolve));
    simulator.server.use(
      http.get(`${simulator.server.origin}/users`, async ({ request }) => {
        // Only the run's first page; the workflow's own lookup of the joiner is answered as usual.
        if (armed-- <= 0) return undefined;
        const before = incidentPlatformHandlers({ ...simulator.state, users: simulator.state.users.map((user) => ({ ...user })) });
        const response = await getResponse(before, request);
        reached();
        await gate;
        return response;
      }),
    );
    const { run } = await service().sync.syncNow({ ...ref, actor });
    await pageAsked;
    const joiner = await service().people.create({ tenantId: ref.tenantId, email: 'mid.import@example.com', name: 'Mid Import', actor });
    const { workflow } = await service().workflows.startOnboarding({
      tenantId: ref.tenantId,
      personId: joiner.id,
      integrationIds: [ref.integrationId],
      idempotencyKey: `mid-import-${run.id}`,
      actor,
    });
    await waitForWorkflow(service(), ref.tenantId, workflow.id, (current) => current.status !== 'running');
    release();
    expect(await waitForRun(service(), ref, run.id)).toMatchObject({ status: 'succeeded', counts: { seen: 12, removed: 0 } });
    const created = (await allAccounts(ref)).find((account) => account.email === joiner.email);
    expect(created).toMatchObject({ state: 'active', personId: joiner.id, removedAt: null });
    // The next import sees it on the target and takes it over.
    simulator.server.reset();
    expect(await syncNow(ref)).toMatchObject({ status: 'succeeded', counts: { seen: 13, removed: 0 } });
  });

  it('links accounts to people by email case-insensitively, refuses a second person with one email, lists orphans, and shows the Access Grid and the Application Audit', async () => {
    // A tenant of its own: the seeded emails repeat in the other tests' integrations.
    const tenant = await service().tenants.create({ name: 'People tenant', plan: 'standard', actor });
    const { simulator, ref, run } = await setUp(8, {}, tenant);
    const [owner, second] = simulator.state.users;
    const ada = await service().people.create({ tenantId: tenant.id, email: `  ${owner!.email!.toUpperCase()} `, name: 'Ada (HR)', actor });
    // Two people with one email: the CSV is refused whole, naming the repeated line (issue 23).
    await expect(
      service().people.importCsv({
        tenantId: tenant.id,
        csv: `name,email\r\n"Bram, one",${second!.email}\r\nBram two,${second!.email!.toUpperCase()}\r\n`,
        actor,
      }),
    ).rejects.toMatchObject({ code: 'EMAIL_TAKEN', conflicts: [{ line: 3, sameAsLine: 2 }] });
    // Two people without accounts, so that the grid has a second page.
    await service().people.importCsv({ tenantId: tenant.id, csv: 'email,name\nzed.one@elsewhere.test,Zed One\nzed.two@elsewhere.test,Zed Two\n', actor });
    const accounts = new Map((await allAccounts(ref)).map((account) => [account.externalId, account]));
    expect(accounts.get(owner!.id)).toMatchObject({ personId: ada.id, link: 'linked' });
    expect(accounts.get(second!.id)).toMatchObject({ personId: null, link: 'unlinked' });
    expect((await service().sync.accountEvents({ tenantId: tenant.id, accountId: accounts.get(owner!.id)!.id })).map((event) => event.kind)).toEqual([
      'added',
      'relinked',
    ]);
    expect(await service().people.conflicts({ tenantId: tenant.id })).toEqual([]);
    const orphans = (await service().people.orphans({ tenantId: tenant.id })).filter((orphan) => orphan.integrationId === ref.integrationId);
    expect(orphans.map((orphan) => orphan.externalId).sort()).toEqual(
      simulator.state.users
        .slice(1)
        .map((user) => user.id)
        .sort(),
    );
    expect(await service().people.orphans({ tenantId: other.id })).toEqual([]);

    const grid = await service().access.grid({ tenantId: tenant.id, integrationIds: [ref.integrationId], limit: 2 });
    expect(grid.applications).toEqual([{ id: ref.integrationId, name: 'Incident platform (PagerDuty)' }]);
    expect(grid.rows[0]).toEqual({
      person: { id: ada.id, name: 'Ada (HR)', email: owner!.email!.toUpperCase() },
      cells: { [ref.integrationId]: { state: 'active', admin: true } },
    });
    expect(grid.rows.slice(1).every((row) => Object.keys(row.cells).length === 0)).toBe(true);
    expect(grid.next).toEqual(expect.any(String));
    // The next page starts after the last person shown, none shown twice.
    const after = await service().access.grid({ tenantId: tenant.id, integrationIds: [ref.integrationId], limit: 2, cursor: grid.next });
    expect(after.rows.length).toBeGreaterThan(0);
    expect(after.rows.map((row) => row.person.id)).not.toContain(grid.rows[1]!.person.id);
    expect(
      (await service().access.grid({ tenantId: tenant.id, integrationIds: [ref.integrationId], adminOnly: true })).rows.map((row) => row.person.id),
    ).toEqual([ada.id]);
    const csv = await service().access.gridCsv({ tenantId: tenant.id, integrationIds: [ref.integrationId], search: 'Ada' });
    expect(csv).toBe(`person,email,Incident platform (PagerDuty)\r\nAda (HR),${owner!.email!.toUpperCase()},active (admin)\r\n`);

    const audit = await service().access.applicationAudit(ref);
    expect(audit).toHaveLength(8);
    expect(audit.find((line) => line.externalId === owner!.id)).toMatchObject({
      person: { id: ada.id },
      admin: true,
      state: 'active',
      syncedAt: run.finishedAt,
    });
    expect(audit.find((line) => line.externalId === second!.id)).toMatchObject({ person: null, link: 'unlinked' });
    const auditCsv = (await service().access.applicationAuditCsv(ref)).split('\r\n');
    expect(auditCsv[0]).toBe('external id,account email,account name,person,person email,link,admin,state,last seen,synced at,activation due');
    expect(auditCsv).toContain(
      `${owner!.id},${owner!.email},${owner!.name},Ada (HR),${owner!.email!.toUpperCase()},linked,yes,active,${accounts.get(owner!.id)!.lastSeenAt},${run.finishedAt},`,
    );
    await expect(service().access.applicationAudit({ tenantId: other.id, integrationId: ref.integrationId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
}
