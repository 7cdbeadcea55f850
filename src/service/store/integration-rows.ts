/** The `integrations`, `integration_credentials` and `integration_actions` tables; every read is scoped to a tenant. */
import type { Sealed } from '../crypto/aead.js';
import type { IntegrationType } from '../integrations/integration-types.js';
import { limitTransaction, type Queryable } from './database.js';
import type { DataKeyRow } from './key-rows.js';

export interface IntegrationRow {
  id: string;
  tenant_id: string;
  name: string;
  type: IntegrationType;
  connector_id: string;
  spec_text: string | null;
  base_url: string | null;
  settings: Record<string, string>;
  auth_configured_at: Date | null;
  /** Set when a write action met the target's read-only signature; cleared by configuring auth again. */
  import_only_reason: string | null;
  import_only_at: Date | null;
  /** Set while the integration is disabled: no sync or workflow task runs for it. */
  disabled_at: Date | null;
  disabled_by: string | null;
  /** Set once it is deleted: every read treats it as gone; its accounts stay as history. */
  deleted_at: Date | null;
  deleted_by: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface NewIntegration {
  id: string;
  tenantId: string;
  name: string;
  type: IntegrationType;
  connectorId: string;
  specText: string | null;
  baseUrl: string | null;
  settings: Record<string, string>;
}

export async function insertIntegration(db: Queryable, row: NewIntegration): Promise<IntegrationRow> {
  const { rows } = await db.query<IntegrationRow>(
    `INSERT INTO integrations (id, tenant_id, name, type, connector_id, spec_text, base_url, settings)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *`,
    [row.id, row.tenantId, row.name, row.type, row.connectorId, row.specText, row.baseUrl, JSON.stringify(row.settings)],
  );
  return rows[0]!;
}

export async function findIntegration(
  db: Queryable,
  scope: { tenantId: string; integrationId: string; forUpdate?: boolean },
): Promise<IntegrationRow | undefined> {
  const { rows } = await db.query<IntegrationRow>(
    `SELECT * FROM integrations WHERE tenant_id = $1 AND id = $2 AND deleted_at IS NULL${scope.forUpdate ? ' FOR UPDATE' : ''}`,
    [scope.tenantId, scope.integrationId],
  );
  return rows[0];
}

/** Id and name of the tenant's integrations (or of `ids` among them), in the order they were created. */
export async function listIntegrationNames(db: Queryable, input: { tenantId: string; ids?: readonly string[] }): Promise<{ id: string; name: string }[]> {
  const { rows } = await db.query<{ id: string; name: string }>(
    'SELECT id, name FROM integrations WHERE tenant_id = $1 AND deleted_at IS NULL AND ($2::text[] IS NULL OR id = ANY($2::text[])) ORDER BY created_at, id',
    [input.tenantId, input.ids ? [...input.ids] : null],
  );
  return rows;
}

export async function listIntegrationRows(db: Queryable, tenantId: string): Promise<IntegrationRow[]> {
  return (await db.query<IntegrationRow>('SELECT * FROM integrations WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY created_at, id', [tenantId])).rows;
}

/**
 * One page in creation order, after the integration `after` (keyset on created_at, id: the
 * cursor's row is looked up in the same tenant, so a cursor of another tenant starts nothing).
 */
export async function listIntegrationPage(db: Queryable, query: { tenantId: string; after?: string; limit: number }): Promise<IntegrationRow[]> {
  if (query.after === undefined) {
    return (
      await db.query<IntegrationRow>('SELECT * FROM integrations WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY created_at, id LIMIT $2', [
        query.tenantId,
        query.limit,
      ])
    ).rows;
  }
  const { rows } = await db.query<IntegrationRow>(
    `SELECT i.* FROM integrations i, (SELECT created_at, id FROM integrations WHERE tenant_id = $1 AND id = $2) c
     WHERE i.tenant_id = $1 AND i.deleted_at IS NULL AND (i.created_at, i.id) > (c.created_at, c.id) ORDER BY i.created_at, i.id LIMIT $3`,
    [query.tenantId, query.after, query.limit],
  );
  return rows;
}

/** Marks an integration import-only and switches the given (write) actions off, in one statement set of the caller's transaction. */
export async function markImportOnly(db: Queryable, input: { integrationId: string; reason: string; writeActions: readonly string[] }): Promise<void> {
  await db.query('UPDATE integrations SET import_only_reason = $2, import_only_at = now(), updated_at = now() WHERE id = $1', [
    input.integrationId,
    input.reason,
  ]);
  await db.query('UPDATE integration_actions SET enabled = false, updated_at = now() WHERE integration_id = $1 AND action = ANY($2)', [
    input.integrationId,
    [...input.writeActions],
  ]);
}

/** Saves a tested authentication: settings, the sealed secrets replacing any earlier ones, the time. */
export async function saveAuthentication(
  db: Queryable,
  input: { integrationId: string; settings: Record<string, string>; secrets: Map<string, Sealed> },
): Promise<IntegrationRow> {
  await db.query('DELETE FROM integration_credentials WHERE integration_id = $1', [input.integrationId]);
  for (const [field, sealed] of input.secrets) {
    await db.query('INSERT INTO integration_credentials (integration_id, field, nonce, ciphertext) VALUES ($1, $2, $3, $4)', [
      input.integrationId,
      field,
      sealed.nonce,
      sealed.ciphertext,
    ]);
  }
  const { rows } = await db.query<IntegrationRow>(
    'UPDATE integrations SET settings = $2, auth_configured_at = now(), import_only_reason = NULL, import_only_at = NULL, updated_at = now() WHERE id = $1 RETURNING *',
    [input.integrationId, JSON.stringify(input.settings)],
  );
  return rows[0]!;
}

/**
 * SQL: the integration's authentication is the one configured at the time parameter `at` names,
 * compared within a millisecond (a row read into JavaScript keeps milliseconds of the stored microseconds).
 */
const CONFIGURED_AT = (at: string) =>
  `auth_configured_at > ${at}::timestamptz - interval '1 millisecond' AND auth_configured_at < ${at}::timestamptz + interval '1 millisecond'`;

/**
 * Replaces one sealed credential (a refresh token the target rotated) of the authentication
 * configured at `configuredAt`, the time the client read: an authentication saved since (an
 * operator's new credentials) stands, and false is returned.
 */
export async function replaceCredentialField(
  db: Queryable,
  input: { integrationId: string; field: string; sealed: Sealed; configuredAt: Date },
): Promise<boolean> {
  const { rows } = await db.query<{ integration_id: string }>(
    `INSERT INTO integration_credentials (integration_id, field, nonce, ciphertext)
     SELECT id, $2, $3, $4 FROM integrations
     WHERE id = $1 AND deleted_at IS NULL AND ${CONFIGURED_AT('$5')}
     ON CONFLICT (integration_id, field) DO UPDATE SET nonce = EXCLUDED.nonce, ciphertext = EXCLUDED.ciphertext
     RETURNING integration_id`,
    [input.integrationId, input.field, input.sealed.nonce, input.sealed.ciphertext, input.configuredAt.toISOString()],
  );
  return rows.length > 0;
}

/** One sealed credential of the authentication configured at `configuredAt`; undefined once it was saved again (or deleted). */
export async function loadCredentialField(db: Queryable, input: { integrationId: string; field: string; configuredAt: Date }): Promise<Sealed | undefined> {
  const { rows } = await db.query<Sealed>(
    `SELECT c.nonce, c.ciphertext FROM integration_credentials c JOIN integrations i ON i.id = c.integration_id
     WHERE c.integration_id = $1 AND c.field = $2 AND i.deleted_at IS NULL AND ${CONFIGURED_AT('$3')}`,
    [input.integrationId, input.field, input.configuredAt.toISOString()],
  );
  return rows[0];
}

/** The advisory lock namespace of refresh token renewals ('RTK'); the migrations' lock is a one-key lock, never confused with it. */
const RENEWAL_LOCK_SPACE = 0x52544b;

/**
 * PostgreSQL only: waits until no other transaction renews this integration's refresh token, in
 * any process, and holds that until the transaction ends. A wait past `timeoutMs` is an error
 * (lock_timeout), not a wait forever; and the server ends this transaction once it sits idle that
 * long (a process hung while its target answers), so a hung holder frees the turn.
 */
export async function lockRefreshTokenRenewal(tx: Queryable, input: { integrationId: string; timeoutMs: number }): Promise<void> {
  await limitTransaction(tx, { lockMs: input.timeoutMs, idleMs: input.timeoutMs });
  await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [RENEWAL_LOCK_SPACE, input.integrationId]);
}

