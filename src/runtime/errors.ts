/**
 * Runtime errors. One class with a stable `code` that callers (the host service, the CLI) match
 * on, in the manner of undici's UND_ERR_* codes. Every field is already redacted: an error can be
 * logged or shown to an operator as it is.
 */
export type ConnectorErrorCode =
  | 'AUTH_FAILED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'RATE_LIMITED'
  | 'PAYMENT_REQUIRED'
  | 'TARGET_ERROR'
  | 'BAD_RESPONSE'
  | 'MAPPING_FAILED'
  | 'PAGINATION_FAILED'
  /** The answer says there is more (a next link, cursor, `more: true`, a larger total) and the spec has no pagination. */
  | 'PAGINATION_MISSING'
  | 'TIMEOUT'
  | 'NETWORK'
  | 'CONFIG'
  | 'RECONNECT_REQUIRED'
  /** The egress policy refused the address (loopback, private, metadata...): see egress-policy.ts. */
  | 'EGRESS_DENIED'
  /** A limit the host sets (accounts held in memory, ...) was reached; the message names it. */
  | 'LIMIT_EXCEEDED';

export interface ConnectorErrorDetails {
  /** The action that failed (`importUsers`, a custom action's name, `auth`, `lookup:<name>`). */
  action?: string;
  method?: string;
  /** The request URL with every secret replaced by `***`. */
  url?: string;
  status?: number;
  /** The start of the target's response body, redacted. */
  bodyExcerpt?: string;
  /** What the operator or author should do about it. */
  hint?: string;
  /** The underlying error (an undici error keeps its own `code`). */
  cause?: unknown;
}

export class ConnectorError extends Error {
  override readonly name = 'ConnectorError';
  readonly code: ConnectorErrorCode;
  readonly action: string | undefined;
  readonly method: string | undefined;
  readonly url: string | undefined;
  readonly status: number | undefined;
  readonly bodyExcerpt: string | undefined;
  readonly hint: string | undefined;

  constructor(code: ConnectorErrorCode, message: string, details: ConnectorErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = code;
    this.action = details.action;
    this.method = details.method;
    this.url = details.url;
    this.status = details.status;
    this.bodyExcerpt = details.bodyExcerpt;
    this.hint = details.hint;
  }

  /** Plain data for JSON output and logs (no stack, no cause object). */
  toJSON(): Record<string, unknown> {
    return {
      code: this.code,
      message: this.message,
      action: this.action,
      method: this.method,
      url: this.url,
      status: this.status,
      bodyExcerpt: this.bodyExcerpt,
      hint: this.hint,
    };
  }
}

export function isConnectorError(error: unknown): error is ConnectorError {
  return error instanceof ConnectorError;
}
