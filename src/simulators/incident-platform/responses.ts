/**
 * PagerDuty REST API v2 response shapes: the user representation and the error body
 * `{"error": {"code": N, "message": "...", "errors": ["..."]}}` (developer.pagerduty.com, "Errors").
 */
import { HttpResponse } from 'msw';
import type { IncidentPlatformState, RateLimitState, SimulatedUser } from './state.js';

/** PagerDuty error codes used by the simulator. */
export const ERROR_CODES = {
  invalidInput: 2001,
  authenticationFailed: 2006,
  accessDenied: 2010,
  notFound: 2100,
  abilityMissing: 2016,
  rateLimited: 2020,
} as const;

export interface PagerDutyErrorInit {
  status: number;
  code: number;
  message: string;
  errors?: string[];
  headers?: Record<string, string>;
}

export function pagerDutyError(init: PagerDutyErrorInit): Response {
  const error: Record<string, unknown> = { code: init.code, message: init.message };
  if (init.errors !== undefined) error.errors = init.errors;
  return HttpResponse.json({ error }, { status: init.status, headers: init.headers ?? {} });
}

export function invalidInput(...errors: string[]): Response {
  return pagerDutyError({ status: 400, code: ERROR_CODES.invalidInput, message: 'Invalid Input Provided', errors });
}

export function rateLimitHeaders(rateLimit: RateLimitState): Record<string, string> {
  return {
    'ratelimit-limit': String(rateLimit.limit),
    'ratelimit-remaining': String(Math.max(rateLimit.remaining, 0)),
    'ratelimit-reset': String(rateLimit.resetSeconds),
  };
}

/** The user object as `GET /users` and `POST /users` return it. */
export function representUser(state: IncidentPlatformState, user: SimulatedUser): Record<string, unknown> {
  return {
    id: user.id,
    type: 'user',
    summary: user.name,
    self: `https://api.pagerduty.com/users/${user.id}`,
    html_url: `https://${state.subdomain}.pagerduty.com/users/${user.id}`,
    name: user.name,
    email: user.email ?? null,
    time_zone: user.timeZone,
    color: 'purple',
    role: user.role,
    avatar_url: `https://secure.gravatar.com/avatar/${user.id.toLowerCase()}.png?d=mm&r=PG`,
    description: null,
    invitation_sent: false,
    job_title: null,
    teams: [],
    contact_methods: [],
    notification_rules: [],
  };
}
