/**
 * Access profiles (issue 28, movers): `access_profiles` (a named set of applications per tenant,
 * name unique per tenant by its key, archived kept), `access_profile_applications` (its
 * integrations with their options) and `person_profiles` (who holds which). Also the two reads of
 * accounts a move and the drift list need: a person's present accounts with their state, and the
 * present accounts of people with profiles in integrations outside those profiles.
 */
import type { Queryable } from './database.js';
import { LIVE_INTEGRATION } from './integration-rows.js';

export interface ProfileRow {
  id: string;
  tenant_id: string;
  name: string;
  name_key: string;
  archived_at: Date | null;
  created_by: string;
  created_at: Date;
}

export interface ProfileApplicationRow {
  profile_id: string;
  integration_id: string;
  options: Record<string, unknown>;
  integration_name: string;
  /** The integration was deleted since: nothing can be created there (its row stays as history). */
  integration_deleted: boolean;
}

export interface PresentAccountRow {
  integration_id: string;
  external_id: string;
  email: string;
  name: string;
  state: string;
  admin: boolean;
}

export interface DriftRow extends PresentAccountRow {
  person_id: string;
  person_name: string;
  person_email: string;
  integration_name: string;
}

export async function insertProfile(
  tx: Queryable,
  input: { id: string; tenantId: string; name: string; nameKey: string; createdBy: string },
): Promise<ProfileRow | undefined> {
  const { rows } = await tx.query<ProfileRow>(
    `INSERT INTO access_profiles (id, tenant_id, name, name_key, created_by) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (tenant_id, name_key) DO NOTHING RETURNING *`,
    [input.id, input.tenantId, input.name, input.nameKey, input.createdBy],
  );
  return rows[0];
}

/** Renames and/or archives (true) or restores (false); undefined leaves a field as it is. Undefined when the name is another profile's. */
export async function updateProfileRow(
  tx: Queryable,
  input: { tenantId: string; profileId: string; name?: string; nameKey?: string; archived?: boolean },
): Promise<ProfileRow | undefined> {
  const { rows } = await tx.query<ProfileRow>(
    `UPDATE access_profiles SET name = COALESCE($3, name), name_key = COALESCE($4, name_key),
       archived_at = CASE WHEN $5::boolean IS NULL THEN archived_at WHEN $5 THEN COALESCE(archived_at, now()) ELSE NULL END
     WHERE tenant_id = $1 AND id = $2
       AND NOT EXISTS (SELECT 1 FROM access_profiles o WHERE o.tenant_id = $1 AND o.id <> $2 AND o.name_key = $4)
     RETURNING *`,
    [input.tenantId, input.profileId, input.name ?? null, input.nameKey ?? null, input.archived ?? null],
  );
  return rows[0];
}

export async function findProfile(db: Queryable, input: { tenantId: string; profileId: string }): Promise<ProfileRow | undefined> {
  const { rows } = await db.query<ProfileRow>('SELECT * FROM access_profiles WHERE tenant_id = $1 AND id = $2', [input.tenantId, input.profileId]);
  return rows[0];
}

export async function findProfileByNameKey(db: Queryable, input: { tenantId: string; nameKey: string }): Promise<ProfileRow | undefined> {
  const { rows } = await db.query<ProfileRow>('SELECT * FROM access_profiles WHERE tenant_id = $1 AND name_key = $2', [input.tenantId, input.nameKey]);
  return rows[0];
}

export async function listProfileRows(db: Queryable, input: { tenantId: string; ids?: readonly string[]; archived: boolean }): Promise<ProfileRow[]> {
  const { rows } = await db.query<ProfileRow>(
    `SELECT * FROM access_profiles WHERE tenant_id = $1 AND ($2::text[] IS NULL OR id = ANY($2::text[])) AND ($3 OR archived_at IS NULL)
     ORDER BY name, id`,
    [input.tenantId, input.ids ? [...input.ids] : null, input.archived],
  );
  return rows;
}

export async function listProfileApplications(db: Queryable, profileIds: readonly string[]): Promise<ProfileApplicationRow[]> {
  if (profileIds.length === 0) return [];
  const { rows } = await db.query<ProfileApplicationRow>(
    `SELECT pa.profile_id, pa.integration_id, pa.options, i.name AS integration_name, i.deleted_at IS NOT NULL AS integration_deleted
     FROM access_profile_applications pa JOIN integrations i ON i.id = pa.integration_id
     WHERE pa.profile_id = ANY($1::text[]) ORDER BY pa.profile_id, pa.integration_id`,
    [[...profileIds]],
  );
  return rows;
}

