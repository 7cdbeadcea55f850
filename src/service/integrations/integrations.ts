/**
 * Integration operations in the setup order (docs/contributors/product-rules.md "What the service does" 5): choose the
 * type (`create`), configure authentication (`configureAuth`, tested before it is saved), then
 * configure and enable actions (`listActions`, `setAction`). Every read and write is scoped to the
 * tenant given: another tenant's integration is NOT_FOUND.
 */
import { PAGE_LIMITS } from '../page-cursor.js';
import { randomUUID } from 'node:crypto';
import { connect, type Client, type ConnectionCheck } from '../../index.js';
import type { Actor } from '../../runtime/connect-options.js';
import type { RenderedRequest } from '../../runtime/actions/inspect-action.js';
import { recordAudit, recordAudits } from '../audit/audit-log.js';
import type { ServiceContext } from '../context.js';
import { ServiceError } from '../service-error.js';
import type { Queryable } from '../store/database.js';
import {
  findIntegrations,
  insertIntegration,
  loadEnabledActionsOfMany,
  upsertActions,
  listCredentialFields,
  listIntegrationPage,
  listIntegrationRows,
  loadEnabledActions,
  markImportOnly,
  loadSealedCredentials,
  saveAuthentication,
  upsertAction,
  renameIntegration,
  saveBaseUrl,
  saveSettings,
  setIntegrationDisabled,
  markIntegrationDeleted,
  countIntegrationAccounts,
  findConnectable,
  type IntegrationRow,
} from '../store/integration-rows.js';
import { loadWorkflowSettings } from '../store/workflow-rows.js';
import { requirePlan } from '../tenants/plans.js';
import { loadTenant } from '../tenants/tenants.js';
import { requireActor, requireText } from '../validate-input.js';
import { redactorFor, refreshTokenInput, sealInputs, splitInputs, testConnection, type AuthFailure } from './configure-auth.js';
import { checkUrl, connectorOf, resolveChoice, serviceJqOptions, type IntegrationChoice } from './integration-types.js';
import type { CompiledConnector } from '../../connector.js';
import { authInputsOf, type AuthInput } from './auth-inputs.js';
import { toIntegration, type Integration } from './integration-view.js';
import { actionKind, offeredActions, withheldActions, type OfferedAction, type WithheldAction } from './offered-actions.js';
import { describeFailure, invokeAction, isReadOnlyRefusal, writeActionsOf, type ActionRun, type ActionSubject } from './run-action.js';
import { isConnectorError } from '../../runtime/errors.js';
import type { ActionConfigChange } from './action-config.js';
import { loadIntegration, type IntegrationRef } from './load-integration.js';
import { applyConfig, proposeConfig, type ConfigProposal, type ConfigToApply } from './config-generation.js';
import { writeActionConfig } from './action-config.js';
import { requireBuildYourOwn, saveSpecEdit } from './spec-edit.js';
import { authBlockOf, writeAuthBlock, type AuthForm } from './auth-config.js';
import { reflectActions, type Reflected } from '../accounts/action-effects.js';
import { requireValidSpec } from './integration-types.js';
import { configureActionConfiguration, readActionConfiguration, type ActionConfiguration, type ConfiguredAction } from './configure-action.js';
import { loggingAnswerFailures } from '../service-log.js';
import { applyProbe, probeCapabilities } from './probe-capabilities.js';
import { refreshTokenRenewals } from './refresh-token-renewal.js';
import type { CapabilityProbe } from '../../index.js';

export type { IntegrationRef } from './load-integration.js';

/** The most integrations one `setActionMany` changes. */
export const SET_ACTION_MANY_LIMIT = 1000;

export type ConfigureAuthResult =
  | {
      ok: true;
      integration: Integration;
      check: ConnectionCheck /** The spec's capability probe, when it has one (probe-capabilities.ts). */;
      capabilities?: CapabilityProbe;
    }
  /** Nothing was saved; `failure` is the target's answer, redacted, with a hint. */
  | { ok: false; integration: Integration; failure: AuthFailure };

/** What a change of name, base URL or credentials answers; a failed connection test saved nothing, not even the name. */
export type UpdateIntegrationResult =
  | { ok: true; integration: Integration; check?: ConnectionCheck }
  | { ok: false; integration: Integration; failure: AuthFailure };

