/**
 * The three integration types (docs/contributors/product-rules.md "What the service does" 4) and the connector each runs:
 * prebuilt, a shipped connector of type prebuilt; scim, the shipped SCIM 2.0 connector on the
 * tenant's SCIM base URL; build-your-own, the customer's spec, validated with the compiler's
 * located diagnostics.
 */
import { createHash } from 'node:crypto';
import { connectors } from '../../../generated/index.js';
import { compileSpecText, validateSpecText } from '../../compiler/index.js';
import type { ConnectOptions } from '../../runtime/connect-options.js';
import type { CompiledConnector } from '../../connector.js';
import type { ConnectorSpec } from '../../../generated/spec-types.js';
import { ServiceError } from '../service-error.js';
import type { IntegrationRow } from '../store/integration-rows.js';

export const INTEGRATION_TYPES = ['prebuilt', 'scim', 'build-your-own'] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];

/** The shipped connector a SCIM integration runs (RFC 7644 over a bearer token). */
export const SCIM_CONNECTOR_ID = 'scim-2-0';
/** Every shipped SCIM connector: the bearer-token one (the default) and the OAuth 2.0 client-credentials variant. */
export const SCIM_CONNECTOR_IDS = ['scim-2-0', 'scim-2-0-oauth'] as const;
/** The name diagnostics give a customer's spec. */
export const CUSTOMER_SPEC_FILE = '<integration spec>';

export type IntegrationChoice =
  | { type: 'prebuilt'; connector: string /** Overrides the prefilled base URL. */; baseUrl?: string }
  | { type: 'scim'; scimBaseUrl: string /** One of SCIM_CONNECTOR_IDS; default scim-2-0. */; connector?: string }
  | { type: 'build-your-own'; spec: string; baseUrl?: string };

/** What an integration row stores about its type. */
export interface ResolvedChoice {
  type: IntegrationType;
  connectorId: string;
  specText: string | null;
  baseUrl: string | null;
  settings: Record<string, string>;
  defaultName: string;
}

const shipped: Record<string, CompiledConnector> = connectors;

export function prebuiltConnectorIds(): string[] {
  return Object.keys(shipped)
    .filter((id) => shipped[id]!.spec.type === 'prebuilt')
    .sort();
}

export function checkUrl(field: string, value: unknown): string {
  let url: URL | undefined;
  try {
    url = typeof value === 'string' ? new URL(value) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search !== '' || url.hash !== '') {
    throw new ServiceError('INVALID_INPUT', `${field} must be an http or https URL without query or fragment`, { hint: `e.g. https://example.com/scim/v2` });
  }
  return value as string;
}

export async function resolveChoice(choice: IntegrationChoice): Promise<ResolvedChoice> {
  switch (choice.type) {
    case 'prebuilt': {
      const ids = prebuiltConnectorIds();
      if (typeof choice.connector !== 'string' || !ids.includes(choice.connector)) {
        throw new ServiceError('INVALID_INPUT', `connector ${JSON.stringify(choice.connector)} is not a prebuilt integration`, {
          hint: `choose one of: ${ids.join(', ')}`,
        });
      }
      const spec = shipped[choice.connector]!.spec;
      const baseUrl = choice.baseUrl === undefined ? null : checkUrl('baseUrl', choice.baseUrl);
      return { type: 'prebuilt', connectorId: choice.connector, specText: null, baseUrl, settings: {}, defaultName: spec.name };
    }
    case 'scim': {
      const baseUrl = checkUrl('scimBaseUrl', choice.scimBaseUrl);
      const connectorId = choice.connector ?? SCIM_CONNECTOR_ID;
      if (!(SCIM_CONNECTOR_IDS as readonly string[]).includes(connectorId)) {
        throw new ServiceError('INVALID_INPUT', `connector ${JSON.stringify(connectorId)} is not a SCIM connector`, {
          hint: `choose one of: ${SCIM_CONNECTOR_IDS.join(', ')}`,
        });
      }
      // Every SCIM integration used to be named "SCIM 2.0"; the host tells two of them apart.
      return {
        type: 'scim',
        connectorId,
        specText: null,
        baseUrl: null,
        settings: { baseUrl },
        defaultName: `${shipped[connectorId]!.spec.name} (${new URL(baseUrl).host})`,
      };
    }
    case 'build-your-own': {
      if (typeof choice.spec !== 'string')
        throw new ServiceError('INVALID_INPUT', 'spec must be the connector spec as YAML text', { hint: 'start from `connector new`' });
      const spec = await requireValidSpec(choice.spec);
      const baseUrl = choice.baseUrl === undefined ? null : checkUrl('baseUrl', choice.baseUrl);
      return { type: 'build-your-own', connectorId: spec.id, specText: choice.spec, baseUrl, settings: {}, defaultName: spec.name };
    }
    default:
      throw new ServiceError('INVALID_INPUT', `type must be one of ${INTEGRATION_TYPES.join(', ')}`, { hint: 'choose the integration type first' });
  }
}

