/**
 * Test and Preview, the seed's two looks at a target before trusting an import: Test sends the
 * first import request on the saved configuration and returns the answer (status, headers, body;
 * every credential redacted); Preview maps that answer with the integration's mapping and
 * returns each record with its problems. Both answer a sample of the target's answer
 * (target-answer.ts: the first 100 items of each array, 256 KiB in all, cut off the main thread)
 * with `sample` listing exactly what was left out. Both only read; both are recorded in the audit log.
 */
import { isConnectorError, type PreviewResult } from '../../index.js';
import type { AnswerCuts } from '../../runtime/actions/inspect-action.js';
import { sampleImportAnswer, type SampledAnswer } from './target-answer.js';
import { ServiceError } from '../service-error.js';
import { describeFailure } from './run-action.js';
import { recordAudit } from '../audit/audit-log.js';
import type { ServiceContext } from '../context.js';
import { loggingAnswerFailures } from '../service-log.js';
import type { IntegrationOperations, IntegrationRef } from './integrations.js';
import { loadIntegration } from './load-integration.js';
import { connectorOf } from './integration-types.js';
import { pagingWarnings, readsOnePage, recordsReceived, type AnswerWarning } from './paging-warnings.js';

export interface TargetInspection {
  /** Test: the first import request as sent and the target's answer, redacted. */
  test(input: IntegrationRef & { actor: string }): Promise<SampledAnswer & { warnings: AnswerWarning[] }>;
  /** Preview: the same sample mapped, each record with its problems, a summary, and what the sample left out. */
  preview(input: IntegrationRef & { actor: string }): Promise<{ status: number; preview: PreviewResult; sample: AnswerCuts; warnings: AnswerWarning[] }>;
}

/** The warnings of one answer (paging-warnings.ts); a spec with pagination maps nothing for them. */
async function warningsOf(
  spec: Parameters<typeof pagingWarnings>[0]['spec'],
  answer: SampledAnswer,
  preview?: PreviewResult | (() => Promise<PreviewResult>),
): Promise<AnswerWarning[]> {
  if (!readsOnePage(spec) || answer.status < 200 || answer.status > 299) return [];
  let mapped: PreviewResult | undefined;
  try {
    mapped = typeof preview === 'function' ? await preview() : preview;
  } catch (error) {
    // An answer the mapping cannot read: a total is then not judged, the other signals still are.
    if (!isConnectorError(error)) throw error;
  }
  const received = mapped === undefined ? undefined : recordsReceived(mapped.summary.records, answer.sample);
  return pagingWarnings({ spec, headers: answer.headers, body: answer.body, ...(received === undefined ? {} : { received }) });
}

export function targetInspection(context: ServiceContext, integrations: Pick<IntegrationOperations, 'connect'>): TargetInspection {
  const withClient = async <T>(ref: IntegrationRef, work: (client: Awaited<ReturnType<IntegrationOperations['connect']>>) => Promise<T>): Promise<T> => {
    const client = await integrations.connect(ref);
    try {
      return await work(client);
    } catch (error) {
      // The target could not be reached or refused: the operator's answer (502, with the
      // runtime's redacted reason), not the service's own failure (500).
      if (!isConnectorError(error)) throw error;
      throw new ServiceError('ACTION_FAILED', error.message, { failure: describeFailure(error), hint: error.hint });
    } finally {
      await client.close();
    }
  };
  return {
    test: (input) =>
      loggingAnswerFailures(context.log, 'test', input, async () => {
        const { spec } = await connectorOf(await loadIntegration(context.db, input));
        const result = await withClient(input, async (client) => {
          const answer = await sampleImportAnswer(client);
          return { ...answer, warnings: await warningsOf(spec, answer, () => client.preview(answer.body)) };
        });
        await recordAudit(context.db, {
          tenantId: input.tenantId,
          integrationId: input.integrationId,
          actor: input.actor,
          event: 'integration.tested',
          detail: { status: result.status, ...(result.warnings.length ? { warnings: result.warnings.map((warning) => warning.code) } : {}) },
        });
        return result;
      }),
    preview: (input) =>
      loggingAnswerFailures(context.log, 'preview', input, async () => {
        const { spec } = await connectorOf(await loadIntegration(context.db, input));
        const outcome = await withClient(input, async (client) => {
          const answer = await sampleImportAnswer(client);
          const preview = await client.preview(answer.body);
          return { status: answer.status, preview, sample: answer.sample, warnings: await warningsOf(spec, answer, preview) };
        });
        await recordAudit(context.db, {
          tenantId: input.tenantId,
          integrationId: input.integrationId,
          actor: input.actor,
          event: 'integration.previewed',
          detail: { status: outcome.status, records: outcome.preview.summary.records, withProblems: outcome.preview.summary.withProblems },
        });
        return outcome;
      }),
  };
}