export interface IntegrationOperations {
  create(input: IntegrationChoice & { tenantId: string; name?: string; actor: string }): Promise<Integration>;
  get(ref: IntegrationRef): Promise<Integration>;
  list(input: { tenantId: string }): Promise<Integration[]>;
  /** One page in creation order; `cursor` is the `next` of the previous page. */
  page(input: { tenantId: string; cursor?: string; limit?: number }): Promise<IntegrationPage>;
  /** Tests the connection with these inputs and saves them only when the test passes. */
  configureAuth(input: IntegrationRef & { inputs: Record<string, string>; actor: string } & Repoint): Promise<ConfigureAuthResult>;
  /**
   * Renames, re-points (base URL) or changes credentials. A new base URL or credentials of a
   * configured integration are tested like the first save (configureAuth, with the saved secrets
   * the change does not replace) and nothing is saved, not even the name, when the test fails.
   */
  update(input: IntegrationRef & { name?: string; baseUrl?: string; inputs?: Record<string, string>; actor: string }): Promise<UpdateIntegrationResult>;
  /** Disables: kept and shown as disabled, but no sync or workflow task runs for it (INTEGRATION_DISABLED). */
  disable(input: IntegrationRef & { actor: string }): Promise<Integration>;
  enable(input: IntegrationRef & { actor: string }): Promise<Integration>;
  /**
   * Deletes, once `confirm` is the integration's name (CONFIRMATION_REQUIRED otherwise): its
   * secrets go, its accounts stay as history but count as access nowhere (Access Grid, offboarding,
   * the unlinked list); every later request about it is NOT_FOUND. Audited.
   */
  remove(input: IntegrationRef & { confirm?: string; actor: string }): Promise<{ id: string; name: string; accountsKept: number }>;
  /** The inputs the authentication step asks for (from the spec), with saved non-secret values; secrets only as saved or not. */
  authInputs(ref: IntegrationRef): Promise<AuthInput[]>;
  /** The spec's `auth` block (what the authentication step shows: read-only for prebuilt and SCIM). */
  authBlock(ref: IntegrationRef): Promise<Record<string, unknown>>;
  /**
   * Build-your-own: writes the spec's `auth` block from the authentication form (the five types),
   * declaring the inputs it reads; validated like YAML (INVALID_SPEC with located diagnostics, nothing saved).
   */
  configureAuthType(input: IntegrationRef & { form: AuthForm; actor: string }): Promise<Record<string, unknown>>;
  /** The actions offered now, each with whether it is enabled; none before authentication is configured. */
  listActions(ref: IntegrationRef): Promise<OfferedAction[]>;
  setAction(input: IntegrationRef & { action: string; enabled: boolean; actor: string }): Promise<OfferedAction[]>;
  /**
   * `setAction` on several integrations of one tenant at once (up to 1,000), all or nothing: each
   * is checked as `setAction` checks it (the first refusal names its integration and nothing is
   * saved), then saved and audited in one transaction of a fixed number of statements.
   */
  setActionMany(input: { tenantId: string; integrationIds: readonly string[]; action: string; enabled: boolean; actor: string }): Promise<void>;
  /** The spec's actions the tenant's plan withholds, each with the plan that would offer it. */
  withheldActions(ref: IntegrationRef): Promise<WithheldAction[]>;
  /** An action's configuration as the spec has it (method, path, body, records, mapping...), and whether it is editable. */
  actionConfig(input: IntegrationRef & { action: string }): Promise<ActionConfiguration>;
  /**
   * Edits a build-your-own action's configuration: re-validated with the compiler's located
   * diagnostics (INVALID_SPEC, nothing saved), audited, the offered actions recomputed.
   */
  configureAction(input: IntegrationRef & { action: string; change: ActionConfigChange; actor: string }): Promise<ConfiguredAction>;
  /** Generate Config: a proposed records path and mapping from the target's Import Users answer, each field explained; saves nothing. */
  proposeConfig(input: IntegrationRef & { records?: string; actor: string }): Promise<ConfigProposal>;
  /** Saves a (possibly edited) proposal into a build-your-own spec's Import Users; CONFIG_NOT_EDITABLE on prebuilt and SCIM. */
  applyConfig(input: IntegrationRef & ConfigToApply & { actor: string }): Promise<{ records: unknown; mapping: unknown; path: unknown }>;
  /**
   * A runtime client on the saved configuration, for runners inside this process (sync, Test,
   * Preview). The credentials are decrypted into the client and never returned.
   */
  connect(ref: IntegrationRef): Promise<Client>;
  /**
   * The payload preview of a build-your-own action with a change as typed, not saved: the edited
   * spec validated (INVALID_SPEC with its located diagnostics), then the runtime's own
   * payload preview with `actor` as the person; nothing sent but lookups, every secret masked.
   */
  previewPayload(input: IntegrationRef & { action: string; change: ActionConfigChange; actor: Actor }): Promise<RenderedRequest>;
  /**
   * Runs one enabled action on the saved configuration and records it. A write refused with the
   * target's read-only signature marks the integration import-only (writes switched off, reason
   * kept) and throws IMPORT_ONLY; any other target failure throws ACTION_FAILED with its redacted answer.
   */
  runAction(input: IntegrationRef & { action: string; subject?: ActionSubject; actor: string } & RunActionHooks): Promise<ActionRun>;
  /**
   * `runAction` in parts, for a caller that runs one action many times (a batch of workflow tasks):
   * the checks, the tenant, the integration, its credentials and its HTTP client resolved once.
   */
  prepareAction(input: IntegrationRef & { action: string }): Promise<PreparedAction>;
}

