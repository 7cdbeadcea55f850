/** The one mapping from errors to problems: every code's status and title come from PROBLEM_CODES. */
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../src/service/http/http-error.js';
import { PROBLEM_CODES, type HttpOnlyCode, type ProblemCode } from '../../../src/service/http/problem-codes.js';
import { problemFor } from '../../../src/service/http/problem.js';
import { ServiceError, type ServiceErrorCode } from '../../../src/service/service-error.js';

const HTTP_ONLY: readonly HttpOnlyCode[] = [
  'UNAUTHORIZED',
  'FORBIDDEN',
  'VALIDATION_FAILED',
  'AUTH_TEST_FAILED',
  'MALFORMED_REQUEST',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'INTERNAL_ERROR',
];
const SERVICE_CODES = (Object.keys(PROBLEM_CODES) as ProblemCode[]).filter(
  (code): code is Exclude<ServiceErrorCode, 'INVALID_INPUT'> => !(HTTP_ONLY as readonly string[]).includes(code),
);

describe('PROBLEM_CODES', () => {
  it('gives every code a status, a title and a hint, and a title to no two codes', () => {
    for (const [code, entry] of Object.entries(PROBLEM_CODES)) {
      expect(entry.status, code).toBeGreaterThanOrEqual(400);
      expect(entry.title.length, code).toBeGreaterThan(0);
      expect(entry.hint.length, code).toBeGreaterThan(0);
    }
    expect(new Set(Object.values(PROBLEM_CODES).map((entry) => entry.title)).size).toBe(Object.keys(PROBLEM_CODES).length);
  });

  it.each(SERVICE_CODES)('answers the service refusal %s with its row', (code) => {
    const answer = problemFor(new ServiceError(code, 'what happened', { hint: 'what to do' }));
    expect(answer).toMatchObject({ code, status: PROBLEM_CODES[code].status, title: PROBLEM_CODES[code].title, detail: 'what happened', hint: 'what to do' });
  });

  it('answers INVALID_INPUT as VALIDATION_FAILED, with the row’s hint when the error has none', () => {
    expect(problemFor(new ServiceError('INVALID_INPUT', 'name is required'))).toMatchObject({
      code: 'VALIDATION_FAILED',
      status: 400,
      hint: PROBLEM_CODES.VALIDATION_FAILED.hint,
    });
  });

  it.each(HTTP_ONLY.filter((code) => code !== 'INTERNAL_ERROR'))('answers the HTTP refusal %s with its row', (code) => {
    expect(problemFor(new HttpError(code, 'refused'))).toMatchObject({ code, status: PROBLEM_CODES[code].status, title: PROBLEM_CODES[code].title });
  });

  it('answers anything else as INTERNAL_ERROR without its message', () => {
    const answer = problemFor(new Error('secret detail at /var/lib/x'));
    expect(answer).toMatchObject({ code: 'INTERNAL_ERROR', status: 500 });
    expect(JSON.stringify(answer)).not.toContain('secret detail');
  });
});
