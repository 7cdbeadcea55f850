/**
 * The service's people (identities): created one by one or from a CSV with `email` and `name`
 * columns (the HR source is out of scope). Accounts link to them by email key; a person added
 * relinks the accounts with that key at once. Two people with one email key are a conflict
 * listed by `conflicts()`, never a silent pick.
 */
import { recordAudit } from '../audit/audit-log.js';
import type { ServiceContext } from '../context.js';
import { ServiceError } from '../service-error.js';
import type { Queryable } from '../store/database.js';
import { countConflictAccounts, listOrphanAccounts } from '../store/account-rows.js';
import { insertPeople as insertPeopleRows, listConflictingPeople, listPeople, listPeoplePage, relinkAccounts, type PersonRow } from '../store/people-rows.js';
import { emailKey } from '../sync/sync-policy.js';
import { loadTenant } from '../tenants/tenants.js';
import { requireActor, requireText } from '../validate-input.js';
import { parseCsv } from '../access/csv.js';
import { decodeCursor, pageOf, pageSize, PAGE_LIMITS, type PageInput } from '../page-cursor.js';

export interface Person {
  id: string;
  email: string;
  name: string;
  createdAt: string;
}

export interface OrphanAccount {
  accountId: string;
  integrationId: string;
  externalId: string;
  email: string;
  name: string;
}

export interface EmailConflict {
  email: string;
  people: Person[];
  /** Accounts with this email, left unlinked until the conflict is resolved. */
  accounts: number;
}

export interface PeopleOperations {
  create(input: { tenantId: string; email: string; name: string; actor: string }): Promise<Person>;
  /** The tenant's people, or only those of `ids` (a page's linked people, not the whole directory). */
  list(input: { tenantId: string; ids?: readonly string[] }): Promise<Person[]>;
  /** The tenant's people by name, a page at a time (`next`: the cursor of the next page, absent on the last). */
  page(input: { tenantId: string } & PageInput): Promise<{ people: Person[]; next?: string }>;
  /** A CSV with a header naming `email` and `name`; all rows or none. */
  importCsv(input: { tenantId: string; csv: string; actor: string }): Promise<{ created: number; ids: string[] }>;
  /** Accounts present in an application and linked to no person (no email match). */
  orphans(input: { tenantId: string }): Promise<OrphanAccount[]>;
  /** A page of the orphans by application then account, `limit` null for all. */
  orphansPage(input: { tenantId: string; limit?: number | null; cursor?: string }): Promise<{ orphans: OrphanAccount[]; next?: string }>;
  conflicts(input: { tenantId: string }): Promise<EmailConflict[]>;
  /** A page of the conflicts by email, `limit` (emails) null for all. */
  conflictsPage(input: { tenantId: string; limit?: number | null; cursor?: string }): Promise<{ conflicts: EmailConflict[]; next?: string }>;
}

const toPerson = (row: PersonRow): Person => ({ id: row.id, email: row.email, name: row.name, createdAt: new Date(row.created_at).toISOString() });

function checkEmail(value: unknown, where: string): string {
  const email = requireText(`${where}email`, value, { max: 320 }).trim();
  if (!/^[^@\s]+@[^@\s]+$/u.test(email))
    throw new ServiceError('INVALID_INPUT', `${where}email ${JSON.stringify(email)} is not an email address`, { hint: 'give name@domain' });
  return email;
}

async function insertPeople(tx: Queryable, tenantId: string, people: readonly { email: string; name: string }[]): Promise<PersonRow[]> {
  const rows = await insertPeopleRows(
    tx,
    tenantId,
    people.map((person) => ({ ...person, emailKey: emailKey(person.email) })),
  );
  await relinkAccounts(tx, { tenantId, emailKeys: [...new Set(rows.map((row) => row.email_key))] });
  return rows;
}