/** The audit entry of one action run. */
export interface ActionRunAudit {
  tenantId: string;
  integrationId: string;
  actor: string;
  event: 'integration.action_run';
  detail: Record<string, unknown>;
}

/** One enabled action of one integration, ready to send (see `prepareAction`). */
export interface PreparedAction {
  /** The integration's configuration version it was prepared on (its `updated_at`): a change makes it stale. */
  readonly version: string;
  /** Sends the action; a target's refusal is recorded (audit, import-only) and thrown as `runAction` throws it. */
  send(subject: ActionSubject, actor: string): Promise<ActionRun>;
  /** Reflects a sent action in the Accounts list in `tx`; returns the audit entry to write (the caller may write many at once). */
  record(
    tx: Queryable,
    input: { subject: ActionSubject; run: ActionRun; actor: string; workflowId?: string },
  ): Promise<{ reflected: Reflected; audit: ActionRunAudit }>;
  /** `record` for many runs in one go: the Accounts list changes of a state action in one statement. */
  recordMany(
    tx: Queryable,
    items: readonly { subject: ActionSubject; run: ActionRun; actor: string; workflowId?: string }[],
  ): Promise<{ reflected: Reflected[]; audits: ActionRunAudit[] }>;
  close(): Promise<void>;
}

/** Re-pointing through the authentication step: a new base URL tested with the credentials, the saved secrets kept unless replaced. */
export interface Repoint {
  baseUrl?: string;
  keepSavedSecrets?: boolean;
}

/** The candidate of a re-pointing: where the spec has a `baseUrl` input it is that input, else the row's override of the spec's base URL. */
function repointed(connector: CompiledConnector, row: IntegrationRow, baseUrl: string | undefined): { row: IntegrationRow; inputs: Record<string, string> } {
  if (baseUrl === undefined) return { row, inputs: {} };
  if (Object.hasOwn(connector.spec.inputs ?? {}, 'baseUrl')) return { row, inputs: { baseUrl } };
  return { row: { ...row, base_url: baseUrl }, inputs: {} };
}

/** The refusal of any run on a disabled integration: loud, with its code, never a silent success. */
function requireConfigured(row: IntegrationRow): void {
  if (row.auth_configured_at === null) {
    throw new ServiceError('AUTH_NOT_CONFIGURED', `integration ${row.id} has no authentication configured`, { hint: 'configure authentication first' });
  }
}

function requireEnabled(row: IntegrationRow): void {
  if (row.disabled_at !== null) {
    throw new ServiceError('INTEGRATION_DISABLED', `integration ${row.name} (${row.id}) is disabled: no sync or action runs for it`, {
      hint: `enable it (POST /v1/integrations/{id}/enable with id ${row.id}, or Enable on its console page), then retry`,
    });
  }
}

/** What a workflow adds to a run: whose run it is, and its own writes, committed with the run's record. */
export interface RunActionHooks {
  /** The workflow the run belongs to: named by the account event instead of the actor. */
  workflowId?: string;
  /** Runs in the transaction that records a successful run and reflects it in the Accounts list. */
  within?: (tx: Queryable, run: ActionRun, reflected: Reflected) => Promise<void>;
}

export interface IntegrationPage {
  integrations: Integration[];
  /** The cursor of the next page; absent on the last. */
  next?: string;
}

export { PAGE_LIMITS };

/** Cursors are opaque to callers: the last integration's id, base64url. */
function decodeCursor(cursor: string): string {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^[0-9a-f-]{36}$/.test(id))
    throw new ServiceError('INVALID_INPUT', 'cursor is not a cursor of this list', { hint: 'pass the `next` of the previous page unchanged' });
  return id;
}

