/**
 * Refusals of the HTTP layer itself (authentication, roles, an unknown route), raised from hooks
 * and routes and answered as problem+json; their status comes from PROBLEM_CODES. Service
 * refusals stay ServiceErrors.
 */
import type { HttpOnlyCode, ProblemCode } from './problem-codes.js';

export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly code: HttpOnlyCode | Extract<ProblemCode, 'NOT_FOUND'>,
    message: string,
    readonly extra: { hint?: string; [member: string]: unknown } = {},
  ) {
    super(message);
  }
}