export async function listCredentialFields(db: Queryable, integrationIds: readonly string[]): Promise<Map<string, string[]>> {
  const fields = new Map<string, string[]>();
  if (integrationIds.length === 0) return fields;
  const { rows } = await db.query<{ integration_id: string; field: string }>(
    'SELECT integration_id, field FROM integration_credentials WHERE integration_id = ANY($1) ORDER BY field',
    [[...integrationIds]],
  );
  for (const row of rows) fields.set(row.integration_id, [...(fields.get(row.integration_id) ?? []), row.field]);
  return fields;
}

export async function loadSealedCredentials(db: Queryable, integrationId: string): Promise<Map<string, Sealed>> {
  const { rows } = await db.query<{ field: string; nonce: string; ciphertext: string }>(
    'SELECT field, nonce, ciphertext FROM integration_credentials WHERE integration_id = $1',
    [integrationId],
  );
  return new Map(rows.map((row) => [row.field, { nonce: row.nonce, ciphertext: row.ciphertext }]));
}

/**
 * What a client of the integration needs, in one statement: its row (in its tenant, not deleted),
 * its sealed credentials and its tenant's wrapped data key (a sync run connects once per run; this
 * was four statements).
 */
export async function findConnectable(
  db: Queryable,
  scope: { tenantId: string; integrationId: string },
): Promise<{ row: IntegrationRow; sealed: Map<string, Sealed>; dataKey: DataKeyRow | undefined } | undefined> {
  const { rows } = await db.query<
    IntegrationRow & {
      sealed_credentials: Record<string, Sealed>;
      data_key_version: number | null;
      data_key_nonce: string | null;
      data_key_wrapped: string | null;
    }
  >(
    `SELECT i.*, k.kek_version AS data_key_version, k.nonce AS data_key_nonce, k.wrapped_key AS data_key_wrapped,
       (SELECT COALESCE(jsonb_object_agg(c.field, jsonb_build_object('nonce', c.nonce, 'ciphertext', c.ciphertext)), '{}'::jsonb)
        FROM integration_credentials c WHERE c.integration_id = i.id) AS sealed_credentials
     FROM integrations i LEFT JOIN tenant_data_keys k ON k.tenant_id = i.tenant_id
     WHERE i.tenant_id = $1 AND i.id = $2 AND i.deleted_at IS NULL`,
    [scope.tenantId, scope.integrationId],
  );
  const found = rows[0];
  if (!found) return undefined;
  const { sealed_credentials, data_key_version, data_key_nonce, data_key_wrapped, ...row } = found;
  const dataKey =
    data_key_version === null ? undefined : { tenant_id: row.tenant_id, kek_version: data_key_version, nonce: data_key_nonce!, wrapped_key: data_key_wrapped! };
  return { row, sealed: new Map(Object.entries(sealed_credentials)), dataKey };
}

