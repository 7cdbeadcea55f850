/**
 * The service's people (identities): created one by one or from a CSV with `email` and `name`
 * columns (and optionally `aliases`, separated by `;`); the HR source is out of scope. A person's
 * email and aliases each name one person of the tenant after normalisation (trimmed,
 * case-insensitive): an add, an import line or an edit that gives another person's email is
 * refused with EMAIL_TAKEN naming that person (a CSV all or nothing, every conflicting line listed,
 * duplicates inside the CSV included). Accounts link to people by these emails; every change of a
 * person relinks the accounts of the emails concerned at once. An account may be linked or
 * unlinked by hand (a GitHub login, a shared mailbox): the email rule then leaves it alone, syncs
 * included, until the hand-made choice is cleared. A person is archived (kept as history, emails
 * freed) only when none of their accounts is present: offboard first. Two people who shared an
 * email before migration 0130 stay a conflict listed by `conflicts()`, never a silent pick.
 */
import { recordAudit } from '../audit/audit-log.js';
import type { ServiceContext } from '../context.js';
import { ServiceError } from '../service-error.js';
import type { Queryable } from '../store/database.js';
import { countConflictAccounts, listOrphanAccounts, listPersonAccounts } from '../store/account-rows.js';
import {
  archivePersonRow,
  clearHandLink,
  clearSharedMarks,
  emailHolders,
  findAccountLink,
  findPerson,
  insertPeople as insertPeopleRows,
  listConflictingPeople,
  listLinkedAccounts,
  listPeople,
  listPeoplePage,
  listPersonEmails,
  lockTenantPeople,
  relinkAccounts,
  setHandLink,
  updatePersonRow,
  type EmailInput,
  type LinkStatus,
  type PersonRow,
} from '../store/people-rows.js';
import { emailKey } from '../sync/sync-policy.js';
import { loadTenant } from '../tenants/tenants.js';
import { requireActor, requireText } from '../validate-input.js';
import { parseCsv } from '../access/csv.js';
import { decodeCursor, pageOf, pageSize, PAGE_LIMITS, type PageInput } from '../page-cursor.js';

/** At most this many aliases per person. */
export const MAX_ALIASES = 20;

export interface Person {
  id: string;
  email: string;
  /** Further emails of the person that also link accounts. */
  aliases: string[];
  name: string;
  createdAt: string;
  /** ISO 8601 when archived; absent while the person is current. */
  archivedAt?: string;
}

export interface OrphanAccount {
  accountId: string;
  integrationId: string;
  externalId: string;
  email: string;
  name: string;
  /** Unlinked by hand (a shared mailbox, a service login), not for want of a person with its email. */
  byHand: boolean;
}

export interface EmailConflict {
  email: string;
  people: Person[];
  /** Accounts with this email, left unlinked until the conflict is resolved. */
  accounts: number;
}

/** One refused email of an add, an edit or a CSV line. */
export interface EmailTaken {
  email: string;
  /** The CSV line (1 is the header) that gave it. */
  line?: number;
  /** The person who has this email (or alias). */
  person?: { id: string; name: string; email: string };
  /** The earlier CSV line that gave the same email. */
  sameAsLine?: number;
}

export interface AccountLink {
  accountId: string;
  integrationId: string;
  externalId: string;
  email: string;
  personId: string | null;
  link: LinkStatus;
  /** The link (or unlink) was made by hand; syncs leave it alone. */
  byHand: boolean;
}

/** An account linked to a person, as their page shows it. */
export interface LinkedAccount {
  accountId: string;
  integrationId: string;
  externalId: string;
  email: string;
  name: string;
  state: string;
  admin: boolean;
  byHand: boolean;
}

