/**
 * The Access Grid (people × applications; each cell the account's state and admin flag) and the
 * Application Audit (one application's accounts with their person, admin flag, state, last seen
 * and the time of the sync they reflect), each as data and as CSV.
 */
import type { ServiceContext } from '../context.js';
import { ServiceError } from '../service-error.js';
import { auditLines, gridCells } from '../store/account-rows.js';
import { findIntegration, listIntegrationNames } from '../store/integration-rows.js';
import { gridPeople } from '../store/people-rows.js';
import { ACCOUNT_STATES, type AccountState } from '../sync/sync-policy.js';
import { loadTenant } from '../tenants/tenants.js';
import { formatCsv } from './csv.js';
import { decodeCursor, pageOf, pageSize, PAGE_LIMITS, type PageInput } from '../page-cursor.js';

export interface GridCell {
  /** `invited` while the account waits for a scheduled activation (`activationDueAt`). */
  state: AccountState;
  admin: boolean;
  /** When a scheduled Activate User will activate the account; absent otherwise. */
  activationDueAt?: string;
}

export interface GridRow {
  person: { id: string; name: string; email: string };
  /** By integration id; an application where the person has no account has no cell. */
  cells: Record<string, GridCell>;
}

export interface AccessGrid {
  applications: { id: string; name: string }[];
  rows: GridRow[];
  /** The cursor of the next page; absent on the last. */
  next?: string;
}

export interface GridQuery {
  tenantId: string;
  /** Only these applications (columns). */
  integrationIds?: string[];
  /** Only people with at least one account in this state. */
  state?: AccountState;
  /** Only people who are admin somewhere. */
  adminOnly?: boolean;
  /** Substring of the person's name or email. */
  search?: string;
  limit?: number;
  /** The `next` of the previous page. */
  cursor?: string;
}

export interface AuditLine {
  accountId: string;
  externalId: string;
  email: string;
  name: string;
  person: { id: string; name: string; email: string } | null;
  link: 'linked' | 'unlinked' | 'conflict';
  admin: boolean;
  state: AccountState;
  /** When a scheduled Activate User will activate the account (its state is then `invited`); absent otherwise. */
  activationDueAt?: string;
  lastSeenAt: string;
  /** When the run this row reflects finished. */
  syncedAt: string | null;
}

export interface AccessOperations {
  grid(query: GridQuery): Promise<AccessGrid>;
  gridCsv(query: Omit<GridQuery, 'limit' | 'cursor'>): Promise<string>;
  applicationAudit(input: { tenantId: string; integrationId: string }): Promise<AuditLine[]>;
  /** The Application Audit by account name, a page at a time (`next`: the cursor of the next page, absent on the last). */
  applicationAuditPage(input: { tenantId: string; integrationId: string } & PageInput): Promise<{ accounts: AuditLine[]; next?: string }>;
  applicationAuditCsv(input: { tenantId: string; integrationId: string }): Promise<string>;
}

const dueText = (due: string | undefined) => (due === undefined ? '' : ` (activation due ${due})`);
const cellText = (cell: GridCell | undefined) => (cell ? `${cell.state}${cell.admin ? ' (admin)' : ''}${dueText(cell.activationDueAt)}` : '');
const isoOf = (value: Date | null) => (value === null ? undefined : new Date(value).toISOString());

