/**
 * Generate Config as a service operation (docs/contributors/product-rules.md "What the service does" 6: proposal, then
 * confirm, then save). `propose` sends the integration's first Import Users request on its saved
 * configuration and runs the toolkit's generator (`src/generate`, the `connector generate`
 * command) over the answer: the records path and each mapped field with why it was chosen, the
 * first records mapped. Nothing is saved. `apply` writes a (possibly edited) proposal into a
 * build-your-own spec's `actions.importUsers` through the same validated save as any action edit.
 * Prebuilt and SCIM integrations run the shipped connector's mapping: they get proposals (to
 * compare) but `apply` is refused with CONFIG_NOT_EDITABLE.
 */
import type { Client } from '../../index.js';
import { createJqIsolate, type JqCompileScope, type JqIsolate } from '../../jq/index.js';
import { applyMapping, applyRecordsPath, MappingApplyError, type MappedRecord } from '../../generate/apply-mapping.js';
import { generateConfig, generateConfigForRecords, NoUserArrayError, type GeneratedConfig } from '../../generate/generate-config.js';
import { isConnectorError } from '../../runtime/errors.js';
import { recordAudit } from '../audit/audit-log.js';
import type { ServiceContext } from '../context.js';
import { ServiceError } from '../service-error.js';
import { requirePlan } from '../tenants/plans.js';
import { loadTenant } from '../tenants/tenants.js';
import { requireActor } from '../validate-input.js';
import { pickActionConfig, writeActionConfig } from './action-config.js';
import { connectorOf } from './integration-types.js';
import { describeFailure } from './run-action.js';
import { loadIntegration, type IntegrationRef } from './load-integration.js';
import { saveSpecEdit } from './spec-edit.js';
import { sampleImportAnswer, type SampledAnswer } from './target-answer.js';
import type { AnswerCuts } from '../../runtime/actions/inspect-action.js';
import { proposePagination, type PaginationProposal } from '../../generate/propose-pagination.js';
import { readsOnePage, recordsReceived } from './paging-warnings.js';
import { isMap, parseDocument } from 'yaml';

/** Records of the sample shown mapped with the proposal. */
export const PROPOSAL_PREVIEW_LIMIT = 5;

export interface ConfigProposal extends GeneratedConfig {
  integrationId: string;
  /** The status of the target's answer the proposal was generated from. */
  status: number;
  /** The first records mapped with the proposed mapping, with any jq error per field. */
  preview: MappedRecord[];
  /** What Import Users has now, to compare with. */
  current: { records?: unknown; mapping?: unknown };
  /** Whether `apply` can save it (build-your-own only). */
  applicable: boolean;
  /** What the sample of the answer the proposal was generated from left out (counts are of the sample). */
  sample: AnswerCuts;
  /**
   * The pagination block the answer calls for, and why: only when Import Users has none (or
   * `type: none`) and the answer says there is more (a next link, cursor or URL, `more: true`, a
   * larger total). Without it the import fails with PAGINATION_MISSING.
   */
  pagination?: PaginationProposal;
}

export interface ConfigToApply {
  records: string;
  mapping: Record<string, string>;
  /** The Import Users endpoint, when the spec has none yet or it should change. */
  path?: string;
  /** The pagination block (the proposal's `pagination.pagination`), validated with the spec. */
  pagination?: Record<string, unknown>;
}

function requireConfig(input: ConfigToApply): ConfigToApply {
  if (typeof input.records !== 'string' || input.records.trim() === '')
    throw new ServiceError('INVALID_INPUT', 'records must be a jq expression', { hint: 'pass the proposal’s records.expression, e.g. .users' });
  const mapping = input.mapping as unknown;
  if (typeof mapping !== 'object' || mapping === null || Array.isArray(mapping) || !Object.values(mapping).every((value) => typeof value === 'string')) {
    throw new ServiceError('INVALID_INPUT', 'mapping must map each account field to a jq expression', {
      hint: 'pass the proposal’s mapping, edited as needed',
    });
  }
  if (input.path !== undefined && (typeof input.path !== 'string' || !input.path.startsWith('/')))
    throw new ServiceError('INVALID_INPUT', 'path must start with /', { hint: 'e.g. /users' });
  const pagination = input.pagination as unknown;
  if (
    pagination !== undefined &&
    (typeof pagination !== 'object' || pagination === null || Array.isArray(pagination) || typeof (pagination as { type?: unknown }).type !== 'string')
  )
    throw new ServiceError('INVALID_INPUT', 'pagination must be a pagination block with its type', {
      hint: 'pass the proposal’s pagination.pagination, e.g. { "type": "link" }',
    });
  return input;
}

async function firstImportAnswer(client: Client): Promise<SampledAnswer> {
  try {
    return await sampleImportAnswer(client);
  } catch (error) {
    if (!isConnectorError(error)) throw error;
    if (error.code === 'CONFIG') {
      throw new ServiceError('ACTION_NOT_OFFERED', 'the integration has no Import Users request to generate a mapping from', {
        hint: 'configure actions/importUsers with its path first',
      });
    }
    throw new ServiceError('ACTION_FAILED', error.message, { failure: describeFailure(error), hint: error.hint });
  }
}