export interface PeopleOperations {
  /** Every account linked to the person (removed ones too), by integration. */
  accounts(input: { tenantId: string; personId: string }): Promise<LinkedAccount[]>;
  create(input: { tenantId: string; email: string; name: string; aliases?: readonly string[]; actor: string }): Promise<Person>;
  /** One person, archived or not. */
  get(input: { tenantId: string; personId: string }): Promise<Person>;
  /** Changes the name, the email or the aliases (each given replaces the old); the accounts of old and new emails relink. */
  update(input: { tenantId: string; personId: string; name?: string; email?: string; aliases?: readonly string[]; actor: string }): Promise<Person>;
  /** Archives a person without present accounts (PERSON_HAS_ACCOUNTS otherwise: offboard first). */
  archive(input: { tenantId: string; personId: string; actor: string }): Promise<Person>;
  /** Links an account to a person by hand (`personId` null: to no one); audited; syncs keep it. */
  linkAccount(input: { tenantId: string; accountId: string; personId: string | null; actor: string }): Promise<AccountLink>;
  /** Clears a hand-made link: the account links by email again. */
  clearAccountLink(input: { tenantId: string; accountId: string; actor: string }): Promise<AccountLink>;
  /** The tenant's current people, or only those of `ids` (a page's linked people, not the whole directory; archived included). */
  list(input: { tenantId: string; ids?: readonly string[] }): Promise<Person[]>;
  /** The tenant's current people by name, a page at a time (`next`: the cursor of the next page, absent on the last). */
  page(input: { tenantId: string } & PageInput): Promise<{ people: Person[]; next?: string }>;
  /** A CSV with a header naming `email` and `name` (and optionally `aliases`); all rows or none. */
  importCsv(input: { tenantId: string; csv: string; actor: string }): Promise<{ created: number; ids: string[] }>;
  /** Accounts present in an application and linked to no person (no email match, or unlinked by hand). */
  orphans(input: { tenantId: string }): Promise<OrphanAccount[]>;
  /** A page of the orphans by application then account, `limit` null for all. */
  orphansPage(input: { tenantId: string; limit?: number | null; cursor?: string }): Promise<{ orphans: OrphanAccount[]; next?: string }>;
  conflicts(input: { tenantId: string }): Promise<EmailConflict[]>;
  /** A page of the conflicts by email, `limit` (emails) null for all. */
  conflictsPage(input: { tenantId: string; limit?: number | null; cursor?: string }): Promise<{ conflicts: EmailConflict[]; next?: string }>;
}

function toPerson(row: PersonRow, aliases: readonly string[] = []): Person {
  return {
    id: row.id,
    email: row.email,
    aliases: [...aliases],
    name: row.name,
    createdAt: new Date(row.created_at).toISOString(),
    ...(row.archived_at ? { archivedAt: new Date(row.archived_at).toISOString() } : {}),
  };
}

/** People with their aliases read in one query. */
async function withAliases(db: Queryable, tenantId: string, rows: readonly PersonRow[]): Promise<Person[]> {
  const aliases = new Map<string, string[]>();
  for (const email of await listPersonEmails(
    db,
    tenantId,
    rows.map((row) => row.id),
  )) {
    if (!email.is_primary) aliases.set(email.person_id, [...(aliases.get(email.person_id) ?? []), email.email]);
  }
  return rows.map((row) => toPerson(row, aliases.get(row.id)));
}

function checkEmail(value: unknown, where: string): string {
  const email = requireText(`${where}email`, value, { max: 320 }).trim();
  if (!/^[^@\s]+@[^@\s]+$/u.test(email))
    throw new ServiceError('INVALID_INPUT', `${where}email ${JSON.stringify(email)} is not an email address`, { hint: 'give name@domain' });
  return email;
}

/** The aliases given, checked, without repeats or the primary email. */
function checkAliases(value: unknown, primary: EmailInput, where: string): EmailInput[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new ServiceError('INVALID_INPUT', `${where}aliases must be a list of emails`, { hint: 'give aliases as a list' });
  if (value.length > MAX_ALIASES)
    throw new ServiceError('INVALID_INPUT', `${where}aliases: at most ${MAX_ALIASES} per person`, { hint: `give at most ${MAX_ALIASES} aliases` });
  const seen = new Set([primary.emailKey]);
  const aliases: EmailInput[] = [];
  for (const [index, alias] of value.entries()) {
    const email = checkEmail(alias, `${where}aliases[${index}]: `);
    const key = emailKey(email);
    if (seen.has(key)) continue;
    seen.add(key);
    aliases.push({ email, emailKey: key });
  }
  return aliases;
}

const asInput = (email: string): EmailInput => ({ email, emailKey: emailKey(email) });
const personRef = (holder: { person_id: string; name: string; email: string }) => ({ id: holder.person_id, name: holder.name, email: holder.email });

