/**
 * The people and link rules as a property (issue 23): any sequence of adds, CSV imports, edits,
 * hand-made links, unlinks and clears, archives and syncs (accounts appearing, their emails
 * changing) never leaves a present account unlinked while a person holds its email (or alias),
 * unless it was unlinked by hand; no two current people share an email; a hand-made link stays
 * as made through every sync. Through the service library on the embedded database, against the
 * incident platform simulator on 127.0.0.1; each run on a tenant of its own.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FULL_ACCESS_KEY, startIncidentPlatform, type IncidentPlatformSimulator } from '../../../src/simulators/incident-platform/index.js';
import { isServiceError } from '../../../src/service/service-error.js';
import { embeddedStorage, useService } from '../helpers/service-fixture.js';
import { waitForRun } from '../sync/sync.cases.js';

const fixture = useService(embeddedStorage('people-links-property'));
const actor = 'property@example.com';
const simulators: IncidentPlatformSimulator[] = [];

beforeAll(async () => {
  await fixture.service.startWorkers();
});
afterAll(async () => {
  await fixture.service.stopWorkers();
  for (const simulator of simulators) await simulator.close();
});

/** A small pool, so that emails collide often; each given in some letter case. */
const POOL = ['ada@x.test', 'bo@x.test', 'cy@x.test', 'di@x.test', 'ed@x.test', 'fay@x.test'];
const email = fc.tuple(fc.constantFrom(...POOL), fc.boolean()).map(([address, upper]) => (upper ? address.toUpperCase() : address));
const aliases = fc.array(email, { maxLength: 2 });
const index = fc.nat({ max: 7 });

type Op =
  | { kind: 'add'; email: string; aliases: string[] }
  | { kind: 'import'; lines: { email: string; aliases: string[] }[] }
  | { kind: 'edit'; person: number; email: string; aliases: string[] }
  | { kind: 'link'; account: number; person: number }
  | { kind: 'unlink'; account: number }
  | { kind: 'clear'; account: number }
  | { kind: 'archive'; person: number }
  | { kind: 'sync'; account: number; email: string; add: boolean };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), email, aliases }),
  fc.record({ kind: fc.constant('import' as const), lines: fc.array(fc.record({ email, aliases }), { minLength: 1, maxLength: 3 }) }),
  fc.record({ kind: fc.constant('edit' as const), person: index, email, aliases }),
  fc.record({ kind: fc.constant('link' as const), account: index, person: index }),
  fc.record({ kind: fc.constant('unlink' as const), account: index }),
  fc.record({ kind: fc.constant('clear' as const), account: index }),
  fc.record({ kind: fc.constant('archive' as const), person: index }),
  fc.record({ kind: fc.constant('sync' as const), account: index, email, add: fc.boolean() }),
);

const key = (text: string) => text.trim().toLowerCase();
let runs = 0;

async function check(ref: { tenantId: string; integrationId: string }, byHand: Map<string, string | null>): Promise<void> {
  const people = await fixture.service.people.list({ tenantId: ref.tenantId });
  const holders = new Map<string, string[]>();
  for (const person of people)
    for (const address of [person.email, ...person.aliases]) holders.set(key(address), [...(holders.get(key(address)) ?? []), person.id]);
  for (const [address, ids] of holders) expect(ids, `${address} is held by one person`).toHaveLength(1);
  const { accounts } = await fixture.service.sync.listAccounts({ ...ref, limit: 100 });
  for (const account of accounts.filter((one) => one.state !== 'removed')) {
    if (byHand.has(account.id)) {
      expect(account.personId, `account ${account.email} keeps its hand-made link`).toBe(byHand.get(account.id));
      continue;
    }
    const holder = holders.get(key(account.email))?.[0];
    expect({ email: account.email, personId: account.personId, link: account.link }).toEqual({
      email: account.email,
      personId: holder ?? null,
      link: holder ? 'linked' : 'unlinked',
    });
  }
}