export async function loadEnabledActions(db: Queryable, integrationId: string): Promise<Set<string>> {
  const { rows } = await db.query<{ action: string }>('SELECT action FROM integration_actions WHERE integration_id = $1 AND enabled', [integrationId]);
  return new Set(rows.map((row) => row.action));
}

export async function upsertAction(db: Queryable, input: { integrationId: string; action: string; enabled: boolean }): Promise<void> {
  await db.query(
    `INSERT INTO integration_actions (integration_id, action, enabled) VALUES ($1, $2, $3)
     ON CONFLICT (integration_id, action) DO UPDATE SET enabled = EXCLUDED.enabled, updated_at = now()`,
    [input.integrationId, input.action, input.enabled],
  );
  await db.query('UPDATE integrations SET updated_at = now() WHERE id = $1', [input.integrationId]);
}

/** Several integrations of one tenant by id, in one statement; ids of another tenant (or none) are left out. */
export async function findIntegrations(db: Queryable, scope: { tenantId: string; integrationIds: readonly string[] }): Promise<IntegrationRow[]> {
  const { rows } = await db.query<IntegrationRow>('SELECT * FROM integrations WHERE tenant_id = $1 AND id = ANY($2::text[]) AND deleted_at IS NULL', [
    scope.tenantId,
    [...scope.integrationIds],
  ]);
  return rows;
}

/** The enabled actions of several integrations, in one statement. */
export async function loadEnabledActionsOfMany(db: Queryable, integrationIds: readonly string[]): Promise<Map<string, Set<string>>> {
  const { rows } = await db.query<{ integration_id: string; action: string }>(
    'SELECT integration_id, action FROM integration_actions WHERE integration_id = ANY($1::text[]) AND enabled',
    [[...integrationIds]],
  );
  const enabled = new Map<string, Set<string>>(integrationIds.map((id) => [id, new Set<string>()]));
  for (const row of rows) enabled.get(row.integration_id)?.add(row.action);
  return enabled;
}