function emailTaken(conflicts: EmailTaken[]): ServiceError {
  const describe = (conflict: EmailTaken) =>
    `${conflict.line === undefined ? '' : `line ${conflict.line}: `}${conflict.email} ${
      conflict.person ? `belongs to ${conflict.person.name} (${conflict.person.email}, id ${conflict.person.id})` : `repeats line ${conflict.sameAsLine}`
    }`;
  const shown = conflicts.slice(0, 5).map(describe).join('; ');
  const more = conflicts.length > 5 ? `; and ${conflicts.length - 5} more (see conflicts)` : '';
  return new ServiceError('EMAIL_TAKEN', `${shown}${more}`, {
    hint: conflicts.some((conflict) => conflict.person)
      ? 'an email names one person: edit that person (PATCH /v1/people/{personId}) or give another email; nothing was saved'
      : 'give each person once; nothing was saved',
    conflicts: conflicts.map((conflict) => ({ ...conflict })),
  });
}

/**
 * The emails of new or changed people that another person already has, or that an earlier entry
 * of the same batch gave. `self` is the person being edited (their own keys are theirs).
 */
async function findTakenEmails(
  tx: Queryable,
  tenantId: string,
  entries: readonly { line?: number; self?: string; emails: readonly EmailInput[] }[],
): Promise<EmailTaken[]> {
  const holders = new Map<string, { person_id: string; name: string; email: string }[]>();
  for (const holder of await emailHolders(
    tx,
    tenantId,
    entries.flatMap((entry) => entry.emails.map((email) => email.emailKey)),
  ))
    holders.set(holder.email_key, [...(holders.get(holder.email_key) ?? []), holder]);
  const firstLine = new Map<string, number | undefined>();
  const taken: EmailTaken[] = [];
  for (const entry of entries) {
    for (const email of entry.emails) {
      const line = entry.line === undefined ? {} : { line: entry.line };
      const owners = holders.get(email.emailKey) ?? [];
      const other = owners.find((holder) => holder.person_id !== entry.self);
      // A key the person holds already stays theirs, even where it was shared before migration 0130.
      if (other && !owners.some((holder) => holder.person_id === entry.self)) taken.push({ email: email.email, ...line, person: personRef(other) });
      else if (firstLine.has(email.emailKey)) taken.push({ email: email.email, ...line, sameAsLine: firstLine.get(email.emailKey)! });
      else firstLine.set(email.emailKey, entry.line);
    }
  }
  return taken;
}

async function insertPeople(
  tx: Queryable,
  tenantId: string,
  people: readonly { email: string; name: string; aliases: readonly EmailInput[]; line?: number }[],
): Promise<PersonRow[]> {
  await lockTenantPeople(tx, tenantId);
  const entries = people.map((person) => ({ ...(person.line === undefined ? {} : { line: person.line }), emails: [asInput(person.email), ...person.aliases] }));
  const taken = await findTakenEmails(tx, tenantId, entries);
  if (taken.length > 0) throw emailTaken(taken);
  const rows = await insertPeopleRows(
    tx,
    tenantId,
    people.map((person) => ({ email: person.email, emailKey: emailKey(person.email), name: person.name, aliases: person.aliases })),
  );
  await relinkAccounts(tx, { tenantId, emailKeys: [...new Set(entries.flatMap((entry) => entry.emails.map((email) => email.emailKey)))] });
  return rows;
}

function personNotFound(personId: string): ServiceError {
  return new ServiceError('NOT_FOUND', `person ${personId} does not exist in this tenant`, { hint: 'list the people (GET /v1/people) to find the id' });
}

function accountNotFound(accountId: string): ServiceError {
  return new ServiceError('NOT_FOUND', `account ${accountId} does not exist in this tenant`, {
    hint: 'list the accounts (GET /v1/integrations/{integrationId}/accounts) to find the id',
  });
}

const toLink = (row: NonNullable<Awaited<ReturnType<typeof findAccountLink>>>): AccountLink => ({
  accountId: row.id,
  integrationId: row.integration_id,
  externalId: row.external_id,
  email: row.email,
  personId: row.person_id,
  link: row.link_status,
  byHand: row.link_by_hand,
});

