/**
 * The service's log of Test, Preview and Generate Config (issue 27, finding 6): an internal failure
 * is logged with its class and where it was thrown, never its message (a parse error quotes the
 * answer); a refusal with its limit; other answers (not found, the target's failure) are not logged.
 */
import { describe, expect, it } from 'vitest';
import { loggingAnswerFailures, type ServiceLogEntry } from '../../src/service/service-log.js';
import { ServiceError } from '../../src/service/service-error.js';

const ref = { tenantId: 't1', integrationId: 'i1' };

async function run(error: unknown): Promise<{ logged: ServiceLogEntry[]; thrown: unknown }> {
  const logged: ServiceLogEntry[] = [];
  const thrown = await loggingAnswerFailures(
    (entry) => logged.push(entry),
    'preview',
    ref,
    () => Promise.reject(error),
  ).catch((caught: unknown) => caught);
  return { logged, thrown };
}

describe('loggingAnswerFailures', () => {
  it('logs an internal failure by class and frames, not by its message, and rethrows it unchanged', async () => {
    const error = new SyntaxError('Unexpected token in JSON: {"token":"s3cr3t-in-the-body"}');
    const { logged, thrown } = await run(error);
    expect(thrown).toBe(error);
    expect(logged).toEqual([
      {
        event: 'target_answer.internal_error',
        operation: 'preview',
        ...ref,
        error: 'SyntaxError',
        at: expect.arrayContaining([expect.stringMatching(/^at /)]),
      },
    ]);
    expect(JSON.stringify(logged)).not.toContain('s3cr3t');
  });

  it('logs a refused answer with its limit and value', async () => {
    const error = new ServiceError('BAD_RESPONSE', 'importUsers: nested too deep, past the limit maxDepth (65)', { failure: { limit: 'maxDepth', value: 65 } });
    const { logged, thrown } = await run(error);
    expect(thrown).toBe(error);
    expect(logged).toEqual([{ event: 'target_answer.refused', operation: 'preview', ...ref, limit: 'maxDepth', value: 65, message: error.message }]);
  });

  it('does not log the caller’s own answers (not found, the target’s failure)', async () => {
    for (const code of ['NOT_FOUND', 'ACTION_FAILED'] as const) {
      const { logged, thrown } = await run(new ServiceError(code, 'no'));
      expect(thrown).toMatchObject({ code });
      expect(logged).toEqual([]);
    }
  });

  it('returns the work’s value and logs nothing when it succeeds', async () => {
    const logged: ServiceLogEntry[] = [];
    await expect(
      loggingAnswerFailures(
        (entry) => logged.push(entry),
        'test',
        ref,
        async () => 42,
      ),
    ).resolves.toBe(42);
    expect(logged).toEqual([]);
  });
});