/** Runs one op; a refusal the rules call for (EMAIL_TAKEN, PERSON_HAS_ACCOUNTS) is part of the sequence, anything else fails. */
async function apply(
  ref: { tenantId: string; integrationId: string },
  simulator: IncidentPlatformSimulator,
  step: Op,
  byHand: Map<string, string | null>,
): Promise<void> {
  const { service } = fixture;
  const people = await service.people.list({ tenantId: ref.tenantId });
  const { accounts } = await service.sync.listAccounts({ ...ref, limit: 100 });
  const personAt = (at: number) => people[at % Math.max(people.length, 1)];
  const accountAt = (at: number) => accounts[at % Math.max(accounts.length, 1)];
  try {
    switch (step.kind) {
      case 'add':
        await service.people.create({ tenantId: ref.tenantId, email: step.email, aliases: step.aliases, name: `P ${step.email}`, actor });
        break;
      case 'import': {
        const csv = ['email,name,aliases', ...step.lines.map((line) => `${line.email},Imported,${line.aliases.join(';')}`)].join('\n');
        await service.people.importCsv({ tenantId: ref.tenantId, csv, actor });
        break;
      }
      case 'edit': {
        const person = personAt(step.person);
        if (person) await service.people.update({ tenantId: ref.tenantId, personId: person.id, email: step.email, aliases: step.aliases, actor });
        break;
      }
      case 'link': {
        const account = accountAt(step.account);
        const person = personAt(step.person);
        if (account && person) {
          await service.people.linkAccount({ tenantId: ref.tenantId, accountId: account.id, personId: person.id, actor });
          byHand.set(account.id, person.id);
        }
        break;
      }
      case 'unlink': {
        const account = accountAt(step.account);
        if (account) {
          await service.people.linkAccount({ tenantId: ref.tenantId, accountId: account.id, personId: null, actor });
          byHand.set(account.id, null);
        }
        break;
      }
      case 'clear': {
        const account = accountAt(step.account);
        if (account) {
          await service.people.clearAccountLink({ tenantId: ref.tenantId, accountId: account.id, actor });
          byHand.delete(account.id);
        }
        break;
      }
      case 'archive': {
        const person = personAt(step.person);
        if (person) {
          await service.people.archive({ tenantId: ref.tenantId, personId: person.id, actor });
          // A hand-made link to the archived person can only be a removed account's: none is present here.
          for (const [account, linked] of byHand) if (linked === person.id) byHand.delete(account);
        }
        break;
      }
      case 'sync': {
        const users = simulator.state.users;
        if (step.add || users.length === 0)
          users.push({ id: `PU${users.length + 1}${runs}`, name: 'Synced', email: step.email, role: 'user', timeZone: 'UTC' });
        else users[step.account % users.length]!.email = step.email;
        const { run } = await service.sync.syncNow({ ...ref, actor });
        expect(await waitForRun(service, ref, run.id)).toMatchObject({ status: 'succeeded' });
        break;
      }
    }
  } catch (error) {
    if (!isServiceError(error) || !['EMAIL_TAKEN', 'PERSON_HAS_ACCOUNTS'].includes(error.code)) throw error;
  }
}

describe('people and links, as a property', () => {
  it('never leaves a present account unlinked while a person has its email, unless unlinked by hand', { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 4, maxLength: 12 }), async (ops) => {
        runs += 1;
        const tenant = await fixture.service.tenants.create({ name: `Property ${runs}`, plan: 'standard', actor });
        const simulator = await startIncidentPlatform({
          users: POOL.slice(0, 3).map((address, at) => ({
            id: `PS${at}`,
            name: `Seed ${at}`,
            email: address,
            role: at === 0 ? 'admin' : 'user',
            timeZone: 'UTC',
          })),
        });
        simulators.push(simulator);
        const integration = await fixture.service.integrations.create({
          tenantId: tenant.id,
          actor,
          type: 'prebuilt',
          connector: 'incident-platform',
          baseUrl: simulator.server.origin,
        });
        const ref = { tenantId: tenant.id, integrationId: integration.id };
        await fixture.service.integrations.configureAuth({ ...ref, inputs: { token: DEMO_FULL_ACCESS_KEY }, actor });
        await fixture.service.integrations.setAction({ ...ref, action: 'importUsers', enabled: true, actor });
        const [first] = await fixture.service.sync.listRuns(ref);
        await waitForRun(fixture.service, ref, first!.id);
        const byHand = new Map<string, string | null>();
        try {
          for (const step of ops) {
            await apply(ref, simulator, step, byHand);
            await check(ref, byHand);
          }
        } finally {
          await simulator.close();
        }
      }),
      { numRuns: 15 },
    );
  });
});
