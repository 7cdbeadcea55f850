/**
 * `openService(options)`: opens the database (embedded in a data directory, or a PostgreSQL server),
 * brings its schema up to date, checks the key-encryption key, and returns the service's
 * operations. One open service per data directory and process; `close()` releases the database
 * and the directory's lock.
 */
import { auditOperations, recordAudit, type AuditOperations } from './audit/audit-log.js';
import type { ServiceContext } from './context.js';
import { resolveKekSource } from './crypto/kek-source.js';
import { openKeyring } from './crypto/keyring.js';
import { integrationOperations, type IntegrationOperations } from './integrations/integrations.js';
import { targetInspection, type TargetInspection } from './integrations/inspect-target.js';
import { openDatabase, type StorageOptions } from './store/open-database.js';
import { openEngine, type Engine } from './engine/engine.js';
import { openSync, syncContextOf, type SyncOptions } from './sync/sync-service.js';
import { accessOperations, type AccessOperations } from './access/access-views.js';
import { peopleOperations, type PeopleOperations } from './people/people.js';
import type { SyncOperations } from './sync/sync-operations.js';
import { tenantOperations, type TenantOperations } from './tenants/tenants.js';
import { tokenOperations, type TokenOperations } from './tokens/api-tokens.js';
import { operatorOperations, type OperatorOperations } from './operators/operators.js';
import { consoleSessionOperations, deriveSessionKey, type ConsoleSessionOperations, type ConsoleSessionOptions } from './operators/console-sessions.js';
import { requireActor } from './validate-input.js';
import { logToStderr, type ServiceLogger } from './service-log.js';
import type { EgressPolicy } from '../runtime/http/egress-policy.js';
import type { ConnectOptions } from '../runtime/connect-options.js';
import { openWorkflows, workflowEngineSettings, type WorkflowOptions } from './workflows/workflow-service.js';
import type { WorkflowOperations } from './workflows/workflow-operations.js';
import { reviewOperations, type ReviewOperations } from './reviews/review-operations.js';
import { moverOperations, type MoverOperations } from './movers/movers.js';

export type ServiceOptions = StorageOptions & {
  /** The key-encryption key, base64 of 32 bytes; default `CONNECTOR_KEK`, else the data directory's key file. */
  kek?: string;
  /** Environment to read `CONNECTOR_KEK` from (default `process.env`). */
  env?: Record<string, string | undefined>;
  /**
   * Which addresses integrations may reach. Default: public addresses only, so a tenant's base URL
   * or token URL can never reach the service's own network; allow on-premises targets explicitly.
   */
  egress?: EgressPolicy;
  /**
   * jq of the integrations: a build-your-own spec's programs run isolated in a worker thread with
   * a time and a memory limit by default (connect()'s `jq` option: `isolation`, `limits`).
   */
  jq?: ConnectOptions['jq'];
  /** The sync engine's settings and the sync defaults of new integrations. */
  sync?: SyncOptions;
  /** The workflow engine's settings, task concurrency defaults and clock. */
  workflows?: WorkflowOptions;
  /** The console's session limits, sign-in throttle and their clock. */
  console?: ConsoleSessionOptions;
  /**
   * The service's log: why Test, Preview or Generate Config refused a target's answer or failed
   * (operation, tenant, integration, cause; never a credential or the body). Default: a JSON line on stderr.
   */
  log?: ServiceLogger;
  /**
   * Timeouts of each request to a target (connect()'s `timeouts`: `connectMs` 10 s, `headersMs`
   * 30 s, `bodyMs` 30 s between chunks, `requestMs` 120 s for the whole exchange, body included).
   */
  timeouts?: ConnectOptions['timeouts'];
};

export interface KeyRotation {
  /** The key version data keys are now wrapped by. */
  version: number;
  /** Tenants whose data key was re-wrapped. */
  tenants: number;
}

