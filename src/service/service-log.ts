/**
 * The service's own log: structured entries an operator reads to learn why an operation did not
 * answer what was asked. Today one kind: Test, Preview or Generate Config refused a target's
 * answer (BAD_RESPONSE, which limit) or failed inside the service (500). An entry names the
 * operation, the tenant, the integration and the cause — never a credential, never the body:
 * a refusal carries the runtime's (redacted) message and the limit; an internal failure only the
 * error's class and where it was thrown (its message can quote the answer, e.g. a JSON parse error).
 */
import { ServiceError } from './service-error.js';

export type AnswerOperation = 'test' | 'preview' | 'generateConfig';

export type ServiceLogEntry =
  | {
      event: 'target_answer.refused';
      operation: AnswerOperation;
      tenantId: string;
      integrationId: string;
      /** The answer limit it passed (maxDepth, maxFields, …). */
      limit: string;
      /** The value measured against it, when known. */
      value?: unknown;
      /** The runtime's message, already redacted. */
      message: string;
    }
  | {
      event: 'target_answer.internal_error';
      operation: AnswerOperation;
      tenantId: string;
      integrationId: string;
      /** The error's class (e.g. RangeError). */
      error: string;
      /** Where it was thrown: the stack's frames, without the message. */
      at: string[];
    };

export type ServiceLogger = (entry: ServiceLogEntry) => void;

/** The default: one JSON line per entry on stderr. */
export const logToStderr: ServiceLogger = (entry) => {
  process.stderr.write(`${JSON.stringify({ service: entry })}\n`);
};

const MAX_FRAMES = 8;

function framesOf(error: Error): string[] {
  return (error.stack ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('at '))
    .slice(0, MAX_FRAMES);
}

/**
 * Runs one of Test, Preview or Generate Config for `ref`; a refused answer or an internal failure
 * is logged, then thrown on unchanged. Every other ServiceError (not found, the target's own
 * failure, …) is the caller's answer and is not logged here.
 */
export async function loggingAnswerFailures<T>(
  log: ServiceLogger,
  operation: AnswerOperation,
  ref: { tenantId: string; integrationId: string },
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const where = { operation, tenantId: ref.tenantId, integrationId: ref.integrationId };
    if (error instanceof ServiceError) {
      if (error.code === 'BAD_RESPONSE') {
        const { limit, value } = error.failure ?? {};
        log({
          event: 'target_answer.refused',
          ...where,
          limit: typeof limit === 'string' ? limit : 'unknown',
          ...(value === undefined ? {} : { value }),
          message: error.message,
        });
      }
    } else {
      const failure = error instanceof Error ? error : new Error('non-error thrown');
      log({ event: 'target_answer.internal_error', ...where, error: failure.name, at: framesOf(failure) });
    }
    throw error;
  }
}
