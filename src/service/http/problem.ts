/**
 * Every error the service answers over HTTP becomes one RFC 9457 problem: `type` (a URN per code),
 * `title` and `status` from PROBLEM_CODES, `detail`, `instance`, plus the stable `code` callers
 * match on and, where there is one, a `hint`, `requiredPlan`, located `diagnostics`, field
 * `errors` or the target's redacted `failure`. Never a stack trace, never a request body. The API
 * sends it as problem+json; the console shows its status, title, detail and hint as a page.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isServiceError } from '../service-error.js';
import { HttpError } from './http-error.js';
import { PROBLEM_CODES, problemCodeOf, type ProblemCode } from './problem-codes.js';
import { validationProblem, type FastifyValidationError } from './validation.js';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ProblemCode;
  instance?: string;
  hint?: string;
  [member: string]: unknown;
}

export function problem(code: ProblemCode, detail: string, extra: Record<string, unknown> = {}): Problem {
  const { status, title, hint } = PROBLEM_CODES[code];
  const members = Object.fromEntries(Object.entries(extra).filter(([, value]) => value !== undefined));
  return { type: `urn:lifecycle-connectors:problem:${code.toLowerCase().replaceAll('_', '-')}`, title, status, detail, code, hint, ...members };
}

/** Fastify's own request errors carry fixed messages here: its parser's message may quote the body. */
function fastifyProblem(error: { code?: string; statusCode?: number }): Problem | undefined {
  if (error.statusCode === 413) return problem('PAYLOAD_TOO_LARGE', 'the request body is too large');
  if (error.statusCode === 415) return problem('UNSUPPORTED_MEDIA_TYPE', 'send the request body as application/json');
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    return problem('MALFORMED_REQUEST', error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'the request body is empty' : 'the request body is not valid JSON');
  }
  return undefined;
}

export function problemFor(error: unknown): Problem {
  if (error instanceof HttpError) return problem(error.code, error.message, error.extra);
  if (isServiceError(error)) {
    return problem(problemCodeOf(error.code), error.message, {
      hint: error.hint,
      requiredPlan: error.requiredPlan,
      diagnostics: error.diagnostics,
      failure: error.failure,
      conflicts: error.conflicts,
      accounts: error.accounts,
    });
  }
  const withValidation = error as FastifyValidationError;
  if (Array.isArray(withValidation?.validation)) return validationProblem(withValidation);
  const fromFastify = typeof error === 'object' && error !== null ? fastifyProblem(error as { code?: string; statusCode?: number }) : undefined;
  return fromFastify ?? problem('INTERNAL_ERROR', 'the service could not answer this request');
}

export function sendProblem(request: FastifyRequest, reply: FastifyReply, body: Problem): FastifyReply {
  const instance = request.url.split('?')[0];
  if (body.code === 'UNAUTHORIZED') void reply.header('www-authenticate', 'Bearer');
  return reply
    .code(body.status)
    .type(PROBLEM_CONTENT_TYPE)
    .send(JSON.stringify({ ...body, instance }));
}
