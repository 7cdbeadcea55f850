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

export interface TargetInspection {
  /** Test: the first import request as sent and the target's answer, redacted. */
  test(input: IntegrationRef & { actor: string }): Promise<SampledAnswer>;
  /** Preview: the same sample mapped, each record with its problems, a summary, and what the sample left out. */
  preview(input: IntegrationRef & { actor: string }): Promise<{ status: number; preview: PreviewResult; sample: AnswerCuts }>;
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
        const result = await withClient(input, (client) => sampleImportAnswer(client));
        await recordAudit(context.db, {
          tenantId: input.tenantId,
          integrationId: input.integrationId,
          actor: input.actor,
          event: 'integration.tested',
          detail: { status: result.status },
        });
        return result;
      }),
    preview: (input) =>
      loggingAnswerFailures(context.log, 'preview', input, async () => {
        const outcome = await withClient(input, async (client) => {
          const answer = await sampleImportAnswer(client);
          return { status: answer.status, preview: await client.preview(answer.body), sample: answer.sample };
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