export interface Service {
  /** `embedded` (PGlite in the data directory) or `postgres`. */
  readonly storage: 'embedded' | 'postgres';
  readonly tenants: TenantOperations;
  readonly integrations: IntegrationOperations;
  /** Test (the target's raw answer) and Preview (that answer mapped) of an integration. */
  readonly inspect: TargetInspection;
  readonly audit: AuditOperations;
  /** Tenant API tokens for the HTTP API (stored as hashes). */
  readonly tokens: TokenOperations;
  /** Console operators who sign in with a username and password (scrypt hashes). */
  readonly operators: OperatorOperations;
  /** Console sessions (in the database, shared by every process) and the throttled sign-in. */
  readonly consoleSessions: ConsoleSessionOperations;
  readonly sync: SyncOperations;
  readonly people: PeopleOperations;
  /** The Access Grid and the Application Audit. */
  readonly access: AccessOperations;
  /** Lifecycle workflows: onboarding, offboarding, a provisioner action, Manage > Add User. */
  readonly workflows: WorkflowOperations;
  /** Access review campaigns: freeze the accounts in scope, decide, revoke through workflows, report. */
  readonly reviews: ReviewOperations;
  /** Access profiles and movers: a person's profiles changed as one workflow, drift. */
  readonly movers: MoverOperations;
  /** Starts this process's sync and workflow workers (runs, scheduled ticks, recovery of runs whose worker died). */
  startWorkers(): Promise<void>;
  /** Stops them, letting the runs in hand finish (up to a few seconds). */
  stopWorkers(): Promise<void>;
  /**
   * Re-wraps every tenant's data key under a new key-encryption key in one transaction. With a key
   * file the new key is generated (or `newKek`) and replaces the file; with `CONNECTOR_KEK`,
   * `newKek` is required and every process must then be restarted with it.
   */
  rotateKey(input: { newKek?: string; actor: string }): Promise<KeyRotation>;
  close(): Promise<void>;
}

export async function openService(options: ServiceOptions): Promise<Service> {
  const db = await openDatabase(options);
  let context: ServiceContext;
  let kekSource: Awaited<ReturnType<typeof resolveKekSource>>;
  try {
    kekSource = await resolveKekSource(db, { dataDir: 'dataDir' in options ? options.dataDir : undefined, kek: options.kek, env: options.env ?? process.env });
    context = {
      db,
      keyring: await openKeyring(db, kekSource.initial),
      egress: options.egress ?? {},
      jq: options.jq ?? {},
      log: options.log ?? logToStderr,
      timeouts: options.timeouts ?? {},
    };
  } catch (error) {
    await db.close();
    throw error;
  }
  const integrations = integrationOperations(context);
  const syncContext = syncContextOf(integrations, options.sync);
  const workflowSettings = workflowEngineSettings(options.workflows);
  // One engine per process, shared by the sync and the workflows.
  let engine: Engine;
  try {
    engine = await openEngine(db, {
      maintenanceIntervalSeconds: Math.min(syncContext.engine.maintenanceIntervalSeconds, workflowSettings.maintenanceIntervalSeconds),
      expirySeconds: { sync: syncContext.engine.runExpirySeconds, workflows: workflowSettings.runExpirySeconds },
      onError: syncContext.onError,
    });
  } catch (error) {
    await db.close();
    throw error;
  }
  const sync = openSync(context, syncContext, engine);
  const workflows = openWorkflows(context, integrations, engine, options.workflows);
  let closed: Promise<void> | undefined;
  const tokens = tokenOperations(context);
  const operators = operatorOperations(context);
  return {
    storage: db.kind,
    tenants: tenantOperations(context),
    integrations: {
      ...integrations,
      // docs/contributors/product-rules.md "States and transitions": enabling Import Users syncs at once.
      async setAction(input) {
        const offered = await integrations.setAction(input);
        if (input.action === 'importUsers' && input.enabled) await sync.operations.request({ ...input, trigger: 'enabled' });
        return offered;
      },
      // The bulk path: every first sync queued in one transaction.
      async setActionMany(input) {
        await integrations.setActionMany(input);
        if (input.action === 'importUsers' && input.enabled) await sync.operations.requestMany({ ...input, trigger: 'enabled' });
      },
    },
    audit: auditOperations(context),
    inspect: targetInspection(context, integrations),
    tokens,
    operators,
    consoleSessions: consoleSessionOperations({
      db,
      key: deriveSessionKey(kekSource.initial.key),
      verifyToken: (token) => tokens.verify(token),
      verifyPassword: (input) => operators.verify(input),
      options: options.console,
    }),
    sync: sync.operations,
    people: peopleOperations(context),
    access: accessOperations(context),
    workflows: workflows.operations,
    reviews: reviewOperations(context, { sync: sync.operations, workflows: workflows.operations }),
    movers: moverOperations(context, integrations, workflows.operations),
    startWorkers: async () => {
      await sync.startWorkers();
      await workflows.startWorkers();
    },
    stopWorkers: async () => {
      await Promise.all([sync.stopWorkers(), workflows.stopWorkers()]);
    },
    async rotateKey(input) {
      const actor = requireActor(input.actor);
      // Each tenant's trail shows its data key re-wrapped, committed with the rotation itself.
      return kekSource.rotate(context.keyring, { newKek: input.newKek }, async (tx, rotation) => {
        for (const tenantId of rotation.tenantIds) await recordAudit(tx, { tenantId, actor, event: 'key.rotated', detail: { version: rotation.version } });
      });
    },
    close: () =>
      (closed ??= Promise.allSettled([workflows.stopWorkers(), sync.stopWorkers()])
        .then(() => engine.close())
        .catch((error: unknown) => syncContext.onError(error))
        .then(() => db.close())),
  };
}