/** `upsertAction` for several integrations in two statements. */
export async function upsertActions(db: Queryable, input: { integrationIds: readonly string[]; action: string; enabled: boolean }): Promise<void> {
  await db.query(
    `INSERT INTO integration_actions (integration_id, action, enabled) SELECT id, $2, $3 FROM unnest($1::text[]) AS id
     ON CONFLICT (integration_id, action) DO UPDATE SET enabled = EXCLUDED.enabled, updated_at = now()`,
    [[...input.integrationIds], input.action, input.enabled],
  );
  await db.query('UPDATE integrations SET updated_at = now() WHERE id = ANY($1::text[])', [[...input.integrationIds]]);
}

/** Replaces a build-your-own integration's spec (already validated by the caller's transaction). */
export async function updateSpecText(db: Queryable, input: { integrationId: string; specText: string; connectorId: string }): Promise<IntegrationRow> {
  const { rows } = await db.query<IntegrationRow>('UPDATE integrations SET spec_text = $2, connector_id = $3, updated_at = now() WHERE id = $1 RETURNING *', [
    input.integrationId,
    input.specText,
    input.connectorId,
  ]);
  return rows[0]!;
}

/**
 * SQL that holds when the integration `column` names is not deleted: an account of a deleted
 * integration is history, never access (the grid, offboarding and the unlinked list leave it out).
 */
export const LIVE_INTEGRATION = (column: string) => `EXISTS (SELECT 1 FROM integrations li WHERE li.id = ${column} AND li.deleted_at IS NULL)`;

export async function renameIntegration(db: Queryable, input: { integrationId: string; name: string }): Promise<IntegrationRow> {
  const { rows } = await db.query<IntegrationRow>('UPDATE integrations SET name = $2, updated_at = now() WHERE id = $1 RETURNING *', [
    input.integrationId,
    input.name,
  ]);
  return rows[0]!;
}

/** Re-points an integration whose base URL is not an input of its spec (the override of the spec's base URL). */
export async function saveBaseUrl(db: Queryable, input: { integrationId: string; baseUrl: string | null }): Promise<IntegrationRow> {
  const { rows } = await db.query<IntegrationRow>('UPDATE integrations SET base_url = $2, updated_at = now() WHERE id = $1 RETURNING *', [
    input.integrationId,
    input.baseUrl,
  ]);
  return rows[0]!;
}

/** Saves the non-secret inputs alone (a base URL changed before authentication was ever configured). */
export async function saveSettings(db: Queryable, input: { integrationId: string; settings: Record<string, string> }): Promise<IntegrationRow> {
  const { rows } = await db.query<IntegrationRow>('UPDATE integrations SET settings = $2, updated_at = now() WHERE id = $1 RETURNING *', [
    input.integrationId,
    JSON.stringify(input.settings),
  ]);
  return rows[0]!;
}

/** Disables (`by` given) or enables (`by` null) an integration. */
export async function setIntegrationDisabled(db: Queryable, input: { integrationId: string; by: string | null }): Promise<IntegrationRow> {
  const { rows } = await db.query<IntegrationRow>(
    `UPDATE integrations SET disabled_at = CASE WHEN $2::text IS NULL THEN NULL ELSE now() END, disabled_by = $2, updated_at = now() WHERE id = $1 RETURNING *`,
    [input.integrationId, input.by],
  );
  return rows[0]!;
}

/** Deletes an integration, keeping its row (and so its accounts and their events) as history; its secrets go. */
export async function markIntegrationDeleted(db: Queryable, input: { integrationId: string; by: string }): Promise<void> {
  await db.query(
    `UPDATE integrations SET deleted_at = now(), deleted_by = $2, disabled_at = COALESCE(disabled_at, now()), disabled_by = COALESCE(disabled_by, $2),
       updated_at = now() WHERE id = $1`,
    [input.integrationId, input.by],
  );
  await db.query('DELETE FROM integration_credentials WHERE integration_id = $1', [input.integrationId]);
}

/** How many accounts (present or removed) an integration holds: what its deletion keeps as history. */
export async function countIntegrationAccounts(db: Queryable, integrationId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM accounts WHERE integration_id = $1', [integrationId]);
  return rows[0]?.n ?? 0;
}