export function integrationOperations(context: ServiceContext): IntegrationOperations {
  const { db, keyring } = context;

  const renewals = refreshTokenRenewals(context);
  /** A client of a stored integration with its stored credentials (`inputs`). */
  const openClient = (row: IntegrationRow, connector: CompiledConnector, inputs: Record<string, string>, actor?: Actor): Client => {
    const refreshField = refreshTokenInput(connector);
    return connect(connector, inputs, {
      baseUrl: row.base_url ?? undefined,
      egress: context.egress,
      jq: serviceJqOptions(context.jq),
      timeouts: context.timeouts,
      ...(actor !== undefined && { actor }),
      // Renewals one at a time with the token stored last; the runtime awaits the store of a new
      // token before it uses it: a token it could not store fails the request.
      ...(refreshField !== undefined && renewals.hooksFor(row, refreshField)),
    }) as unknown as Client;
  };
  const view = async (dbq: Queryable, row: IntegrationRow) => toIntegration(row, (await listCredentialFields(dbq, [row.id])).get(row.id) ?? []);

  /** Whether `setAction` may change the action on this integration (the refusals name it). */
  const checkActionChange = async (input: {
    tenant: Parameters<typeof requirePlan>[0];
    row: IntegrationRow;
    spec: Parameters<typeof writeActionsOf>[0];
    kind: ReturnType<typeof actionKind>;
    offered: readonly OfferedAction[];
    action: string;
    enabled: boolean;
  }): Promise<void> => {
    const { row } = input;
    if (input.enabled) {
      requireEnabled(row);
      if (input.kind === 'custom') requirePlan(input.tenant, 'customActions');
      if (row.auth_configured_at === null) {
        throw new ServiceError('AUTH_NOT_CONFIGURED', `integration ${row.id} has no authentication configured; actions are offered only after it is`, {
          hint: 'configure authentication first (saving it tests the connection)',
        });
      }
      if (row.import_only_reason !== null && writeActionsOf(input.spec).includes(input.action)) {
        throw new ServiceError('IMPORT_ONLY', `integration ${row.id} is import-only: ${row.import_only_reason}`, {
          hint: 'configure authentication again with a full-access (read/write) key to enable write actions',
        });
      }
      if (!input.offered.some((action) => action.name === input.action)) {
        throw new ServiceError('ACTION_NOT_OFFERED', `integration ${row.id} (${row.connector_id}) does not offer the action ${JSON.stringify(input.action)}`, {
          hint: `it offers: ${input.offered.map((action) => action.name).join(', ') || 'none'}`,
        });
      }
    } else if (input.action === 'deactivateUser' && (await loadWorkflowSettings(db, row.id)).keep_accounts) {
      throw new ServiceError('DEACTIVATE_REQUIRED', `${row.name} keeps accounts: offboarding deactivates them, so Deactivate User stays enabled`, {
        hint: `turn Keep accounts off first (PUT /v1/integrations/{id}/workflow-settings with keepAccounts: false, id ${row.id})`,
      });
    } else if (input.kind === undefined) {
      throw new ServiceError('ACTION_NOT_OFFERED', `integration ${row.id} (${row.connector_id}) has no action ${JSON.stringify(input.action)}`, {
        hint: 'list the integration’s actions',
      });
    }
  };

  const actionsOf = async (ref: IntegrationRef): Promise<{ row: IntegrationRow; offered: OfferedAction[] }> => {
    const tenant = await loadTenant(db, ref.tenantId);
    const row = await loadIntegration(db, ref);
    const connector = await connectorOf(row);
    const enabled = await loadEnabledActions(db, row.id);
    return {
      row,
      offered: offeredActions({
        spec: connector.spec,
        type: row.type,
        plan: tenant.plan,
        authConfigured: row.auth_configured_at !== null,
        enabled,
        importOnly: row.import_only_reason,
      }),
    };
  };

  const configuredRow = async (ref: IntegrationRef): Promise<IntegrationRow> => {
    await loadTenant(db, ref.tenantId);
    const row = await loadIntegration(db, ref);
    requireConfigured(row);
    return row;
  };

  /** The saved inputs with the sealed credentials opened: only for a client inside this process. */
  const openInputs = async (row: IntegrationRow): Promise<Record<string, string>> => {
    const inputs: Record<string, string> = { ...row.settings };
    for (const [field, sealed] of await loadSealedCredentials(db, row.id)) {
      inputs[field] = await keyring.openField(db, { tenantId: row.tenant_id, integrationId: row.id, field }, sealed);
    }
    return inputs;
  };

  const operations: IntegrationOperations = {
    async create(input) {
      const actor = requireActor(input.actor);
      const tenant = await loadTenant(db, input.tenantId);
      requirePlan(tenant, 'integrations');
      const choice = await resolveChoice(input);
      const name = input.name === undefined ? choice.defaultName : requireText('name', input.name);
      return db.transaction(async (tx) => {
        requirePlan(await loadTenant(tx, input.tenantId, { forUpdate: true }), 'integrations');
        const row = await insertIntegration(tx, { id: randomUUID(), tenantId: tenant.id, name, ...choice });
        await recordAudit(tx, {
          tenantId: row.tenant_id,
          integrationId: row.id,
          actor,
          event: 'integration.created',
          detail: { name, type: row.type, connector: row.connector_id, baseUrl: row.base_url, settings: row.settings },
        });
        return toIntegration(row, []);
      });
    },

    async get(ref) {
      await loadTenant(db, ref.tenantId);
      return view(db, await loadIntegration(db, ref));
    },

    async authInputs(ref) {
      await loadTenant(db, ref.tenantId);
      const row = await loadIntegration(db, ref);
      const credentialFields = (await listCredentialFields(db, [row.id])).get(row.id) ?? [];
      return authInputsOf((await connectorOf(row)).spec, { settings: row.settings, credentialFields });
    },

    async list(input) {
      await loadTenant(db, input.tenantId);
      const rows = await listIntegrationRows(db, input.tenantId);
      const fields = await listCredentialFields(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => toIntegration(row, fields.get(row.id) ?? []));
    },

    async page(input) {
      await loadTenant(db, input.tenantId);
      const limit = input.limit ?? PAGE_LIMITS.default;
      if (!Number.isInteger(limit) || limit < 1 || limit > PAGE_LIMITS.max) {
        throw new ServiceError('INVALID_INPUT', `limit must be a whole number from 1 to ${PAGE_LIMITS.max}`, {
          hint: `leave it out for ${PAGE_LIMITS.default}`,
        });
      }
      const after = input.cursor === undefined ? undefined : decodeCursor(input.cursor);
      const rows = await listIntegrationPage(db, { tenantId: input.tenantId, after, limit: limit + 1 });
      const shown = rows.slice(0, limit);
      const fields = await listCredentialFields(
        db,
        shown.map((row) => row.id),
      );
      const integrations = shown.map((row) => toIntegration(row, fields.get(row.id) ?? []));
      return rows.length > limit ? { integrations, next: Buffer.from(shown.at(-1)!.id, 'utf8').toString('base64url') } : { integrations };
    },

    async configureAuth(input) {
      const actor = requireActor(input.actor);
      const tenant = await loadTenant(db, input.tenantId);
      requirePlan(tenant, 'integrations');
      const stored = await loadIntegration(db, input);
      const connector = await connectorOf(stored);
      const baseUrl = input.baseUrl === undefined ? undefined : checkUrl('baseUrl', input.baseUrl);
      const { row, inputs: moved } = repointed(connector, stored, baseUrl);
      const kept = input.keepSavedSecrets ? await openInputs(stored) : {};
      const { inputs, secrets } = splitInputs(connector, row, { ...kept, ...input.inputs, ...moved });
      const redactor = redactorFor(inputs, secrets);
      // A refresh token the target rotates during the test is the one the probe uses and the one saved.
      const refreshField = refreshTokenInput(connector);
      const onRefreshToken =
        refreshField === undefined
          ? undefined
          : (issued: string) => {
              inputs[refreshField] = issued;
              redactor.registerSecret(issued);
            };
      const outcome = await testConnection({ connector, row, inputs, redactor, egress: context.egress, jq: serviceJqOptions(context.jq), onRefreshToken });
      const audit = { tenantId: row.tenant_id, integrationId: row.id, actor };
      if (!outcome.ok) {
        // The test is recorded; the configuration is not saved.
        await recordAudit(
          db,
          { ...audit, event: 'integration.auth_test_failed', detail: { inputs: Object.keys(input.inputs).sort(), failure: outcome.failure } },
          redactor,
        );
        return { ok: false, integration: await view(db, row), failure: outcome.failure };
      }
      const probeInput = { connector, row, inputs, redactor, egress: context.egress, jq: serviceJqOptions(context.jq), onRefreshToken };
      const capabilities = await probeCapabilities(probeInput);
      const saved = await db.transaction(async (tx) => {
        const locked = await loadIntegration(tx, input, { forUpdate: true });
        const { settings, sealed } = await sealInputs({ db: tx, keyring, row: locked, inputs, secrets });
        if (row.base_url !== locked.base_url) await saveBaseUrl(tx, { integrationId: locked.id, baseUrl: row.base_url });
        const after = await saveAuthentication(tx, { integrationId: locked.id, settings, secrets: sealed });
        await recordAudit(
          tx,
          {
            ...audit,
            event: 'integration.auth_configured',
            detail: { settings, secretsSet: [...sealed.keys()].sort(), check: outcome.check, ...(baseUrl === undefined ? {} : { baseUrl }) },
          },
          redactor,
        );
        await applyProbe(tx, { row: after, connector, probe: capabilities, actor });
        return view(tx, await loadIntegration(tx, input));
      });
      return { ok: true, integration: saved, check: outcome.check, ...(capabilities ? { capabilities } : {}) };
    },

    async update(input) {
      const actor = requireActor(input.actor);
      requirePlan(await loadTenant(db, input.tenantId), 'integrations');
      const row = await loadIntegration(db, input);
      const name = input.name === undefined ? undefined : requireText('name', input.name, { max: 200 });
      const baseUrl = input.baseUrl === undefined ? undefined : checkUrl('baseUrl', input.baseUrl);
      let check: ConnectionCheck | undefined;
      if (input.inputs !== undefined || (baseUrl !== undefined && row.auth_configured_at !== null)) {
        // Tested like the first save; the saved secrets stand unless replaced.
        const ref = { tenantId: input.tenantId, integrationId: row.id };
        const result = await operations.configureAuth({ ...ref, inputs: input.inputs ?? {}, actor, baseUrl, keepSavedSecrets: true });
        if (!result.ok) return result;
        check = result.check;
      } else if (baseUrl !== undefined) {
        // No authentication yet: nothing to test with; the authentication step tests the new address.
        const connector = await connectorOf(row);
        const moved = repointed(connector, row, baseUrl);
        await db.transaction(async (tx) => {
          if (moved.row.base_url !== row.base_url) await saveBaseUrl(tx, { integrationId: row.id, baseUrl: moved.row.base_url });
          if (moved.inputs.baseUrl !== undefined) await saveSettings(tx, { integrationId: row.id, settings: { ...row.settings, baseUrl } });
          await recordAudit(tx, {
            tenantId: row.tenant_id,
            integrationId: row.id,
            actor,
            event: 'integration.repointed',
            detail: { from: row.base_url ?? row.settings.baseUrl ?? null, to: baseUrl },
          });
        });
      }
      if (name !== undefined && name !== row.name) {
        await db.transaction(async (tx) => {
          await renameIntegration(tx, { integrationId: row.id, name });
          await recordAudit(tx, { tenantId: row.tenant_id, integrationId: row.id, actor, event: 'integration.renamed', detail: { from: row.name, to: name } });
        });
      }
      const integration = await operations.get(input);
      return check === undefined ? { ok: true, integration } : { ok: true, integration, check };
    },

    async disable(input) {
      const actor = requireActor(input.actor);
      await loadTenant(db, input.tenantId);
      return db.transaction(async (tx) => {
        const row = await loadIntegration(tx, input, { forUpdate: true });
        if (row.disabled_at !== null) return view(tx, row);
        const after = await setIntegrationDisabled(tx, { integrationId: row.id, by: actor });
        await recordAudit(tx, { tenantId: row.tenant_id, integrationId: row.id, actor, event: 'integration.disabled', detail: { name: row.name } });
        return view(tx, after);
      });
    },

    async enable(input) {
      const actor = requireActor(input.actor);
      await loadTenant(db, input.tenantId);
      return db.transaction(async (tx) => {
        const row = await loadIntegration(tx, input, { forUpdate: true });
        if (row.disabled_at === null) return view(tx, row);
        const after = await setIntegrationDisabled(tx, { integrationId: row.id, by: null });
        await recordAudit(tx, { tenantId: row.tenant_id, integrationId: row.id, actor, event: 'integration.enabled', detail: { name: row.name } });
        return view(tx, after);
      });
    },

    async remove(input) {
      const actor = requireActor(input.actor);
      await loadTenant(db, input.tenantId);
      return db.transaction(async (tx) => {
        const row = await loadIntegration(tx, input, { forUpdate: true });
        if (input.confirm !== row.name) {
          throw new ServiceError(
            'CONFIRMATION_REQUIRED',
            `deleting ${row.name} (${row.id}) needs its name as confirmation${input.confirm === undefined ? '' : `; ${JSON.stringify(input.confirm)} is not it`}`,
            { hint: `repeat with confirm=${JSON.stringify(row.name)}; its accounts stay as history but no longer count as access` },
          );
        }
        const accountsKept = await countIntegrationAccounts(tx, row.id);
        await markIntegrationDeleted(tx, { integrationId: row.id, by: actor });
        await recordAudit(tx, {
          tenantId: row.tenant_id,
          integrationId: row.id,
          actor,
          event: 'integration.deleted',
          detail: { name: row.name, type: row.type, connector: row.connector_id, accountsKept },
        });
        return { id: row.id, name: row.name, accountsKept };
      });
    },

    async authBlock(ref) {
      await loadTenant(db, ref.tenantId);
      return { ...((await connectorOf(await loadIntegration(db, ref))).spec.auth as unknown as Record<string, unknown>) };
    },

    async configureAuthType(input) {
      const actor = requireActor(input.actor);
      const auth = authBlockOf(input.form);
      const { spec } = await saveSpecEdit(db, {
        ...input,
        actor,
        event: 'integration.auth_type_configured',
        edit: (specText) => writeAuthBlock({ specText, auth }),
        detail: { auth },
      });
      return { ...(spec.auth as unknown as Record<string, unknown>) };
    },

    actionConfig: (input) => readActionConfiguration(context, input),
    configureAction: (input) => configureActionConfiguration(context, input, (ref) => operations.listActions(ref)),
    proposeConfig: (input) =>
      loggingAnswerFailures(context.log, 'generateConfig', input, () => proposeConfig(context, input, (ref) => operations.connect(ref))),
    applyConfig: (input) => applyConfig(context, input),

    async listActions(ref) {
      return (await actionsOf(ref)).offered;
    },

    async withheldActions(ref) {
      const tenant = await loadTenant(db, ref.tenantId);
      const row = await loadIntegration(db, ref);
      return withheldActions({ spec: (await connectorOf(row)).spec, plan: tenant.plan, authConfigured: row.auth_configured_at !== null });
    },

    async setAction(input) {
      const actor = requireActor(input.actor);
      if (typeof input.enabled !== 'boolean')
        throw new ServiceError('INVALID_INPUT', 'enabled must be true or false', { hint: 'give enabled: true to enable the action' });
      const tenant = await loadTenant(db, input.tenantId);
      requirePlan(tenant, 'integrations');
      const row = await loadIntegration(db, input);
      const connector = await connectorOf(row);
      const kind = actionKind(connector.spec, input.action);
      const offered = input.enabled ? (await actionsOf(input)).offered : [];
      await checkActionChange({ tenant, row, spec: connector.spec, kind, offered, action: input.action, enabled: input.enabled });
      await db.transaction(async (tx) => {
        await upsertAction(tx, { integrationId: row.id, action: input.action, enabled: input.enabled });
        await recordAudit(tx, {
          tenantId: row.tenant_id,
          integrationId: row.id,
          actor,
          event: input.enabled ? 'integration.action_enabled' : 'integration.action_disabled',
          detail: { action: input.action, kind },
        });
      });
      return (await actionsOf(input)).offered;
    },

    async setActionMany(input) {
      const actor = requireActor(input.actor);
      if (typeof input.enabled !== 'boolean')
        throw new ServiceError('INVALID_INPUT', 'enabled must be true or false', { hint: 'give enabled: true to enable the action' });
      const ids = input.integrationIds;
      if (
        !Array.isArray(ids) ||
        ids.length === 0 ||
        ids.length > SET_ACTION_MANY_LIMIT ||
        ids.some((id) => typeof id !== 'string') ||
        new Set(ids).size !== ids.length
      )
        throw new ServiceError('INVALID_INPUT', `integrationIds must be 1 to ${SET_ACTION_MANY_LIMIT} different integration ids`, {
          hint: 'give each integration once; split a longer list',
        });
      const tenant = await loadTenant(db, input.tenantId);
      requirePlan(tenant, 'integrations');
      const rows = new Map((await findIntegrations(db, { tenantId: input.tenantId, integrationIds: ids })).map((row) => [row.id, row]));
      const enabledOf = await loadEnabledActionsOfMany(db, ids);
      const kinds: string[] = [];
      for (const id of ids) {
        const row = rows.get(id);
        if (!row) await loadIntegration(db, { tenantId: input.tenantId, integrationId: id });
        const connector = await connectorOf(row!);
        const kind = actionKind(connector.spec, input.action);
        const offered = offeredActions({
          spec: connector.spec,
          type: row!.type,
          plan: tenant.plan,
          authConfigured: row!.auth_configured_at !== null,
          enabled: enabledOf.get(id)!,
        });
        await checkActionChange({ tenant, row: row!, spec: connector.spec, kind, offered, action: input.action, enabled: input.enabled });
        kinds.push(kind ?? '');
      }
      await db.transaction(async (tx) => {
        await upsertActions(tx, { integrationIds: ids, action: input.action, enabled: input.enabled });
        await recordAudits(
          tx,
          ids.map((id, index) => ({
            tenantId: input.tenantId,
            integrationId: id,
            actor,
            event: input.enabled ? 'integration.action_enabled' : 'integration.action_disabled',
            detail: { action: input.action, kind: kinds[index] },
          })),
        );
      });
    },

    async connect(ref) {
      // One statement: the row, its sealed credentials and the tenant's data key (configuredRow and openInputs in one).
      const found = typeof ref.integrationId === 'string' && typeof ref.tenantId === 'string' ? await findConnectable(db, ref) : undefined;
      if (!found) {
        // The refusal a missing tenant or integration gets everywhere else.
        await loadTenant(db, ref.tenantId);
        await loadIntegration(db, ref);
        throw new Error(`integration ${ref.integrationId} was created while a client of it was opened`);
      }
      const { row, sealed, dataKey } = found;
      requireConfigured(row);
      requireEnabled(row);
      const inputs: Record<string, string> = { ...row.settings };
      for (const [field, value] of sealed) inputs[field] = keyring.openFieldWith(dataKey, { tenantId: row.tenant_id, integrationId: row.id, field }, value);
      return openClient(row, await connectorOf(row), inputs);
    },

    async previewPayload(input) {
      const row = await configuredRow(input);
      const specText = writeActionConfig({ specText: requireBuildYourOwn(row), action: input.action, change: input.change });
      await requireValidSpec(specText);
      const connector = await connectorOf({ ...row, spec_text: specText });
      const client = openClient(row, connector, await openInputs(row), input.actor);
      try {
        // renderRequest is previewPayload's rendering without its JSON.parse of the body, which a
        // form-encoded or text payload would fail; the view pretty-prints a JSON body itself.
        return await client.renderRequest(input.action as never);
      } catch (error) {
        if (!isConnectorError(error)) throw error;
        throw new ServiceError('ACTION_FAILED', error.message, { failure: describeFailure(error), hint: error.hint });
      } finally {
        await client.close();
      }
    },

    async runAction(input) {
      const actor = requireActor(input.actor);
      const prepared = await operations.prepareAction(input);
      try {
        const subject = input.subject ?? {};
        const run = await prepared.send(subject, actor);
        // One path for every caller: the run is recorded and shown in the Accounts list together.
        await db.transaction(async (tx) => {
          const recorded = await prepared.record(tx, { subject, run, actor, ...(input.workflowId === undefined ? {} : { workflowId: input.workflowId }) });
          await recordAudit(tx, recorded.audit);
          await input.within?.(tx, run, recorded.reflected);
        });
        return run;
      } finally {
        await prepared.close();
      }
    },

    async prepareAction(input) {
      const { row, offered } = await actionsOf(input);
      requireEnabled(row);
      if (row.auth_configured_at === null) {
        throw new ServiceError('AUTH_NOT_CONFIGURED', `integration ${row.id} has no authentication configured`, { hint: 'configure authentication first' });
      }
      const action = offered.find((candidate) => candidate.name === input.action);
      if (!action)
        throw new ServiceError('ACTION_NOT_OFFERED', `integration ${row.id} (${row.connector_id}) does not offer the action ${JSON.stringify(input.action)}`, {
          hint: `it offers: ${offered.map((item) => item.name).join(', ') || 'none'}`,
        });
      if (!action.enabled)
        throw new ServiceError('ACTION_NOT_ENABLED', `the action ${input.action} of integration ${row.id} is not enabled`, {
          hint: row.import_only_reason ?? 'enable it first',
        });
      const client = await operations.connect(input);
      const writes = writeActionsOf((await connectorOf(row)).spec);
      const recordMany: PreparedAction['recordMany'] = async (tx, items) => {
        const reflected = await reflectActions(tx, {
          tenantId: row.tenant_id,
          integrationId: row.id,
          action: input.action,
          items: items.map((item) => ({
            subject: item.subject,
            run: item.run,
            source: { actor: item.actor, ...(item.workflowId === undefined ? {} : { workflowId: item.workflowId }) },
          })),
        });
        const audits = items.map((item) => ({
          tenantId: row.tenant_id,
          integrationId: row.id,
          actor: item.actor,
          event: 'integration.action_run' as const,
          detail: { action: input.action, status: item.run.result?.status, records: item.run.accounts?.length },
        }));
        return { reflected, audits };
      };
      return {
        version: new Date(row.updated_at).toISOString(),
        async send(subject, actor) {
          const audit = { tenantId: row.tenant_id, integrationId: row.id, actor };
          try {
            return await invokeAction(client, input.action, subject);
          } catch (error) {
            if (!isConnectorError(error)) throw error;
            const failure = describeFailure(error);
            if (writes.includes(input.action) && isReadOnlyRefusal(error)) {
              const reason = `the API key is read-only: ${input.action} was refused (403), so only Import Users runs`;
              await db.transaction(async (tx) => {
                await markImportOnly(tx, { integrationId: row.id, reason, writeActions: writes });
                await recordAudit(tx, { ...audit, event: 'integration.import_only', detail: { action: input.action, reason, disabled: writes, failure } });
              });
              throw new ServiceError('IMPORT_ONLY', `integration ${row.id} is now import-only: ${reason}`, {
                failure,
                hint: 'write actions were switched off; configure authentication again with a full-access (read/write) key to enable them',
              });
            }
            await recordAudit(db, { ...audit, event: 'integration.action_failed', detail: { action: input.action, failure } });
            throw new ServiceError('ACTION_FAILED', error.message, { failure, hint: error.hint });
          }
        },
        async record(tx, recorded) {
          const { reflected, audits } = await recordMany(tx, [recorded]);
          return { reflected: reflected[0]!, audit: audits[0]! };
        },
        recordMany,
        close: () => client.close(),
      };
    },
  };
  return operations;
}
