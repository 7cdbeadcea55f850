/**
 * The API's own refusals (authentication, roles, malformed requests), raised from hooks and
 * routes and answered by the error handler as problem+json. Service refusals stay ServiceErrors.
 */
export type ApiErrorCode =
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'VALIDATION_FAILED'
  | 'AUTH_TEST_FAILED'
  | 'MALFORMED_REQUEST'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'PAYLOAD_TOO_LARGE'
  | 'INTERNAL_ERROR';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly code: ApiErrorCode,
    readonly status: number,
    message: string,
    readonly extra: { hint?: string; [member: string]: unknown } = {},
  ) {
    super(message);
  }
}