/** Replaces a profile's applications with `applications`. */
export async function replaceProfileApplications(
  tx: Queryable,
  input: { tenantId: string; profileId: string; applications: readonly { integrationId: string; options: Record<string, unknown> }[] },
): Promise<void> {
  await tx.query('DELETE FROM access_profile_applications WHERE profile_id = $1', [input.profileId]);
  if (input.applications.length === 0) return;
  await tx.query(
    `INSERT INTO access_profile_applications (profile_id, tenant_id, integration_id, options)
     SELECT $1, $2, x.integration_id, x.options FROM jsonb_to_recordset($3::jsonb) AS x(integration_id text, options jsonb)`,
    [input.profileId, input.tenantId, JSON.stringify(input.applications.map((app) => ({ integration_id: app.integrationId, options: app.options })))],
  );
}

/** The ids of the profiles a person holds. */
export async function listPersonProfileIds(db: Queryable, input: { tenantId: string; personId: string }): Promise<string[]> {
  const { rows } = await db.query<{ profile_id: string }>(
    'SELECT profile_id FROM person_profiles WHERE tenant_id = $1 AND person_id = $2 ORDER BY profile_id',
    [input.tenantId, input.personId],
  );
  return rows.map((row) => row.profile_id);
}

/** Sets the person's profiles to exactly `profileIds` (the move's workflow, if any, recorded with them). */
export async function replacePersonProfiles(
  tx: Queryable,
  input: { tenantId: string; personId: string; profileIds: readonly string[]; workflowId: string | null },
): Promise<void> {
  await tx.query('DELETE FROM person_profiles WHERE tenant_id = $1 AND person_id = $2 AND NOT (profile_id = ANY($3::text[]))', [
    input.tenantId,
    input.personId,
    [...input.profileIds],
  ]);
  await tx.query(
    `INSERT INTO person_profiles (tenant_id, person_id, profile_id, workflow_id) SELECT $1, $2, p, $4 FROM unnest($3::text[]) AS p
     ON CONFLICT (person_id, profile_id) DO NOTHING`,
    [input.tenantId, input.personId, [...input.profileIds], input.workflowId],
  );
}

/** The person's accounts not removed, in integrations not deleted, with their state and admin flag (a move's starting point). */
export async function listPresentAccounts(db: Queryable, input: { tenantId: string; personId: string }): Promise<PresentAccountRow[]> {
  const { rows } = await db.query<PresentAccountRow>(
    `SELECT a.integration_id, a.external_id, a.email, a.name, a.state, a.admin FROM accounts a
     WHERE a.tenant_id = $1 AND a.person_id = $2 AND a.state <> 'removed' AND ${LIVE_INTEGRATION('a.integration_id')}
     ORDER BY a.integration_id, a.external_id`,
    [input.tenantId, input.personId],
  );
  return rows;
}

/**
 * Drift: present accounts of people who hold at least one profile, in integrations (not deleted)
 * none of their profiles (archived ones included: the person still holds them) names. By person
 * name, then integration.
 */
export async function listDriftRows(db: Queryable, input: { tenantId: string; limit: number }): Promise<DriftRow[]> {
  const { rows } = await db.query<DriftRow>(
    `SELECT a.person_id, p.name AS person_name, p.email AS person_email, a.integration_id, i.name AS integration_name,
            a.external_id, a.email, a.name, a.state, a.admin
     FROM accounts a
     JOIN people p ON p.id = a.person_id
     JOIN integrations i ON i.id = a.integration_id AND i.deleted_at IS NULL
     WHERE a.tenant_id = $1 AND a.state <> 'removed'
       AND EXISTS (SELECT 1 FROM person_profiles pp WHERE pp.tenant_id = $1 AND pp.person_id = a.person_id)
       AND NOT EXISTS (
         SELECT 1 FROM person_profiles pp JOIN access_profile_applications pa ON pa.profile_id = pp.profile_id
         WHERE pp.tenant_id = $1 AND pp.person_id = a.person_id AND pa.integration_id = a.integration_id)
     ORDER BY p.name, p.id, i.name, a.external_id
     LIMIT $2`,
    [input.tenantId, input.limit],
  );
  return rows;
}