/**
 * The jq options of every connection the service opens: whatever the operator set (limits,
 * isolation), the policy is `customer`, and jq runs isolated unless the operator said `false`. A customer's jq is untrusted: what the in-process engine
 * refuses is refused, never handed to a jq binary the host may have installed; shipped specs
 * need no binary (`connector compile` compiles every program of theirs in process).
 */
export function serviceJqOptions(jq: ConnectOptions['jq']): NonNullable<ConnectOptions['jq']> {
  const { binaryFallback: _ignored, ...rest } = jq ?? {};
  // A target's answer is untrusted whoever wrote the spec: Test, Preview and Generate Config cut it in the isolate.
  return { ...rest, policy: 'customer', isolation: rest.isolation ?? {} };
}

/**
 * A build-your-own spec checked with the compiler's located diagnostics: refused as INVALID_SPEC
 * with every diagnostic (line, column, pointer, hint) when it has errors or is not `type: custom`.
 * Creating the integration, editing an action's configuration and applying Generate Config all
 * pass through here, so what one accepts the others accept.
 */
export async function requireValidSpec(text: string): Promise<ConnectorSpec> {
  const result = await validateSpecText({ text, file: CUSTOMER_SPEC_FILE, jqPolicy: 'customer' });
  const errors = result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  if (!result.spec || errors.length > 0) {
    const first = errors[0];
    throw new ServiceError(
      'INVALID_SPEC',
      `the spec has ${errors.length} error${errors.length === 1 ? '' : 's'}${first ? `; first at line ${first.line}, column ${first.column}: ${first.message}` : ''}`,
      {
        diagnostics: result.diagnostics,
        specText: text,
        hint: first?.hint,
      },
    );
  }
  if (result.spec.type !== 'custom') {
    throw new ServiceError('INVALID_INPUT', `a build-your-own spec has type: custom, not ${result.spec.type}`, { hint: 'write `type: custom`' });
  }
  return result.spec;
}

/**
 * Compiled build-your-own specs by tenant and the SHA-256 of their text: every action of a
 * workflow and every sync reads the connector, and compiling a spec costs far more than the
 * action's own queries. Per tenant because a compiled connector has one jq isolate (one worker
 * thread, one evaluation at a time): two tenants with the same spec text must not queue behind
 * each other's evaluations. Bounded; the oldest entry goes first.
 */
const compiledSpecs = new Map<string, Promise<CompiledConnector>>();
const COMPILED_SPEC_CACHE_SIZE = 256;

function compileCustomerSpec(tenantId: string, text: string): Promise<CompiledConnector> {
  const key = `${tenantId}:${createHash('sha256').update(text).digest('base64url')}`;
  let compiled = compiledSpecs.get(key);
  if (compiled === undefined) {
    compiled = compileSpecText({ text, file: CUSTOMER_SPEC_FILE, jqPolicy: 'customer' });
    // A spec that fails to compile is not kept: the next call reports the same diagnostics afresh.
    compiled.catch(() => compiledSpecs.delete(key));
    compiledSpecs.set(key, compiled);
    if (compiledSpecs.size > COMPILED_SPEC_CACHE_SIZE) compiledSpecs.delete(compiledSpecs.keys().next().value!);
  }
  return compiled;
}

/** The connector an integration runs. */
export async function connectorOf(row: Pick<IntegrationRow, 'tenant_id' | 'type' | 'connector_id' | 'spec_text'>): Promise<CompiledConnector> {
  if (row.type === 'build-your-own') return compileCustomerSpec(row.tenant_id, row.spec_text ?? '');
  const connector = shipped[row.connector_id];
  if (!connector)
    throw new ServiceError('NOT_FOUND', `the connector ${row.connector_id} is no longer shipped`, {
      hint: 'recreate the integration with a shipped connector',
    });
  return connector;
}
