/** Tenant operations: create a tenant with a plan, read it, list them, change the plan. */
import { randomUUID } from 'node:crypto';
import { recordAudit } from '../audit/audit-log.js';
import type { ServiceContext } from '../context.js';
import { ServiceError } from '../service-error.js';
import type { Queryable } from '../store/database.js';
import { findTenant, insertTenant, listTenantRows, updateTenantPlan, type TenantRow } from '../store/tenant-rows.js';
import { requireActor, requireText } from '../validate-input.js';
import { parsePlan, type Plan } from './plans.js';

export interface Tenant {
  id: string;
  name: string;
  plan: Plan;
  /** ISO 8601. */
  createdAt: string;
}

export interface TenantOperations {
  create(input: { name: string; plan: Plan; actor: string }): Promise<Tenant>;
  get(tenantId: string): Promise<Tenant>;
  list(): Promise<Tenant[]>;
  setPlan(input: { tenantId: string; plan: Plan; actor: string }): Promise<Tenant>;
}

export function toTenant(row: TenantRow): Tenant {
  return { id: row.id, name: row.name, plan: row.plan, createdAt: new Date(row.created_at).toISOString() };
}

export function tenantNotFound(tenantId: string): ServiceError {
  return new ServiceError('NOT_FOUND', `tenant ${tenantId} does not exist`, { hint: 'list the tenants to find its id: `connector service tenant list`' });
}

/** The tenant row, or NOT_FOUND. */
export async function loadTenant(db: Queryable, tenantId: string, options: { forUpdate?: boolean } = {}): Promise<TenantRow> {
  const row = typeof tenantId === 'string' ? await findTenant(db, tenantId, options) : undefined;
  if (!row) throw tenantNotFound(String(tenantId));
  return row;
}

export function tenantOperations(context: ServiceContext): TenantOperations {
  const { db, keyring } = context;
  return {
    async create(input) {
      const name = requireText('name', input.name);
      const plan = parsePlan(input.plan);
      const actor = requireActor(input.actor);
      return db.transaction(async (tx) => {
        const row = await insertTenant(tx, { id: randomUUID(), name, plan });
        await keyring.createDataKey(tx, row.id);
        await recordAudit(tx, { tenantId: row.id, actor, event: 'tenant.created', detail: { name, plan } });
        return toTenant(row);
      });
    },
    async get(tenantId) {
      return toTenant(await loadTenant(db, tenantId));
    },
    async list() {
      return (await listTenantRows(db)).map(toTenant);
    },
    async setPlan(input) {
      const plan = parsePlan(input.plan);
      const actor = requireActor(input.actor);
      return db.transaction(async (tx) => {
        const before = await loadTenant(tx, input.tenantId, { forUpdate: true });
        const after = (await updateTenantPlan(tx, input.tenantId, plan))!;
        await recordAudit(tx, { tenantId: after.id, actor, event: 'tenant.plan_changed', detail: { from: before.plan, to: plan } });
        return toTenant(after);
      });
    },
  };
}