export function peopleOperations(context: ServiceContext): PeopleOperations {
  const { db } = context;
  const operations: PeopleOperations = {
    async create(input) {
      const actor = requireActor(input.actor);
      await loadTenant(db, input.tenantId);
      const person = { email: checkEmail(input.email, ''), name: requireText('name', input.name).trim() };
      return db.transaction(async (tx) => {
        const [row] = await insertPeople(tx, input.tenantId, [person]);
        await recordAudit(tx, { tenantId: input.tenantId, actor, event: 'people.created', detail: { personId: row!.id, email: row!.email } });
        return toPerson(row!);
      });
    },

    async list(input) {
      await loadTenant(db, input.tenantId);
      return (await listPeople(db, input)).map(toPerson);
    },

    async page(input) {
      await loadTenant(db, input.tenantId);
      const limit = pageSize(input.limit, PAGE_LIMITS);
      const rows = await listPeoplePage(db, { tenantId: input.tenantId, after: decodeCursor(input.cursor, ['text', 'text']), limit: limit + 1 });
      const page = pageOf(rows, limit, (row) => [row.name, row.id]);
      return { people: page.items.map(toPerson), ...(page.next === undefined ? {} : { next: page.next }) };
    },

    async importCsv(input) {
      const actor = requireActor(input.actor);
      await loadTenant(db, input.tenantId);
      let rows: string[][];
      try {
        rows = parseCsv(String(input.csv ?? ''));
      } catch (error) {
        throw new ServiceError('INVALID_INPUT', `people CSV: ${(error as Error).message}`, { hint: 'close the quote' });
      }
      const header = (rows.shift() ?? []).map((name) => name.trim().toLowerCase());
      const emailAt = header.indexOf('email');
      const nameAt = header.indexOf('name');
      if (emailAt < 0 || nameAt < 0)
        throw new ServiceError('INVALID_INPUT', 'people CSV: the header must name the columns email and name', { hint: 'first line: email,name' });
      const people = rows.map((row, index) => ({
        email: checkEmail(row[emailAt], `people CSV line ${index + 2}: `),
        name: requireText(`people CSV line ${index + 2}: name`, row[nameAt]).trim(),
      }));
      return db.transaction(async (tx) => {
        const created = await insertPeople(tx, input.tenantId, people);
        await recordAudit(tx, { tenantId: input.tenantId, actor, event: 'people.imported', detail: { created: created.length } });
        return { created: created.length, ids: created.map((row) => row.id) };
      });
    },

    async orphans(input) {
      return (await operations.orphansPage({ ...input, limit: null })).orphans;
    },

    async orphansPage(input) {
      await loadTenant(db, input.tenantId);
      const limit = input.limit === null ? null : pageSize(input.limit, PAGE_LIMITS);
      const rows = await listOrphanAccounts(db, input.tenantId, {
        after: decodeCursor(input.cursor, ['text', 'integer']),
        limit: limit === null ? null : limit + 1,
      });
      const page = limit === null ? { items: rows } : pageOf(rows, limit, (row) => [row.integration_id, String(row.id)]);
      const orphans = page.items.map((row) => ({
        accountId: String(row.id),
        integrationId: row.integration_id,
        externalId: row.external_id,
        email: row.email,
        name: row.name,
      }));
      return { orphans, ...(page.next === undefined ? {} : { next: page.next }) };
    },

    async conflicts(input) {
      return (await operations.conflictsPage({ ...input, limit: null })).conflicts;
    },

    async conflictsPage(input) {
      await loadTenant(db, input.tenantId);
      const limit = input.limit === null ? null : pageSize(input.limit, PAGE_LIMITS);
      const [afterKey] = decodeCursor(input.cursor, ['text']) ?? [];
      const rows = await listConflictingPeople(db, input.tenantId, {
        ...(afterKey === undefined ? {} : { afterKey }),
        keys: limit === null ? null : limit + 1,
      });
      const accounts = await countConflictAccounts(db, input.tenantId);
      const groups = new Map<string, PersonRow[]>();
      for (const row of rows) groups.set(row.email_key, [...(groups.get(row.email_key) ?? []), row]);
      const all = [...groups].map(([key, people]) => ({ email: key, people: people.map(toPerson), accounts: accounts.get(key) ?? 0 }));
      const page = limit === null ? { items: all } : pageOf(all, limit, (conflict) => [conflict.email]);
      return { conflicts: page.items, ...(page.next === undefined ? {} : { next: page.next }) };
    },
  };
  return operations;
}