export function peopleOperations(context: ServiceContext): PeopleOperations {
  const { db } = context;

  async function loadPerson(tx: Queryable, tenantId: string, personId: string): Promise<PersonRow> {
    const row = typeof personId === 'string' ? await findPerson(tx, { tenantId, personId }) : undefined;
    if (!row) throw personNotFound(String(personId));
    return row;
  }

  async function loadAccount(tx: Queryable, tenantId: string, accountId: string) {
    const row = await findAccountLink(tx, { tenantId, accountId: String(accountId) });
    if (!row) throw accountNotFound(String(accountId));
    return row;
  }

  const operations: PeopleOperations = {
    async accounts(input) {
      await loadTenant(db, input.tenantId);
      const person = await loadPerson(db, input.tenantId, input.personId);
      return (await listLinkedAccounts(db, { tenantId: input.tenantId, personId: person.id })).map((row) => ({
        accountId: row.id,
        integrationId: row.integration_id,
        externalId: row.external_id,
        email: row.email,
        name: row.name,
        state: row.state,
        admin: row.admin,
        byHand: row.link_by_hand,
      }));
    },

    async create(input) {
      const actor = requireActor(input.actor);
      await loadTenant(db, input.tenantId);
      const email = checkEmail(input.email, '');
      const person = { email, name: requireText('name', input.name).trim(), aliases: checkAliases(input.aliases, asInput(email), '') };
      return db.transaction(async (tx) => {
        const [row] = await insertPeople(tx, input.tenantId, [person]);
        await recordAudit(tx, {
          tenantId: input.tenantId,
          actor,
          event: 'people.created',
          detail: { personId: row!.id, email: row!.email, ...(person.aliases.length > 0 ? { aliases: person.aliases.map((alias) => alias.email) } : {}) },
        });
        return toPerson(
          row!,
          person.aliases.map((alias) => alias.email),
        );
      });
    },

    async get(input) {
      await loadTenant(db, input.tenantId);
      const [person] = await withAliases(db, input.tenantId, [await loadPerson(db, input.tenantId, input.personId)]);
      return person!;
    },

    async update(input) {
      const actor = requireActor(input.actor);
      await loadTenant(db, input.tenantId);
      return db.transaction(async (tx) => {
        await lockTenantPeople(tx, input.tenantId);
        const before = await loadPerson(tx, input.tenantId, input.personId);
        if (before.archived_at) throw new ServiceError('NOT_FOUND', `person ${before.id} is archived`, { hint: 'add the person again (POST /v1/people)' });
        const oldEmails = await listPersonEmails(tx, input.tenantId, [before.id]);
        const email = input.email === undefined ? before.email : checkEmail(input.email, '');
        const primary = asInput(email);
        const aliases =
          input.aliases === undefined
            ? oldEmails.filter((row) => !row.is_primary && row.email_key !== primary.emailKey).map((row) => ({ email: row.email, emailKey: row.email_key }))
            : checkAliases(input.aliases, primary, '');
        const name = input.name === undefined ? before.name : requireText('name', input.name).trim();
        const taken = await findTakenEmails(tx, input.tenantId, [{ self: before.id, emails: [primary, ...aliases] }]);
        if (taken.length > 0) throw emailTaken(taken);
        const after = (await updatePersonRow(tx, { tenantId: input.tenantId, personId: before.id, name, email: primary, aliases }))!;
        const keys = [...new Set([...oldEmails.map((row) => row.email_key), primary.emailKey, ...aliases.map((alias) => alias.emailKey)])];
        await clearSharedMarks(tx, input.tenantId, keys);
        await relinkAccounts(tx, { tenantId: input.tenantId, emailKeys: keys });
        const oldAliases = oldEmails.filter((row) => !row.is_primary).map((row) => row.email);
        const newAliases = aliases.map((alias) => alias.email);
        await recordAudit(tx, {
          tenantId: input.tenantId,
          actor,
          event: 'people.updated',
          detail: {
            personId: before.id,
            ...(before.name === name ? {} : { name: { from: before.name, to: name } }),
            ...(before.email === email ? {} : { email: { from: before.email, to: email } }),
            ...(oldAliases.join('\n') === newAliases.join('\n') ? {} : { aliases: { from: oldAliases, to: newAliases } }),
          },
        });
        return toPerson(after, newAliases);
      });
    },

    async archive(input) {
      const actor = requireActor(input.actor);
      await loadTenant(db, input.tenantId);
      return db.transaction(async (tx) => {
        await lockTenantPeople(tx, input.tenantId);
        const before = await loadPerson(tx, input.tenantId, input.personId);
        if (before.archived_at) return toPerson(before);
        const present = await listPersonAccounts(tx, { tenantId: input.tenantId, personId: before.id });
        if (present.length > 0) {
          throw new ServiceError(
            'PERSON_HAS_ACCOUNTS',
            `${before.name} still has ${present.length} present account${present.length === 1 ? '' : 's'}: offboard first`,
            {
              hint: 'offboard first (POST /v1/workflows/offboarding), then archive; an account that is not theirs can be unlinked (PUT /v1/accounts/{accountId}/link)',
              accounts: present.map((account) => ({ integrationId: account.integration_id, externalId: account.external_id, email: account.email })),
            },
          );
        }
        const emails = await listPersonEmails(tx, input.tenantId, [before.id]);
        const after = (await archivePersonRow(tx, { tenantId: input.tenantId, personId: before.id }))!;
        const keys = emails.map((row) => row.email_key);
        await clearSharedMarks(tx, input.tenantId, keys);
        await relinkAccounts(tx, { tenantId: input.tenantId, emailKeys: keys });
        await recordAudit(tx, {
          tenantId: input.tenantId,
          actor,
          event: 'people.archived',
          detail: { personId: before.id, name: before.name, emails: emails.map((row) => row.email) },
        });
        return toPerson(after);
      });
    },

    async linkAccount(input) {
      const actor = requireActor(input.actor);
      await loadTenant(db, input.tenantId);
      return db.transaction(async (tx) => {
        const account = await loadAccount(tx, input.tenantId, input.accountId);
        let person: PersonRow | undefined;
        if (input.personId !== null) {
          person = await loadPerson(tx, input.tenantId, input.personId);
          if (person.archived_at) throw new ServiceError('NOT_FOUND', `person ${person.id} is archived`, { hint: 'link the account to a current person' });
        }
        await setHandLink(tx, { tenantId: input.tenantId, accountId: account.id, personId: person?.id ?? null, actor });
        await recordAudit(tx, {
          tenantId: input.tenantId,
          integrationId: account.integration_id,
          actor,
          event: person ? 'account.linked' : 'account.unlinked',
          detail: { accountId: account.id, externalId: account.external_id, email: account.email, from: account.person_id, to: person?.id ?? null },
        });
        return toLink((await findAccountLink(tx, { tenantId: input.tenantId, accountId: account.id }))!);
      });
    },

    async clearAccountLink(input) {
      const actor = requireActor(input.actor);
      await loadTenant(db, input.tenantId);
      return db.transaction(async (tx) => {
        const account = await loadAccount(tx, input.tenantId, input.accountId);
        if (account.link_by_hand) {
          await clearHandLink(tx, { tenantId: input.tenantId, accountId: account.id });
          await relinkAccounts(tx, { tenantId: input.tenantId, accountIds: [account.id] });
          await recordAudit(tx, {
            tenantId: input.tenantId,
            integrationId: account.integration_id,
            actor,
            event: 'account.link_cleared',
            detail: { accountId: account.id, externalId: account.external_id, email: account.email, from: account.person_id },
          });
        }
        return toLink((await findAccountLink(tx, { tenantId: input.tenantId, accountId: account.id }))!);
      });
    },

    async list(input) {
      await loadTenant(db, input.tenantId);
      return withAliases(db, input.tenantId, await listPeople(db, input));
    },

    async page(input) {
      await loadTenant(db, input.tenantId);
      const limit = pageSize(input.limit, PAGE_LIMITS);
      const rows = await listPeoplePage(db, { tenantId: input.tenantId, after: decodeCursor(input.cursor, ['text', 'text']), limit: limit + 1 });
      const page = pageOf(rows, limit, (row) => [row.name, row.id]);
      return { people: await withAliases(db, input.tenantId, page.items), ...(page.next === undefined ? {} : { next: page.next }) };
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
      const aliasesAt = header.indexOf('aliases');
      if (emailAt < 0 || nameAt < 0)
        throw new ServiceError('INVALID_INPUT', 'people CSV: the header must name the columns email and name', { hint: 'first line: email,name' });
      const people = rows.map((row, index) => {
        const where = `people CSV line ${index + 2}: `;
        const email = checkEmail(row[emailAt], where);
        const aliases = aliasesAt < 0 ? [] : (row[aliasesAt] ?? '').split(';').filter((alias) => alias.trim() !== '');
        return { line: index + 2, email, name: requireText(`${where}name`, row[nameAt]).trim(), aliases: checkAliases(aliases, asInput(email), where) };
      });
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
        byHand: row.link_by_hand,
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
      const all = [...groups].map(([key, people]) => ({ email: key, people: people.map((row) => toPerson(row)), accounts: accounts.get(key) ?? 0 }));
      const page = limit === null ? { items: all } : pageOf(all, limit, (conflict) => [conflict.email]);
      return { conflicts: page.items, ...(page.next === undefined ? {} : { next: page.next }) };
    },
  };
  return operations;
}