export function accessOperations(context: ServiceContext): AccessOperations {
  const { db } = context;

  const grid = async (query: GridQuery, paged: boolean): Promise<AccessGrid> => {
    await loadTenant(db, query.tenantId);
    if (query.state !== undefined && !ACCOUNT_STATES.includes(query.state))
      throw new ServiceError('INVALID_INPUT', `state must be one of ${ACCOUNT_STATES.join(', ')}`, { hint: 'leave state out for all' });
    const limit = paged ? pageSize(query.limit, PAGE_LIMITS) : Number.MAX_SAFE_INTEGER;
    const after = paged ? decodeCursor(query.cursor, ['text', 'text']) : undefined;
    const applications = await listIntegrationNames(db, { tenantId: query.tenantId, ids: query.integrationIds });
    const ids = applications.map((application) => application.id);
    const people = await gridPeople(db, {
      tenantId: query.tenantId,
      search: query.search ?? null,
      state: query.state ?? null,
      adminOnly: query.adminOnly === true,
      integrationIds: ids,
      limit: paged ? limit + 1 : null,
      after,
    });
    const { items: page, next } = pageOf(people, limit, (person) => [person.name, person.id]);
    const accounts = await gridCells(db, { personIds: page.map((person) => person.id), integrationIds: ids });
    const cells = new Map<string, Record<string, GridCell>>();
    for (const row of accounts) {
      const due = isoOf(row.activation_due_at);
      const cell: GridCell = { state: row.state, admin: row.admin, ...(due ? { activationDueAt: due } : {}) };
      cells.set(row.person_id, { ...cells.get(row.person_id), [row.integration_id]: cell });
    }
    const rows = page.map((person) => ({ person, cells: cells.get(person.id) ?? {} }));
    return next === undefined ? { applications, rows } : { applications, rows, next };
  };

  const auditRows = async (input: { tenantId: string; integrationId: string; after?: readonly string[]; limit?: number }) => {
    await loadTenant(db, input.tenantId);
    if (typeof input.integrationId !== 'string' || !(await findIntegration(db, input))) {
      throw new ServiceError('NOT_FOUND', `integration ${input.integrationId} does not exist in tenant ${input.tenantId}`, {
        hint: 'list the tenant’s integrations',
      });
    }
    return auditLines(db, { tenantId: input.tenantId, integrationId: input.integrationId, after: input.after, limit: input.limit });
  };

  const audit = async (input: { tenantId: string; integrationId: string }): Promise<AuditLine[]> => (await auditRows(input)).map(toAuditLine);

  const toAuditLine = (row: Awaited<ReturnType<typeof auditLines>>[number]): AuditLine => ({
    accountId: String(row.id),
    externalId: row.external_id,
    email: row.email,
    name: row.name,
    person: row.person_id === null ? null : { id: row.person_id, name: row.person_name ?? '', email: row.person_email ?? '' },
    link: row.link_status,
    admin: row.admin,
    state: row.state,
    ...(row.activation_due_at === null ? {} : { activationDueAt: new Date(row.activation_due_at).toISOString() }),
    lastSeenAt: new Date(row.last_seen_at).toISOString(),
    syncedAt: row.synced_at === null ? null : new Date(row.synced_at).toISOString(),
  });

  return {
    grid: (query) => grid(query, true),
    async gridCsv(query) {
      const result = await grid(query, false);
      return formatCsv(
        ['person', 'email', ...result.applications.map((application) => application.name)],
        result.rows.map((row) => [row.person.name, row.person.email, ...result.applications.map((application) => cellText(row.cells[application.id]))]),
      );
    },
    applicationAudit: audit,
    async applicationAuditPage(input) {
      const limit = pageSize(input.limit, PAGE_LIMITS);
      const after = decodeCursor(input.cursor, ['text', 'integer']);
      const rows = await auditRows({ tenantId: input.tenantId, integrationId: input.integrationId, after, limit: limit + 1 });
      const page = pageOf(rows, limit, (row) => [row.name, String(row.id)]);
      return { accounts: page.items.map(toAuditLine), ...(page.next === undefined ? {} : { next: page.next }) };
    },
    async applicationAuditCsv(input) {
      const lines = await audit(input);
      return formatCsv(
        ['external id', 'account email', 'account name', 'person', 'person email', 'link', 'admin', 'state', 'last seen', 'synced at', 'activation due'],
        lines.map((line) => [
          line.externalId,
          line.email,
          line.name,
          line.person?.name ?? '',
          line.person?.email ?? '',
          line.link,
          line.admin ? 'yes' : 'no',
          line.state,
          line.lastSeenAt,
          line.syncedAt ?? '',
          line.activationDueAt ?? '',
        ]),
      );
    },
  };
}