async function generateFrom(body: unknown, records: string | undefined, scope: JqCompileScope): Promise<{ config: GeneratedConfig; sample: unknown[] }> {
  try {
    const config =
      records === undefined
        ? generateConfig(body)
        : generateConfigForRecords(records, await applyRecordsPath({ expression: records, response: body, policy: 'customer', scope }));
    return { config, sample: await applyRecordsPath({ expression: config.records.expression, response: body, policy: 'customer', scope }) };
  } catch (error) {
    if (error instanceof NoUserArrayError) {
      throw new ServiceError('NO_USER_ARRAY', error.message, { hint: 'check that Import Users lists users, or name the array with `records` (a jq path)' });
    }
    if (error instanceof MappingApplyError)
      throw new ServiceError('INVALID_INPUT', error.message, { hint: 'give a records path that yields the array of users' });
    throw error;
  }
}

/**
 * Generate Config's jq (the customer's records path, the proposed mapping) runs in a jq isolate
 * per tenant, under the time and memory limits the operator set for integrations' jq; its worker
 * stops when idle. Bounded: the oldest tenant's isolate goes first.
 */
const isolates = new Map<string, JqIsolate>();
const MAX_ISOLATES = 64;

function isolateFor(context: ServiceContext, tenantId: string): JqIsolate {
  let isolate = isolates.get(tenantId);
  if (isolate === undefined) {
    const limits = context.jq?.isolation === false ? undefined : context.jq?.isolation;
    isolate = createJqIsolate({ ...(limits ? { limits } : {}), ...(context.jq?.limits ? { jqLimits: context.jq.limits } : {}) });
    isolates.set(tenantId, isolate);
    if (isolates.size > MAX_ISOLATES) {
      const [oldest, stopping] = isolates.entries().next().value!;
      isolates.delete(oldest);
      void stopping.close();
    }
  }
  return isolate;
}

export async function proposeConfig(
  context: ServiceContext,
  input: IntegrationRef & { records?: string; actor: string },
  connect: (ref: IntegrationRef) => Promise<Client>,
): Promise<ConfigProposal> {
  const actor = requireActor(input.actor);
  if (input.records !== undefined && (typeof input.records !== 'string' || input.records.trim() === ''))
    throw new ServiceError('INVALID_INPUT', 'records must be a jq expression', { hint: 'leave it out to search the answer' });
  requirePlan(await loadTenant(context.db, input.tenantId), 'integrations');
  const row = await loadIntegration(context.db, input);
  const client = await connect(input);
  let answer: SampledAnswer;
  try {
    answer = await firstImportAnswer(client);
  } finally {
    await client.close();
  }
  if (answer.status < 200 || answer.status > 299) {
    throw new ServiceError('ACTION_FAILED', `the target answered ${answer.status} to the Import Users request`, {
      failure: { status: answer.status },
      hint: 'run Test to see the whole answer',
    });
  }
  // The generator reads the sample (at most 256 KiB), the jq runs in the tenant's isolate.
  const scope: JqCompileScope = { isolate: isolateFor(context, row.tenant_id) };
  const generated = await generateFrom(answer.body, input.records, scope);
  const config = generated.config;
  const preview = await applyMapping({ records: generated.sample, mapping: config.mapping, limit: PROPOSAL_PREVIEW_LIMIT, policy: 'customer', scope });
  const { spec } = await connectorOf(row);
  const current = pickActionConfig(spec.actions.importUsers);
  // The records of the whole answer (the sample's, with the cut items counted back) against a stated total.
  const pagination = readsOnePage(spec)
    ? proposePagination({ headers: answer.headers, body: answer.body, received: recordsReceived(config.records.count, answer.sample) })
    : undefined;
  await recordAudit(context.db, {
    tenantId: row.tenant_id,
    integrationId: row.id,
    actor,
    event: 'integration.config_generated',
    detail: {
      status: answer.status,
      records: config.records.expression,
      count: config.records.count,
      mapping: config.mapping,
      ...(pagination ? { pagination: pagination.pagination } : {}),
    },
  });
  return {
    integrationId: row.id,
    status: answer.status,
    ...config,
    preview,
    current: { records: current.records, mapping: current.mapping },
    applicable: row.type === 'build-your-own',
    sample: answer.sample,
    ...(pagination ? { pagination } : {}),
  };
}

/** Saves the proposal into actions.importUsers (records, the whole mapping, and the path when given); returns the new Import Users configuration. */
export async function applyConfig(
  context: ServiceContext,
  input: IntegrationRef & ConfigToApply & { actor: string },
): Promise<{ records: unknown; mapping: unknown; path: unknown; pagination: unknown }> {
  const actor = requireActor(input.actor);
  const config = requireConfig(input);
  const change = { records: config.records, mapping: config.mapping, ...(config.path === undefined ? {} : { path: config.path }) };
  const pagination = config.pagination;
  const { spec } = await saveSpecEdit(context.db, {
    tenantId: input.tenantId,
    integrationId: input.integrationId,
    actor,
    event: 'integration.config_applied',
    detail: { ...change, ...(pagination ? { pagination } : {}) },
    edit: (specText) => {
      const text = writeActionConfig({ specText, action: 'importUsers', change });
      return pagination ? writeImportPagination(text, pagination) : text;
    },
  });
  const saved = pickActionConfig(spec.actions.importUsers);
  return { records: saved.records, mapping: saved.mapping, path: saved.path, pagination: spec.actions.importUsers?.pagination };
}

/** The spec text with actions.importUsers.pagination set (the rest as written); the caller validates the result. */
function writeImportPagination(specText: string, pagination: Record<string, unknown>): string {
  const doc = parseDocument(specText);
  if (doc.errors.length > 0 || !isMap(doc.contents)) return specText;
  doc.setIn(['actions', 'importUsers', 'pagination'], doc.createNode(pagination));
  return doc.toString({ lineWidth: 0 });
}
