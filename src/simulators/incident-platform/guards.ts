/**
 * Checks every simulated PagerDuty request passes before it reaches a route, in the order the
 * real API applies them: rate limit, authentication, API version, then per-route permissions.
 */
import { ERROR_CODES, pagerDutyError, rateLimitHeaders } from './responses.js';
import type { IncidentPlatformState, KeyAccess } from './state.js';

export const PAGERDUTY_ACCEPT = 'application/vnd.pagerduty+json;version=2';

const TOKEN_PATTERN = /^Token token=(\S+)$/;

/** Rate limit, `Authorization: Token token=<key>` and the version-2 Accept header. */
export function checkRequest(state: IncidentPlatformState, request: Request): { response?: Response; access?: KeyAccess } {
  if (state.rateLimit.remaining <= 0) {
    // PagerDuty sends the ratelimit-* headers and, often, no Retry-After.
    return {
      response: pagerDutyError({
        status: 429,
        code: ERROR_CODES.rateLimited,
        message: 'Rate Limit Exceeded',
        headers: rateLimitHeaders(state.rateLimit),
      }),
    };
  }
  state.rateLimit.remaining -= 1;

  const match = TOKEN_PATTERN.exec(request.headers.get('authorization') ?? '');
  const access = match?.[1] === undefined ? undefined : state.keys.get(match[1]);
  if (access === undefined) {
    return { response: pagerDutyError({ status: 401, code: ERROR_CODES.authenticationFailed, message: 'Authentication failed' }) };
  }
  const accept = (request.headers.get('accept') ?? '').replace(/\s+/g, '');
  if (!accept.split(',').includes(PAGERDUTY_ACCEPT)) {
    return {
      response: pagerDutyError({
        status: 406,
        code: ERROR_CODES.invalidInput,
        message: 'Not Acceptable',
        errors: [`Accept header must be ${PAGERDUTY_ACCEPT}`],
      }),
    };
  }
  return { access };
}

/** A write needs a full-access key (403 otherwise) and an account able to manage users (402 otherwise). */
export function checkWrite(state: IncidentPlatformState, access: KeyAccess): Response | undefined {
  if (access === 'read-only') {
    return pagerDutyError({
      status: 403,
      code: ERROR_CODES.accessDenied,
      message: 'Access Denied',
      errors: ['This API key is read-only and cannot make changes.'],
    });
  }
  if (!state.canManageUsers) {
    return pagerDutyError({
      status: 402,
      code: ERROR_CODES.abilityMissing,
      message: 'Payment Required',
      errors: ['Account does not have the abilities to perform the action.'],
    });
  }
  return undefined;
}
