/**
 * The refresh token an integration stores, as its clients renew it. A target may rotate the token
 * at each use and accept each one once (RFC 6749 §6): every connection of the integration (a sync,
 * workflow tasks, a Test) renews through here, one at a time per integration, each with the token
 * stored last, and the token the target issues replaces the stored one before it is used.
 *
 * One at a time: in this process, a queue per integration; across processes (PostgreSQL), a
 * transaction-level advisory lock held while the target answers, the store written in that same
 * transaction (a wait past two request deadlines fails), on a connection of its own, never one of
 * the pool: writers waiting on a held first sync may hold the whole pool while that sync renews.
 * At most `HELD_RENEWALS` renewals of a process hold such a connection at once. The embedded
 * database belongs to one process, and its one connection is never held while a target answers:
 * there the queue is the whole lock.
 */
import type { ConnectOptions } from '../../runtime/connect-options.js';
import { Semaphore } from '../../runtime/concurrency/semaphore.js';
import { DEFAULT_TIMEOUTS } from '../../runtime/http/http-transport.js';
import { recordAudit } from '../audit/audit-log.js';
import type { ServiceContext } from '../context.js';
import type { Queryable } from '../store/database.js';
import { loadCredentialField, lockRefreshTokenRenewal, replaceCredentialField, type IntegrationRow } from '../store/integration-rows.js';

/** Renewals of one process that hold a connection (each its own) while their target answers. */
const HELD_RENEWALS = 2;

export type RefreshTokenHooks = Required<Pick<ConnectOptions, 'onRefreshToken' | 'withStoredRefreshToken'>>;

export interface RefreshTokenRenewals {
  /** The hooks of one connection of `row`, whose refresh token is the credential `field`. */
  hooksFor(row: IntegrationRow, field: string): RefreshTokenHooks;
}

export function refreshTokenRenewals(context: Pick<ServiceContext, 'db' | 'keyring' | 'timeouts'>): RefreshTokenRenewals {
  const { db, keyring } = context;
  // A holder renews within one request's deadline: a wait of two is a stuck holder, and fails.
  const lockTimeoutMs = 2 * (context.timeouts?.requestMs ?? DEFAULT_TIMEOUTS.requestMs);
  const queues = new Map<string, Semaphore>();
  const held = new Semaphore(HELD_RENEWALS);

  /** Runs `work` after every earlier renewal of the integration in this process. */
  async function inTurn<T>(integrationId: string, work: () => Promise<T>): Promise<T> {
    let queue = queues.get(integrationId);
    if (queue === undefined) {
      queue = new Semaphore(1);
      queues.set(integrationId, queue);
    }
    try {
      return await queue.run(work);
    } finally {
      if (queue.inUse === 0 && queue.queued === 0) queues.delete(integrationId);
    }
  }

  /** The token stored now for the authentication the connection opened with; undefined once it was saved again. */
  async function storedToken(dbq: Queryable, row: IntegrationRow, field: string): Promise<string | undefined> {
    const sealed = await loadCredentialField(dbq, { integrationId: row.id, field, configuredAt: row.auth_configured_at! });
    return sealed === undefined ? undefined : keyring.openField(dbq, { tenantId: row.tenant_id, integrationId: row.id, field }, sealed);
  }

  /**
   * Seals the token the target issued in place of the stored one (revoked by then), unless the
   * authentication was saved again since the connection opened: the operator's new credentials stand.
   */
  async function store(tx: Queryable, row: IntegrationRow, field: string, issued: string): Promise<void> {
    const ref = { tenantId: row.tenant_id, integrationId: row.id };
    const sealed = await keyring.sealField(tx, { ...ref, field }, issued);
    const stored = await replaceCredentialField(tx, { integrationId: row.id, field, sealed, configuredAt: row.auth_configured_at! });
    if (stored) await recordAudit(tx, { ...ref, actor: 'service', event: 'integration.refresh_token_stored', detail: { field } });
  }

  return {
    hooksFor(row, field) {
      // The renewal's transaction on PostgreSQL, while one runs: the issued token is stored inside it.
      let renewal: Queryable | undefined;
      return {
        onRefreshToken: (issued) => (renewal === undefined ? db.transaction((tx) => store(tx, row, field, issued)) : store(renewal, row, field, issued)),
        withStoredRefreshToken: (renew) =>
          inTurn(row.id, async () => {
            if (db.kind === 'embedded') return renew(await storedToken(db, row, field));
            return held.run(() =>
              db.transactionApart(async (tx) => {
                await lockRefreshTokenRenewal(tx, { integrationId: row.id, timeoutMs: lockTimeoutMs });
                renewal = tx;
                try {
                  return await renew(await storedToken(tx, row, field));
                } finally {
                  renewal = undefined;
                }
              }),
            );
          }),
      };
    },
  };
}
