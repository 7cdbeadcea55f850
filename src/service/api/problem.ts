/**
 * Every error the API answers is an RFC 9457 problem (`application/problem+json`): `type` (a URN
 * per code), `title`, `status`, `detail`, `instance`, plus the stable `code` callers match on and,
 * where there is one, a `hint`, `requiredPlan`, located `diagnostics`, field `errors` or the
 * target's redacted `failure`. Never a stack trace, never a request body.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isServiceError, type ServiceErrorCode } from '../service-error.js';
import { ApiError } from './api-error.js';
import { validationProblem, type FastifyValidationError } from './validation.js';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  instance?: string;
  hint?: string;
  [member: string]: unknown;
}

/** Status and public code of each service refusal; INVALID_INPUT is the API's VALIDATION_FAILED. */
const SERVICE_STATUS: Record<ServiceErrorCode, { status: number; code?: string }> = {
  PLAN_REQUIRED: { status: 403 },
  NOT_FOUND: { status: 404 },
  INVALID_INPUT: { status: 400, code: 'VALIDATION_FAILED' },
  INVALID_SPEC: { status: 422 },
  AUTH_NOT_CONFIGURED: { status: 409 },
  ACTION_NOT_OFFERED: { status: 409 },
  ACTION_NOT_ENABLED: { status: 409 },
  IMPORT_ONLY: { status: 409 },
  IMPORT_NOT_ENABLED: { status: 409 },
  SYNC_AWAITING_APPROVAL: { status: 409 },
  RUN_NOT_AWAITING_APPROVAL: { status: 409 },
  CONFIG_NOT_EDITABLE: { status: 409 },
  NO_USER_ARRAY: { status: 422 },
  BAD_RESPONSE: { status: 422 },
  IDEMPOTENCY_KEY_REUSED: { status: 409 },
  WORKFLOW_STATE: { status: 409 },
  ACTION_FAILED: { status: 502 },
  DATA_DIR_LOCKED: { status: 503 },
  DATABASE_UNAVAILABLE: { status: 503 },
  MIGRATION_FAILED: { status: 503 },
  KEY_INVALID: { status: 503 },
};

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

export function problem(code: string, status: number, detail: string, extra: Record<string, unknown> = {}): Problem {
  const members = Object.fromEntries(Object.entries(extra).filter(([, value]) => value !== undefined));
  return { type: `urn:lifecycle-connectors:problem:${code.toLowerCase().replaceAll('_', '-')}`, title: TITLES[status] ?? 'Error', status, detail, code, ...members };
}

/** Fastify's own request errors carry fixed messages here: its parser's message may quote the body. */
function fastifyProblem(error: { code?: string; statusCode?: number }): Problem | undefined {
  if (error.statusCode === 413) return problem('PAYLOAD_TOO_LARGE', 413, 'the request body is too large');
  if (error.statusCode === 415) return problem('UNSUPPORTED_MEDIA_TYPE', 415, 'send the request body as application/json');
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    return problem('MALFORMED_REQUEST', 400, error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'the request body is empty' : 'the request body is not valid JSON');
  }
  return undefined;
}

export function problemFor(error: unknown): Problem {
  if (error instanceof ApiError) return problem(error.code, error.status, error.message, error.extra);
  if (isServiceError(error)) {
    const { status, code } = SERVICE_STATUS[error.code];
    return problem(code ?? error.code, status, error.message, { hint: error.hint, requiredPlan: error.requiredPlan, diagnostics: error.diagnostics, failure: error.failure });
  }
  const withValidation = error as FastifyValidationError;
  if (Array.isArray(withValidation?.validation)) return validationProblem(withValidation);
  const fromFastify = typeof error === 'object' && error !== null ? fastifyProblem(error as { code?: string; statusCode?: number }) : undefined;
  return fromFastify ?? problem('INTERNAL_ERROR', 500, 'the service could not answer this request', { hint: 'try again; if it persists, see the service log' });
}

export function sendProblem(request: FastifyRequest, reply: FastifyReply, body: Problem): FastifyReply {
  const instance = request.url.split('?')[0];
  if (body.code === 'UNAUTHORIZED') void reply.header('www-authenticate', 'Bearer');
  return reply.code(body.status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify({ ...body, instance }));
}
