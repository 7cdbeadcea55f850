/**
 * Capabilities known at setup (issue 23 point 4): when authentication is saved, the connector's
 * `probe` (a request that changes nothing on the target) tells what the credential may do, and
 * the integration offers only that. A read-only answer makes it import-only from the first save,
 * with the probe's reason; an answer the spec does not read, a 5xx or a network failure is
 * `unknown`, and the service then keeps the write actions off too (import-only, the reason saying
 * so): a probe that could not tell never grants writes. Saving the authentication again probes
 * again, and a `writeAllowed` answer lifts import-only (saveAuthentication clears it).
 */
import { connect, isConnectorError, type CapabilityProbe } from '../../index.js';
import type { CompiledConnector } from '../../connector.js';
import type { Redactor } from '../../runtime/redact.js';
import type { EgressPolicy } from '../../runtime/http/egress-policy.js';
import type { ConnectOptions } from '../../runtime/connect-options.js';
import type { Queryable } from '../store/database.js';
import { markImportOnly, type IntegrationRow } from '../store/integration-rows.js';
import { recordAudit } from '../audit/audit-log.js';
import { writeActionsOf } from './run-action.js';

/** Sends the spec's probe with the inputs being saved; undefined when the spec declares none. Never throws for the target's answer. */
export async function probeCapabilities(input: {
  connector: CompiledConnector;
  row: IntegrationRow;
  inputs: Record<string, string>;
  redactor: Redactor;
  egress: EgressPolicy;
  jq: ConnectOptions['jq'];
  /** A refresh token the target issued during the probe (see refreshTokenInput). */
  onRefreshToken?: ConnectOptions['onRefreshToken'];
}): Promise<CapabilityProbe | undefined> {
  if (!input.connector.spec.probe) return undefined;
  let client: ReturnType<typeof connect> | undefined;
  try {
    client = connect(input.connector, input.inputs, {
      baseUrl: input.row.base_url ?? undefined,
      retry: { maxAttempts: 1 },
      egress: input.egress,
      jq: input.jq,
      onRefreshToken: input.onRefreshToken,
    });
    const probe = await client.probeCapabilities();
    return probe === undefined ? undefined : (JSON.parse(input.redactor.redact(JSON.stringify(probe))) as CapabilityProbe);
  } catch (error) {
    // The runtime answers `unknown` for the target's failures; anything it still throws is not the target's.
    if (!isConnectorError(error)) throw error;
    return {
      writes: 'unknown',
      request: { method: input.connector.spec.probe.method, url: input.connector.spec.probe.path },
      reason: input.redactor.redact(error.message),
      failureCode: error.code,
    };
  } finally {
    await client?.close();
  }
}

/** The import-only reason a probe gives, or undefined when the credential may write (or there was no probe). */
export function importOnlyReasonOf(probe: CapabilityProbe | undefined): string | undefined {
  if (probe === undefined || probe.writes === 'writeAllowed') return undefined;
  if (probe.writes === 'readOnly') return probe.reason;
  return `write rights unknown, so write actions stay off: ${probe.reason}; save the authentication again to probe again`;
}

/**
 * In the transaction that saves the authentication: a probe that did not prove write rights marks
 * the integration import-only (its write actions off) and records why in the audit log.
 */
export async function applyProbe(
  tx: Queryable,
  input: { row: IntegrationRow; connector: CompiledConnector; probe: CapabilityProbe | undefined; actor: string },
): Promise<void> {
  const reason = importOnlyReasonOf(input.probe);
  if (reason === undefined) return;
  const writes = writeActionsOf(input.connector.spec);
  await markImportOnly(tx, { integrationId: input.row.id, reason, writeActions: writes });
  await recordAudit(tx, {
    tenantId: input.row.tenant_id,
    integrationId: input.row.id,
    actor: input.actor,
    event: 'integration.import_only',
    detail: { reason, disabled: writes, probe: input.probe },
  });
}
