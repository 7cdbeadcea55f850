/**
 * The Access Grid (people × applications; each cell the account's state and admin flag) and the
 * Application Audit (one application's accounts with their person, admin flag, state, last seen
 * and the time of the sync they reflect), each as data and as CSV.
 */
import type { ServiceContext } from '../context.js';
import { ServiceError } from '../service-error.js';
import { findIntegration } from '../store/integration-rows.js';
import { ACCOUNT_STATES, type AccountState } from '../sync/sync-policy.js';
import { loadTenant } from '../tenants/tenants.js';
import { formatCsv } from './csv.js';

export interface GridCell {
  state: AccountState;
  admin: boolean;
}

export interface GridRow {
  person: { id: string; name: string; email: string };
  /** By integration id; an application where the person has no account has no cell. */
  cells: Record<string, GridCell>;
}

export interface AccessGrid {
  applications: { id: string; name: string }[];
  rows: GridRow[];
  /** The `offset` of the next page; absent on the last. */
  next?: number;
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
  offset?: number;
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
  lastSeenAt: string;
  /** When the run this row reflects finished. */
  syncedAt: string | null;
}

export interface AccessOperations {
  grid(query: GridQuery): Promise<AccessGrid>;
  gridCsv(query: Omit<GridQuery, 'limit' | 'offset'>): Promise<string>;
  applicationAudit(input: { tenantId: string; integrationId: string }): Promise<AuditLine[]>;
  applicationAuditCsv(input: { tenantId: string; integrationId: string }): Promise<string>;
}

const MAX_LIMIT = 1000;

const cellText = (cell: GridCell | undefined) => (cell ? `${cell.state}${cell.admin ? ' (admin)' : ''}` : '');

export function accessOperations(context: ServiceContext): AccessOperations {
  const { db } = context;

  const grid = async (query: GridQuery, paged: boolean): Promise<AccessGrid> => {
    await loadTenant(db, query.tenantId);
    if (query.state !== undefined && !ACCOUNT_STATES.includes(query.state)) throw new ServiceError('INVALID_INPUT', `state must be one of ${ACCOUNT_STATES.join(', ')}`, { hint: 'leave state out for all' });
    const limit = paged ? (query.limit ?? 100) : Number.MAX_SAFE_INTEGER;
    const offset = paged ? (query.offset ?? 0) : 0;
    if (paged && (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT || !Number.isInteger(offset) || offset < 0)) {
      throw new ServiceError('INVALID_INPUT', `limit must be 1 to ${MAX_LIMIT} and offset at least 0`, { hint: 'page with the next offset' });
    }
    const applications = (
      await db.query<{ id: string; name: string }>('SELECT id, name FROM integrations WHERE tenant_id = $1 AND ($2::text[] IS NULL OR id = ANY($2::text[])) ORDER BY created_at, id', [
        query.tenantId,
        query.integrationIds ?? null,
      ])
    ).rows;
    const ids = applications.map((application) => application.id);
    const people = await db.query<{ id: string; name: string; email: string }>(
      `SELECT p.id, p.name, p.email FROM people p
       WHERE p.tenant_id = $1 AND ($2::text IS NULL OR p.name ILIKE '%' || $2 || '%' OR p.email ILIKE '%' || $2 || '%')
         AND (($3::text IS NULL AND NOT $4) OR EXISTS (SELECT 1 FROM accounts a WHERE a.person_id = p.id AND a.integration_id = ANY($5::text[])
              AND ($3::text IS NULL OR a.state = $3) AND (NOT $4 OR (a.admin AND a.state <> 'removed'))))
       ORDER BY p.name COLLATE "C", p.id LIMIT $6 OFFSET $7`,
      [query.tenantId, query.search ?? null, query.state ?? null, query.adminOnly === true, ids, paged ? limit + 1 : null, offset],
    );
    const page = people.rows.slice(0, limit);
    const accounts = await db.query<{ person_id: string; integration_id: string; state: AccountState; admin: boolean }>(
      // One cell per person and application: a present account wins over a removed one.
      `SELECT DISTINCT ON (person_id, integration_id) person_id, integration_id, state, admin FROM accounts
       WHERE person_id = ANY($1::text[]) AND integration_id = ANY($2::text[]) ORDER BY person_id, integration_id, (state = 'removed'), id`,
      [page.map((person) => person.id), ids],
    );
    const cells = new Map<string, Record<string, GridCell>>();
    for (const row of accounts.rows) cells.set(row.person_id, { ...cells.get(row.person_id), [row.integration_id]: { state: row.state, admin: row.admin } });
    const rows = page.map((person) => ({ person, cells: cells.get(person.id) ?? {} }));
    return people.rows.length > limit ? { applications, rows, next: offset + limit } : { applications, rows };
  };

  const audit = async (input: { tenantId: string; integrationId: string }): Promise<AuditLine[]> => {
    await loadTenant(db, input.tenantId);
    if (typeof input.integrationId !== 'string' || !(await findIntegration(db, input))) {
      throw new ServiceError('NOT_FOUND', `integration ${input.integrationId} does not exist in tenant ${input.tenantId}`, { hint: 'list the tenant’s integrations' });
    }
    const { rows } = await db.query<{
      id: string; external_id: string; email: string; name: string; link_status: AuditLine['link']; admin: boolean; state: AccountState; last_seen_at: Date;
      person_id: string | null; person_name: string | null; person_email: string | null; synced_at: Date | null;
    }>(
      `SELECT a.id, a.external_id, a.email, a.name, a.link_status, a.admin, a.state, a.last_seen_at, p.id AS person_id, p.name AS person_name, p.email AS person_email,
         r.finished_at AS synced_at
       FROM accounts a LEFT JOIN people p ON p.id = a.person_id LEFT JOIN sync_runs r ON r.id = a.last_run_id
       WHERE a.tenant_id = $1 AND a.integration_id = $2 ORDER BY a.name, a.id`,
      [input.tenantId, input.integrationId],
    );
    return rows.map((row) => ({
      accountId: String(row.id),
      externalId: row.external_id,
      email: row.email,
      name: row.name,
      person: row.person_id === null ? null : { id: row.person_id, name: row.person_name ?? '', email: row.person_email ?? '' },
      link: row.link_status,
      admin: row.admin,
      state: row.state,
      lastSeenAt: new Date(row.last_seen_at).toISOString(),
      syncedAt: row.synced_at === null ? null : new Date(row.synced_at).toISOString(),
    }));
  };

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
    async applicationAuditCsv(input) {
      const lines = await audit(input);
      return formatCsv(
        ['external id', 'account email', 'account name', 'person', 'person email', 'link', 'admin', 'state', 'last seen', 'synced at'],
        lines.map((line) => [line.externalId, line.email, line.name, line.person?.name ?? '', line.person?.email ?? '', line.link, line.admin ? 'yes' : 'no', line.state, line.lastSeenAt, line.syncedAt ?? '']),
      );
    },
  };
}
