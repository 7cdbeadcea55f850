/** The `tenants` table. */
import type { Plan } from '../tenants/plans.js';
import type { Queryable } from './database.js';

export interface TenantRow {
  id: string;
  name: string;
  plan: Plan;
  created_at: Date;
}

export async function insertTenant(db: Queryable, tenant: { id: string; name: string; plan: Plan }): Promise<TenantRow> {
  const { rows } = await db.query<TenantRow>('INSERT INTO tenants (id, name, plan) VALUES ($1, $2, $3) RETURNING *', [tenant.id, tenant.name, tenant.plan]);
  return rows[0]!;
}

export async function findTenant(db: Queryable, id: string, options: { forUpdate?: boolean } = {}): Promise<TenantRow | undefined> {
  const { rows } = await db.query<TenantRow>(`SELECT * FROM tenants WHERE id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0];
}

export async function listTenantRows(db: Queryable): Promise<TenantRow[]> {
  return (await db.query<TenantRow>('SELECT * FROM tenants ORDER BY created_at, id')).rows;
}

export async function updateTenantPlan(db: Queryable, id: string, plan: Plan): Promise<TenantRow | undefined> {
  const { rows } = await db.query<TenantRow>('UPDATE tenants SET plan = $2 WHERE id = $1 RETURNING *', [id, plan]);
  return rows[0];
}
