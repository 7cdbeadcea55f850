/**
 * Configure authentication, the second step of the setup order: the inputs are checked against the
 * connector's spec, the connection is tested (`testConnection`), and only a passing test saves
 * anything: the non-secret inputs as settings, each secret sealed with the tenant's data key.
 * A failing test saves nothing and returns the target's redacted answer and a hint.
 */
import { connect, isConnectorError, secretInputNames, type ConnectionCheck } from '../../index.js';
import { describeAuth } from '../../auth-types/index.js';
import type { CompiledConnector } from '../../connector.js';
import { Redactor } from '../../runtime/redact.js';
import type { Sealed } from '../crypto/aead.js';
import type { Keyring } from '../crypto/keyring.js';
import { ServiceError } from '../service-error.js';
import type { Queryable } from '../store/database.js';
import type { IntegrationRow } from '../store/integration-rows.js';
import type { EgressPolicy } from '../../runtime/http/egress-policy.js';
import type { ConnectOptions } from '../../runtime/connect-options.js';

/** The redacted answer of a failed connection test. */
export interface AuthFailure {
  code: string;
  message: string;
  status?: number;
  bodyExcerpt?: string;
  hint?: string;
}

export type TestOutcome = { ok: true; check: ConnectionCheck } | { ok: false; failure: AuthFailure };

/** Settings and inputs merged, checked against the spec's inputs; secrets apart. */
export function splitInputs(connector: CompiledConnector, row: IntegrationRow, given: unknown): { inputs: Record<string, string>; secrets: string[] } {
  if (given === null || typeof given !== 'object' || Array.isArray(given)) {
    throw new ServiceError('INVALID_INPUT', 'inputs must be an object of input name to text', { hint: 'e.g. { "token": "..." }' });
  }
  const known = Object.keys(connector.spec.inputs ?? {});
  const inputs: Record<string, string> = { ...row.settings };
  for (const [name, value] of Object.entries(given)) {
    if (!known.includes(name)) {
      throw new ServiceError('INVALID_INPUT', `the connector ${row.connector_id} has no input ${JSON.stringify(name)}`, {
        hint: `its inputs are: ${known.join(', ') || 'none'}`,
      });
    }
    if (typeof value !== 'string') throw new ServiceError('INVALID_INPUT', `input ${name} must be text`, { hint: `give ${name} as a string` });
    inputs[name] = value;
  }
  return { inputs, secrets: secretInputNames(connector.spec) };
}

/**
 * The input holding the refresh token the connector renews with (OAuth 2.0's refresh_token and
 * authorization_code grants), when its auth has one. A target that rotates refresh tokens revokes
 * the one it was given at its first use; the one it issued is what the integration must keep.
 */
export function refreshTokenInput(connector: CompiledConnector): string | undefined {
  return describeAuth(connector.spec.auth)?.inputs.find((input) => input.role === 'refreshToken')?.name;
}

/** A redactor knowing the secrets given: every string leaving this module goes through it, on top of the runtime's own redaction. */
export function redactorFor(inputs: Record<string, string>, secrets: readonly string[]): Redactor {
  const redactor = new Redactor();
  for (const name of secrets) redactor.registerSecret(inputs[name]);
  return redactor;
}

export async function testConnection(input: {
  connector: CompiledConnector;
  row: IntegrationRow;
  inputs: Record<string, string>;
  redactor: Redactor;
  egress: EgressPolicy;
  jq: ConnectOptions['jq'];
  /** A refresh token the target issued during the test (see refreshTokenInput). */
  onRefreshToken?: ConnectOptions['onRefreshToken'];
}): Promise<TestOutcome> {
  let client: ReturnType<typeof connect> | undefined;
  try {
    client = connect(input.connector, input.inputs, {
      baseUrl: input.row.base_url ?? undefined,
      retry: { maxAttempts: 1 },
      egress: input.egress,
      jq: input.jq,
      onRefreshToken: input.onRefreshToken,
    });
    return { ok: true, check: await client.testConnection() };
  } catch (error) {
    if (!isConnectorError(error)) throw error;
    // The runtime's hint for a refused address speaks to a library host; here the operator decides.
    const hint = error.code === 'EGRESS_DENIED' ? hintFor(error.code) : (error.hint ?? hintFor(error.code));
    const failure: AuthFailure = { code: error.code, message: error.message, status: error.status, bodyExcerpt: error.bodyExcerpt, hint };
    return { ok: false, failure: JSON.parse(input.redactor.redact(JSON.stringify(failure))) as AuthFailure };
  } finally {
    await client?.close();
  }
}

function hintFor(code: string): string {
  if (code === 'AUTH_FAILED' || code === 'FORBIDDEN') return 'check the credentials and their permissions in the target application';
  if (code === 'NETWORK' || code === 'TIMEOUT') return 'check the base URL and that the target application is reachable from the service';
  if (code === 'EGRESS_DENIED') {
    return 'the service reaches public addresses only; for an on-premises application, the operator starts the service with --allow-egress <address or range>';
  }
  return 'check the inputs and the base URL, then save again';
}

/** Seals every non-empty secret input; returns the settings (non-secret inputs) and the sealed secrets. */
export async function sealInputs(input: {
  db: Queryable;
  keyring: Keyring;
  row: IntegrationRow;
  inputs: Record<string, string>;
  secrets: readonly string[];
}): Promise<{ settings: Record<string, string>; sealed: Map<string, Sealed> }> {
  const settings: Record<string, string> = {};
  const sealed = new Map<string, Sealed>();
  for (const [name, value] of Object.entries(input.inputs)) {
    if (!input.secrets.includes(name)) {
      settings[name] = value;
    } else if (value !== '') {
      sealed.set(name, await input.keyring.sealField(input.db, { tenantId: input.row.tenant_id, integrationId: input.row.id, field: name }, value));
    }
  }
  return { settings, sealed };
}
