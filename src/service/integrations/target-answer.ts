/**
 * The target's answer to the first Import Users request, as Test, Preview and Generate Config
 * see it: a sample (answer-sample.ts limits, measured and parsed in the connection's jq isolate,
 * never on the main thread) that says what it left out. An answer past a limit (nesting depth,
 * fields of one object) is the operator's answer BAD_RESPONSE (422) naming the limit; any other
 * failure to reach or read the target is ACTION_FAILED with the runtime's redacted reason.
 */
import { DEFAULT_ANSWER_LIMITS } from '../../jq/index.js';
import { isConnectorError, type Client, type TestResult } from '../../index.js';
import { answerLimitOf, type AnswerCuts } from '../../runtime/actions/inspect-action.js';
import { ServiceError } from '../service-error.js';
import { describeFailure } from './run-action.js';

export type SampledAnswer = TestResult & { sample: AnswerCuts };

export async function sampleImportAnswer(client: Pick<Client, 'test'>): Promise<SampledAnswer> {
  try {
    const result = await client.test('importUsers', {}, { sample: DEFAULT_ANSWER_LIMITS });
    return { ...result, sample: result.sample ?? { omitted: [], more: 0, chars: 0, isJson: true } };
  } catch (error) {
    if (!isConnectorError(error)) throw error;
    const limit = answerLimitOf(error);
    if (limit) {
      throw new ServiceError('BAD_RESPONSE', error.message, {
        failure: { ...describeFailure(error), limit: limit.answerLimit, value: limit.value },
        hint: error.hint,
      });
    }
    throw error;
  }
}
